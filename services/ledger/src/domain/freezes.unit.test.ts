import type { Actor, LedgerCommand } from '@coin/contracts';
import { approvalIdOf } from './approvals';
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

describe('lifting a freeze takes two people: an approval request of the unfreeze act', () => {
  const lift = { type: 'ledger.lift-freeze' as const, data: { userId: 1, reason: 'case closed: no abuse' } };
  const request = (actor: Actor = admin) => command('ledger.request-approval', { command: lift }, actor);
  const approve = (asked: LedgerCommand, actor: Actor) =>
    command('ledger.approve', { approvalId: approvalIdOf(asked), command: lift, holds: 'unfreeze' }, actor);
  const reject = (asked: LedgerCommand, actor: Actor) =>
    command('ledger.reject-approval', { approvalId: approvalIdOf(asked), command: lift, holds: 'unfreeze', reason: 'still open' }, actor);

  it('when the ADMIN who asked approves, then UNFREEZE_BY_REQUESTER and the wallet stays frozen', () => {
    const state = frozenState();
    const asked = request();
    expect(apply(state, asked)).toMatchObject({ ok: true, effects: [{ kind: 'approvals', event: 'requested' }] });
    expect(apply(state, approve(asked, admin))).toMatchObject({ ok: false, code: 'UNFREEZE_BY_REQUESTER' });
    expect(state.approvals!.get(approvalIdOf(asked))).toMatchObject({ status: 'PENDING', command: lift });
    expect(apply(state, transfer())).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
  });

  it('when a different ADMIN+ approves, then the freeze is lifted and the owner may transfer again', () => {
    const state = frozenState();
    const asked = request();
    apply(state, asked);
    expect(apply(state, approve(asked, otherAdmin))).toMatchObject({
      ok: true,
      effects: [
        { kind: 'freezes', event: 'unfrozen', freeze: null },
        { kind: 'approvals', event: 'approved', approval: { status: 'APPROVED' } },
      ],
    });
    expect(state.wallets.get('user:1')!.freeze).toBeNull();
    expect(apply(state, transfer())).toMatchObject({ ok: true });
  });

  it('when an ADMIN+ rejects it, then it is REJECTED, the wallet stays frozen and it can no longer be approved', () => {
    const state = frozenState();
    const asked = request();
    apply(state, asked);
    expect(apply(state, reject(asked, admin))).toMatchObject({
      ok: true,
      effects: [{ event: 'rejected', approval: { status: 'REJECTED' } }],
    });
    expect(apply(state, approve(asked, otherAdmin))).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
    expect(state.wallets.get('user:1')!.freeze).not.toBeNull();
  });

  it("when the wallet's owner, an ADMIN, rejects the request to lift their own freeze, then SELF_DEALING and it stays pending", () => {
    const state = frozenState();
    const asked = request(otherAdmin);
    apply(state, asked);
    expect(apply(state, reject(asked, { kind: 'user', id: '1', role: 'ADMIN' }))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.approvals!.get(approvalIdOf(asked))).toMatchObject({ status: 'PENDING' });
  });

  it('when the lift is sent directly, not through an approval, then FORBIDDEN', () => {
    expect(apply(frozenState(), command('ledger.lift-freeze', lift.data, otherAdmin))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('when the request is older than an approval request lives, then it is refused and must be asked again', () => {
    const state = frozenState();
    const asked = request();
    apply(state, asked);
    const later = new Date(now.getTime() + defaultPolicy.approvalExpirySeconds * 1000);
    expect(apply(state, approve(asked, otherAdmin), later)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
  });

  it('when the wallet is not frozen, then asking is refused (WALLET_NOT_FROZEN), and so is approving one lifted meanwhile', () => {
    expect(apply(world(), request())).toMatchObject({ ok: false, code: 'WALLET_NOT_FROZEN' });
    const state = frozenState();
    const first = request(admin);
    const second = request(admin);
    apply(state, first);
    apply(state, second);
    expect(apply(state, approve(first, otherAdmin))).toMatchObject({ ok: true });
    expect(apply(state, approve(second, otherAdmin))).toMatchObject({ ok: false, code: 'WALLET_NOT_FROZEN' });
  });

  it("when the wallet's owner is an ADMIN and approves another's request to lift their own freeze, then SELF_DEALING and it stays frozen", () => {
    const state = frozenState();
    const frozenAdmin: Actor = { kind: 'user', id: '1', role: 'ADMIN' };
    const asked = request(otherAdmin);
    apply(state, asked);
    expect(apply(state, approve(asked, frozenAdmin))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.approvals!.get(approvalIdOf(asked))).toMatchObject({ status: 'PENDING' });
    expect(apply(state, transfer())).toMatchObject({ ok: false, code: 'WALLET_FROZEN' });
    expect(apply(state, approve(asked, admin))).toMatchObject({ ok: true, effects: [{ event: 'unfrozen' }, { event: 'approved' }] });
  });

  it("when the wallet's owner is an ADMIN and asks to lift their own freeze, then SELF_DEALING and nothing is pending", () => {
    const state = frozenState();
    const frozenAdmin: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };
    const asked = request(frozenAdmin);
    expect(apply(state, asked)).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.approvals!.size).toBe(0);
  });
});
