import type { LedgerCommand, LedgerCommandOf } from '@coin/contracts';
import { actorScope } from '../four-eyes';
import { recordSpend } from '../limits';
import { defaultPolicy, emptyWallet, type LedgerPolicy, type LedgerState, type NewTransaction, type WalletState } from '../state';
import { payout } from './payout';
import type { ApprovalApplying, DecideContext } from './types';

/** The payout's decider alone, with a context built by hand (as transfer.unit.test.ts does). */

const now = new Date('2025-01-01T00:00:00.000Z');
const commandId = '00000000-0000-4000-8000-000000000001';
type Payout = LedgerCommandOf<'ledger.payout'>;

function userWallet(userId: number, balance: number): WalletState {
  return { ...emptyWallet({ kind: 'user', userId }, now), balance, totalReceived: balance };
}

function rewards(balance: number): WalletState {
  return { ...emptyWallet({ kind: 'treasury', code: 'REWARDS' }, now), balance, totalReceived: balance };
}

function contextOf(
  wallets: WalletState[],
  policy: LedgerPolicy = defaultPolicy,
  windows: LedgerState['windows'] = new Map(),
): DecideContext {
  const state: LedgerState = {
    wallets: new Map(wallets.map((w) => [w.key, w])),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows,
    mandates: new Map(),
  };
  let id = 100;
  return {
    state,
    now,
    policy,
    approved: null,
    wallet: (key) => state.wallets.get(key),
    newTransaction: (draft) =>
      ({
        reference: null,
        refundOf: null,
        returns: null,
        holdId: null,
        approval: null,
        ...draft,
        id: ++id,
        createdAt: now,
      }) as NewTransaction,
    decideApproved: (command: LedgerCommand) => {
      throw new Error(`a payout decides no approved command (${command.type})`);
    },
  };
}

/** The approval applying a payout, for the decisions an approval makes: its request (the payout reads none of it) and its approver. */
const approvalApplying: ApprovalApplying = {
  request: {
    id: '00000000-0000-8000-8000-000000000001',
    command: { type: 'ledger.payout', data: { from: { kind: 'treasury', code: 'REWARDS' }, reason: 'r', reference: 'p', lines: [] } },
    requestedBy: { kind: 'user', id: '11', role: 'ADMIN' },
    status: 'PENDING',
    createdAt: new Date(0),
    expiresAt: new Date(86_400_000),
    updatedAt: new Date(0),
    decidedBy: null,
    rejectionReason: null,
    transactionId: null,
  },
  approver: { kind: 'user', id: '12', role: 'ADMIN' },
};

function payoutOf(data: Partial<Payout['data']>, actor: Payout['actor'] = { kind: 'system', id: 'tournaments' }): Payout {
  return {
    commandId,
    type: 'ledger.payout',
    issuedAt: now.toISOString(),
    actor,
    data: {
      from: { kind: 'treasury', code: 'REWARDS' },
      lines: [
        { toUserId: 2, amount: 300 },
        { toUserId: 3, amount: 200, reason: 'second place' },
      ],
      reason: 'Spring cup',
      ...data,
    },
  };
}

const recipients = [userWallet(2, 0), userWallet(3, 0)];

