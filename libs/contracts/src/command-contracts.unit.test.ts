import {
  approvableCommand,
  commandNeedsStepUp,
  ledgerCommandNeedsStepUp,
  ledgerCommand,
  ledgerCommandContracts,
  ledgerOnlyCommandTypes,
  ledgerResults,
  partitionKeyOf,
  userCommand,
  userCommandContracts,
  userCommandNeedsProof,
  userResults,
  type ApprovableCommand,
  type LedgerCommandOf,
  type LedgerCommandType,
  type LedgerContractRow,
  type LedgerContractTable,
  type LedgerDraft,
  type UserCommandOf,
  type UserCommandType,
  type UserContractRow,
  type UserContractTable,
} from './commands';

describe('the ledger command contract table', () => {
  it('when the schema union and the table are compared, then every command the ledger accepts has a row and every row a command', () => {
    const schemaTypes = ledgerCommand.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(ledgerCommandContracts).sort()).toEqual(schemaTypes);
    expect(Object.keys(ledgerResults).sort()).toEqual(schemaTypes);
  });

  it('when the routes are read, then exactly the credit leg (alone, or a payout’s legs of one partition together), the clawback of a split’s commission, the two expiry sweeps, the mandate scheduler’s charge and the sandbox test provider’s settle are the ledger’s own (a change here is a change of who may write what)', () => {
    expect([...ledgerOnlyCommandTypes].sort()).toEqual([
      'ledger.charge-mandate',
      'ledger.clawback',
      'ledger.credit',
      'ledger.credits',
      'ledger.expire-approval',
      'ledger.expire-hold',
      'ledger.settle-test-cashout',
    ]);
    expect(ledgerCommandContracts['ledger.open-wallet'].route).toBe('either');
    expect(ledgerCommandContracts['ledger.close-wallet'].route).toBe('either');
  });

  it('when an approval step is keyed, then it travels under the key of the command it holds', () => {
    const held: LedgerDraft = { type: 'ledger.burn', data: { from: { kind: 'user', userId: 7 }, amount: 100, reason: 'x' } } as LedgerDraft;
    const approve = {
      type: 'ledger.approve',
      data: { approvalId: '00000000-0000-4000-8000-000000000000', command: held },
    } as unknown as LedgerDraft;
    expect(partitionKeyOf(approve)).toBe(partitionKeyOf(held));
    expect(partitionKeyOf(held)).toBe('user:7');
    expect(partitionKeyOf({ type: 'ledger.reward', data: {} } as unknown as LedgerDraft)).toBe('treasury:REWARDS');
  });

  it('when the user schema union and its table are compared, then every user command has a row, and only a registration needs no proof', () => {
    const schemaTypes = userCommand.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(userCommandContracts).sort()).toEqual(schemaTypes);
    expect(Object.keys(userResults).sort()).toEqual(schemaTypes);
    expect(schemaTypes.filter((type) => !userCommandNeedsProof(type as UserCommandType))).toEqual(['user.register']);
  });

  it('when the rows are read for step-up, then exactly the acts that create or remove authority or decide a request need a fresh second factor', () => {
    const types = [...Object.keys(ledgerCommandContracts), ...Object.keys(userCommandContracts)] as (LedgerCommandType | UserCommandType)[];
    expect(types.filter(commandNeedsStepUp).sort()).toEqual([
      'ledger.approve',
      // A big cash-out's clearance lets XAF leave (applied only by an approval).
      'ledger.clear-cashout',
      // Lifting a freeze restores a wallet's power to move coins (applied only by an approval).
      'ledger.lift-freeze',
      'ledger.reject-approval',
      // A claimed cash-out's reversal gives its coins back after a provider may have paid (applied only by an approval).
      'ledger.reverse-cashout',
      // A rate decides what every cash-out pays (applied only by an approval).
      'ledger.set-cashout-rate',
      // A commission rule sends a treasury's coins to third parties (docs/decisions/0013).
      'ledger.set-commission',
      'user.api-key.create',
      'user.approve-deletion',
      'user.approve-grant',
      'user.change-role',
      'user.delete',
      // A payout provider's callback secret lets it settle cash-outs: XAF leaves on its word.
      'user.platform-client.callback-secret',
      'user.platform-client.create',
      // A client's daily reward cap bounds what it rewards (asked only as a request for a second SUPERADMIN).
      'user.platform-client.set-reward-cap',
      'user.reject-deletion',
      'user.reject-grant',
      // Verifying an account opens its cash-out to XAF (the verified daily amount).
      'user.set-verification',
    ]);
  });
});

