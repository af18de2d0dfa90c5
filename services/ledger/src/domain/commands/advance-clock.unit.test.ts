import { testClockOffsetMaxSeconds, walletKeyOf, walletKeyOfUser, type LedgerCommand, type LedgerCommandOf } from '@coin/contracts';
import { authorRefusal, type VerifiedAuthor } from '../authority';
import { captureHold } from './capture-hold';
import { decide, evolve } from '../ledger';
import { emptyWallet, type HoldState, type LedgerState } from '../state';

/**
 * The sandbox's test clock through the pure decider (docs/decisions/0018-sandbox.md "The test
 * clock"): an advance adds to the client's offset, at most a year in all; a hold's expiry counts
 * only its own settler's clock, whatever clock the expire command names, and so does its capture,
 * which only that settler may make ("Holds in the sandbox").
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

describe('ledger.capture-hold and ledger.void-hold of a sandbox hold (docs/decisions/0018-sandbox.md "Holds in the sandbox")', () => {
  const settle = (type: 'ledger.capture-hold' | 'ledger.void-hold', clientId = 'test_shop') =>
    ({
      commandId: 'c',
      type,
      issuedAt: now.toISOString(),
      actor: { kind: 'system', id: clientId },
      data: { holdId: 'h1', fromUserId: payer },
    }) as LedgerCommand;
  /** The world's hold paying another test user instead, as a sandbox hold placed for a user does (no treasury grant in play). */
  function sandboxWorld(clocks: Record<string, number> = {}): LedgerState {
    const state = world(clocks);
    const payee = { kind: 'user', userId: 8 } as const;
    state.wallets.set(walletKeyOf(payee), emptyWallet(payee, now));
    state.holds!.set('h1', { ...state.holds!.get('h1')!, to: payee });
    return state;
  }
  const testClient = (id: string): VerifiedAuthor => ({ kind: 'system', id, role: 'SYSTEM', treasuries: [], mode: 'test' });

  it('when the test client that settles it captures or voids, then the sandbox admits it and the hold is settled', () => {
    for (const type of ['ledger.capture-hold', 'ledger.void-hold'] as const) {
      expect(authorRefusal(settle(type), testClient('test_shop'), 'test')).toBeNull();
      expect(decide(sandboxWorld({ test_shop: 600 }), settle(type), now, () => 1)).toMatchObject({
        ok: true,
        effects: expect.arrayContaining([
          expect.objectContaining({
            kind: 'holds',
            hold: expect.objectContaining({ status: type === 'ledger.void-hold' ? 'VOIDED' : 'CAPTURED' }),
          }),
        ]),
      });
    }
  });

  it('when another test client captures or voids it, then FORBIDDEN; a live credential is refused before any rule', () => {
    for (const type of ['ledger.capture-hold', 'ledger.void-hold'] as const) {
      expect(decide(sandboxWorld(), settle(type, 'test_other'), now, noIds)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const live: VerifiedAuthor = { kind: 'system', id: 'test_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'live' };
      expect(authorRefusal(settle(type), live, 'test')).toMatch(/only test-mode platform clients act in the sandbox/);
      expect(authorRefusal(settle(type), testClient('test_shop'), 'live')).toMatch(/test-mode credentials/);
    }
  });

  it('when the settler’s clock is past the expiry the sweep has not yet acted on, then the capture is HOLD_NOT_PENDING; another client’s clock counts for nothing', () => {
    expect(captureHold.reads(settle('ledger.capture-hold') as LedgerCommandOf<'ledger.capture-hold'>)).toMatchObject({
      clockClientIds: ['test_shop'],
    });
    expect(decide(sandboxWorld({ test_shop: 3_600 }), settle('ledger.capture-hold'), now, noIds)).toMatchObject({
      ok: false,
      code: 'HOLD_NOT_PENDING',
    });
    expect(decide(sandboxWorld({ test_shop: 3_599 }), settle('ledger.capture-hold'), now, () => 1)).toMatchObject({ ok: true });
    expect(decide(sandboxWorld({ test_other: 7_200 }), settle('ledger.capture-hold'), now, () => 1)).toMatchObject({ ok: true });
  });
});