describe('the payout module, alone', () => {
  it('when REWARDS has the total, then each line is a REWARD of its own with its own debit entry and credit leg', () => {
    const decision = payout.decide(payoutOf({ reference: 'cup-7' }), contextOf([rewards(1000), ...recipients]));
    const from = { kind: 'treasury', code: 'REWARDS' };
    expect(decision).toMatchObject({
      ok: true,
      transaction: null,
      lineTransactions: [
        { id: 101, type: 'REWARD', amount: 300, from, to: { kind: 'user', userId: 2 }, reason: 'Spring cup', reference: 'cup-7#0' },
        { id: 102, type: 'REWARD', amount: 200, from, to: { kind: 'user', userId: 3 }, reason: 'second place', reference: 'cup-7#1' },
      ],
      entries: [
        { transactionId: 101, walletKey: 'treasury:REWARDS', amount: -300 },
        { transactionId: 102, walletKey: 'treasury:REWARDS', amount: -200 },
      ],
      creditLegs: [
        { transactionId: 101, to: { kind: 'user', userId: 2 }, amount: 300, returnTo: from },
        { transactionId: 102, to: { kind: 'user', userId: 3 }, amount: 200, returnTo: from },
      ],
      subjectKey: 'treasury:REWARDS',
      effects: [{ kind: 'windows', scope: 'client:tournaments', amount: 500 }],
    });
  });

  it('when a wallet pays, then the lines are TRANSFERs and the spending limits count the total once in amount and each line in the count', () => {
    const decision = payout.decide(
      payoutOf({ from: { kind: 'user', userId: 1 } }, { kind: 'user', id: '1', role: 'USER' }),
      contextOf([userWallet(1, 500), ...recipients]),
    );
    expect(decision).toMatchObject({
      ok: true,
      lineTransactions: [
        { type: 'TRANSFER', reference: `payout:${commandId}#0` },
        { type: 'TRANSFER', reference: `payout:${commandId}#1` },
      ],
      effects: [{ kind: 'limits', walletKey: 'user:1', spent: { amount: 500, count: 2 } }],
    });
  });

  it('when a wallet pays 1,000 lines with one debit already counted today, then the daily count of 1,000 refuses it: every line counts', () => {
    const policy: LedgerPolicy = {
      ...defaultPolicy,
      limits: { ...defaultPolicy.limits, USER: { dailyAmount: null, dailyCount: 1000, singleAmount: null } },
    };
    const many = Array.from({ length: 1000 }, (_, index) => ({ toUserId: 10 + index, amount: 1 }));
    const wallets = many.map(({ toUserId }) => userWallet(toUserId, 0));
    const command = payoutOf({ from: { kind: 'user', userId: 1 }, lines: many }, { kind: 'user', id: '1', role: 'USER' });
    const payer = userWallet(1, 5000);
    expect(payout.decide(command, contextOf([payer, ...wallets], policy))).toMatchObject({
      ok: true,
      effects: [{ kind: 'limits', walletKey: 'user:1', spent: { amount: 1000, count: 1000 } }],
    });
    const used = { ...payer, spending: recordSpend([], 1, now) };
    expect(payout.decide(command, contextOf([used, ...wallets], policy))).toMatchObject({
      ok: false,
      code: 'LIMIT_EXCEEDED',
      extra: { limit: { name: 'dailyCount', value: 1000, used: 1 } },
    });
  });

  it('when the total is over the active coins (each line alone is not), then the whole payout is refused', () => {
    expect(payout.decide(payoutOf({}), contextOf([rewards(499), ...recipients]))).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });

  it('when the total passes a spending limit, then it is refused once for the total', () => {
    const policy: LedgerPolicy = {
      ...defaultPolicy,
      limits: { ...defaultPolicy.limits, USER: { dailyAmount: 400, dailyCount: null, singleAmount: null } },
    };
    const decision = payout.decide(
      payoutOf({ from: { kind: 'user', userId: 1 } }, { kind: 'user', id: '1', role: 'USER' }),
      contextOf([userWallet(1, 1000), ...recipients], policy),
    );
    expect(decision).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
  });

  it.each([
    ['an unknown recipient', [rewards(1000), userWallet(2, 0)], 'USER_NOT_FOUND'],
    ['a closed recipient', [rewards(1000), userWallet(2, 0), { ...userWallet(3, 0), status: 'CLOSED' as const }], 'RECIPIENT_CLOSED'],
  ])('when line 1 names %s, then the whole payout is refused naming the line', (_label, wallets, code) => {
    const decision = payout.decide(payoutOf({}), contextOf(wallets));
    expect(decision).toMatchObject({ ok: false, code });
    expect(decision.ok || decision.detail.startsWith('lines[1]: ')).toBe(true);
  });

  it('when a user is paid by two lines, or the payer pays themselves, then the payout is refused', () => {
    const twice = payoutOf({
      lines: [
        { toUserId: 2, amount: 1 },
        { toUserId: 2, amount: 1 },
      ],
    });
    expect(payout.decide(twice, contextOf([rewards(1000), ...recipients]))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const self = payoutOf({ from: { kind: 'user', userId: 2 } }, { kind: 'user', id: '2', role: 'USER' });
    expect(payout.decide(self, contextOf([...recipients]))).toMatchObject({ ok: false, code: 'SELF_TRANSFER' });
    const admin = payoutOf({}, { kind: 'user', id: '3', role: 'ADMIN' });
    expect(payout.decide(admin, contextOf([rewards(1000), ...recipients]))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
  });

  it("when a person's REWARDS payout would reach their four-eyes window as a whole, then it is parked for a second person (each line alone is under it)", () => {
    const policy: LedgerPolicy = { ...defaultPolicy, fourEyes: { ...defaultPolicy.fourEyes, actorWindow: 1000 } };
    const actor = { kind: 'user' as const, id: '9', role: 'ADMIN' as const };
    const windows = new Map([[actorScope(actor), recordSpend([], 600, now)]]);
    const decision = payout.decide(payoutOf({}, actor), contextOf([rewards(1000), ...recipients], policy, windows));
    // Nothing moves, nothing is counted: one request holding the payout with the reference its lines will carry.
    expect(decision).toMatchObject({
      ok: true,
      parked: true,
      transaction: null,
      lineTransactions: [],
      entries: [],
      creditLegs: [],
      effects: [
        {
          kind: 'approvals',
          event: 'requested',
          approval: {
            status: 'PENDING',
            requestedBy: actor,
            command: { type: 'ledger.payout', data: { reference: `payout:${commandId}`, lines: payoutOf({}).data.lines } },
          },
        },
      ],
    });
    const under = payout.decide(payoutOf({}, actor), contextOf([rewards(1000), ...recipients], policy));
    expect(under).toMatchObject({
      ok: true,
      effects: [{ kind: 'windows', scope: 'actor:user:9', amount: 500 }, { amount: 300 }, { amount: 200 }],
    });
    // Decided as its approval applies it: every line, and no window stops or counts it.
    const approved = payout.decide(payoutOf({}, actor), {
      ...contextOf([rewards(1000), ...recipients], policy, windows),
      approved: approvalApplying,
    });
    expect(approved).toMatchObject({ ok: true, parked: false, effects: [], lineTransactions: [{ amount: 300 }, { amount: 200 }] });
  });

  it('when asked about a request holding a payout, then one paying its requester or from a wallet is refused at once', () => {
    const asked = (data: Partial<Payout['data']>) => ({
      type: 'ledger.payout' as const,
      data: { ...payoutOf({ reference: 'r' }).data, ...data },
    });
    const admin = { actor: { kind: 'user' as const, id: '3', role: 'ADMIN' as const } };
    expect(payout.approvable.requestRefusal(admin, asked({}))).toMatchObject({ code: 'SELF_DEALING' });
    expect(payout.approvable.requestRefusal({ actor: { ...admin.actor, id: '9' } }, asked({}))).toBeNull();
    expect(payout.approvable.requestRefusal(admin, asked({ from: { kind: 'user', userId: 9 } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(payout.approvable.target(asked({}))).toBe('treasury:REWARDS');
    expect(payout.approvable.view(asked({}))).toBeNull();
  });

  it('when a payout waiting for approval would hold more than 512 KiB of lines (its request and events show every line), then it is refused PAYLOAD_TOO_LARGE at once, asked for or parked; one just under waits', () => {
    // 1,000 lines whose reasons are 500 three-byte characters: 1.5 MB in every answer and event of its request.
    const linesOf = (reasonChars: number) =>
      Array.from({ length: 1000 }, (_, i) => ({ toUserId: 1001 + i, amount: 1, reason: '€'.repeat(reasonChars) }));
    const asked = (reasonChars: number) => ({
      type: 'ledger.payout' as const,
      data: { ...payoutOf({ reference: 'r' }).data, lines: linesOf(reasonChars) },
    });
    const admin = { actor: { kind: 'user' as const, id: '9', role: 'ADMIN' as const } };
    expect(payout.approvable.requestRefusal(admin, asked(500))).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
      detail: expect.stringMatching(/at most 524288 bytes .* 15\d{5} bytes/),
    });
    expect(payout.approvable.requestRefusal(admin, asked(150))).toBeNull();

    // The same payout parked by a person past their window.
    const policy: LedgerPolicy = { ...defaultPolicy, fourEyes: { ...defaultPolicy.fourEyes, actorWindow: 100 } };
    const wallets = [rewards(10_000), ...linesOf(0).map(({ toUserId }) => userWallet(toUserId, 0))];
    const parked = (reasonChars: number) =>
      payout.decide(payoutOf({ lines: linesOf(reasonChars) }, admin.actor), contextOf(wallets, policy));
    expect(parked(500)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(parked(150)).toMatchObject({ ok: true, parked: true });
    // Paid at once (no request, no event with every reason), the same lines are no refusal.
    expect(
      payout.decide(payoutOf({ lines: linesOf(500) }, admin.actor), { ...contextOf(wallets, policy), approved: approvalApplying }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("when a platform client's payout passes its daily cap as a whole, then it is refused", () => {
    const policy: LedgerPolicy = { ...defaultPolicy, fourEyes: { ...defaultPolicy.fourEyes, clientDailyRewards: 400 } };
    expect(payout.decide(payoutOf({}), contextOf([rewards(1000), ...recipients], policy))).toMatchObject({
      ok: false,
      code: 'LIMIT_EXCEEDED',
    });
  });

  it('when asked what it reads and reserves, then the payer, every recipient and one id per line', () => {
    const command = payoutOf({});
    expect(payout.reads(command)).toEqual({ walletKeys: ['treasury:REWARDS', 'user:2', 'user:3'], windowScopes: ['client:tournaments'] });
    expect(payout.transactionsOf?.(command)).toBe(2);
  });
});
