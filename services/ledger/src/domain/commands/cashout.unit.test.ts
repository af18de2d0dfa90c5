import { cashoutCommand, type Actor, type LedgerCommand } from '@coin/contracts';
import { decide, evolve } from '../ledger';
import { defaultPolicy, emptyWallet, type Accepted, type Decision, type LedgerPolicy, type LedgerState } from '../state';
import { rateInForce } from './cashout';
import { holdChangesOf } from '../kinds/holds';

/**
 * Cash-out (docs/CONTRACT.md "Cash-out") through the ledger's own decide and evolve: held at
 * once, burned at the rate fixed when asked for on the provider's callback, released when the
 * provider fails it or no callback comes; a forged, a replayed or a capture instead of a callback is
 * refused; the daily amount follows the verification level.
 */

const t0 = new Date('2026-11-24T10:00:00.000Z');
const provider: Actor = { kind: 'system', id: 'pc_momo' };
const policy: LedgerPolicy = {
  ...defaultPolicy,
  cashout: {
    rates: [
      { xafPerCoin: 600, effectiveFrom: new Date('2026-01-01T00:00:00.000Z') },
      { xafPerCoin: 655, effectiveFrom: new Date('2026-11-01T00:00:00.000Z') },
      { xafPerCoin: 700, effectiveFrom: new Date('2026-12-01T00:00:00.000Z') },
    ],
    windowSeconds: 3600,
    dailyAmount: { unverified: 10_000, verified: 1_000_000 },
    fourEyesAmount: Number.MAX_SAFE_INTEGER,
  },
};

