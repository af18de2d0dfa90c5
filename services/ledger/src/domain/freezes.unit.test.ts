import type { Actor, LedgerCommand } from '@coin/contracts';
import { unfreezeStanding } from './freezes';
import { decide, defaultPolicy, emptyWallet, evolve, holdIdOf, type Decision, type LedgerState, type WalletState } from './ledger';
import { deciderProof } from './test-proofs';

/**
 * Wallet freezes (docs/design/ledger.md "Freezes"), given / when / then, through the ledger's own
 * `decide` and `evolve`: the freeze commands' deciders, and the one check after every decision
 * that refuses a frozen wallet's debits whatever command makes them.
 */

const now = new Date('2025-01-01T00:00:00.000Z');
const admin: Actor = { kind: 'user', id: '10', role: 'ADMIN' };
const otherAdmin: Actor = { kind: 'user', id: '11', role: 'ADMIN' };
const monitoring: Actor = { kind: 'service', id: 'monitoring' };
const owner: Actor = { kind: 'user', id: '1', role: 'USER' };

let commandNumber = 0;
function command(type: LedgerCommand['type'], data: object, actor: Actor = admin): LedgerCommand {
  commandNumber += 1;
  const id = `00000000-0000-4000-8000-${String(commandNumber).padStart(12, '0')}`;
  return { commandId: id, type, issuedAt: now.toISOString(), actor, data, ...deciderProof(type, actor) } as LedgerCommand;
}

function walletOf(party: WalletState['party'], balance: number): WalletState {
  return { ...emptyWallet(party, now), balance, totalReceived: balance };
}

function world(): LedgerState {
  const wallets = [
    walletOf({ kind: 'user', userId: 1 }, 1_000),
    walletOf({ kind: 'user', userId: 2 }, 1_000),
    walletOf({ kind: 'treasury', code: 'REWARDS' }, 100_000),
    walletOf({ kind: 'treasury', code: 'COURSE_FEES' }, 0),
  ];
  return {
    wallets: new Map(wallets.map((w) => [w.key, w])),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
  };
}

let nextId = 1000;
/** Decides and, when accepted, applies: what a batch does with one command. */
function apply(state: LedgerState, sent: LedgerCommand, at: Date = now): Decision {
  const decision = decide(state, sent, at, () => ++nextId, defaultPolicy);
  if (decision.ok) evolve(state, decision, at);
  return decision;
}

const freeze = (userId = 1, actor: Actor = admin) =>
  command('ledger.freeze-wallet', { userId, reason: 'fan-in from new accounts', caseId: 'case-7' }, actor);
const transfer = (fromUserId = 1, amount = 100) =>
  command(
    'ledger.transfer',
    { kind: 'TRANSFER', fromUserId, to: { kind: 'user', userId: fromUserId === 1 ? 2 : 1 }, amount, reason: 'r' },
    {
      kind: 'user',
      id: String(fromUserId),
      role: 'USER',
    },
  );
const hold = (id: number) =>
  command(
    'ledger.hold',
    {
      fromUserId: 1,
      to: { kind: 'treasury', code: 'COURSE_FEES' },
      amount: 200,
      reason: 'r',
      idNonce: `nonce-${id}-aaaaaaaaaaaaaaaaaaaaaa`,
    },
    owner,
  );

function frozenState(): LedgerState {
  const state = world();
  expect(apply(state, freeze())).toMatchObject({ ok: true });
  return state;
}

describe('freezing a wallet', () => {
  it('when an ADMIN+ freezes it, then the wallet keeps the freeze: reason, case, who and when', () => {
    const state = world();
    const decision = apply(state, freeze());
    expect(decision).toMatchObject({ ok: true, effects: [{ kind: 'freezes', walletKey: 'user:1', userId: 1, event: 'frozen' }] });
    expect(state.wallets.get('user:1')!.freeze).toEqual({
      reason: 'fan-in from new accounts',
      caseId: 'case-7',
      frozenBy: { kind: 'user', id: '10' },
      frozenAt: now,
      unfreezeRequest: null,
    });
  });

  it('when the monitoring service freezes it, then the freeze names the service', () => {
    const state = world();
    expect(apply(state, freeze(1, monitoring))).toMatchObject({ ok: true });
    expect(state.wallets.get('user:1')!.freeze?.frozenBy).toEqual({ kind: 'service', id: 'monitoring' });
  });

  it('when the wallet is already frozen, then a second freeze is refused and the first stands', () => {
    const state = frozenState();
    expect(apply(state, freeze(1, otherAdmin))).toMatchObject({ ok: false, code: 'WALLET_ALREADY_FROZEN' });
    expect(state.wallets.get('user:1')!.freeze?.frozenBy).toEqual({ kind: 'user', id: '10' });
  });

  it('when the user has no wallet, then it is refused', () => {
    expect(apply(world(), freeze(99))).toMatchObject({ ok: false, code: 'WALLET_NOT_FOUND' });
  });
});

