import type { Actor, LedgerCommand } from '@coin/contracts';
import { decide, evolve } from '../ledger';
import { defaultPolicy, emptyWallet, type Accepted, type Decision, type LedgerPolicy, type LedgerState } from '../state';
import { moduleOf } from './table';
import { holdChangesOf } from '../kinds/holds';

/**
 * A claimed cash-out's end, a freeze's reach into the provider's queue and the cash-out four-eyes
 * counted over a day (docs/CONTRACT.md "Cash-out"), each attack first: once a provider claimed a
 * cash-out (it may have paid the XAF already) no one person releases its coins, by the hold
 * routes or by letting it expire; a freeze stops claims and the confirmation of a claim made
 * after it; cash-outs of one user that add up past the threshold in a rolling day wait for a second person.
 */

const t0 = new Date('2026-11-24T10:00:00.000Z');
const provider: Actor = { kind: 'system', id: 'pc_momo' };
const admin: Actor = { kind: 'user', id: '5', role: 'ADMIN' };
const policy: LedgerPolicy = {
  ...defaultPolicy,
  cashout: {
    rates: [{ xafPerCoin: 655, effectiveFrom: new Date('2026-01-01T00:00:00.000Z') }],
    windowSeconds: 3600,
    dailyAmount: { unverified: 0, verified: 10_000_000 },
    fourEyesAmount: 1_000_000,
  },
};
const verifiedProof = `h.${Buffer.from(JSON.stringify({ sub: '1', role: 'USER', verified: true })).toString('base64url')}.s`;

function stateWith(balance: number): LedgerState {
  const wallet = { ...emptyWallet({ kind: 'user', userId: 1 }, t0), balance, totalReceived: balance };
  return {
    wallets: new Map([[wallet.key, wallet]]),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
  };
}

let n = 0;
function command(type: LedgerCommand['type'], data: object, actor: Actor = { kind: 'user', id: '1' }, proof?: string): LedgerCommand {
  n += 1;
  const commandId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { commandId, type, issuedAt: t0.toISOString(), actor, data, ...(proof ? { proof } : {}) } as LedgerCommand;
}
const ask = (amount: number) =>
  command(
    'ledger.cashout',
    { fromUserId: 1, amount, msisdn: '+237670000000', idNonce: `nonce-${'x'.repeat(20)}-${n}` },
    undefined,
    verifiedProof,
  );
const claim = (holdId: string) => command('ledger.claim-cashout', { holdId, fromUserId: 1 }, provider);
const settle = (holdId: string, outcome: 'CONFIRMED' | 'FAILED') =>
  command('ledger.settle-cashout', { holdId, fromUserId: 1, outcome, callbackId: `msg_${n}`, providerReference: 'MOMO-1' }, provider);
const voidBy = (holdId: string, actor: Actor) => command('ledger.void-hold', { holdId, fromUserId: 1 }, actor);
const sweep = (holdId: string) => command('ledger.expire-hold', { holdId, fromUserId: 1 }, { kind: 'service', id: 'ledger' });

