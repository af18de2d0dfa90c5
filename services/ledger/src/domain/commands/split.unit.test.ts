import { walletKeyOf, type CommissionRule, type LedgerCommand, type Party } from '@coin/contracts';
import { approvalIdOf } from '../approvals';
import { clawbackLegCommand, creditLegCommand } from '../batch';
import { decide, defaultPolicy, evolve } from '../ledger';
import { emptyWallet, type Accepted, type Decision, type LedgerState, type NewTransaction } from '../state';
import { deciderProof } from '../test-proofs';

/**
 * Affiliate splits through the pure decider (docs/CONTRACT.md "Affiliate splits"): one apply
 * debits the buyer once for the whole amount and credits the treasury and the affiliate by their
 * legs, all or nothing; every refusal changes nothing. Every wallet is in one state here, and
 * each credit leg is decided as the `ledger.credit` command it travels as.
 */

const now = new Date('2026-11-24T12:00:00.000Z');
const buyer = 7;
const affiliate = 8;
const admin = 99;
const shop = 'pc_shop';

/** The people behind the platform client's grant (the referral's `createdBy` and `approvedBy`). */
const clientPeople = { createdBy: 60, approvedBy: 61 };

/**
 * A referral as the user service signs it, unsigned: the deciders read its claims, which the
 * consumer verified (signature, time, the client's revocation) before any apply.
 */
function referral(claims: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = { sub: shop, buyer, affiliate, treasury: 'OPERATIONS', ...clientPeople, iat: 1, exp: 2, ...claims };
  return `${part({ alg: 'EdDSA', typ: 'coin-referral+jwt' })}.${part(body)}.c2lnbmF0dXJl`;
}

function world(rule: CommissionRule | null = { kind: 'bps', bps: 1000 }, setBy: number | null = admin, approvedBy?: number): LedgerState {
  const state: LedgerState = {
    wallets: new Map(),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
  };
  const open = (party: Party, balance: number) =>
    state.wallets.set(walletKeyOf(party), { ...emptyWallet(party, now), balance, totalReceived: balance });
  open({ kind: 'user', userId: buyer }, 100_000);
  open({ kind: 'user', userId: affiliate }, 0);
  open({ kind: 'user', userId: admin }, 0);
  open({ kind: 'treasury', code: 'OPERATIONS' }, 0);
  const treasury = state.wallets.get('treasury:OPERATIONS')!;
  if (rule) treasury.commissions = { [shop]: { rule, setBy, ...(approvedBy === undefined ? {} : { approvedBy }) } };
  return state;
}

/** A purchase of `amount` by the buyer, its affiliate named by a referral of these claims (null: none). */
function purchase(amount: number, claims: Record<string, unknown> | null = {}): LedgerCommand {
  return {
    commandId: '00000000-0000-4000-8000-000000000001',
    type: 'ledger.transfer',
    issuedAt: now.toISOString(),
    actor: { kind: 'user', id: String(buyer) },
    data: {
      kind: 'PURCHASE',
      fromUserId: buyer,
      to: { kind: 'treasury', code: 'OPERATIONS' },
      amount,
      reason: 'course',
      reference: 'order-1',
      ...(claims ? { affiliate: { referral: referral(claims) } } : {}),
    },
  };
}

function balances(state: LedgerState): Record<string, number> {
  return Object.fromEntries([...state.wallets.values()].map((w) => [w.key, w.balance]));
}

function total(state: LedgerState): number {
  return [...state.wallets.values()].reduce((sum, w) => sum + w.balance, 0);
}

let nextId = 100;
/** Every transaction decided, as the store would keep it (a refund reads its purchase from here). */
let recorded: NewTransaction[] = [];
beforeEach(() => {
  recorded = [];
});

/** What the store's batch read gives a refund of `purchaseId`: the purchase, its refunds so far and its commission. */
function loadTarget(state: LedgerState, purchaseId: number): void {
  const purchase = recorded.find((t) => t.id === purchaseId)!;
  const commission = recorded.find(
    (t) =>
      t.splitOf === purchaseId &&
      t.type === 'TRANSFER' &&
      t.from?.kind === 'user' &&
      purchase.from?.kind === 'user' &&
      t.from.userId === purchase.from.userId,
  );
  state.refundTargets.set(purchaseId, {
    id: purchaseId,
    type: purchase.type,
    amount: purchase.amount,
    fromUserId: purchase.from?.kind === 'user' ? purchase.from.userId : null,
    toTreasury: purchase.to?.kind === 'treasury' ? purchase.to.code : null,
    refunded: recorded.filter((t) => t.refundOf === purchaseId).reduce((sum, t) => sum + t.amount, 0),
    commission: commission && commission.to?.kind === 'user' ? { amount: commission.amount, affiliateUserId: commission.to.userId } : null,
  });
}