describe('a frozen wallet', () => {
  it('when its owner transfers, then WALLET_FROZEN, without telling the reason, and nothing moves', () => {
    const state = frozenState();
    const decision = apply(state, transfer());
    expect(decision).toEqual({
      ok: false,
      code: 'WALLET_FROZEN',
      detail: 'The wallet user:1 is frozen: nothing leaves it until the freeze is lifted',
    });
    expect(state.wallets.get('user:1')!.balance).toBe(1_000);
  });

  it('when it pays a purchase, a payout or places a hold, then each is refused', () => {
    const state = frozenState();
    const purchase = command(
      'ledger.transfer',
      { kind: 'PURCHASE', fromUserId: 1, to: { kind: 'treasury', code: 'COURSE_FEES' }, amount: 10, reason: 'r' },
      owner,
    );
    const payout = command(
      'ledger.payout',
      { from: { kind: 'user', userId: 1 }, lines: [{ toUserId: 2, amount: 10 }], reason: 'r' },
      owner,
    );
    for (const sent of [purchase, payout, hold(1)]) expect(apply(state, sent)).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
    expect(state.wallets.get('user:1')).toMatchObject({ balance: 1_000, held: 0 });
  });

  it('when coins are sent to it (a reward, a credit leg), then they land', () => {
    const state = frozenState();
    // A reward debits REWARDS here; its credit leg is what lands in the wallet, as below.
    expect(apply(state, command('ledger.reward', { toUserId: 1, amount: 50, reason: 'r' }))).toMatchObject({
      ok: true,
      creditLegs: [{ to: { kind: 'user', userId: 1 }, amount: 50 }],
    });
    const leg = command(
      'ledger.credit',
      { transactionId: 7, transactionType: 'TRANSFER', to: { kind: 'user', userId: 1 }, amount: 25, returnTo: { kind: 'user', userId: 2 } },
      { kind: 'service', id: 'ledger' },
    );
    expect(apply(state, leg)).toMatchObject({ ok: true, credit: 'credited' });
    expect(state.wallets.get('user:1')!.balance).toBe(1_025);
  });

  it('when a hold made before the freeze is captured, then the capture is refused; it may still be voided', () => {
    const state = world();
    const placed = hold(2);
    expect(apply(state, placed)).toMatchObject({ ok: true });
    const holdId = holdIdOf(placed as Extract<LedgerCommand, { type: 'ledger.hold' }>);
    expect(apply(state, freeze())).toMatchObject({ ok: true });
    expect(apply(state, command('ledger.capture-hold', { holdId, fromUserId: 1 }))).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
    expect(apply(state, command('ledger.void-hold', { holdId, fromUserId: 1 }))).toMatchObject({ ok: true });
    expect(state.wallets.get('user:1')).toMatchObject({ balance: 1_000, held: 0 });
  });

  it('when an ADMIN+ burns its coins, then the burn goes on: coins taken back go to no one', () => {
    const state = frozenState();
    expect(apply(state, command('ledger.burn', { from: { kind: 'user', userId: 1 }, amount: 300, reason: 'clawback' }))).toMatchObject({
      ok: true,
    });
    expect(state.wallets.get('user:1')!.balance).toBe(700);
  });

  it('when another, unfrozen wallet transfers, then nothing stops it', () => {
    expect(apply(frozenState(), transfer(2))).toMatchObject({ ok: true });
  });
});

