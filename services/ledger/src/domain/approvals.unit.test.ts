import {
  approveCommand,
  partitionKeyOf,
  rejectApprovalCommand,
  routeOfApprovalId,
  type Actor,
  type ApprovableCommand,
  type LedgerCommand,
} from '@coin/contracts';
import { approvalIdOf, approvedCommandIdOf, type ApprovalState } from './approvals';
import { approvalChangesOf } from './kinds/approvals';
import { runBatch } from './batch';
import { decide, defaultPolicy, emptyWallet, type LedgerState } from './ledger';
import { deciderProof } from './test-proofs';

const t0 = new Date('2026-03-01T12:00:00.000Z');
const maker: Actor = { kind: 'user', id: '10', role: 'ADMIN' };
const checker: Actor = { kind: 'user', id: '11', role: 'SUPERADMIN' };
const mintBig: ApprovableCommand = { type: 'ledger.mint', data: { to: { kind: 'user', userId: 7 }, amount: 1_000_000, reason: 'prize' } };
let seq = 0;
/** The claims of a key proof (the consumer verified its signature, owner, time and revocation before the apply). */
const keyProofOf = (scopes: string[]) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA' })}.${part({ api_key_id: 'k', scopes, createdBy: null, approvedBy: null })}.signature`;
};
const everyScope = ['mint', 'burn', 'refund', 'reward'];
/** A command; a person's approve carries the proof of their API key (of every approvable scope, unless a test says). */
const command = (type: LedgerCommand['type'], data: unknown, actor: Actor, commandId = `cmd-${++seq}`, scopes = everyScope) =>
  ({
    commandId,
    type,
    issuedAt: t0.toISOString(),
    actor,
    data,
    ...deciderProof(type, actor),
    ...(type === 'ledger.approve' && actor.kind === 'user' ? { keyProof: keyProofOf(scopes) } : {}),
  }) as LedgerCommand;

function world(): LedgerState {
  const user = emptyWallet({ kind: 'user', userId: 7 }, t0);
  return {
    wallets: new Map([[user.key, user]]),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
  };
}

/** Requests `cmd` as the maker and returns the stored request. */
function requested(state: LedgerState, cmd: ApprovableCommand, at = t0): ApprovalState {
  const decision = decide(state, command('ledger.request-approval', { command: cmd }, maker, 'req-1'), at, () => 1, defaultPolicy);
  if (!decision.ok) throw new Error(decision.detail);
  const { approval } = approvalChangesOf(decision)[0]!;
  state.approvals!.set(approval.id, approval);
  return approval;
}