describe('the step-up of a ledger command as sent', () => {
  it('when a request for approval holds a command that needs a fresh second factor, then the request needs one too; a mint request does not', () => {
    const reversal = { type: 'ledger.reverse-cashout', data: { holdId: 'h', fromUserId: 9, reason: 'r' } };
    const mint = { type: 'ledger.mint', data: { to: { kind: 'user', userId: 9 }, amount: 1, reason: 'r' } };
    const request = (command: object) => ({ type: 'ledger.request-approval', data: { command } }) as unknown as LedgerDraft;
    expect(ledgerCommandNeedsStepUp(request(reversal))).toBe(true);
    // Asking for a commission rule's change too, as its approval does.
    const change = { type: 'ledger.set-commission', data: { treasury: 'COURSE_FEES', clientId: 'pc_shop', rule: null } };
    expect(ledgerCommandNeedsStepUp(request(change))).toBe(true);
    expect(ledgerCommandNeedsStepUp(request(mint))).toBe(false);
    expect(ledgerCommandNeedsStepUp({ type: 'ledger.approve', data: {} } as unknown as LedgerDraft)).toBe(true);
    expect(ledgerCommandNeedsStepUp(mint as unknown as LedgerDraft)).toBe(false);
  });
});

const tables = [
  { name: 'ledger', union: ledgerCommand, rows: Object.entries(ledgerCommandContracts) },
  { name: 'user', union: userCommand, rows: Object.entries(userCommandContracts) },
];

describe.each(tables)('the $name union, built from its rows', ({ union, rows }) => {
  it('when the union is read, then it holds each row’s own schema, once, filed under its type', () => {
    expect(union.options).toHaveLength(rows.length);
    for (const [type, row] of rows) {
      expect(row.schema.shape.type.value).toBe(type);
      expect(union.options.filter((option) => option === row.schema)).toHaveLength(1);
    }
  });

  it.each(rows.map(([type]) => type))(
    'when a %s with data of no command is sent, then the union judges it by that row’s schema',
    (type) => {
      const sent = { commandId: '00000000-0000-4000-8000-000000000000', issuedAt: '2025-01-01T00:00:00.000Z', type, data: { nothing: 1 } };
      const issues = union.safeParse({ ...sent, actor: { kind: 'service', id: 'test' } }).error?.issues ?? [];
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.every((issue) => issue.path[0] === 'data')).toBe(true);
    },
  );
});