/** An access token's shape as the consumer hands it on (its signature was verified there): only the claims are read here. */
function proofWith(claims: object): string {
  return `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
}
const verifiedProof = proofWith({ sub: '1', role: 'USER', verified: true });

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
  return {
    commandId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type,
    issuedAt: t0.toISOString(),
    actor,
    data,
    ...(proof ? { proof } : {}),
  } as LedgerCommand;
}

const ask = (amount: number, proof: string | undefined = verifiedProof, providerClientId: string | null = 'pc_momo') =>
  command(
    'ledger.cashout',
    {
      fromUserId: 1,
      amount,
      msisdn: '+237670000000',
      ...(providerClientId !== null ? { providerClientId } : {}),
      idNonce: `nonce-${'x'.repeat(20)}-${n}`,
    },
    undefined,
    proof,
  );
const claim = (holdId: string, actor: Actor = provider) => command('ledger.claim-cashout', { holdId, fromUserId: 1 }, actor);
const settle = (holdId: string, outcome: 'CONFIRMED' | 'FAILED', actor: Actor = provider, callbackId = `msg_${n}`) =>
  command('ledger.settle-cashout', { holdId, fromUserId: 1, outcome, callbackId, providerReference: 'MOMO-1' }, actor);

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

describe('cash-out, in the ledger domain', () => {
  it('when a user cashes out and the provider confirms, then the coins are held, then burned with the XAF amount and the rate in force', () => {
    const state = stateWith(10_000);
    const asked = accepted(run(state, ask(2_550)));
    const hold = holdChangesOf(asked)[0]!.hold;
    // 25.50 coins at 655 XAF per coin (the version in force on 24 November), rounded down: 16,702 XAF.
    expect(hold.cashout).toMatchObject({ xafAmount: 16_702, xafPerCoin: 655, msisdn: '+237670000000', outcome: null });
    expect(hold).toMatchObject({ status: 'PENDING', settlerClientId: null, amount: 2_550 });
    expect(hold.cashout).toMatchObject({ providerClientId: 'pc_momo', claimedBy: null });
    expect(wallet(state)).toMatchObject({ balance: 10_000, held: 2_550 });

    const claimed = accepted(run(state, claim(hold.id)));
    // A claim moves nothing and publishes no coin.holds event: the hold stays PENDING, its settler is the claimer.
    expect(holdChangesOf(claimed)).toEqual([
      { kind: 'holds', hold: expect.objectContaining({ status: 'PENDING', settlerClientId: 'pc_momo' }), event: null },
    ]);
    expect(holdChangesOf(claimed)[0]!.hold.cashout).toMatchObject({ claimedBy: 'pc_momo', claimedAt: t0 });
    expect(claimed.transaction).toBeNull();
    expect(wallet(state)).toMatchObject({ balance: 10_000, held: 2_550 });

    const confirmed = accepted(run(state, settle(hold.id, 'CONFIRMED')));
    expect(confirmed.transaction).toMatchObject({
      type: 'BURN',
      amount: 2_550,
      from: { kind: 'user', userId: 1 },
      to: null,
      holdId: hold.id,
      metadata: { cashoutXafAmount: '16702', cashoutXafPerCoin: '655', cashoutProvider: 'pc_momo', cashoutProviderReference: 'MOMO-1' },
    });
    expect(confirmed.entries).toEqual([{ transactionId: confirmed.transaction!.id, walletKey: 'user:1', amount: -2_550 }]);
    expect(confirmed.creditLegs).toEqual([]);
    // The account number stays in the cash-out's terms: never in the record, kept for ever, nor in the hold's reason.
    expect(JSON.stringify([confirmed.transaction, hold.reason])).not.toContain('670000000');
    // The supply falls by exactly the coins burned: the only wallet lost them and nobody received them.
    expect(wallet(state)).toMatchObject({ balance: 7_450, held: 0, totalSent: 2_550 });
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'CAPTURED', cashout: { outcome: 'CONFIRMED', providerReference: 'MOMO-1' } });
  });

  it('when the provider fails a second cash-out, then its coins are released and nothing is burned', () => {
    const state = stateWith(10_000);
    const hold = holdChangesOf(accepted(run(state, ask(3_000))))[0]!.hold;
    accepted(run(state, claim(hold.id)));
    const failed = accepted(run(state, settle(hold.id, 'FAILED')));
    expect(failed.transaction).toBeNull();
    expect(failed.entries).toEqual([]);
    expect(wallet(state)).toMatchObject({ balance: 10_000, held: 0 });
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'VOIDED', cashout: { outcome: 'FAILED' } });
  });

  it('when another client, a person or a replayed callback tries to settle it, then each is refused and the coins stay held', () => {
    const state = stateWith(10_000);
    const hold = holdChangesOf(accepted(run(state, ask(1_000))))[0]!.hold;
    accepted(run(state, claim(hold.id)));
    expect(run(state, settle(hold.id, 'CONFIRMED', { kind: 'system', id: 'pc_other' }))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(run(state, settle(hold.id, 'CONFIRMED', { kind: 'user', id: '9', role: 'SUPERADMIN' }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    // A capture would send the coins somewhere; a cash-out's only go out of circulation or back.
    expect(run(state, command('ledger.capture-hold', { holdId: hold.id, fromUserId: 1 }, provider))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(wallet(state)).toMatchObject({ balance: 10_000, held: 1_000 });
    accepted(run(state, settle(hold.id, 'CONFIRMED', provider, 'msg_once')));
    // The same callback again, or a later one saying FAILED: the cash-out is settled, nothing moves.
    expect(run(state, settle(hold.id, 'CONFIRMED', provider, 'msg_once'))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
    expect(run(state, settle(hold.id, 'FAILED', provider, 'msg_later'))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
    expect(wallet(state)).toMatchObject({ balance: 9_000, held: 0 });
  });

  it('when the provider that claimed it settles it not within the window, then the expiry sweep marks it overdue and keeps its coins held', () => {
    const state = stateWith(10_000);
    const hold = holdChangesOf(accepted(run(state, ask(1_000))))[0]!.hold;
    accepted(run(state, claim(hold.id)));
    expect(hold.expiresAt).toEqual(new Date(t0.getTime() + 3600_000));
    const late = new Date(t0.getTime() + 3600_000);
    accepted(run(state, command('ledger.expire-hold', { holdId: hold.id, fromUserId: 1 }, { kind: 'service', id: 'ledger' }), late));
    expect(state.holds!.get(hold.id)).toMatchObject({ status: 'PENDING', cashout: { overdueAt: late } });
    expect(wallet(state)).toMatchObject({ balance: 10_000, held: 1_000 });
  });

  it('when an unverified user passes their daily amount, then it is refused; a verified one may cash out more', () => {
    const state = stateWith(100_000);
    const unverified = proofWith({ sub: '1', role: 'USER' });
    accepted(run(state, ask(6_000, unverified)));
    expect(run(state, ask(5_000, unverified))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    // A token that claims nothing is no verification either.
    expect(run(state, ask(5_000, proofWith({ sub: '1', verified: 'yes' })))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    accepted(run(state, ask(50_000, verifiedProof)));
    expect(wallet(state).held).toBe(56_000);
  });

  it('when the coins are too few or the amount is worth less than 1 XAF, then nothing is held', () => {
    const state = stateWith(1_000);
    expect(run(state, ask(2_000))).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(
      decide(stateWith(1_000), ask(1), t0, () => 1, {
        ...policy,
        cashout: { ...policy.cashout, rates: [{ xafPerCoin: 50, effectiveFrom: t0 }] },
      }),
    ).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    expect(decide(stateWith(1_000), ask(100), t0, () => 1, { ...policy, cashout: { ...policy.cashout, rates: [] } })).toMatchObject({
      ok: false,
      code: 'UNAVAILABLE',
    });
    expect(wallet(state).held).toBe(0);
  });

  it('when rates are versioned, then the one in force is the latest that took effect', () => {
    expect(rateInForce(policy.cashout.rates, new Date('2026-10-31T23:59:59.999Z'))?.xafPerCoin).toBe(600);
    expect(rateInForce(policy.cashout.rates, new Date('2026-11-01T00:00:00.000Z'))?.xafPerCoin).toBe(655);
    expect(rateInForce(policy.cashout.rates, new Date('2025-01-01T00:00:00.000Z'))).toBeNull();
  });
  it('when an insider forges a rate on Kafka (terms in the data, an old issuedAt), then the ledger prices it at the rate in force when it applies', () => {
    const honest = ask(2_550) as Extract<LedgerCommand, { type: 'ledger.cashout' }>;
    const forged = {
      ...honest,
      // Claims the January rate by its time, and names a rate and an amount of its own.
      issuedAt: '2026-01-02T00:00:00.000Z',
      data: { ...honest.data, xafPerCoin: 1_000_000, xafAmount: 99_999_999, rateEffectiveFrom: '2026-01-01T00:00:00.000Z' },
    };
    // The consumer parses every message with the command's schema: the forged terms are not the command's.
    const parsed = cashoutCommand.parse({ ...forged, proof: verifiedProof }) as LedgerCommand;
    expect(parsed.data).not.toHaveProperty('xafPerCoin');
    expect(parsed.data).not.toHaveProperty('xafAmount');
    for (const cmd of [parsed, { ...forged, proof: verifiedProof } as LedgerCommand]) {
      const hold = holdChangesOf(accepted(run(stateWith(10_000), cmd)))[0]!.hold;
      expect(hold.cashout).toMatchObject({ xafPerCoin: 655, xafAmount: 16_702, rateEffectiveFrom: new Date('2026-11-01T00:00:00.000Z') });
    }
  });

  describe('claims', () => {
    const other: Actor = { kind: 'system', id: 'pc_other' };

    it('when a second provider claims a claimed cash-out, then it is refused and the first keeps it; the first claiming again changes nothing', () => {
      const state = stateWith(10_000);
      const hold = holdChangesOf(accepted(run(state, ask(1_000, verifiedProof, null))))[0]!.hold;
      expect(hold.cashout).toMatchObject({ providerClientId: null, claimedBy: null });
      accepted(run(state, claim(hold.id, other)));
      expect(run(state, claim(hold.id, provider))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const again = accepted(run(state, claim(hold.id, other)));
      expect(holdChangesOf(again)[0]!.hold).toEqual(state.holds!.get(hold.id));
      expect(state.holds!.get(hold.id)).toMatchObject({ settlerClientId: 'pc_other', cashout: { claimedBy: 'pc_other', claimedAt: t0 } });
    });

    it('when the user named a provider, then another provider may not claim it; that one may', () => {
      const state = stateWith(10_000);
      const hold = holdChangesOf(accepted(run(state, ask(1_000))))[0]!.hold;
      expect(run(state, claim(hold.id, other))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(state.holds!.get(hold.id)?.cashout).toMatchObject({ claimedBy: null });
      accepted(run(state, claim(hold.id, provider)));
    });

    it('when a provider settles an unclaimed cash-out, then it is refused and the coins stay held', () => {
      const state = stateWith(10_000);
      const hold = holdChangesOf(accepted(run(state, ask(1_000, verifiedProof, null))))[0]!.hold;
      expect(run(state, settle(hold.id, 'CONFIRMED', provider))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(run(state, settle(hold.id, 'FAILED', other))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(wallet(state)).toMatchObject({ balance: 10_000, held: 1_000 });
      expect(state.holds!.get(hold.id)).toMatchObject({ status: 'PENDING', cashout: { outcome: null } });
    });

    it('when a provider that did not claim it settles it, then it is refused; the claimer settles it', () => {
      const state = stateWith(10_000);
      const hold = holdChangesOf(accepted(run(state, ask(1_000, verifiedProof, null))))[0]!.hold;
      accepted(run(state, claim(hold.id, other)));
      expect(run(state, settle(hold.id, 'CONFIRMED', provider))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(wallet(state)).toMatchObject({ balance: 10_000, held: 1_000 });
      const confirmed = accepted(run(state, settle(hold.id, 'CONFIRMED', other)));
      expect(confirmed.transaction).toMatchObject({ type: 'BURN', amount: 1_000, metadata: { cashoutProvider: 'pc_other' } });
    });

    it('when a settled, released or expired cash-out is claimed, or a person claims one, then it is refused', () => {
      const state = stateWith(10_000);
      const hold = holdChangesOf(accepted(run(state, ask(1_000, verifiedProof, null))))[0]!.hold;
      expect(run(state, claim(hold.id, { kind: 'user', id: '9', role: 'SUPERADMIN' }))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const late = new Date(t0.getTime() + 3600_000);
      expect(run(state, claim(hold.id), late)).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
      accepted(run(state, claim(hold.id)));
      accepted(run(state, settle(hold.id, 'FAILED')));
      expect(run(state, claim(hold.id, other))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
      expect(run(state, claim('00000000-0000-4000-8000-00000000dead'))).toMatchObject({ ok: false, code: 'HOLD_NOT_FOUND' });
    });
  });
});
