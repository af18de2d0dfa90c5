import { testClockOffsetMaxSeconds, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import { authorRefusal, type VerifiedAuthor } from '../authority';
import { decide, evolve } from '../ledger';
import { emptyWallet, type HoldState, type LedgerState } from '../state';

/**
 * Setting and resetting a sandbox test clock, and what the sandbox's reset sends besides
 * (docs/decisions/0018-sandbox.md "The test clock", "Deleting a client's test data"), through the
 * pure decider and the authority rule of each space.
 */

const now = new Date('2026-11-24T12:00:00.000Z');
const payer = 7;
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
const testClient = (id: string, treasuries: string[] = []) =>
  ({ kind: 'system', id, role: 'SYSTEM', treasuries, mode: 'test' }) as VerifiedAuthor;
const liveClient = { kind: 'system', id: 'pc_shop', role: 'SYSTEM', treasuries: ['REWARDS'], mode: 'live' } as VerifiedAuthor;
const superadmin = { kind: 'user', id: '1', role: 'SUPERADMIN' } as VerifiedAuthor;

function world(clocks: Record<string, number> = {}, holds: HoldState[] = []): LedgerState {
  const state: LedgerState = {
    wallets: new Map(),
    refundTargets: new Map(),
    holds: new Map(holds.map((hold) => [hold.id, hold])),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
    clocks: new Map(Object.entries(clocks)),
  };
  const party = { kind: 'user', userId: payer } as const;
  const held = holds.reduce((sum, hold) => sum + hold.amount, 0);
  state.wallets.set(walletKeyOfUser(payer), { ...emptyWallet(party, now), balance: 100, totalReceived: 100, held });
  return state;
}

const command = (type: LedgerCommand['type'], data: unknown, actorId = 'test_shop'): LedgerCommand =>
  ({ commandId: 'c', type, issuedAt: now.toISOString(), actor: { kind: 'system', id: actorId }, data }) as LedgerCommand;
const setTo = (to: string | null, clientId = 'test_shop') => command('ledger.set-clock', { clientId, to, requestHash: 'h' });
const noIds = () => {
  throw new Error('no transaction expected');
};

describe('ledger.set-clock', () => {
  it('when a client sets its clock to a later time, then the offset makes it read that time; another client’s clock is untouched', () => {
    const state = world({ test_shop: 60, test_other: 10 });
    const decision = decide(state, setTo(at(86_400)), now, noIds);
    expect(decision).toMatchObject({ ok: true, effects: [{ kind: 'clocks', clientId: 'test_shop', offsetSeconds: 86_400 }] });
    if (decision.ok) evolve(state, decision, now);
    expect(state.clocks?.get('test_shop')).toBe(86_400);
    expect(state.clocks?.get('test_other')).toBe(10);
  });

  it('when the time is before what the clock reads, then it is refused and says what the clock reads; the same time is accepted', () => {
    const state = world({ test_shop: 3_600 });
    const refused = decide(state, setTo(at(3_599)), now, noIds);
    expect(refused).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(refused.ok ? '' : refused.detail).toContain(`it reads ${at(3_600)}`);
    // Wall time itself, for a clock ahead of it, is a step back too.
    expect(decide(state, setTo(now.toISOString()), now, noIds)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(decide(state, setTo(at(3_600)), now, noIds)).toMatchObject({ ok: true, effects: [{ offsetSeconds: 3_600 }] });
  });

  it('when the time is more than a year ahead of wall time, then it is refused; a year is accepted', () => {
    expect(decide(world(), setTo(at(testClockOffsetMaxSeconds + 1)), now, noIds)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(decide(world(), setTo(at(testClockOffsetMaxSeconds)), now, noIds)).toMatchObject({
      ok: true,
      effects: [{ offsetSeconds: testClockOffsetMaxSeconds }],
    });
  });

  it('when the reset sends null, then the clock is back at wall time (offset 0)', () => {
    expect(decide(world({ test_shop: 7_200 }), setTo(null), now, noIds)).toMatchObject({
      ok: true,
      effects: [{ kind: 'clocks', clientId: 'test_shop', offsetSeconds: 0 }],
    });
  });

  it('when another test client, a live client or a person sets or resets a clock, then each space refuses it', () => {
    for (const to of [at(60), null]) {
      expect(authorRefusal(setTo(to), testClient('test_shop'), 'test')).toBeNull();
      expect(authorRefusal(setTo(to, 'test_shop'), testClient('test_other'), 'test')).toBe(
        'Command refused: only a test-mode platform client sets its own sandbox clock',
      );
      // The sandbox refuses every live credential, the live ledger every test-mode one.
      expect(authorRefusal(setTo(to), liveClient, 'test')).toMatch(/never live credentials/);
      expect(authorRefusal(setTo(to), superadmin, 'test')).toMatch(/never live credentials/);
      expect(authorRefusal(setTo(to), testClient('test_shop'), 'live')).toMatch(/test-mode credentials/);
    }
  });
});

describe("what the sandbox's reset sends besides the clock", () => {
  const burn = (from: object, actor = testClient('test_shop', ['REWARDS'])) =>
    authorRefusal(command('ledger.burn', { from, amount: 10, reason: 'Sandbox reset' }, actor.id), actor, 'test');

  it('when a test client burns a test user’s coins or its own treasury’s it was granted, then the sandbox admits it; another treasury, one shared or another client’s, a live ledger or a live credential is refused', () => {
    expect(burn({ kind: 'user', userId: payer })).toBeNull();
    expect(burn({ kind: 'treasury', code: 'REWARDS', clientId: 'test_shop' })).toBeNull();
    expect(burn({ kind: 'treasury', code: 'OPERATIONS', clientId: 'test_shop' })).toMatch(/treasury it was granted/);
    for (const shared of [
      { kind: 'treasury', code: 'REWARDS' },
      { kind: 'treasury', code: 'REWARDS', clientId: 'test_other' },
    ]) {
      expect(burn(shared)).toMatch(/its own sandbox treasuries only/);
    }
    expect(burn({ kind: 'user', userId: payer }, liveClient)).toMatch(/never live credentials/);
    const actor = testClient('test_shop', ['REWARDS']);
    const live = command('ledger.burn', { from: { kind: 'user', userId: payer }, amount: 10, reason: 'r' });
    expect(authorRefusal(live, actor, 'live')).toMatch(/test-mode credentials/);
  });

  const testCashout = (claimedBy: string): HoldState => ({
    id: '00000000-0000-4000-8000-000000000007',
    fromUserId: payer,
    to: { kind: 'treasury', code: 'OPERATIONS' },
    amount: 40,
    reason: 'cash-out',
    reference: null,
    status: 'PENDING',
    expiresAt: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    updatedAt: now,
    capturedAmount: null,
    transactionId: null,
    settlerClientId: claimedBy,
    cashout: {
      msisdn: '+237600000000',
      providerClientId: null,
      claimedBy,
      claimedAt: now,
      xafAmount: 26_000,
      xafPerCoin: 650,
      rateEffectiveFrom: now,
      outcome: null,
      callbackId: null,
      providerReference: null,
      secondPerson: null,
      test: { outcome: 'CONFIRMED', settleAt: new Date(now.getTime() + 60_000) },
    },
  });
  const voidOf = (hold: HoldState, actorId: string) => command('ledger.void-hold', { holdId: hold.id, fromUserId: payer }, actorId);

  it('when the client a test cash-out is claimed by voids it, then it ends FAILED and its coins are released; another client is refused', () => {
    const hold = testCashout('test_shop');
    expect(decide(world({}, [hold]), voidOf(hold, 'test_shop'), now, noIds)).toMatchObject({
      ok: true,
      effects: [{ kind: 'holds', hold: { status: 'VOIDED', cashout: { outcome: 'FAILED' } } }],
    });
    expect(decide(world({}, [hold]), voidOf(hold, 'test_other'), now, noIds)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('when a provider’s claimed cash-out (no test outcome) is voided by its claimer, then it is still refused: only its callback ends it', () => {
    const hold = testCashout('pc_provider');
    const provider = { ...hold, cashout: { ...hold.cashout!, test: null } };
    expect(decide(world({}, [provider]), voidOf(provider, 'pc_provider'), now, noIds)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});