/** Decides and applies a command, then its credit legs and clawbacks, as the partitions would. */
function run(state: LedgerState, command: LedgerCommand): Decision {
  const decision = decide(state, command, now, () => ++nextId);
  if (!decision.ok) return decision;
  evolve(state, decision, now);
  recorded.push(...(decision.transaction ? [decision.transaction] : []), ...decision.lineTransactions);
  for (const leg of decision.creditLegs) {
    const credit = decide(state, creditLegCommand(leg, now), now, () => ++nextId);
    if (!credit.ok) throw new Error(`credit leg refused: ${credit.code}`);
    evolve(state, credit, now);
  }
  for (const leg of decision.clawbacks ?? []) {
    if (run(state, clawbackLegCommand(leg, now)).ok !== true) throw new Error('a clawback is never refused');
  }
  return decision;
}

describe('a purchase naming an affiliate', () => {
  it('debits the buyer once for the whole amount and credits the treasury and the affiliate, supply exact', () => {
    const state = world();
    const before = total(state);
    const decision = run(state, purchase(10_000)) as Accepted;
    expect(decision.ok).toBe(true);
    const [commission] = decision.lineTransactions as [NewTransaction];
    expect(decision.transaction).toMatchObject({ type: 'PURCHASE', amount: 9_000, reference: 'order-1' });
    expect(commission).toMatchObject({
      type: 'TRANSFER',
      amount: 1_000,
      from: { kind: 'user', userId: buyer },
      to: { kind: 'user', userId: affiliate },
      splitOf: decision.transaction!.id,
      reference: 'order-1',
    });
    // One debit for the limits, of the whole amount.
    expect(decision.effects).toEqual([{ kind: 'limits', walletKey: `user:${buyer}`, spent: { amount: 10_000, count: 1 } }]);
    expect(balances(state)).toMatchObject({ [`user:${buyer}`]: 90_000, 'treasury:OPERATIONS': 9_000, [`user:${affiliate}`]: 1_000 });
    expect(total(state)).toBe(before);
  });

  it('takes a fixed commission as set', () => {
    const state = world({ kind: 'fixed', amount: 150 });
    run(state, purchase(10_000));
    expect(balances(state)).toMatchObject({ 'treasury:OPERATIONS': 9_850, [`user:${affiliate}`]: 150 });
  });

  it('without an affiliate, is one PURCHASE as before', () => {
    const state = world();
    const decision = run(state, purchase(10_000, null)) as Accepted;
    expect(decision.lineTransactions).toEqual([]);
    expect(balances(state)).toMatchObject({ 'treasury:OPERATIONS': 10_000, [`user:${affiliate}`]: 0 });
  });

  const refusals: Array<[string, () => { state: LedgerState; command: LedgerCommand }, string]> = [
    [
      'a referral naming the buyer (self-referral)',
      () => ({ state: world(), command: purchase(10_000, { affiliate: buyer }) }),
      'SELF_REFERRAL',
    ],
    ['a referral signed for another buyer', () => ({ state: world(), command: purchase(10_000, { buyer: 4243 }) }), 'REFERRAL_INVALID'],
    [
      'a referral signed for another treasury',
      () => ({ state: world(), command: purchase(10_000, { treasury: 'COURSE_FEES' }) }),
      'REFERRAL_INVALID',
    ],
    [
      'a referral bound to another purchase reference',
      () => ({ state: world(), command: purchase(10_000, { reference: 'order-2' }) }),
      'REFERRAL_INVALID',
    ],
    [
      "one of the people behind the client's grant as the affiliate",
      () => ({ state: world(), command: purchase(10_000, { affiliate: clientPeople.approvedBy }) }),
      'SELF_DEALING',
    ],
    ['an unknown affiliate', () => ({ state: world(), command: purchase(10_000, { affiliate: 4242 }) }), 'USER_NOT_FOUND'],
    ['no rule for the treasury', () => ({ state: world(null), command: purchase(10_000) }), 'COMMISSION_RULE_MISSING'],
    [
      'a client with no rule for this treasury',
      () => ({ state: world(), command: purchase(10_000, { sub: 'pc_other' }) }),
      'COMMISSION_RULE_MISSING',
    ],
    [
      'a commission that rounds to 0',
      () => ({ state: world({ kind: 'bps', bps: 100 }), command: purchase(99) }),
      'COMMISSION_OUT_OF_RANGE',
    ],
    [
      'a fixed commission of the whole amount',
      () => ({ state: world({ kind: 'fixed', amount: 500 }), command: purchase(500) }),
      'COMMISSION_OUT_OF_RANGE',
    ],
    [
      'the admin who asked for the rule as the affiliate',
      () => ({ state: world(undefined, affiliate), command: purchase(10_000) }),
      'SELF_DEALING',
    ],
    [
      'the admin who approved the rule as the affiliate',
      () => ({ state: world(undefined, admin, affiliate), command: purchase(10_000) }),
      'SELF_DEALING',
    ],
    ['more than the buyer has', () => ({ state: world(), command: purchase(100_001) }), 'INSUFFICIENT_FUNDS'],
  ];

  it.each(refusals)('refuses %s, and changes nothing', (_name, setup, code) => {
    const { state, command } = setup();
    const before = balances(state);
    const decision = run(state, command);
    expect(decision).toMatchObject({ ok: false, code });
    expect(balances(state)).toEqual(before);
  });

  it('refuses an affiliate whose wallet is closed', () => {
    const state = world();
    state.wallets.get(`user:${affiliate}`)!.status = 'CLOSED';
    expect(run(state, purchase(10_000))).toMatchObject({ ok: false, code: 'RECIPIENT_CLOSED' });
  });

  it('refuses a stored rule out of bounds (a hand-edited row is parsed again in domain/kinds/commissions.ts; the decider refuses what it cannot split)', () => {
    const state = world({ kind: 'fixed', amount: 20_000 });
    expect(run(state, purchase(10_000))).toMatchObject({ ok: false, code: 'COMMISSION_OUT_OF_RANGE' });
  });
});

