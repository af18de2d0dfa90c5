import { ledgerCommand, type LedgerCommand, type LedgerCommandType } from '@coin/contracts';
import { authorRefusal, type VerifiedAuthor } from './authority';

/**
 * Who may send which client command, judged from the verified proof (docs/DESIGN.md "Who asks:
 * proof of authority in every command"): every command type against every kind of author.
 */

const authors = {
  payer: { kind: 'user', id: '1', role: 'USER' },
  otherUser: { kind: 'user', id: '2', role: 'USER' },
  admin: { kind: 'user', id: '3', role: 'ADMIN' },
  superadmin: { kind: 'user', id: '4', role: 'SUPERADMIN' },
  rewardsClient: { kind: 'system', id: 'shop', role: 'SYSTEM', treasuries: ['REWARDS'] },
  ungrantedClient: { kind: 'system', id: 'shop', role: 'SYSTEM', treasuries: [] },
  // A payout provider: granted `cashout` (its token's claim), no treasury.
  cashoutClient: { kind: 'system', id: 'momo', role: 'SYSTEM', treasuries: [], cashout: true },
  // The monitoring service, as its own key proves it (kafka/command-judge.ts lets it send the freeze alone).
  monitoring: { kind: 'service', id: 'monitoring', role: 'SERVICE' },
  otherService: { kind: 'service', id: 'history', role: 'SERVICE' },
} satisfies Record<string, VerifiedAuthor>;
type AuthorName = keyof typeof authors;

