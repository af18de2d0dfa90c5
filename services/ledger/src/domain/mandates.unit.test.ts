import { payerOfMandateId, walletKeyOfTreasury, walletKeyOfUser, type LedgerCommand, type LedgerCommandOf } from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import { decide, defaultPolicy, emptyWallet, evolve, type Accepted, type Decision, type LedgerState, type MandateState } from './ledger';
import { cancelMandate } from './commands/cancel-mandate';
import { chargeCommandId, mandateIdOf, periodStart } from './mandates';
import { mandateChangesOf } from './kinds/mandates';

/**
 * Mandates, decided in the payer's partition (docs/design/ledger.md "Mandates"): grant, charge and
 * cancel of one mandate, and the hostile ones — another platform, a replayed charge of a paid
 * period, a charge before the start or after the end, above the mandate, after a cancel.
 */

const t0 = new Date('2026-01-31T10:00:00.000Z');
const dayMs = 24 * 3600 * 1000;
const payer = 7;
const platform = 'streamco';

function stateWith(balance: number): LedgerState {
  const user = { ...emptyWallet({ kind: 'user', userId: payer }, t0), balance, totalReceived: balance };
  const subscriptions = emptyWallet({ kind: 'treasury', code: 'SUBSCRIPTIONS' }, t0);
  return {
    wallets: new Map([
      [user.key, user],
      [subscriptions.key, subscriptions],
    ]),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
  };
}

let ids = 1000;
/** Decides and, when accepted, applies: what the apply does for one command. */
function apply(state: LedgerState, command: LedgerCommand, at: Date): Decision {
  const decision = decide(state, command, at, () => ++ids, defaultPolicy);
  if (decision.ok) evolve(state, decision, at);
  return decision;
}

function grant(extra: Partial<LedgerCommandOf<'ledger.grant-mandate'>['data']> = {}): LedgerCommandOf<'ledger.grant-mandate'> {
  return {
    commandId: '00000000-0000-4000-8000-0000000000a1',
    type: 'ledger.grant-mandate',
    issuedAt: t0.toISOString(),
    actor: { kind: 'user', id: String(payer) },
    data: {
      fromUserId: payer,
      clientId: platform,
      amount: 500,
      period: 'MONTH',
      startsAt: t0.toISOString(),
      reason: 'StreamCo monthly',
      idNonce: 'bm9uY2Utbm9uY2Utbm9uY2Utbm9uY2U',
      ...extra,
    },
  };
}

function charge(mandateId: string, period: number, attempt: number, amount?: number): LedgerCommandOf<'ledger.charge-mandate'> {
  return {
    commandId: chargeCommandId(mandateId, period, attempt),
    type: 'ledger.charge-mandate',
    issuedAt: t0.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: { mandateId, fromUserId: payer, period, attempt, ...(amount === undefined ? {} : { amount }) },
  };
}

function cancel(mandateId: string, actor: LedgerCommand['actor'], reason?: string): LedgerCommandOf<'ledger.cancel-mandate'> {
  return {
    commandId: '00000000-0000-4000-8000-0000000000c1',
    type: 'ledger.cancel-mandate',
    issuedAt: t0.toISOString(),
    actor,
    data: { mandateId, fromUserId: payer, ...(reason === undefined ? {} : { reason }) },
  };
}

const admin = { kind: 'user' as const, id: '42', role: 'ADMIN' as const };

function granted(state: LedgerState, extra: Partial<LedgerCommandOf<'ledger.grant-mandate'>['data']> = {}): MandateState {
  const decision = apply(state, grant(extra), t0) as Accepted;
  expect(decision.ok).toBe(true);
  return mandateChangesOf(decision)[0]!.mandate;
}

const balanceOf = (state: LedgerState) => state.wallets.get(walletKeyOfUser(payer))!.balance;
const code = (decision: Decision) => (decision as Rejected).code;