describe('lifting a freeze takes two people', () => {
  const request = (actor: Actor = admin) => command('ledger.request-unfreeze', { userId: 1, reason: 'case closed: no abuse' }, actor);
  const approve = (actor: Actor) => command('ledger.approve-unfreeze', { userId: 1 }, actor);

  it('when the ADMIN who asked approves, then UNFREEZE_BY_REQUESTER and the wallet stays frozen', () => {
    const state = frozenState();
    expect(apply(state, request())).toMatchObject({ ok: true, effects: [{ kind: 'freezes', event: 'unfreeze-requested' }] });
    expect(apply(state, approve(admin))).toMatchObject({ ok: false, code: 'UNFREEZE_BY_REQUESTER' });
    expect(state.wallets.get('user:1')!.freeze?.unfreezeRequest).toEqual({
      requestedBy: 10,
      reason: 'case closed: no abuse',
      requestedAt: now,
    });
    expect(apply(state, transfer())).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
  });

  it('when a different ADMIN+ approves, then the freeze is lifted and the owner may transfer again', () => {
    const state = frozenState();
    apply(state, request());
    expect(apply(state, approve(otherAdmin))).toMatchObject({ ok: true, effects: [{ kind: 'freezes', event: 'unfrozen', freeze: null }] });
    expect(state.wallets.get('user:1')!.freeze).toBeNull();
    expect(apply(state, transfer())).toMatchObject({ ok: true });
  });

  it('when nobody asked, then an approval is refused (UNFREEZE_NOT_REQUESTED)', () => {
    expect(apply(frozenState(), approve(otherAdmin))).toMatchObject({ ok: false, code: 'UNFREEZE_NOT_REQUESTED' });
  });

  it('when the request is older than an approval request lives, then it is refused and must be asked again', () => {
    const state = frozenState();
    apply(state, request());
    const later = new Date(now.getTime() + defaultPolicy.approvalExpirySeconds * 1000);
    expect(apply(state, approve(otherAdmin), later)).toMatchObject({ ok: false, code: 'UNFREEZE_NOT_REQUESTED' });
  });

  it('when the wallet is not frozen, then asking and approving are refused (WALLET_NOT_FROZEN)', () => {
    expect(apply(world(), request())).toMatchObject({ ok: false, code: 'WALLET_NOT_FROZEN' });
    expect(apply(world(), approve(otherAdmin))).toMatchObject({ ok: false, code: 'WALLET_NOT_FROZEN' });
  });

  it("when the wallet's owner is an ADMIN and approves another's request to lift their own freeze, then SELF_DEALING and it stays frozen", () => {
    const state = frozenState();
    const frozenAdmin: Actor = { kind: 'user', id: '1', role: 'ADMIN' };
    apply(state, request(otherAdmin));
    expect(apply(state, approve(frozenAdmin))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.wallets.get('user:1')!.freeze?.unfreezeRequest).toMatchObject({ requestedBy: 11 });
    expect(apply(state, transfer())).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
    expect(apply(state, approve(admin))).toMatchObject({ ok: true, effects: [{ event: 'unfrozen' }] });
  });

  it("when the wallet's owner is an ADMIN and asks to lift their own freeze, then SELF_DEALING and nothing is pending", () => {
    const state = frozenState();
    const frozenAdmin: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };
    expect(apply(state, request(frozenAdmin))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.wallets.get('user:1')!.freeze?.unfreezeRequest).toBeNull();
  });

  it('when a later request replaces a pending one, then its requester is the one who may not approve', () => {
    const state = frozenState();
    apply(state, request(admin));
    apply(state, request(otherAdmin));
    expect(apply(state, approve(otherAdmin))).toMatchObject({ ok: false, code: 'UNFREEZE_BY_REQUESTER' });
    expect(apply(state, approve(admin))).toMatchObject({ ok: true });
  });
});

describe('where an unfreeze request stands', () => {
  const frozenAt = new Date('2026-01-15T10:00:00.000Z');
  const freeze = { reason: 'ring', caseId: null, frozenBy: { kind: 'user' as const, id: '7' }, frozenAt, unfreezeRequest: null };
  const asked = { ...freeze, unfreezeRequest: { requestedBy: 7, reason: 'cleared', requestedAt: frozenAt } };
  const day = 86_400;

  it('when none was asked, then NONE, with no expiry', () => {
    expect(unfreezeStanding(freeze, frozenAt, day)).toEqual({ status: 'NONE', expiresAt: null });
  });

  it('when asked, then PENDING until the approval expiry has passed and EXPIRED from that instant, as approve-unfreeze refuses it', () => {
    const expiresAt = new Date(frozenAt.getTime() + day * 1000);
    expect(unfreezeStanding(asked, new Date(expiresAt.getTime() - 1), day)).toEqual({ status: 'PENDING', expiresAt });
    expect(unfreezeStanding(asked, expiresAt, day)).toEqual({ status: 'EXPIRED', expiresAt });
  });
});