/** The command of a type, paid by user 1 where it has a payer: the refusal reads the type and the payer only. */
function commandOf(type: LedgerCommandType, from: object = { kind: 'user', userId: 1 }): LedgerCommand {
  return {
    commandId: 'c',
    type,
    issuedAt: '2025-01-01T00:00:00.000Z',
    actor: { kind: 'user', id: '1' },
    // A payout names its payer as a party (a user's wallet or REWARDS); a retirement, a test client's own treasury.
    data:
      type === 'ledger.payout'
        ? { from }
        : type === 'ledger.retire-treasury'
          ? { treasury: { kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' } }
          : { fromUserId: 1 },
  } as LedgerCommand;
}

const payerOnly = "Command refused: only the payer moves or reserves their wallet's coins";
const adminOnly = (type: string) => `Command refused: ${type} needs an ADMIN+`;

/** Who may send each type; every other author is refused with the message given. */
const allowed: Record<LedgerCommandType, { may: AuthorName[]; refusal: string | null }> = {
  'ledger.open-wallet': { may: Object.keys(authors) as AuthorName[], refusal: null },
  'ledger.credit': { may: Object.keys(authors) as AuthorName[], refusal: null },
  'ledger.credits': { may: Object.keys(authors) as AuthorName[], refusal: null },
  'ledger.clawback': { may: Object.keys(authors) as AuthorName[], refusal: null },
  'ledger.expire-hold': { may: Object.keys(authors) as AuthorName[], refusal: null },
  'ledger.expire-approval': { may: Object.keys(authors) as AuthorName[], refusal: null },
  // The sandbox's test provider travels on ledger.internal only (its route); the cash-out's test terms decide it.
  'ledger.settle-test-cashout': { may: Object.keys(authors) as AuthorName[], refusal: null },
  // The scheduler's charge travels on ledger.internal only (its route); the mandate decides it.
  'ledger.charge-mandate': { may: Object.keys(authors) as AuthorName[], refusal: null },
  'ledger.grant-mandate': { may: ['payer'], refusal: 'Command refused: only the payer grants a mandate on their wallet' },
  // A client may cancel only the mandates granted to it, an ADMIN+ for the payer with a reason:
  // judged where the mandate is read (decide).
  'ledger.cancel-mandate': {
    may: ['payer', 'admin', 'superadmin', 'rewardsClient', 'ungrantedClient', 'cashoutClient'],
    refusal: 'Command refused: only the payer, the platform client a mandate was granted to or an ADMIN+ acting for the payer cancels it',
  },
  'ledger.transfer': { may: ['payer'], refusal: payerOnly },
  'ledger.hold': { may: ['payer'], refusal: payerOnly },
  // From a wallet (commandOf's payer): the owner alone, like a transfer; from REWARDS: below.
  'ledger.payout': { may: ['payer'], refusal: payerOnly },
  'ledger.reward': { may: ['admin', 'superadmin', 'rewardsClient'], refusal: 'Command refused: the author may not reward from REWARDS' },
  'ledger.capture-hold': {
    may: ['admin', 'superadmin', 'rewardsClient', 'ungrantedClient', 'cashoutClient'],
    refusal: 'Command refused: only ADMIN+ and platform clients settle holds',
  },
  'ledger.void-hold': {
    may: ['admin', 'superadmin', 'rewardsClient', 'ungrantedClient', 'cashoutClient'],
    refusal: 'Command refused: only ADMIN+ and platform clients settle holds',
  },
  'ledger.cashout': { may: ['payer'], refusal: 'Command refused: only the payer cashes out their own coins' },
  // Only a client granted cashout; which one (the claimer, the provider named) is judged where the cash-out is read (decide).
  'ledger.claim-cashout': {
    may: ['cashoutClient'],
    refusal: 'Command refused: only a platform client granted cashout (a payout provider) claims a cash-out',
  },
  'ledger.settle-cashout': {
    may: ['cashoutClient'],
    refusal: 'Command refused: only a payout provider granted cashout settles a cash-out, by its signed callback',
  },
  'ledger.close-wallet': { may: ['superadmin'], refusal: 'Command refused: only a SUPERADMIN closes a wallet' },
  'ledger.mint': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.mint') },
  'ledger.burn': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.burn') },
  'ledger.refund': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.refund') },
  'ledger.set-limits': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.set-limits') },
  'ledger.set-commission': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.set-commission') },
  'ledger.request-approval': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.request-approval') },
  'ledger.approve': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.approve') },
  'ledger.reject-approval': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.reject-approval') },
  'ledger.freeze-wallet': { may: ['admin', 'superadmin', 'monitoring'], refusal: adminOnly('ledger.freeze-wallet') },
  // Lifting a freeze is people's alone: never the monitoring service that may set one.
  'ledger.lift-freeze': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.lift-freeze') },
  // Applied only by an approval (judged in decide): the command itself is an ADMIN+'s.
  'ledger.set-cashout-rate': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.set-cashout-rate') },
  // Applied only by an approval (judged in decide): the command itself is an ADMIN+'s.
  'ledger.clear-cashout': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.clear-cashout') },
  'ledger.reverse-cashout': { may: ['admin', 'superadmin'], refusal: adminOnly('ledger.reverse-cashout') },
  // A test-mode client's own sandbox clock: no live author, person or client, ever moves one.
  'ledger.advance-clock': { may: [], refusal: 'Command refused: only a test-mode platform client moves its own sandbox clock' },
  'ledger.set-clock': { may: [], refusal: 'Command refused: only a test-mode platform client sets its own sandbox clock' },
  // A test-mode client's own sandbox treasury: no live command names one.
  'ledger.retire-treasury': { may: [], refusal: 'Command refused: a test-mode client’s own treasury is the sandbox’s (the live ledger)' },
};

const cases = ledgerCommand.options
  .map((option) => option.shape.type.value)
  .flatMap((type) => (Object.keys(authors) as AuthorName[]).map((author) => [type, author] as const));

describe('authorRefusal', () => {
  it.each(cases)('when %s is sent by %s, then it is allowed or refused as its rule says', (type, author) => {
    const rule = allowed[type];
    expect(authorRefusal(commandOf(type), authors[author])).toBe(rule.may.includes(author) ? null : rule.refusal);
  });
});

describe('authorRefusal of a payout from REWARDS', () => {
  const rewardsPayout = commandOf('ledger.payout', { kind: 'treasury', code: 'REWARDS' });
  const may: AuthorName[] = ['admin', 'superadmin', 'rewardsClient'];
  it.each(Object.keys(authors) as AuthorName[])('when %s sends it, then whoever may send a reward may', (author) => {
    expect(authorRefusal(rewardsPayout, authors[author])).toBe(
      may.includes(author) ? null : 'Command refused: the author may not reward from REWARDS',
    );
  });
});

describe('authorRefusal of a test-mode client (docs/decisions/0018-sandbox.md)', () => {
  const testClient = { kind: 'system', id: 'test_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'test' } satisfies VerifiedAuthor;
  const types = ledgerCommand.options.map((option) => option.shape.type.value);
  it.each(types)('when %s is proved by a test-mode token, then the live ledger refuses it, whatever its grants', (type) => {
    expect(authorRefusal(commandOf(type), testClient)).toBe(
      'Command refused: it is proved by test-mode credentials, which never act on real money (the live ledger)',
    );
  });

  it('when a live client with the same grants sends a reward, then it is allowed (the refusal is the mode alone)', () => {
    expect(authorRefusal(commandOf('ledger.reward'), { ...testClient, id: 'shop', mode: 'live' })).toBeNull();
  });
});

describe('authorRefusal in the sandbox ledger (LEDGER_SPACE=test, docs/decisions/0018-sandbox.md)', () => {
  const testClient = { kind: 'system', id: 'test_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'test' } satisfies VerifiedAuthor;
  const types = ledgerCommand.options.map((option) => option.shape.type.value);
  const live = 'Command refused: only test-mode platform clients act in the sandbox ledger, never live credentials';
  const mintInto = (to: object) => ({ ...commandOf('ledger.mint'), data: { to, amount: 100, reason: 'fund' } }) as LedgerCommand;

  it.each(types)('when %s is proved by a live client, a person or a SUPERADMIN, then the sandbox refuses it', (type) => {
    for (const author of [authors.rewardsClient, authors.payer, authors.superadmin, { ...testClient, mode: 'live' as const }]) {
      expect(authorRefusal(commandOf(type), author, 'test')).toBe(live);
    }
  });

  it('when a test-mode client mints into a treasury it was granted, then it is allowed; another treasury or a user wallet is refused', () => {
    expect(authorRefusal(mintInto({ kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' }), testClient, 'test')).toBeNull();
    for (const to of [
      { kind: 'treasury', code: 'OPERATIONS', clientId: 'test_shop' },
      { kind: 'user', userId: 1 },
    ]) {
      expect(authorRefusal(mintInto(to), testClient, 'test')).toBe(
        'Command refused: a test-mode client funds only the treasuries it was granted, with test coins',
      );
    }
  });

  it("when a test-mode client rewards or mints in the live ledger, then it is refused (the sandbox's rule is the sandbox's only)", () => {
    expect(authorRefusal(mintInto({ kind: 'treasury', code: 'REWARDS' }), testClient)).toMatch(/test-mode credentials/);
    const ownReward = { ...commandOf('ledger.reward'), data: { treasuryClientId: 'test_shop' } } as LedgerCommand;
    expect(authorRefusal(ownReward, testClient, 'test')).toBeNull();
    expect(authorRefusal(commandOf('ledger.reward'), testClient, 'live')).toMatch(/test-mode credentials/);
  });

  it("when a test-mode client advances its own clock, then only the sandbox allows it; another client's clock is refused", () => {
    const advance = (clientId: string) =>
      ({ ...commandOf('ledger.advance-clock'), data: { clientId, seconds: 60, requestHash: 'h' } }) as LedgerCommand;
    expect(authorRefusal(advance('test_shop'), testClient, 'test')).toBeNull();
    expect(authorRefusal(advance('test_other'), testClient, 'test')).toBe(
      'Command refused: only a test-mode platform client moves its own sandbox clock',
    );
    // The live ledger refuses it before any rule: no live ledger stores a clock.
    expect(authorRefusal(advance('test_shop'), testClient, 'live')).toMatch(/test-mode credentials/);
  });

  it('when a test-mode client places a hold on any sandbox wallet that it settles itself, for a user or a treasury it was granted, then the sandbox allows it; one it does not settle, or for another treasury, is refused', () => {
    const holdSettledBy = (settlerClientId?: string, to: object = { kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' }) =>
      ({
        ...commandOf('ledger.hold'),
        data: { fromUserId: 1, to, amount: 100, reason: 'r', ...(settlerClientId ? { settlerClientId } : {}) },
      }) as LedgerCommand;
    expect(authorRefusal(holdSettledBy('test_shop'), testClient, 'test')).toBeNull();
    expect(authorRefusal(holdSettledBy('test_shop', { kind: 'user', userId: 7 }), testClient, 'test')).toBeNull();
    for (const held of [
      holdSettledBy('test_other'),
      holdSettledBy(undefined),
      holdSettledBy('test_shop', { kind: 'treasury', code: 'COURSE_FEES', clientId: 'test_shop' }),
    ]) {
      expect(authorRefusal(held, testClient, 'test')).toBe(
        'Command refused: a test-mode client places only sandbox holds it settles itself, for a test user or a treasury it was granted',
      );
    }
    expect(authorRefusal(holdSettledBy('test_shop'), testClient, 'live')).toMatch(/test-mode credentials/);
  });
});

describe('authorRefusal of treasuries of each test client’s own (docs/decisions/0018-sandbox.md)', () => {
  const testClient = { kind: 'system', id: 'test_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'test' } satisfies VerifiedAuthor;
  const own = { kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' } as const;
  const others = { kind: 'treasury', code: 'REWARDS', clientId: 'test_other' } as const;
  const shared = { kind: 'treasury', code: 'REWARDS' } as const;
  const commandsOn = (treasury: { kind: 'treasury'; code: 'REWARDS'; clientId?: string }): LedgerCommand[] =>
    [
      { type: 'ledger.mint', data: { to: treasury, amount: 1, reason: 'r' } },
      { type: 'ledger.burn', data: { from: treasury, amount: 1, reason: 'r' } },
      { type: 'ledger.payout', data: { from: treasury, lines: [{ toUserId: 7, amount: 1 }], reason: 'r' } },
      { type: 'ledger.hold', data: { fromUserId: 7, to: treasury, amount: 1, reason: 'r', settlerClientId: 'test_shop' } },
      { type: 'ledger.transfer', data: { kind: 'PURCHASE', fromUserId: 7, to: treasury, amount: 1, reason: 'r' } },
      {
        type: 'ledger.reward',
        data: { toUserId: 7, amount: 1, reason: 'r', ...(treasury.clientId ? { treasuryClientId: treasury.clientId } : {}) },
      },
      {
        type: 'ledger.refund',
        data: { transactionId: 1, treasury: 'REWARDS', reason: 'r', ...(treasury.clientId ? { treasuryClientId: treasury.clientId } : {}) },
      },
    ].map((c) => ({ ...commandOf(c.type as LedgerCommandType), data: c.data }) as LedgerCommand);

  it('when a test-mode client pays from or into its own treasury, then the sandbox judges it by its rule; one shared, or another client’s, is refused', () => {
    for (const command of commandsOn(own)) expect(authorRefusal(command, testClient, 'test')).toBeNull();
    for (const command of [...commandsOn(shared), ...commandsOn(others)]) {
      expect(authorRefusal(command, testClient, 'test')).toMatch(/its own sandbox treasuries only/);
    }
  });

  it('when any live command names a test-mode client’s own treasury, then the live ledger refuses it, whoever proves it', () => {
    // An approval request holding one too: its id could name no route (a finding of the simulation).
    const held = commandsOn(own).map(
      (command) =>
        ({ ...commandOf('ledger.request-approval'), data: { command: { type: command.type, data: command.data } } }) as LedgerCommand,
    );
    for (const command of [...commandsOn(own), ...held]) {
      for (const author of [authors.admin, authors.superadmin, authors.payer, authors.rewardsClient]) {
        expect(authorRefusal(command, author, 'live')).toBe(
          'Command refused: a test-mode client’s own treasury is the sandbox’s (the live ledger)',
        );
      }
    }
  });
});

describe('authorRefusal of mandates in each space (docs/decisions/0018-sandbox.md "Mandates in the sandbox")', () => {
  const testClient = { kind: 'system', id: 'test_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'test' } satisfies VerifiedAuthor;
  const grantTo = (clientId: string, fromUserId = 1) =>
    ({ ...commandOf('ledger.grant-mandate'), data: { fromUserId, clientId } }) as LedgerCommand;

  it('when a test-mode client grants a mandate to itself for any sandbox user, then the sandbox allows it; to another client it is refused', () => {
    expect(authorRefusal(grantTo('test_shop', 42), testClient, 'test')).toBeNull();
    for (const other of ['test_other', 'pc_shop']) {
      expect(authorRefusal(grantTo(other), testClient, 'test')).toBe(
        'Command refused: a test-mode client grants its test users only mandates to itself',
      );
    }
    expect(authorRefusal(grantTo('test_shop'), testClient, 'live')).toMatch(/test-mode credentials/);
  });

  it('when a live payer grants a mandate to a test-mode client, then the live ledger refuses it; to a live client it is allowed', () => {
    expect(authorRefusal(grantTo('test_shop'), authors.payer, 'live')).toBe(
      'Command refused: a mandate on real money is never granted to a test-mode client (the live ledger)',
    );
    expect(authorRefusal(grantTo('pc_shop'), authors.payer, 'live')).toBeNull();
  });
});

describe('authorRefusal of test cash-outs in each space (docs/decisions/0018-sandbox.md "Cash-outs in the sandbox")', () => {
  const testClient = { kind: 'system', id: 'test_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'test' } satisfies VerifiedAuthor;
  const cashout = (data: object) =>
    ({ ...commandOf('ledger.cashout'), data: { fromUserId: 42, amount: 100, msisdn: '+237670000000', ...data } }) as LedgerCommand;

  it('when a test-mode client asks for a test cash-out for any sandbox user, then the sandbox allows it; without an outcome, or naming a provider, it is refused', () => {
    expect(authorRefusal(cashout({ testOutcome: 'CONFIRMED' }), testClient, 'test')).toBeNull();
    expect(authorRefusal(cashout({ testOutcome: 'FAILED' }), testClient, 'test')).toBeNull();
    for (const data of [{}, { testOutcome: 'CONFIRMED', providerClientId: 'pc_momo' }]) {
      expect(authorRefusal(cashout(data), testClient, 'test')).toMatch(/only for test cash-outs/);
    }
    expect(authorRefusal(cashout({ testOutcome: 'CONFIRMED' }), testClient, 'live')).toMatch(/test-mode credentials/);
  });

  it('when a live payer names a test outcome, then the live ledger refuses it; without one it is their cash-out as ever', () => {
    const own = (data: object) => ({ ...cashout(data), data: { ...cashout(data).data, fromUserId: 1 } }) as LedgerCommand;
    expect(authorRefusal(own({ testOutcome: 'CONFIRMED' }), authors.payer, 'live')).toMatch(/test outcome is the sandbox’s alone/);
    expect(authorRefusal(own({}), authors.payer, 'live')).toBeNull();
  });
});

describe('authorRefusal of purchases, splits and refunds in the sandbox (docs/decisions/0018-sandbox.md)', () => {
  const testClient = {
    kind: 'system',
    id: 'test_shop',
    role: 'SYSTEM',
    treasuries: ['REWARDS', 'COURSE_FEES'],
    mode: 'test',
  } satisfies VerifiedAuthor;
  const transfer = (data: object) =>
    ({
      ...commandOf('ledger.transfer'),
      data: {
        kind: 'PURCHASE',
        fromUserId: 42,
        to: { kind: 'treasury', code: 'COURSE_FEES', clientId: 'test_shop' },
        amount: 100,
        reason: 'r',
        ...data,
      },
    }) as LedgerCommand;
  const rule = (data: object) =>
    ({
      ...commandOf('ledger.set-commission'),
      data: { treasury: 'COURSE_FEES', clientId: 'test_shop', rule: null, ...data },
    }) as LedgerCommand;

  it('when a test-mode client buys for any sandbox user into a treasury it was granted, with or without its own affiliate, then the sandbox allows it; another client’s affiliate, another treasury or a transfer is refused', () => {
    expect(authorRefusal(transfer({}), testClient, 'test')).toBeNull();
    expect(authorRefusal(transfer({ affiliate: { userId: 7, clientId: 'test_shop' } }), testClient, 'test')).toBeNull();
    for (const data of [
      { affiliate: { userId: 7, clientId: 'test_other' } },
      { to: { kind: 'treasury', code: 'SUBSCRIPTIONS', clientId: 'test_shop' } },
      { kind: 'TRANSFER', to: { kind: 'user', userId: 7 } },
    ]) {
      expect(authorRefusal(transfer(data), testClient, 'test')).toMatch(/only purchases for its test users/);
    }
    expect(authorRefusal(transfer({}), testClient, 'live')).toMatch(/test-mode credentials/);
  });

  it('when a live purchase names its affiliate as the sandbox does (no referral), then the live ledger refuses it even from the payer; by a referral, the payer may', () => {
    const named = { fromUserId: 1, to: { kind: 'treasury', code: 'COURSE_FEES' }, affiliate: { userId: 7, clientId: 'shop' } };
    expect(authorRefusal(transfer(named), authors.payer, 'live')).toMatch(/by a platform client’s referral only/);
    const referred = { fromUserId: 1, to: { kind: 'treasury', code: 'COURSE_FEES' }, affiliate: { referral: 'a.b.c' } };
    expect(authorRefusal(transfer(referred), authors.payer, 'live')).toBeNull();
  });

  it('when a test-mode client sets its own rule for a treasury it was granted, then the sandbox allows it; another client’s or an ungranted treasury’s is refused', () => {
    expect(authorRefusal(rule({}), testClient, 'test')).toBeNull();
    for (const data of [{ clientId: 'test_other' }, { treasury: 'OPERATIONS' }]) {
      expect(authorRefusal(rule(data), testClient, 'test')).toMatch(/only its own commission rule/);
    }
    expect(authorRefusal(rule({}), testClient, 'live')).toMatch(/test-mode credentials/);
  });

  it('when a test-mode client refunds, then the sandbox leaves it to the purchase (its own only); the live ledger refuses it', () => {
    const ownRefund = { ...commandOf('ledger.refund'), data: { treasuryClientId: 'test_shop' } } as LedgerCommand;
    expect(authorRefusal(ownRefund, testClient, 'test')).toBeNull();
    expect(authorRefusal(commandOf('ledger.refund'), testClient, 'live')).toMatch(/test-mode credentials/);
  });
});
