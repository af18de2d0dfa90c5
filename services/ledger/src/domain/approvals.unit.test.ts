import type { Actor, ApprovableCommand, LedgerCommand } from '@coin/contracts';
import { approvalIdOf, approvedCommandIdOf, type ApprovalState } from './approvals';
import { runBatch } from './batch';
import { decide, defaultPolicy, emptyWallet, type LedgerState } from './ledger';

const t0 = new Date('2026-03-01T12:00:00.000Z');
const maker: Actor = { kind: 'user', id: '10', role: 'ADMIN' };
const checker: Actor = { kind: 'user', id: '11', role: 'SUPERADMIN' };
const mintBig: ApprovableCommand = { type: 'ledger.mint', data: { to: { kind: 'user', userId: 7 }, amount: 1_000_000, reason: 'prize' } };
let seq = 0;
const command = (type: LedgerCommand['type'], data: unknown, actor: Actor, commandId = `cmd-${++seq}`) =>
  ({ commandId, type, issuedAt: t0.toISOString(), actor, data }) as LedgerCommand;

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
  state.approvals.set(decision.approvals[0]!.approval.id, decision.approvals[0]!.approval);
  return decision.approvals[0]!.approval;
}

describe('ledger domain: four-eyes approvals', () => {
  it('when a request is made, then it is PENDING, its id follows from the command id, it expires after the policy, and nothing moves', () => {
    const state = world();
    const decision = decide(state, command('ledger.request-approval', { command: mintBig }, maker, 'req-1'), t0, () => 1, defaultPolicy);
    expect(decision).toMatchObject({ ok: true, transaction: null, entries: [] });
    const approval = decision.ok ? decision.approvals[0]!.approval : null;
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
      new Map(),
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
      approvals: [{ event: 'approved', approval: { status: 'APPROVED', decidedBy: checker, transactionId: 101 } }],
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
    expect(state.approvals.get(approval.id)!.status).toBe('PENDING');
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
    expect(expireEarly).toMatchObject({ ok: true, approvals: [] });
    const rejected = decide(
      state,
      command('ledger.reject-approval', { approvalId: approval.id, command: mintBig, reason: 'no budget' }, checker),
      t0,
      () => 1,
    );
    expect(rejected).toMatchObject({
      ok: true,
      transaction: null,
      approvals: [{ event: 'rejected', approval: { status: 'REJECTED', rejectionReason: 'no budget', decidedBy: checker } }],
    });
    const other = world();
    const pending = requested(other, mintBig);
    const expired = decide(
      other,
      command('ledger.expire-approval', { approvalId: pending.id, command: mintBig }, maker),
      pending.expiresAt,
      () => 1,
    );
    expect(expired).toMatchObject({ ok: true, transaction: null, approvals: [{ event: 'expired', approval: { status: 'EXPIRED' } }] });
  });
});