describe('the ledger rows and the approvable union', () => {
  const rows = Object.entries(ledgerCommandContracts);
  const optionTypes = (union: { options: ReadonlyArray<{ shape: { type: { value: string } } }> }) =>
    union.options.map((option) => option.shape.type.value);

  it('when a command of no row is sent, then the union refuses it by its type', () => {
    const result = ledgerCommand.safeParse({ type: 'ledger.print-money', data: {} });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['type']]);
  });

  it('when the approvable union is read, then it holds exactly the rows marked approvable: mint, burn, reward, refund, payout, a cash-out’s clearance and reversal, a rate, a commission change and a freeze’s lift', () => {
    const marked = rows.filter(([, row]) => row.approvable).map(([type]) => type);
    expect([...optionTypes(approvableCommand)].sort()).toEqual([...marked].sort());
    expect([...marked].sort()).toEqual([
      'ledger.burn',
      'ledger.clear-cashout',
      'ledger.lift-freeze',
      'ledger.mint',
      'ledger.payout',
      'ledger.refund',
      'ledger.reverse-cashout',
      'ledger.reward',
      'ledger.set-cashout-rate',
      'ledger.set-commission',
    ]);
  });

  it('when a held command is read back, then it is the direct command’s data without its request hash and id nonce', () => {
    const data = { to: { kind: 'user', userId: 7 }, amount: 100, reason: 'r', idNonce: 'A'.repeat(22), requestHash: 'a'.repeat(64) };
    const held = approvableCommand.parse({ type: 'ledger.mint', data });
    expect(held).toEqual({ type: 'ledger.mint', data: { to: { kind: 'user', userId: 7 }, amount: 100, reason: 'r' } });
    expect(approvableCommand.safeParse({ type: 'ledger.mint', data: { ...data, amount: -1 } }).success).toBe(false);
    expect(approvableCommand.safeParse({ type: 'ledger.transfer', data }).success).toBe(false);
  });

  it('when a row lacks its schema or is filed under another command’s type, then it does not compile', () => {
    const mintRow = ledgerCommandContracts['ledger.mint'];
    const { schema: _schema, ...withoutSchema } = mintRow;
    // @ts-expect-error: a row without its schema is not a row
    const noSchema: LedgerContractRow = withoutSchema;
    // @ts-expect-error: the mint's row filed under the burn's name
    const misfiled: LedgerContractTable<{ 'ledger.burn': typeof mintRow }> = { 'ledger.burn': mintRow };
    const filed: LedgerContractTable<{ 'ledger.mint': typeof mintRow }> = { 'ledger.mint': mintRow };
    expect([noSchema.route, misfiled['ledger.burn'].route, filed['ledger.mint'].route]).toEqual(['client', 'client', 'client']);
  });

  it('when the unions’ types are read, then they are the rows’ schemas’ own (a held command has no request hash)', () => {
    const mint: LedgerCommandOf<'ledger.mint'>['data'] = { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1, reason: 'r' };
    // @ts-expect-error: a mint credits a party, not a user id
    const wrong: LedgerCommandOf<'ledger.mint'>['data'] = { toUserId: 7, amount: 1, reason: 'r' };
    // @ts-expect-error: a held command keeps no request hash
    const held: ApprovableCommand = { type: 'ledger.mint', data: { ...mint, requestHash: 'a'.repeat(64) } };
    // @ts-expect-error: a transfer is never held back
    const transfer: ApprovableCommand['type'] = 'ledger.transfer';
    expect(ledgerCommandContracts['ledger.mint'].schema.shape.data.safeParse(wrong).success).toBe(false);
    expect(approvableCommand.parse(held)).not.toHaveProperty('data.requestHash');
    expect(approvableCommand.safeParse({ type: transfer, data: mint }).success).toBe(false);
  });
});

describe('the user rows', () => {
  it('when a user row lacks its schema or is filed under another command’s type, then it does not compile', () => {
    const deleteRow = userCommandContracts['user.delete'];
    const { schema: _schema, ...withoutSchema } = deleteRow;
    // @ts-expect-error: a row without its schema is not a row
    const noSchema: UserContractRow = withoutSchema;
    // @ts-expect-error: the deletion's row filed under the role change's name
    const misfiled: UserContractTable<{ 'user.change-role': typeof deleteRow }> = { 'user.change-role': deleteRow };
    // @ts-expect-error: a deletion names the user by id
    const wrong: UserCommandOf<'user.delete'>['data'] = { email: 'a@example.test' };
    expect([noSchema.proof, misfiled['user.change-role'].proof]).toEqual([true, true]);
    expect(deleteRow.schema.shape.data.safeParse(wrong).success).toBe(false);
  });
});