let nextId = 0;
function run(state: LedgerState, cmd: LedgerCommand, now = t0): Decision {
  const decision = decide(state, cmd, now, () => ++nextId, policy);
  if (decision.ok) evolve(state, decision, now);
  return decision;
}
function accepted(decision: Decision): Accepted {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.detail}`);
  return decision;
}
const wallet = (state: LedgerState) => state.wallets.get('user:1')!;
const freeze = (state: LedgerState, at: Date) => {
  const frozenBy = { kind: 'user' as const, id: '5' };
  state.wallets.set('user:1', {
    ...wallet(state),
    freeze: { reason: 'case', caseId: null, frozenBy, frozenAt: at },
  });
};

describe('a claimed cash-out, in the ledger domain', () => {
  it('when one ADMIN voids a cash-out its provider claimed, then it is refused and the coins stay held for the callback', () => {
    const state = stateWith(100_000);
    const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    accepted(run(state, claim(hold.id)));
    expect(run(state, voidBy(hold.id, admin))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(run(state, voidBy(hold.id, { kind: 'user', id: '1', role: 'ADMIN' }))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // Its own claimer ends it by its callback, not by the hold routes.
    expect(run(state, voidBy(hold.id, provider))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(wallet(state)).toMatchObject({ balance: 100_000, held: 10_000 });
    accepted(run(state, settle(hold.id, 'CONFIRMED')));
    expect(wallet(state)).toMatchObject({ balance: 90_000, held: 0 });
  });

  it('when an ADMIN voids a cash-out no provider claimed yet, then it is released and the release is an audited act', () => {
    const state = stateWith(100_000);
    const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    const release = voidBy(hold.id, admin);
    const applied = accepted(run(state, release));
    expect(moduleOf(release).audit(release, applied)).toEqual({
      serviceAction: 'cashout.release',
      target: `hold:${hold.id}`,
      summary: { cashoutId: hold.id, userId: 1 },
    });
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'VOIDED' });
    expect(run(state, claim(hold.id))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
  });

  it('when a claimed cash-out passes its window, then the sweep marks it overdue, releases nothing, and the provider still settles it', () => {
    const state = stateWith(100_000);
    const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    accepted(run(state, claim(hold.id)));
    const late = new Date(t0.getTime() + 3600_000);
    accepted(run(state, sweep(hold.id), late));
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'PENDING', cashout: { overdueAt: late } });
    expect(wallet(state)).toMatchObject({ balance: 100_000, held: 10_000 });
    const confirmed = accepted(run(state, settle(hold.id, 'CONFIRMED'), new Date(late.getTime() + 60_000)));
    expect(confirmed.transaction).toMatchObject({ type: 'BURN', amount: 10_000 });
    expect(wallet(state)).toMatchObject({ balance: 90_000, held: 0 });
  });

  it('when an unclaimed cash-out passes its window, then the sweep releases it as before', () => {
    const state = stateWith(100_000);
    const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    accepted(run(state, sweep(hold.id), new Date(t0.getTime() + 3600_000)));
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'EXPIRED' });
  });
});

describe('a freeze and the provider queue, in the ledger domain', () => {
  it('when the wallet is frozen after the cash-out was asked for, then a provider claim is refused WALLET_FROZEN', () => {
    const state = stateWith(100_000);
    const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    freeze(state, new Date(t0.getTime() + 1_000));
    expect(run(state, claim(hold.id), new Date(t0.getTime() + 2_000))).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'PENDING', cashout: { claimedBy: null } });
  });

  it('when a claim came after the freeze, then its CONFIRMED is refused WALLET_FROZEN; a claim before the freeze is confirmed', () => {
    const state = stateWith(100_000);
    const before = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    const after = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    accepted(run(state, claim(before.id)));
    // A claim stored after the freeze (one applied before this rule, or raced in): its burn is refused.
    freeze(state, new Date(t0.getTime() + 1_000));
    const claimedLate = new Date(t0.getTime() + 2_000);
    const held = state.holds!.get(after.id)!;
    state.holds!.set(after.id, {
      ...held,
      settlerClientId: 'pc_momo',
      cashout: { ...held.cashout!, claimedBy: 'pc_momo', claimedAt: claimedLate },
    });
    expect(run(state, settle(after.id, 'CONFIRMED'), claimedLate)).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
    accepted(run(state, settle(after.id, 'FAILED'), claimedLate));
    accepted(run(state, settle(before.id, 'CONFIRMED'), claimedLate));
    expect(wallet(state)).toMatchObject({ balance: 90_000, held: 0 });
  });
});

describe('the cash-out four-eyes over a rolling day, in the ledger domain', () => {
  it('when one user cashes out 5 × 10,000 coins, then the one that takes the day past 10,000 waits for a second person', () => {
    const state = stateWith(10_000_000);
    const asked = [0, 1, 2, 3, 4].map(
      (i) => holdChangesOf(accepted(run(state, ask(1_000_000), new Date(t0.getTime() + i * 60_000))))[0]!.hold,
    );
    expect(asked[0]!.cashout?.secondPerson).toBeNull();
    for (const later of asked.slice(1)) expect(later.cashout?.secondPerson).toEqual({ approvedBy: null, approvedAt: null });
    expect(run(state, claim(asked[1]!.id))).toMatchObject({ ok: false, code: 'CASHOUT_NOT_APPROVED' });
    // A day later the window is empty again.
    const nextDay = holdChangesOf(accepted(run(state, ask(1_000_000), new Date(t0.getTime() + 25 * 3600_000))))[0]!.hold;
    expect(nextDay.cashout?.secondPerson).toBeNull();
  });
});
