import {
  commandNeedsStepUp,
  ledgerCommandContracts,
  ledgerOnlyCommandTypes,
  ledgerResults,
  partitionKeyOf,
  userCommandContracts,
  userCommandNeedsProof,
  userResults,
  type LedgerCommandType,
  type LedgerDraft,
  type UserCommandType,
} from './commands';
import { ledgerCommand } from './ledger';
import { userCommand } from './user';

describe('the ledger command contract table', () => {
  it('when the schema union and the table are compared, then every command the ledger accepts has a row and every row a command', () => {
    const schemaTypes = ledgerCommand.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(ledgerCommandContracts).sort()).toEqual(schemaTypes);
    expect(Object.keys(ledgerResults).sort()).toEqual(schemaTypes);
  });

  it('when the routes are read, then exactly the credit leg, the clawback of a split’s commission, the two expiry sweeps and the mandate scheduler’s charge are the ledger’s own (a change here is a change of who may write what)', () => {
    expect([...ledgerOnlyCommandTypes].sort()).toEqual([
      'ledger.charge-mandate',
      'ledger.clawback',
      'ledger.credit',
      'ledger.expire-approval',
      'ledger.expire-hold',
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
      // Lifting a freeze restores a wallet's power to move coins: its second person confirms afresh.
      'ledger.approve-unfreeze',
      // A big cash-out's second person lets XAF leave; a rate's decides what every cash-out pays.
      'ledger.decide-cashout',
      'ledger.decide-cashout-rate',
      'ledger.reject-approval',
      // A commission rule sends a treasury's coins to third parties (docs/decisions/0013).
      'ledger.set-commission',
      'user.api-key.create',
      'user.approve-deletion',
      'user.approve-grant',
      'user.change-role',
      'user.delete',
      'user.platform-client.create',
      'user.reject-deletion',
      'user.reject-grant',
    ]);
  });
});
