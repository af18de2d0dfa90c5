import { testClockOffsetMaxSeconds, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import { decide, evolve } from '../ledger';
import { emptyWallet, type HoldState, type LedgerState } from '../state';

/**
 * The sandbox's test clock through the pure decider (docs/decisions/0018-sandbox.md "The test
 * clock"): an advance adds to the client's offset, at most a year in all; a hold's expiry counts
 * only its own settler's clock, whatever clock the expire command names.
 */

const now = new Date('2026-11-24T12:00:00.000Z');
const payer = 7;

function world(clocks: Record<string, number> = {}): LedgerState {
  const state: LedgerState = {
    wallets: new Map(),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
    clocks: new Map(Object.entries(clocks)),
  };
  const party = { kind: 'user', userId: payer } as const;
  state.wallets.set(walletKeyOfUser(payer), { ...emptyWallet(party, now), balance: 100, totalReceived: 100, held: 50 });
  const hold: HoldState = {
    id: 'h1',
    fromUserId: payer,
    to: { kind: 'treasury', code: 'REWARDS' },
    amount: 50,
    reason: 'order',
    reference: null,
    status: 'PENDING',
    expiresAt: new Date(now.getTime() + 3_600_000),
    createdAt: now,
    updatedAt: now,
    capturedAmount: null,
    transactionId: null,
    settlerClientId: 'test_shop',
    cashout: null,
  };
  state.holds!.set(hold.id, hold);
  return state;
}

const command = (type: LedgerCommand['type'], data: unknown): LedgerCommand =>
  ({ commandId: 'c', type, issuedAt: now.toISOString(), actor: { kind: 'system', id: 'test_shop' }, data }) as LedgerCommand;
const advance = (seconds: number, clientId = 'test_shop') => command('ledger.advance-clock', { clientId, seconds });
const expire = (clockOf?: string) => command('ledger.expire-hold', { holdId: 'h1', fromUserId: payer, ...(clockOf ? { clockOf } : {}) });
const noIds = () => {
  throw new Error('no transaction expected');
};

describe('ledger.advance-clock', () => {
  it('when a client advances twice, then its offset is the sum; another client’s clock is untouched', () => {
    const state = world({ test_other: 10 });
    for (const seconds of [600, 1_200]) {
      const decision = decide(state, advance(seconds), now, noIds);
      expect(decision.ok).toBe(true);
      if (decision.ok) evolve(state, decision, now);
    }
    expect(state.clocks?.get('test_shop')).toBe(1_800);
    expect(state.clocks?.get('test_other')).toBe(10);
  });

  it('when an advance would take the clock past a year ahead, then it is refused and the clock stays', () => {
    const state = world({ test_shop: testClockOffsetMaxSeconds - 10 });
    expect(decide(state, advance(11), now, noIds)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(decide(state, advance(10), now, noIds)).toMatchObject({
      ok: true,
      effects: [{ kind: 'clocks', offsetSeconds: testClockOffsetMaxSeconds }],
    });
  });
});

describe('ledger.expire-hold by a test clock', () => {
  it('when the settler’s clock is past the expiry, then the hold expires', () => {
    expect(decide(world({ test_shop: 3_600 }), expire('test_shop'), now, noIds)).toMatchObject({
      ok: true,
      effects: [{ kind: 'holds', event: 'expired', hold: { status: 'EXPIRED' } }],
    });
  });

  it('when the clock is short of the expiry, names another client, or is not named, then nothing is released', () => {
    for (const [clocks, clockOf] of [
      [{ test_shop: 3_599 }, 'test_shop'],
      [{ test_other: 7_200 }, 'test_other'],
      [{ test_shop: 7_200 }, undefined],
    ] as const) {
      expect(decide(world(clocks), expire(clockOf), now, noIds)).toMatchObject({ ok: true, effects: [] });
    }
  });
});