describe('ledger domain: four-eyes approvals', () => {
  it('when a request is made, then it is PENDING, its id follows from the command id, it expires after the policy, and nothing moves', () => {
    const state = world();
    const decision = decide(state, command('ledger.request-approval', { command: mintBig }, maker, 'req-1'), t0, () => 1, defaultPolicy);
    expect(decision).toMatchObject({ ok: true, transaction: null, entries: [] });
    const approval = decision.ok ? approvalChangesOf(decision)[0]!.approval : null;
    expect(approval).toMatchObject({
      id: approvalIdOf({ commandId: 'req-1', data: {} }),
      status: 'PENDING',
      requestedBy: maker,
      command: mintBig,
    });
    expect(approval!.expiresAt.getTime() - t0.getTime()).toBe(defaultPolicy.approvalExpirySeconds * 1000);
  });

  it("when another admin approves, then the stored command is applied as the requester's, once, naming both; a second approval is refused", () => {
    const state = world();
    const approval = requested(state, mintBig);
    const steps = runBatch(
      state,
      [
        command('ledger.approve', { approvalId: approval.id, command: mintBig }, checker),
        command('ledger.approve', { approvalId: approval.id, command: mintBig }, checker),
      ],
      t0,
      (() => {
        let id = 100;
        return () => ++id;
      })(),
    );
    const [first, second] = steps.map((s) => (s.kind === 'decided' ? s.decision : null));
    expect(first).toMatchObject({
      ok: true,
      transaction: { type: 'MINT', amount: 1_000_000, approval: { id: approval.id, requestedBy: 10, approvedBy: 11 } },
      effects: [{ kind: 'approvals', event: 'approved', approval: { status: 'APPROVED', decidedBy: checker, transactionId: 101 } }],
    });
    expect(second).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
    expect(state.wallets.get('user:7')!.balance).toBe(1_000_000);
    expect(approvedCommandIdOf(approval.id)).not.toBe(approval.id);
  });

  it('when the requester approves, the command named differs from the stored one, or the request expired, then it is refused and stays pending', () => {
    const state = world();
    const approval = requested(state, mintBig);
    const approve = (data: unknown, actor: Actor, at = t0) =>
      decide(state, command('ledger.approve', data, actor), at, () => 1, defaultPolicy);
    expect(approve({ approvalId: approval.id, command: mintBig }, maker)).toMatchObject({ ok: false, code: 'APPROVAL_BY_REQUESTER' });
    const other = { ...mintBig, data: { ...mintBig.data, amount: 1 } } as ApprovableCommand;
    expect(approve({ approvalId: approval.id, command: other }, checker)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_FOUND' });
    expect(approve({ approvalId: approval.id, command: mintBig }, checker, approval.expiresAt)).toMatchObject({
      ok: false,
      code: 'APPROVAL_NOT_PENDING',
    });
    expect(state.approvals!.get(approval.id)!.status).toBe('PENDING');
  });

  it('when the approved command is refused (a burn above the balance), then the refusal is the answer and the request stays pending', () => {
    const state = world();
    const burn: ApprovableCommand = { type: 'ledger.burn', data: { from: { kind: 'user', userId: 7 }, amount: 5, reason: 'r' } };
    const approval = requested(state, burn);
    const decision = decide(
      state,
      command('ledger.approve', { approvalId: approval.id, command: burn }, checker),
      t0,
      () => 1,
      defaultPolicy,
    );
    expect(decision).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });

  it('when a request is rejected or expires, then it is closed without any money moving, and expiry before it is due changes nothing', () => {
    const state = world();
    const approval = requested(state, mintBig);
    const expireEarly = decide(state, command('ledger.expire-approval', { approvalId: approval.id, command: mintBig }, maker), t0, () => 1);
    expect(expireEarly).toMatchObject({ ok: true, effects: [] });
    const rejected = decide(
      state,
      command('ledger.reject-approval', { approvalId: approval.id, command: mintBig, reason: 'no budget' }, checker),
      t0,
      () => 1,
    );
    expect(rejected).toMatchObject({
      ok: true,
      transaction: null,
      effects: [
        { kind: 'approvals', event: 'rejected', approval: { status: 'REJECTED', rejectionReason: 'no budget', decidedBy: checker } },
      ],
    });
    const other = world();
    const pending = requested(other, mintBig);
    const expired = decide(
      other,
      command('ledger.expire-approval', { approvalId: pending.id, command: mintBig }, maker),
      pending.expiresAt,
      () => 1,
    );
    expect(expired).toMatchObject({
      ok: true,
      transaction: null,
      effects: [{ kind: 'approvals', event: 'expired', approval: { status: 'EXPIRED' } }],
    });
  });
});

describe('ledger domain: approves and rejects naming only the request (docs/decisions/0005)', () => {
  /** Requests `cmd` as the maker with a nonce, as the gateway sends it: the request's id names its route. */
  function requestedRouted(state: LedgerState, cmd: ApprovableCommand): ApprovalState {
    const ask = command('ledger.request-approval', { command: cmd, idNonce: 'Zz0W9vJ3nL8xR2tY6uI1oP' }, maker, `req-${++seq}`);
    const decision = decide(state, ask, t0, () => 1, defaultPolicy);
    if (!decision.ok) throw new Error(decision.detail);
    const approval = approvalChangesOf(decision)[0]!.approval;
    state.approvals!.set(approval.id, approval);
    expect(routeOfApprovalId(approval.id)).toEqual({ walletKey: 'user:7', payout: false });
    return approval;
  }
  const ids = () => {
    let id = 100;
    return () => ++id;
  };

  it('when an approve names only its request, then the ledger applies the command the request stores, and the step carries it for the audit', () => {
    const state = world();
    const approval = requestedRouted(state, mintBig);
    const approve = command('ledger.approve', { approvalId: approval.id, requestHash: 'h' }, checker, undefined, ['mint']);
    // It travels under the key its request's id names, with no command to take one from.
    expect(partitionKeyOf(approve)).toBe('user:7');
    const [step] = runBatch(state, [approve], t0, ids());
    expect(step).toMatchObject({
      kind: 'decided',
      command: { data: { approvalId: approval.id, command: mintBig } },
      decision: {
        ok: true,
        transaction: { type: 'MINT', amount: 1_000_000, approval: { id: approval.id, requestedBy: 10, approvedBy: 11 } },
      },
    });
    expect(state.wallets.get('user:7')!.balance).toBe(1_000_000);
  });

  it("when the approver's API key lacks the scope the stored command needs (or they sent none), then API_KEY_SCOPE: nothing moves and the request stays pending", () => {
    const state = world();
    const approval = requestedRouted(state, mintBig);
    for (const scopes of [['burn', 'refund', 'reward'], []]) {
      const approve = command('ledger.approve', { approvalId: approval.id, requestHash: 'h' }, checker, undefined, scopes);
      const [step] = runBatch(state, [approve], t0, ids());
      expect(step).toMatchObject({ kind: 'decided', decision: { ok: false, code: 'API_KEY_SCOPE' } });
    }
    expect(state.wallets.get('user:7')!.balance).toBe(0);
    expect(state.approvals!.get(approval.id)!.status).toBe('PENDING');
  });

  it("when an insider's approve names a routed request with another command than it stores, or a request kept under another key than its id names, then APPROVAL_NOT_FOUND and nothing moves", () => {
    const state = world();
    const approval = requestedRouted(state, mintBig);
    const more = { ...mintBig, data: { ...mintBig.data, amount: 100_000_000 } } as ApprovableCommand;
    const forged = command('ledger.approve', { approvalId: approval.id, command: more, requestHash: 'h' }, checker);
    // The same request, stored under an id rewritten to name another wallet (user 8): the id does not name where it is kept.
    const rewritten = `${approval.id.slice(0, -12)}000000000008`;
    expect(routeOfApprovalId(rewritten)).toEqual({ walletKey: 'user:8', payout: false });
    state.approvals!.set(rewritten, { ...approval, id: rewritten });
    const elsewhere = command('ledger.approve', { approvalId: rewritten, requestHash: 'h' }, checker);
    const steps = runBatch(state, [forged, elsewhere], t0, ids());
    expect(steps.map((s) => (s.kind === 'decided' ? s.decision : null))).toMatchObject([
      { ok: false, code: 'APPROVAL_NOT_FOUND' },
      { ok: false, code: 'APPROVAL_NOT_FOUND' },
    ]);
    expect(state.wallets.get('user:7')!.balance).toBe(0);
    expect(state.approvals!.get(approval.id)!.status).toBe('PENDING');
  });

  it('when a reject names only its request, then it is rejected; one naming neither a route nor a command is not a command', () => {
    const state = world();
    const approval = requestedRouted(state, mintBig);
    const reject = command('ledger.reject-approval', { approvalId: approval.id, reason: 'no budget', requestHash: 'h' }, checker);
    expect(decide(state, reject, t0, () => 1, defaultPolicy)).toMatchObject({
      ok: true,
      effects: [{ kind: 'approvals', event: 'rejected', approval: { status: 'REJECTED', rejectionReason: 'no budget' } }],
    });
    const unrouted = requested(world(), mintBig).id;
    expect(routeOfApprovalId(unrouted)).toBeNull();
    const sent = { commandId: '00000000-0000-4000-8000-000000000001', issuedAt: t0.toISOString(), actor: checker };
    const data = { approvalId: unrouted, requestHash: 'f'.repeat(64) };
    expect(approveCommand.safeParse({ ...sent, type: 'ledger.approve', data }).success).toBe(false);
    expect(rejectApprovalCommand.safeParse({ ...sent, type: 'ledger.reject-approval', data: { ...data, reason: 'r' } }).success).toBe(
      false,
    );
    expect(approveCommand.safeParse({ ...sent, type: 'ledger.approve', data: { ...data, command: mintBig } }).success).toBe(true);
    expect(approveCommand.safeParse({ ...sent, type: 'ledger.approve', data: { ...data, approvalId: approval.id } }).success).toBe(true);
  });
});