describe('setting a commission rule: two people', () => {
  const second = 98;
  const change = (rule: CommissionRule | null) => ({
    type: 'ledger.set-commission',
    data: { treasury: 'OPERATIONS', clientId: 'pc_new', rule },
  });
  let n = 0;
  function command(type: LedgerCommand['type'], data: object, actorId = String(admin)): LedgerCommand {
    n += 1;
    const commandId = `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;
    const actor = { kind: 'user' as const, id: actorId, role: 'ADMIN' as const };
    return { commandId, type, issuedAt: now.toISOString(), actor, data, ...deciderProof(type, actor) } as LedgerCommand;
  }
  const ask = (rule: CommissionRule | null) => command('ledger.request-approval', { command: change(rule) });
  const approve = (request: LedgerCommand, rule: CommissionRule | null, by = String(second)) =>
    command('ledger.approve', { approvalId: approvalIdOf(request), command: change(rule), holds: 'commission-change' }, by);

  it('when one ADMIN sets a rule directly, then it is refused: only an approval applies it', () => {
    const state = world();
    expect(run(state, command('ledger.set-commission', change({ kind: 'bps', bps: 250 }).data))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(Object.keys(state.wallets.get('treasury:OPERATIONS')!.commissions!)).toEqual([shop]);
  });

  it('when the requester approves their own change, then APPROVAL_BY_REQUESTER; as an Approval it is not found; a second ADMIN approves it and the rule records both', () => {
    const state = world();
    const request = ask({ kind: 'bps', bps: 250 });
    expect(run(state, request)).toMatchObject({ ok: true, effects: [{ kind: 'approvals', approval: { status: 'PENDING' } }] });
    expect(run(state, approve(request, { kind: 'bps', bps: 250 }, String(admin)))).toMatchObject({
      ok: false,
      code: 'APPROVAL_BY_REQUESTER',
    });
    const asApproval = command(
      'ledger.approve',
      { approvalId: approvalIdOf(request), command: change({ kind: 'bps', bps: 250 }) },
      String(second),
    );
    expect(run(state, asApproval)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_FOUND' });
    expect(Object.keys(state.wallets.get('treasury:OPERATIONS')!.commissions!)).toEqual([shop]);
    const applied = run(state, approve(request, { kind: 'bps', bps: 250 })) as Accepted;
    expect(applied).toMatchObject({
      ok: true,
      transaction: null,
      effects: [
        {
          kind: 'commissions',
          walletKey: 'treasury:OPERATIONS',
          clientId: 'pc_new',
          rule: { kind: 'bps', bps: 250 },
          setBy: admin,
          approvedBy: second,
        },
        { kind: 'approvals', approval: { status: 'APPROVED', transactionId: null } },
      ],
    });
    expect(state.wallets.get('treasury:OPERATIONS')!.commissions).toEqual({
      [shop]: { rule: { kind: 'bps', bps: 1000 }, setBy: admin },
      pc_new: { rule: { kind: 'bps', bps: 250 }, setBy: admin, approvedBy: second },
    });
    // Removed the same way.
    const removal = ask(null);
    run(state, removal);
    expect(run(state, approve(removal, null))).toMatchObject({ ok: true });
    expect(Object.keys(state.wallets.get('treasury:OPERATIONS')!.commissions!)).toEqual([shop]);
  });

  it('refuses a change of an unknown treasury when it is asked for', () => {
    const state = world();
    state.wallets.delete('treasury:OPERATIONS');
    expect(run(state, ask({ kind: 'bps', bps: 250 }))).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('a refund of a split purchase reverses the split in proportion', () => {
  function refund(purchaseId: number, amount?: number): LedgerCommand {
    return {
      commandId: `00000000-0000-4000-8000-0000000001${String(nextId).padStart(2, '0').slice(-2)}`,
      type: 'ledger.refund',
      issuedAt: now.toISOString(),
      actor: { kind: 'user', id: String(admin) },
      data: { transactionId: purchaseId, treasury: 'OPERATIONS', reason: 'returned', ...(amount !== undefined ? { amount } : {}) },
    };
  }

  /** A world where the buyer bought 100.00 with 10% to the affiliate, and the treasury holds more coins. */
  function bought() {
    const state = world();
    state.wallets.get('treasury:OPERATIONS')!.balance = 50_000;
    const total0 = total(state);
    const purchaseId = (run(state, purchase(10_000)) as Accepted).transaction!.id;
    return { state, purchaseId, total0 };
  }

  it('the four-eyes windows count what the buyer gets back, the refund and the fronted commission: 90.00 alone stays under a 95.00 window, the 100.00 waits', () => {
    const { state, purchaseId } = bought();
    loadTarget(state, purchaseId);
    const withWindow = (actorWindow: number) => ({
      ...defaultPolicy,
      fourEyes: { ...defaultPolicy.fourEyes, actorWindow, recipientWindow: null },
    });
    const waits = decide(state, refund(purchaseId), now, () => ++nextId, withWindow(9_500)) as Accepted;
    expect([waits.ok, waits.parked, waits.transaction]).toEqual([true, true, null]);
    const applies = decide(state, refund(purchaseId), now, () => ++nextId, withWindow(10_001)) as Accepted;
    expect(applies.parked).toBeFalsy();
    expect(applies.effects).toContainEqual({ kind: 'windows', scope: `actor:user:${admin}`, amount: 10_000 });
  });

  it('a full refund gives the buyer the whole amount back and takes the whole commission from the affiliate', () => {
    const { state, purchaseId, total0 } = bought();
    loadTarget(state, purchaseId);
    const decision = run(state, refund(purchaseId)) as Accepted;
    expect(decision.transaction).toMatchObject({ type: 'REFUND', amount: 9_000, refundOf: purchaseId });
    expect(decision.lineTransactions).toEqual([expect.objectContaining({ type: 'TRANSFER', amount: 1_000, splitOf: purchaseId })]);
    expect(balances(state)).toMatchObject({ [`user:${buyer}`]: 100_000, [`user:${affiliate}`]: 0, 'treasury:OPERATIONS': 50_000 });
    expect(total(state)).toBe(total0);
    const clawback = recorded.at(-1)!;
    expect(clawback).toMatchObject({ type: 'TRANSFER', amount: 1_000, from: { kind: 'user', userId: affiliate }, splitOf: purchaseId });
  });

  it('partial refunds claw back in proportion, rounding on the running total, and add up to the commission', () => {
    const { state, purchaseId, total0 } = bought();
    for (const part of [3_001, 2_999, 3_000]) {
      loadTarget(state, purchaseId);
      expect(run(state, refund(purchaseId, part)).ok).toBe(true);
    }
    expect(balances(state)).toMatchObject({ [`user:${buyer}`]: 100_000, [`user:${affiliate}`]: 0, 'treasury:OPERATIONS': 50_000 });
    expect(total(state)).toBe(total0);
    loadTarget(state, purchaseId);
    expect(run(state, refund(purchaseId, 1))).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_PURCHASE' });
  });

  it('when the affiliate has spent the commission, takes what they have; the treasury bears the rest, supply exact', () => {
    const { state, purchaseId, total0 } = bought();
    // The affiliate spent 7.00 of their 10.00.
    const spent = state.wallets.get(`user:${affiliate}`)!;
    spent.balance -= 700;
    state.wallets.get(`user:${admin}`)!.balance += 700;
    loadTarget(state, purchaseId);
    expect(run(state, refund(purchaseId)).ok).toBe(true);
    expect(balances(state)).toMatchObject({ [`user:${buyer}`]: 100_000, [`user:${affiliate}`]: 0, 'treasury:OPERATIONS': 49_300 });
    expect(total(state)).toBe(total0);
    expect(recorded.at(-1)!.reason).toMatch(/7 not recovered/);
  });

  it('when the affiliate has nothing left, the clawback takes nothing and makes no transaction', () => {
    const { state, purchaseId, total0 } = bought();
    state.wallets.get(`user:${affiliate}`)!.balance = 0;
    state.wallets.get(`user:${admin}`)!.balance += 1_000;
    loadTarget(state, purchaseId);
    const before = recorded.length;
    expect(run(state, refund(purchaseId)).ok).toBe(true);
    // The REFUND and the fronted part: no clawback transaction.
    expect(recorded.length).toBe(before + 2);
    expect(balances(state)).toMatchObject({ [`user:${buyer}`]: 100_000, 'treasury:OPERATIONS': 49_000 });
    expect(total(state)).toBe(total0);
  });

  it("takes the commission back from a frozen affiliate: a freeze stops the user's own outflows, not the ledger taking back what it fronted", () => {
    const { state, purchaseId, total0 } = bought();
    state.wallets.get(`user:${affiliate}`)!.freeze = {
      reason: 'under review',
      caseId: null,
      frozenBy: { kind: 'user', id: String(admin) },
      frozenAt: now,
    };
    loadTarget(state, purchaseId);
    expect(run(state, refund(purchaseId)).ok).toBe(true);
    // The treasury fronted the 10.00 once and has it back: it never pays the commission twice.
    expect(balances(state)).toMatchObject({ [`user:${buyer}`]: 100_000, [`user:${affiliate}`]: 0, 'treasury:OPERATIONS': 50_000 });
    expect(total(state)).toBe(total0);
    expect(recorded.at(-1)).toMatchObject({
      type: 'TRANSFER',
      amount: 1_000,
      from: { kind: 'user', userId: affiliate },
      splitOf: purchaseId,
    });
    // The frozen affiliate's own transfer of anything is still refused.
    state.wallets.get(`user:${affiliate}`)!.balance = 500;
    const own: LedgerCommand = {
      commandId: '00000000-0000-4000-8000-000000000077',
      type: 'ledger.transfer',
      issuedAt: now.toISOString(),
      actor: { kind: 'user', id: String(affiliate) },
      data: { kind: 'TRANSFER', fromUserId: affiliate, to: { kind: 'user', userId: buyer }, amount: 100, reason: 'out' },
    };
    expect(run(state, own)).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
  });

  it('refuses a refund the treasury cannot pay with the fronted part, and changes nothing', () => {
    const { state, purchaseId } = bought();
    state.wallets.get('treasury:OPERATIONS')!.balance = 9_500;
    loadTarget(state, purchaseId);
    const before = balances(state);
    expect(run(state, refund(purchaseId))).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(balances(state)).toEqual(before);
  });
});
