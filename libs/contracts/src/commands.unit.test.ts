import { randomUUID } from 'node:crypto';
import {
  apiKeyCommandKey,
  platformClientCommandKey,
  grantRequestCommandKey,
  commandMessage,
  ledgerCommand,
  ledgerCommandContracts,
  ledgerCommandMessage,
  type LedgerCommand,
  ledgerDraft,
  ledgerResults,
  partitionKeyOf,
  userCommand,
  userCommandContracts,
  userCommandMessage,
  type UserCommand,
  type UserContractRow,
  userDraft,
  userPartitionKeyOf,
  userResults,
  type LedgerCommandType,
  type LedgerContractRow,
  type LedgerDraft,
  type UserCommandType,
  type UserDraft,
} from './commands';

const hash = 'a'.repeat(64);
const at = '2025-01-01T00:00:00.000Z';
const envelope = () => ({ commandId: randomUUID(), issuedAt: at, actor: { kind: 'service' as const, id: 'test' } });
const typesOf = (union: { options: ReadonlyArray<{ shape: { type: { value: string } } }> }) =>
  union.options.map((o) => o.shape.type.value).sort();

/** One draft of every ledger command and the key it must travel under (the wallet it debits; MINT and credits: credits). */
const ledgerKeys: Record<LedgerCommandType, Array<[string, LedgerDraft, string]>> = {
  'ledger.open-wallet': [['a user wallet', ledgerDraft('ledger.open-wallet', { userId: 7 }), 'user:7']],
  'ledger.close-wallet': [['a user wallet', ledgerDraft('ledger.close-wallet', { userId: 7, reason: 'deleted' }), 'user:7']],
  'ledger.hold': [
    [
      'the payer',
      ledgerDraft('ledger.hold', { fromUserId: 7, to: { kind: 'treasury', code: 'COURSE_FEES' }, amount: 100, reason: 'r' }),
      'user:7',
    ],
  ],
  'ledger.grant-mandate': [
    [
      'the payer',
      ledgerDraft('ledger.grant-mandate', {
        fromUserId: 7,
        clientId: 'shop',
        amount: 100,
        period: 'MONTH',
        startsAt: at,
        reason: 'r',
      }),
      'user:7',
    ],
  ],
  'ledger.cancel-mandate': [['the payer', ledgerDraft('ledger.cancel-mandate', { mandateId: randomUUID(), fromUserId: 7 }), 'user:7']],
  'ledger.charge-mandate': [
    ['the payer', ledgerDraft('ledger.charge-mandate', { mandateId: randomUUID(), fromUserId: 7, period: 0, attempt: 0 }), 'user:7'],
  ],
  'ledger.capture-hold': [['the payer', ledgerDraft('ledger.capture-hold', { holdId: randomUUID(), fromUserId: 7 }), 'user:7']],
  'ledger.void-hold': [['the payer', ledgerDraft('ledger.void-hold', { holdId: randomUUID(), fromUserId: 7 }), 'user:7']],
  'ledger.advance-clock': [
    ['the test-mode client', ledgerDraft('ledger.advance-clock', { clientId: 'test_shop', seconds: 60 }), 'test-clock:test_shop'],
  ],
  'ledger.set-clock': [
    ['the test-mode client', ledgerDraft('ledger.set-clock', { clientId: 'test_shop', to: null }), 'test-clock:test_shop'],
  ],
  'ledger.retire-treasury': [
    [
      'the test-mode client’s own treasury',
      ledgerDraft('ledger.retire-treasury', { treasury: { kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' }, reason: 'r' }),
      'treasury:REWARDS@test_shop',
    ],
  ],
  'ledger.expire-hold': [['the payer', ledgerDraft('ledger.expire-hold', { holdId: randomUUID(), fromUserId: 7 }), 'user:7']],
  'ledger.settle-test-cashout': [
    ['the payer', ledgerDraft('ledger.settle-test-cashout', { holdId: randomUUID(), fromUserId: 7, clockOf: 'test_shop' }), 'user:7'],
  ],
  'ledger.cashout': [
    [
      'the payer',
      ledgerDraft('ledger.cashout', { fromUserId: 7, amount: 100, msisdn: '+237670000000', providerClientId: 'pc_momo' }),
      'user:7',
    ],
  ],
  'ledger.claim-cashout': [['the payer', ledgerDraft('ledger.claim-cashout', { holdId: randomUUID(), fromUserId: 7 }), 'user:7']],
  'ledger.reverse-cashout': [
    ['the payer', ledgerDraft('ledger.reverse-cashout', { holdId: randomUUID(), fromUserId: 7, reason: 'r' }), 'user:7'],
  ],
  'ledger.settle-cashout': [
    [
      'the payer',
      ledgerDraft('ledger.settle-cashout', { holdId: randomUUID(), fromUserId: 7, outcome: 'CONFIRMED', callbackId: 'msg_1' }),
      'user:7',
    ],
  ],
  'ledger.set-limits': [['the user', ledgerDraft('ledger.set-limits', { userId: 7, overrides: { dailyCount: 3 } }), 'user:7']],
  'ledger.set-commission': [
    [
      'the treasury that keeps the rule',
      ledgerDraft('ledger.set-commission', { treasury: 'OPERATIONS', clientId: 'pc_shop', rule: { kind: 'bps', bps: 500 } }),
      'treasury:OPERATIONS',
    ],
  ],
  'ledger.freeze-wallet': [
    ['the frozen wallet', ledgerDraft('ledger.freeze-wallet', { userId: 7, reason: 'r', caseId: 'case-1' }), 'user:7'],
  ],
  'ledger.lift-freeze': [['the frozen wallet', ledgerDraft('ledger.lift-freeze', { userId: 7, reason: 'r' }), 'user:7']],
  'ledger.set-cashout-rate': [
    [
      'the rate table',
      ledgerDraft('ledger.set-cashout-rate', { xafPerCoin: 700, effectiveFrom: '2026-12-01T00:00:00.000Z' }),
      'cashout-rates',
    ],
  ],
  'ledger.clear-cashout': [
    ['the payer', ledgerDraft('ledger.clear-cashout', { holdId: randomUUID(), fromUserId: 7, amount: 1 }), 'user:7'],
  ],
  'ledger.request-approval': [
    [
      'the wallet a mint credits',
      ledgerDraft('ledger.request-approval', {
        command: { type: 'ledger.mint', data: { to: { kind: 'user', userId: 7 }, amount: 1, reason: 'r' } },
      }),
      'user:7',
    ],
    [
      'the treasury a refund debits',
      ledgerDraft('ledger.request-approval', {
        command: { type: 'ledger.refund', data: { transactionId: 3, treasury: 'COURSE_FEES', reason: 'r' } },
      }),
      'treasury:COURSE_FEES',
    ],
  ],
  'ledger.approve': [
    [
      'the wallet a burn debits',
      ledgerDraft('ledger.approve', {
        approvalId: randomUUID(),
        command: { type: 'ledger.burn', data: { from: { kind: 'treasury', code: 'OPERATIONS' }, amount: 1, reason: 'r' } },
      }),
      'treasury:OPERATIONS',
    ],
  ],
  'ledger.reject-approval': [
    [
      "the command's wallet",
      ledgerDraft('ledger.reject-approval', {
        approvalId: randomUUID(),
        command: { type: 'ledger.mint', data: { to: { kind: 'user', userId: 9 }, amount: 1, reason: 'r' } },
        reason: 'no',
      }),
      'user:9',
    ],
  ],
  'ledger.expire-approval': [
    [
      "the command's wallet",
      ledgerDraft('ledger.expire-approval', {
        approvalId: randomUUID(),
        command: { type: 'ledger.mint', data: { to: { kind: 'treasury', code: 'REWARDS' }, amount: 1, reason: 'r' } },
      }),
      'treasury:REWARDS',
    ],
  ],
  'ledger.mint': [
    ['into a user', ledgerDraft('ledger.mint', { to: { kind: 'user', userId: 7 }, amount: 100, reason: 'r' }), 'user:7'],
    [
      'into a treasury',
      ledgerDraft('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'r' }),
      'treasury:REWARDS',
    ],
    [
      'into a test-mode client’s own sandbox treasury',
      ledgerDraft('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' }, amount: 100, reason: 'r' }),
      'treasury:REWARDS@test_shop',
    ],
  ],
  'ledger.burn': [
    ['from a user', ledgerDraft('ledger.burn', { from: { kind: 'user', userId: 7 }, amount: 100, reason: 'r' }), 'user:7'],
    [
      'from a treasury',
      ledgerDraft('ledger.burn', { from: { kind: 'treasury', code: 'OPERATIONS' }, amount: 100, reason: 'r' }),
      'treasury:OPERATIONS',
    ],
  ],
  'ledger.transfer': [
    [
      'to a user',
      ledgerDraft('ledger.transfer', { kind: 'TRANSFER', fromUserId: 7, to: { kind: 'user', userId: 9 }, amount: 100, reason: 'r' }),
      'user:7',
    ],
    [
      'a purchase',
      ledgerDraft('ledger.transfer', {
        kind: 'PURCHASE',
        fromUserId: 7,
        to: { kind: 'treasury', code: 'COURSE_FEES' },
        amount: 100,
        reason: 'r',
      }),
      'user:7',
    ],
  ],
  'ledger.payout': [
    [
      'from REWARDS',
      ledgerDraft('ledger.payout', { from: { kind: 'treasury', code: 'REWARDS' }, lines: [{ toUserId: 9, amount: 100 }], reason: 'r' }),
      'treasury:REWARDS',
    ],
    [
      "from a user's wallet",
      ledgerDraft('ledger.payout', { from: { kind: 'user', userId: 7 }, lines: [{ toUserId: 9, amount: 100 }], reason: 'r' }),
      'user:7',
    ],
  ],
  'ledger.reward': [
    ['from REWARDS', ledgerDraft('ledger.reward', { toUserId: 9, amount: 100, reason: 'r' }), 'treasury:REWARDS'],
    [
      'from a test-mode client’s own REWARDS',
      ledgerDraft('ledger.reward', { toUserId: 9, amount: 100, reason: 'r', treasuryClientId: 'test_shop' }),
      'treasury:REWARDS@test_shop',
    ],
  ],
  'ledger.refund': [
    [
      'from the paid treasury',
      ledgerDraft('ledger.refund', { transactionId: 3, treasury: 'SUBSCRIPTIONS', reason: 'r' }),
      'treasury:SUBSCRIPTIONS',
    ],
    [
      'from the test-mode client’s own paid treasury',
      ledgerDraft('ledger.refund', { transactionId: 3, treasury: 'SUBSCRIPTIONS', treasuryClientId: 'test_shop', reason: 'r' }),
      'treasury:SUBSCRIPTIONS@test_shop',
    ],
  ],
  'ledger.clawback': [
    [
      'the affiliate it takes from',
      ledgerDraft('ledger.clawback', {
        purchaseId: 3,
        refundId: 4,
        fromUserId: 9,
        to: { kind: 'treasury', code: 'COURSE_FEES' },
        amount: 100,
      }),
      'user:9',
    ],
  ],
  'ledger.credits': [
    [
      "the first leg's wallet (every leg is in its partition)",
      ledgerDraft('ledger.credits', {
        legs: [
          { transactionId: 3, transactionType: 'REWARD', to: { kind: 'user', userId: 9 }, amount: 100, returnTo: null },
          { transactionId: 4, transactionType: 'REWARD', to: { kind: 'user', userId: 15 }, amount: 100, returnTo: null },
        ],
      }),
      'user:9',
    ],
  ],
  'ledger.credit': [
    [
      'to a user',
      ledgerDraft('ledger.credit', { transactionId: 3, to: { kind: 'user', userId: 9 }, amount: 100, returnTo: null }),
      'user:9',
    ],
    [
      'to a treasury',
      ledgerDraft('ledger.credit', {
        transactionId: 3,
        to: { kind: 'treasury', code: 'COURSE_FEES' },
        amount: 100,
        returnTo: { kind: 'user', userId: 7 },
      }),
      'treasury:COURSE_FEES',
    ],
  ],
};

const userKeys: Record<UserCommandType, Array<[string, UserDraft, string]>> = {
  'user.register': [
    ['an address', userDraft('user.register', { email: 'ada@example.com', passwordHash: 'h', fullName: 'Ada' }), 'ada@example.com'],
    [
      'an address as typed',
      userDraft('user.register', { email: '  Ada@Example.COM ', passwordHash: 'h', fullName: 'Ada' }),
      'ada@example.com',
    ],
  ],
  'user.change-role': [['a user', userDraft('user.change-role', { userId: 12, role: 'ADMIN' }), '12']],
  'user.approve-deletion': [
    ['the user to delete', userDraft('user.approve-deletion', { userId: 12, requestId: '0b7e4f2a-6c1d-4e8b-9a3f-5d2c1b0a9e8f' }), '12'],
  ],
  'user.reject-deletion': [
    [
      'the user not to delete',
      userDraft('user.reject-deletion', { userId: 12, requestId: '0b7e4f2a-6c1d-4e8b-9a3f-5d2c1b0a9e8f', reason: 'no' }),
      '12',
    ],
  ],
  'user.delete': [['a user', userDraft('user.delete', { userId: 12 }), '12']],
  'user.revoke-sessions': [['a user', userDraft('user.revoke-sessions', { userId: 12 }), '12']],
  'user.set-verification': [['a user', userDraft('user.set-verification', { userId: 12, verified: true, reason: 'ID checked' }), '12']],
  'user.api-key.create': [
    ['any key', userDraft('user.api-key.create', { name: 'ops', scopes: ['mint'], keyHash: hash }), apiKeyCommandKey],
  ],
  'user.api-key.revoke': [['any key', userDraft('user.api-key.revoke', { id: randomUUID() }), apiKeyCommandKey]],
  'user.platform-client.create': [
    [
      'any client',
      userDraft('user.platform-client.create', { clientId: 'pc_abc', name: 'ops', secretHash: hash, requestHash: hash }),
      platformClientCommandKey,
    ],
  ],
  'user.platform-client.revoke': [
    ['any client', userDraft('user.platform-client.revoke', { clientId: 'pc_abc' }), platformClientCommandKey],
  ],
  'user.platform-client.set-reward-cap': [
    [
      'any client',
      userDraft('user.platform-client.set-reward-cap', { clientId: 'pc_abc', dailyRewardCap: 500_000 }),
      platformClientCommandKey,
    ],
  ],
  'user.platform-client.callback-secret': [
    [
      'any client',
      userDraft('user.platform-client.callback-secret', {
        clientId: 'pc_abc',
        sealedSecret: `v1.${'A'.repeat(16)}.${'B'.repeat(66)}.${'C'.repeat(22)}`,
        secretHash: 'a'.repeat(64),
        requestHash: 'b'.repeat(64),
      }),
      platformClientCommandKey,
    ],
  ],
  'user.approve-grant': [['any request', userDraft('user.approve-grant', { requestId: randomUUID() }), grantRequestCommandKey]],
  'user.reject-grant': [['any request', userDraft('user.reject-grant', { requestId: randomUUID(), reason: 'no' }), grantRequestCommandKey]],
  'user.test-user.create': [
    ['its client', userDraft('user.test-user.create', { clientId: 'test_abc', name: 'Alice', requestHash: hash }), 'test_abc'],
  ],
  'user.test-users.delete': [['its client', userDraft('user.test-users.delete', { clientId: 'test_abc' }), 'test_abc']],
};

describe('partitionKeyOf (ledger commands)', () => {
  it('when the table is compared with the ledger command schema, then every command type has a case', () => {
    expect(Object.keys(ledgerKeys).sort()).toEqual(typesOf(ledgerCommand));
  });

  it.each(
    Object.values(ledgerKeys)
      .flat()
      .map(([label, draft, key]) => [draft.type, label, key, draft] as const),
  )('when a %s is %s, then it is keyed %s', (_type, _label, key, draft) => {
    expect(partitionKeyOf(draft)).toBe(key);
  });
});

describe('userPartitionKeyOf (user commands)', () => {
  it('when the table is compared with the user command schema, then every command type has a case', () => {
    expect(Object.keys(userKeys).sort()).toEqual(typesOf(userCommand));
  });

  it.each(
    Object.values(userKeys)
      .flat()
      .map(([label, draft, key]) => [draft.type, label, key, draft] as const),
  )('when a %s concerns %s, then it is keyed %s', (_type, _label, key, draft) => {
    expect(userPartitionKeyOf(draft)).toBe(key);
  });

  it('when two registrations differ only in case and surrounding spaces, then they share a key (one partition, applied in turn)', () => {
    const a = userDraft('user.register', { email: 'Bob@Example.com', passwordHash: 'h', fullName: 'Bob' });
    const b = userDraft('user.register', { email: ' bob@example.COM', passwordHash: 'h', fullName: 'Bob' });
    expect(userPartitionKeyOf(a)).toBe(userPartitionKeyOf(b));
  });

  it('when a registration is sealed, then it is keyed by its key id: the record key names no one (docs/DESIGN.md "Erasure")', () => {
    const keyId = randomUUID();
    const sealed = userDraft('user.register', { sealed: { keyId, iv: 'AAAAAAAAAAAAAAAA', data: 'A'.repeat(40) } });
    expect(userPartitionKeyOf(sealed)).toBe(keyId);
  });
});

describe('command messages', () => {
  it('when a command becomes a message, then its key is the given one, its value the command as JSON and its headers name the command id and type', () => {
    const command = { ...envelope(), type: 'ledger.reward', data: { toUserId: 9, amount: 100, reason: 'r' } };
    expect(commandMessage(command, 'treasury:REWARDS')).toEqual({
      key: 'treasury:REWARDS',
      value: JSON.stringify(command),
      headers: { 'command-id': command.commandId, type: 'ledger.reward' },
    });
  });

  it('when a ledger command becomes a message, then it travels under partitionKeyOf and reads back as the same command', () => {
    const command: LedgerCommand = {
      ...envelope(),
      ...ledgerDraft('ledger.burn', { from: { kind: 'user', userId: 4 }, amount: 5, reason: 'r', requestHash: hash }),
    };
    const message = ledgerCommandMessage(command);
    expect(message.key).toBe('user:4');
    expect(message.headers).toEqual({ 'command-id': command.commandId, type: 'ledger.burn' });
    expect(ledgerCommand.parse(JSON.parse(message.value))).toEqual(command);
  });

  it('when a user command becomes a message, then it travels under userPartitionKeyOf and reads back as the same command', () => {
    const command: UserCommand = { ...envelope(), ...userDraft('user.change-role', { userId: 12, role: 'USER' }) };
    const message = userCommandMessage(command);
    expect(message.key).toBe('12');
    expect(message.headers).toEqual({ 'command-id': command.commandId, type: 'user.change-role' });
    expect(userCommand.parse(JSON.parse(message.value))).toEqual(command);
  });
});

describe('userResults (what the user service answers)', () => {
  const deletion = {
    id: randomUUID(),
    userId: 12,
    status: 'PENDING',
    balance: 150.25,
    requestedBy: { kind: 'user', id: '1', role: 'SUPERADMIN' },
    createdAt: at,
    expiresAt: at,
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
  };
  const grant = {
    id: randomUUID(),
    status: 'PENDING',
    act: { type: 'user.change-role', userId: 12, role: 'ADMIN', previousRole: 'USER' },
    requestedBy: { kind: 'user', id: '1', role: 'SUPERADMIN' },
    createdAt: at,
    expiresAt: at,
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
  };
  const results: Record<UserCommandType, unknown> = {
    // The new id only: replies are stored and sent on a topic, a person's data is not.
    'user.register': { user: { id: 12 } },
    'user.change-role': { user: { id: 12, role: 'ADMIN' }, tokenVersion: 3 },
    'user.delete': { userId: 12, tokenVersion: 4 },
    'user.revoke-sessions': { userId: 12, tokenVersion: 5 },
    'user.set-verification': { user: { id: 12, isVerified: true }, tokenVersion: 6 },
    'user.approve-deletion': { userId: 12, tokenVersion: 4, deletionRequest: { ...deletion, status: 'APPROVED' } },
    'user.reject-deletion': { deletionRequest: { ...deletion, status: 'REJECTED', rejectionReason: 'no' } },
    'user.api-key.create': { id: randomUUID(), name: 'ops', scopes: ['mint', 'refund'], ownerUserId: 7, createdAt: at, revokedAt: null },
    'user.api-key.revoke': { id: randomUUID(), keyHash: hash },
    'user.platform-client.create': {
      client: { id: 'pc_abc', name: 'ops', createdAt: at, revokedAt: null, treasuries: ['REWARDS'], dailyRewardCap: 5000, cashout: false },
      secretHash: hash,
      requestHash: hash,
    },
    'user.platform-client.revoke': {
      client: { id: 'pc_abc', name: 'ops', createdAt: at, revokedAt: at, treasuries: [], dailyRewardCap: null, cashout: true },
      revoked: true,
    },
    'user.platform-client.callback-secret': {
      grantRequest: { ...grant, act: { type: 'user.platform-client.callback-secret', clientId: 'pc_abc' } },
      secretHash: 'a'.repeat(64),
      requestHash: 'b'.repeat(64),
    },
    'user.platform-client.set-reward-cap': {
      grantRequest: {
        ...grant,
        act: { type: 'user.platform-client.set-reward-cap', clientId: 'pc_abc', dailyRewardCap: 5_000, previousDailyRewardCap: null },
      },
    },
    'user.approve-grant': { grantRequest: { ...grant, status: 'APPROVED' }, tokenVersion: 4 },
    'user.reject-grant': { grantRequest: { ...grant, status: 'REJECTED', rejectionReason: 'no' } },
    'user.test-user.create': { testUser: { userId: 8_000_000_000_000_001, name: 'Alice', createdAt: at }, requestHash: hash },
    'user.test-users.delete': { deleted: 2 },
  };
  // A two-person act asked for by a person answers with its request (202 at the gateway).
  const pendingResults: Array<[UserCommandType, unknown]> = [
    ['user.change-role', { grantRequest: grant }],
    [
      'user.api-key.create',
      {
        grantRequest: {
          ...grant,
          act: { type: 'user.api-key.create', apiKeyId: randomUUID(), name: 'ops', scopes: ['mint'], ownerUserId: 7 },
        },
      },
    ],
    [
      'user.platform-client.create',
      {
        grantRequest: {
          ...grant,
          act: {
            type: 'user.platform-client.create',
            clientId: 'pc_abc',
            name: 'ops',
            treasuries: ['REWARDS'],
            dailyRewardCap: null,
            cashout: false,
          },
        },
        secretHash: hash,
        requestHash: hash,
      },
    ],
  ];

  it.each(pendingResults)('when %s waits for a second SUPERADMIN, then its request passes the schema unchanged', (type, result) => {
    expect(userResults[type].parse(result)).toEqual(result);
  });

  it.each(Object.entries(results))(
    'when %s is answered as the user service does, then the result passes its schema unchanged',
    (type, result) => {
      expect(userResults[type as UserCommandType].parse(result)).toEqual(result);
    },
  );

  it.each([
    ['user.register', { userId: 12 }],
    ['user.change-role', { user: { id: 12, role: 'ADMIN' } }],
    ['user.revoke-sessions', { userId: 12, tokenVersion: -1 }],
    ['user.api-key.create', { id: 'not-a-uuid', name: 'ops', scopes: ['mint'], createdAt: at, revokedAt: null }],
    ['user.api-key.revoke', { id: randomUUID() }],
    ['user.platform-client.create', { client: { id: 'pc_abc', name: 'ops', createdAt: at, revokedAt: null } }],
  ] as const)('when %s is answered with %j, then the schema refuses it', (type, result) => {
    expect(userResults[type].safeParse(result).success).toBe(false);
  });
});

describe('ledgerResults (what the ledger answers)', () => {
  it('when the tables are compared with the command schemas, then every command type has a result schema', () => {
    expect(Object.keys(ledgerResults).sort()).toEqual(typesOf(ledgerCommand));
    expect(Object.keys(userResults).sort()).toEqual(typesOf(userCommand));
  });

  it('when a credit or a close is answered, then its result passes; a money result without its wallet does not', () => {
    expect(ledgerResults['ledger.credit'].safeParse({ transactionId: 3, resolution: 'returned', returnTransactionId: 4 }).success).toBe(
      true,
    );
    expect(ledgerResults['ledger.close-wallet'].safeParse({ closed: false, burnTransactionId: null }).success).toBe(true);
    expect(ledgerResults['ledger.open-wallet'].safeParse({ wallet: null }).success).toBe(true);
    const transaction = {
      id: 1,
      type: 'MINT',
      amount: 1,
      fromUserId: null,
      toUserId: 7,
      fromTreasury: null,
      toTreasury: null,
      reason: 'r',
      reference: null,
      refundOf: null,
      createdAt: at,
    };
    expect(ledgerResults['ledger.mint'].safeParse({ transaction }).success).toBe(false);
  });
});

describe('a command proof (the caller token a command carries)', () => {
  const mint = (proof: unknown) => ({
    commandId: randomUUID(),
    type: 'ledger.mint',
    issuedAt: new Date().toISOString(),
    actor: { kind: 'user', id: '7', role: 'ADMIN' },
    proof,
    data: { to: { kind: 'user', userId: 8 }, amount: 100, reason: 'r', requestHash: 'a'.repeat(64) },
  });

  it('when it is a JWT of base64url parts, then the command parses; absent, it parses too (the consumer refuses it for want of proof)', () => {
    expect(ledgerCommand.safeParse(mint('eyJh.eyJz.c2ln')).success).toBe(true);
    expect(ledgerCommand.safeParse({ ...mint(undefined), proof: undefined }).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['longer than 4096 characters', 'a'.repeat(4097)],
    ['with a control character', 'eyJh.\u0000.c2ln'],
    ['with a space', 'Bearer eyJh.eyJz.c2ln'],
    ['a number', 42],
    ['an object', { token: 'eyJh' }],
  ])('when it is %s, then the command is refused by the schema (dead-lettered, never applied)', (_name, proof) => {
    expect(ledgerCommand.safeParse(mint(proof)).success).toBe(false);
  });
});

describe('the command unions, built from the rows', () => {
  const sent = <D extends { type: string }>(cases: Record<string, Array<[string, D, string]>>) =>
    Object.values(cases)
      .flat()
      .map(([label, draft]) => [draft.type, label, { ...envelope(), ...draft }] as const);

  it.each(sent(ledgerKeys))('when a %s (%s) is sent, then the ledger union parses it as its row’s schema does', (type, _label, command) => {
    const byUnion = ledgerCommand.safeParse(command);
    expect(byUnion.success).toBe(true);
    const row: LedgerContractRow = ledgerCommandContracts[type as LedgerCommandType];
    expect(byUnion).toEqual(row.schema.safeParse(command));
  });

  it.each(sent(userKeys))('when a %s (%s) is sent, then the user union judges it as its row’s schema does', (type, _label, command) => {
    const row: UserContractRow = userCommandContracts[type as UserCommandType];
    expect(userCommand.safeParse(command)).toEqual(row.schema.safeParse(command));
  });
});