describe('mandates: grant', () => {
  it('when the payer grants a mandate, then it is ACTIVE, names its payer in its id and is due at its start', () => {
    const state = stateWith(0);
    const mandate = granted(state);
    expect(mandate).toMatchObject({ status: 'ACTIVE', nextPeriod: 0, failedAttempts: 0, maxPerPeriod: 500, clientId: platform });
    expect(mandate.nextChargeAt).toEqual(t0);
    expect(payerOfMandateId(mandate.id)).toBe(payer);
    expect(mandate.id).toBe(mandateIdOf(grant()));
  });

  it.each([
    ['a start in the past', { startsAt: new Date(t0.getTime() - dayMs).toISOString() }],
    ['a start more than a year ahead', { startsAt: new Date(t0.getTime() + 400 * dayMs).toISOString() }],
    ['an end before the start', { endsAt: new Date(t0.getTime() - 1000).toISOString() }],
    ['a maximum below the amount', { maxPerPeriod: 499 }],
  ])('when a grant has %s, then it is refused and nothing is stored', (_name, extra) => {
    const state = stateWith(0);
    expect(code(apply(state, grant(extra), t0))).toBe('VALIDATION_FAILED');
    expect(state.mandates!.size).toBe(0);
  });
});

describe('mandates: a start in the past, for test stacks only', () => {
  const threeDaysBack = { period: 'DAY' as const, startsAt: new Date(t0.getTime() - 3 * dayMs).toISOString() };
  const testPolicy = { ...defaultPolicy, mandateBackdateSeconds: 31 * 24 * 3600 };

  it('when a test stack allows a start in the past, then a DAY mandate started three days ago has its four periods due now, each charged once in turn', () => {
    const state = stateWith(2000);
    const decided = decide(state, grant(threeDaysBack), t0, () => ++ids, testPolicy) as Accepted;
    expect(decided.ok).toBe(true);
    evolve(state, decided, t0);
    const mandate = mandateChangesOf(decided)[0]!.mandate;
    for (const period of [0, 1, 2, 3]) {
      const paid = apply(state, charge(mandate.id, period, 0), t0) as Accepted;
      expect([period, paid.ok, paid.transaction?.reference]).toEqual([period, true, `mandate:${mandate.id}:${period}`]);
    }
    // Period 4 starts tomorrow; period 3 is paid.
    expect(code(apply(state, charge(mandate.id, 4, 0), t0))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(code(apply(state, charge(mandate.id, 3, 0), t0))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(balanceOf(state)).toBe(0);
  });

  it("when the policy is the contract's (no backdating), then the same grant is refused", () => {
    expect(code(decide(stateWith(0), grant(threeDaysBack), t0, () => ++ids, defaultPolicy))).toBe('VALIDATION_FAILED');
  });
});

describe('mandates: charges', () => {
  it('when a period is due, then it is charged once into SUBSCRIPTIONS, and a replay of the paid period is refused', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    const first = apply(state, charge(mandate.id, 0, 0), t0) as Accepted;
    expect(first.ok).toBe(true);
    expect(first.transaction).toMatchObject({
      type: 'PURCHASE',
      amount: 500,
      to: { kind: 'treasury', code: 'SUBSCRIPTIONS' },
      clientId: platform,
    });
    expect(first.creditLegs).toEqual([expect.objectContaining({ to: { kind: 'treasury', code: 'SUBSCRIPTIONS' }, amount: 500 })]);
    expect(balanceOf(state)).toBe(1500);
    const after = state.mandates!.get(mandate.id)!;
    expect(after.nextPeriod).toBe(1);
    // The next period is a calendar month on: 31 January → 28 February (the last day of a shorter month).
    expect(after.nextChargeAt).toEqual(new Date('2026-02-28T10:00:00.000Z'));
    // A replay (the same command, or a forged one naming the paid period with another attempt) charges nothing.
    expect(code(apply(state, charge(mandate.id, 0, 0), t0))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(code(apply(state, charge(mandate.id, 0, 1), t0))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(balanceOf(state)).toBe(1500);
  });

  it('when a charge names a period not begun (or comes before the start), then it is refused', () => {
    const state = stateWith(2000);
    const mandate = granted(state, { startsAt: new Date(t0.getTime() + dayMs).toISOString() });
    expect(code(apply(state, charge(mandate.id, 0, 0), t0))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(code(apply(state, charge(mandate.id, 1, 0), new Date(t0.getTime() + 40 * dayMs)))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(balanceOf(state)).toBe(2000);
  });

  it('when a charge asks more than the mandate allows a period, then it is refused', () => {
    const state = stateWith(2000);
    const mandate = granted(state, { maxPerPeriod: 800 });
    expect(code(apply(state, charge(mandate.id, 0, 0, 801), t0))).toBe('CHARGE_EXCEEDS_MANDATE');
    expect(balanceOf(state)).toBe(2000);
    expect((apply(state, charge(mandate.id, 0, 0, 800), t0) as Accepted).transaction?.amount).toBe(800);
  });

  it('when a charge names the mandate under another payer, then it finds no mandate', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    const forged = { ...charge(mandate.id, 0, 0), data: { ...charge(mandate.id, 0, 0).data, fromUserId: 8 } };
    expect(code(apply(state, forged, t0))).toBe('MANDATE_NOT_FOUND');
  });

  it('when the period after the end comes, then the mandate ENDS instead of charging', () => {
    const state = stateWith(5000);
    const mandate = granted(state, { period: 'DAY', endsAt: new Date(t0.getTime() + 2 * dayMs).toISOString() });
    expect(apply(state, charge(mandate.id, 0, 0), t0).ok).toBe(true);
    const second = apply(state, charge(mandate.id, 1, 0), new Date(t0.getTime() + dayMs)) as Accepted;
    expect(mandateChangesOf(second).map((c) => c.event)).toEqual(['charged', 'ended']);
    expect(state.mandates!.get(mandate.id)).toMatchObject({ status: 'ENDED', nextChargeAt: null, nextPeriod: 2 });
    expect(code(apply(state, charge(mandate.id, 2, 0), new Date(t0.getTime() + 2 * dayMs)))).toBe('MANDATE_NOT_ACTIVE');
    expect(balanceOf(state)).toBe(4000);
  });

  it('when funds are short, then the attempt is recorded and retried after the pause, then PAST_DUE once the grace period is over', () => {
    const state = stateWith(100);
    const mandate = granted(state);
    const failed = apply(state, charge(mandate.id, 0, 0), t0) as Accepted;
    expect(failed.ok).toBe(true);
    expect(failed.transaction).toBeNull();
    expect(mandateChangesOf(failed)[0]).toMatchObject({ event: 'charge-failed', failure: { period: 0, attempt: 0 } });
    const retryAt = new Date(t0.getTime() + defaultPolicy.mandateRetrySeconds * 1000);
    expect(state.mandates!.get(mandate.id)).toMatchObject({ status: 'ACTIVE', failedAttempts: 1, nextChargeAt: retryAt });
    // Too early for the retry, or the old attempt again: refused.
    expect(code(apply(state, charge(mandate.id, 0, 1), new Date(retryAt.getTime() - 1)))).toBe('MANDATE_CHARGE_NOT_DUE');
    expect(code(apply(state, charge(mandate.id, 0, 0), retryAt))).toBe('MANDATE_CHARGE_NOT_DUE');
    let at = retryAt;
    let attempt = 1;
    for (;;) {
      const decision = apply(state, charge(mandate.id, 0, attempt), at) as Accepted;
      const { event } = mandateChangesOf(decision)[0]!;
      if (event === 'past-due') break;
      expect(event).toBe('charge-failed');
      at = state.mandates!.get(mandate.id)!.nextChargeAt!;
      attempt += 1;
    }
    const graceEnds = t0.getTime() + defaultPolicy.mandateGraceSeconds * 1000;
    expect(at.getTime()).toBeLessThanOrEqual(graceEnds);
    expect(state.mandates!.get(mandate.id)).toMatchObject({ status: 'PAST_DUE', nextChargeAt: null });
    expect(code(apply(state, charge(mandate.id, 0, attempt + 1), new Date(graceEnds)))).toBe('MANDATE_NOT_ACTIVE');
    expect(balanceOf(state)).toBe(100);
  });

  it('when funds arrive before the grace period ends, then the retry charges and the count starts over', () => {
    const state = stateWith(100);
    const mandate = granted(state);
    apply(state, charge(mandate.id, 0, 0), t0);
    state.wallets.get(walletKeyOfUser(payer))!.balance = 1000;
    const retryAt = state.mandates!.get(mandate.id)!.nextChargeAt!;
    expect((apply(state, charge(mandate.id, 0, 1), retryAt) as Accepted).transaction?.amount).toBe(500);
    expect(state.mandates!.get(mandate.id)).toMatchObject({ nextPeriod: 1, failedAttempts: 0 });
  });
  it('when the payer is frozen, then the charge is a failed attempt (not a refusal that would keep its id), and the retry after the freeze is lifted charges', () => {
    const state = stateWith(1000);
    const mandate = granted(state);
    const payerWallet = state.wallets.get(walletKeyOfUser(payer))!;
    payerWallet.freeze = { reason: 'case', caseId: null, frozenBy: { kind: 'user', id: '1' }, frozenAt: t0 };
    const frozen = apply(state, charge(mandate.id, 0, 0), t0) as Accepted;
    expect(frozen.ok).toBe(true);
    expect(frozen.transaction).toBeNull();
    expect(mandateChangesOf(frozen)[0]).toMatchObject({
      event: 'charge-failed',
      failure: { period: 0, attempt: 0, detail: 'The wallet is frozen' },
    });
    payerWallet.freeze = null;
    const retryAt = state.mandates!.get(mandate.id)!.nextChargeAt!;
    expect((apply(state, charge(mandate.id, 0, 1), retryAt) as Accepted).transaction?.amount).toBe(500);
  });
});

describe('mandates: a revoked platform', () => {
  it('when the platform client a mandate was granted to is revoked, then the charge the scheduler sends cancels the mandate instead (by the client), moves nothing and no later period charges', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    // The ledger read the client's revocation (a floor with no token version) with the mandate.
    state.revokedClients = new Set([platform]);
    const decision = apply(state, charge(mandate.id, 0, 0), t0) as Accepted;
    expect(decision.ok).toBe(true);
    expect(decision.transaction).toBeNull();
    expect(mandateChangesOf(decision)).toEqual([
      expect.objectContaining({
        event: 'cancelled',
        mandate: expect.objectContaining({ status: 'CANCELLED', cancelledBy: 'client', nextChargeAt: null, nextPeriod: 0 }),
      }),
    ]);
    expect(balanceOf(state)).toBe(2000);
    expect(state.wallets.get(walletKeyOfTreasury('SUBSCRIPTIONS'))!.balance).toBe(0);
    expect(code(apply(state, charge(mandate.id, 1, 0), new Date(t0.getTime() + 40 * dayMs)))).toBe('MANDATE_NOT_ACTIVE');
  });

  it("when the client is revoked, then the scheduler's charge of the next period cancels the mandate before that period is due; a charge of another period is refused", () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    expect((apply(state, charge(mandate.id, 0, 0), t0) as Accepted).transaction).not.toBeNull();
    state.revokedClients = new Set([platform]);
    const early = new Date(t0.getTime() + dayMs);
    expect(code(apply(state, charge(mandate.id, 2, 0), early))).toBe('MANDATE_CHARGE_NOT_DUE');
    const decision = apply(state, charge(mandate.id, 1, 0), early) as Accepted;
    expect(decision.transaction).toBeNull();
    expect(mandateChangesOf(decision)[0]).toMatchObject({
      event: 'cancelled',
      mandate: { status: 'CANCELLED', cancelledBy: 'client', nextPeriod: 1 },
    });
    expect(balanceOf(state)).toBe(1500);
  });

  it("when another platform is revoked, then this platform's mandate charges as before", () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    state.revokedClients = new Set(['rivalco']);
    expect((apply(state, charge(mandate.id, 0, 0), t0) as Accepted).transaction).toMatchObject({ type: 'PURCHASE', amount: 500 });
  });
});

describe('mandates: cancel', () => {
  it('when the payer cancels, then a charge already scheduled for the due period is refused', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    const scheduled = charge(mandate.id, 0, 0);
    const cancelled = apply(state, cancel(mandate.id, { kind: 'user', id: String(payer) }), t0) as Accepted;
    expect(mandateChangesOf(cancelled)[0]!.mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'user', nextChargeAt: null });
    expect(code(apply(state, scheduled, t0))).toBe('MANDATE_NOT_ACTIVE');
    expect(balanceOf(state)).toBe(2000);
    expect(state.wallets.get(walletKeyOfTreasury('SUBSCRIPTIONS'))!.balance).toBe(0);
  });

  it('when the platform it was granted to cancels, then it is CANCELLED by the client', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    const decision = apply(state, cancel(mandate.id, { kind: 'system', id: platform }), t0) as Accepted;
    expect(mandateChangesOf(decision)[0]!.mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'client' });
  });

  it.each([
    ['another platform', { kind: 'system' as const, id: 'rivalco' }],
    ['another user', { kind: 'user' as const, id: '8' }],
  ])('when %s cancels the mandate, then it finds none and the mandate stays ACTIVE', (_name, actor) => {
    const state = stateWith(2000);
    const mandate = granted(state);
    expect(code(apply(state, cancel(mandate.id, actor), t0))).toBe('MANDATE_NOT_FOUND');
    expect(state.mandates!.get(mandate.id)!.status).toBe('ACTIVE');
  });

  it('when an ADMIN+ cancels for the payer with a reason, then it is CANCELLED by an admin and a charge already due is refused', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    const scheduled = charge(mandate.id, 0, 0);
    const command = cancel(mandate.id, admin, 'The payer asked support to stop it');
    const decision = apply(state, command, t0) as Accepted;
    expect(mandateChangesOf(decision)[0]!.mandate).toMatchObject({ status: 'CANCELLED', cancelledBy: 'admin', nextChargeAt: null });
    expect(code(apply(state, scheduled, t0))).toBe('MANDATE_NOT_ACTIVE');
    expect(balanceOf(state)).toBe(2000);
    // The admin's act is in the audit log as a service action naming the mandate, its payer and the reason.
    expect(cancelMandate.audit(command, decision)).toEqual({
      serviceAction: 'mandate.cancel',
      target: `mandate:${mandate.id}`,
      summary: { fromUserId: payer, reason: 'The payer asked support to stop it' },
    });
  });

  it("when the payer or the mandate's platform cancels, then no admin action is recorded", () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    const command = cancel(mandate.id, { kind: 'user', id: String(payer), role: 'ADMIN' });
    const decision = apply(state, command, t0) as Accepted;
    // An ADMIN who is the payer cancels their own mandate: the payer's act.
    expect(mandateChangesOf(decision)[0]!.mandate.cancelledBy).toBe('user');
    expect(cancelMandate.audit(command, decision)).toBeNull();
    expect(cancelMandate.audit(cancel(mandate.id, { kind: 'system', id: platform }), decision)).toBeNull();
  });

  it('when an ADMIN+ cancels for the payer without a reason, then it is refused and the mandate stays ACTIVE', () => {
    const state = stateWith(2000);
    const mandate = granted(state);
    expect(code(apply(state, cancel(mandate.id, admin), t0))).toBe('VALIDATION_FAILED');
    expect(state.mandates!.get(mandate.id)!.status).toBe('ACTIVE');
  });

  it.each([
    ['a USER who is not the payer', { kind: 'user' as const, id: '8', role: 'USER' as const }],
    ['a DEVELOPER who is not the payer', { kind: 'user' as const, id: '8', role: 'DEVELOPER' as const }],
    ['another platform', { kind: 'system' as const, id: 'rivalco' }],
  ])('when %s cancels with a reason as an admin would, then it finds none and the mandate stays ACTIVE', (_name, actor) => {
    const state = stateWith(2000);
    const mandate = granted(state);
    expect(code(apply(state, cancel(mandate.id, actor, 'I am support'), t0))).toBe('MANDATE_NOT_FOUND');
    expect(state.mandates!.get(mandate.id)!.status).toBe('ACTIVE');
  });

  it('when an ADMIN+ cancels a mandate already cancelled, then it is refused as no longer charging', () => {
    const state = stateWith(0);
    const mandate = granted(state);
    apply(state, cancel(mandate.id, { kind: 'user', id: String(payer) }), t0);
    expect(code(apply(state, cancel(mandate.id, admin, 'again'), t0))).toBe('MANDATE_NOT_ACTIVE');
  });

  it('when a cancelled mandate is cancelled again, then it is refused as no longer charging', () => {
    const state = stateWith(0);
    const mandate = granted(state);
    apply(state, cancel(mandate.id, { kind: 'user', id: String(payer) }), t0);
    expect(code(apply(state, cancel(mandate.id, { kind: 'user', id: String(payer) }), t0))).toBe('MANDATE_NOT_ACTIVE');
  });
});

describe('mandates: period starts', () => {
  it('when the period is a month from the 31st, then each start is the 31st or the last day of a shorter month', () => {
    const m = { startsAt: new Date('2026-01-31T10:00:00.000Z'), period: 'MONTH' as const };
    expect([1, 2, 3, 12, 13].map((i) => periodStart(m, i).toISOString().slice(0, 10))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2027-01-31',
      '2027-02-28',
    ]);
  });

  it('when the period is a day or a week, then it is that many whole days on', () => {
    expect(periodStart({ startsAt: t0, period: 'WEEK' }, 2)).toEqual(new Date(t0.getTime() + 14 * dayMs));
    expect(periodStart({ startsAt: t0, period: 'DAY' }, 3)).toEqual(new Date(t0.getTime() + 3 * dayMs));
  });
});
