import { topicNames, type Actor, type LedgerCommand } from '@coin/contracts';
import { approvalIdOf } from '../approvals';
import { decide, evolve } from '../ledger';
import { defaultPolicy, emptyWallet, type Accepted, type Decision, type LedgerPolicy, type LedgerState } from '../state';
import { replyViews } from '../../apply/outcomes';
import { approvalChangesOf } from '../kinds/approvals';
import { holdChangesOf, holdEventMessage } from '../kinds/holds';
import { isKindEffect, kindModule } from '../kinds/table';
import { moduleOf } from './table';
import { deciderProof } from '../test-proofs';

/**
 * The reversal of a claimed cash-out (docs/CONTRACT.md "Cash-out"), each attack first: one ADMIN+
 * asks, a different ADMIN+ approves, neither is the payer; the approval releases the claimed hold
 * to its payer and the hold's voided event names the provider that claimed it. Sent directly, or
 * of a cash-out no provider claimed, or of one already settled, it is refused.
 */

const t0 = new Date('2026-11-24T10:00:00.000Z');
const provider: Actor = { kind: 'system', id: 'pc_momo' };
const asker: Actor = { kind: 'user', id: '5', role: 'ADMIN' };
const approver: Actor = { kind: 'user', id: '6', role: 'ADMIN' };
const payerAdmin: Actor = { kind: 'user', id: '1', role: 'ADMIN' };
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
  return {
    commandId,
    type,
    issuedAt: t0.toISOString(),
    actor,
    data,
    ...deciderProof(type, actor),
    ...(proof ? { proof } : {}),
  } as LedgerCommand;
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
const reversal = (holdId: string) => ({ type: 'ledger.reverse-cashout', data: { holdId, fromUserId: 1, reason: 'Provider paid nothing' } });
const askReversal = (holdId: string, by: Actor) => command('ledger.request-approval', { command: reversal(holdId) }, by);
const approve = (request: LedgerCommand, holdId: string, by: Actor) =>
  command('ledger.approve', { approvalId: approvalIdOf(request), command: reversal(holdId), holds: 'cashout-reversal' }, by);

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
function claimedCashout(state: LedgerState): string {
  const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
  accepted(run(state, claim(hold.id)));
  return hold.id;
}

describe('the reversal of a claimed cash-out, in the ledger domain', () => {
  it('when one ADMIN sends the reversal directly, then it is refused: only an approval applies it', () => {
    const state = stateWith(100_000);
    const holdId = claimedCashout(state);
    const direct = command('ledger.reverse-cashout', reversal(holdId).data, asker);
    expect(run(state, direct)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(wallet(state)).toMatchObject({ balance: 100_000, held: 10_000 });
  });

  it('when the payer asks for the reversal of their own cash-out, then it is refused SELF_DEALING', () => {
    const state = stateWith(100_000);
    const holdId = claimedCashout(state);
    expect(run(state, askReversal(holdId, payerAdmin))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.approvals!.size).toBe(0);
  });

  it('when the requester approves their own request, then it is refused APPROVAL_BY_REQUESTER; the payer approving is SELF_DEALING', () => {
    const state = stateWith(100_000);
    const holdId = claimedCashout(state);
    const request = askReversal(holdId, asker);
    const parked = accepted(run(state, request));
    expect(approvalChangesOf(parked)[0]!.approval).toMatchObject({ status: 'PENDING', command: reversal(holdId) });
    expect(run(state, approve(request, holdId, asker))).toMatchObject({ ok: false, code: 'APPROVAL_BY_REQUESTER' });
    // Approved as an Approval (the routes of Approvals), it is not found: it is decided on its own routes.
    const asApproval = command('ledger.approve', { approvalId: approvalIdOf(request), command: reversal(holdId) }, approver);
    expect(run(state, asApproval)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_FOUND' });
    expect(run(state, approve(request, holdId, payerAdmin))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(wallet(state)).toMatchObject({ balance: 100_000, held: 10_000 });
    expect(state.holds!.get(holdId)).toMatchObject({ status: 'PENDING' });
  });

  it('when another ADMIN approves, then the hold is voided, the coins are the payer’s again and the voided event names the provider', () => {
    const state = stateWith(100_000);
    const holdId = claimedCashout(state);
    const request = askReversal(holdId, asker);
    accepted(run(state, request));
    const approval = approve(request, holdId, approver);
    const applied = accepted(run(state, approval));
    expect(applied.transaction).toBeNull();
    expect(approvalChangesOf(applied)[0]!.approval).toMatchObject({ status: 'APPROVED', decidedBy: approver, transactionId: null });
    // The request last among the effects: the hold's release is published first, and the request
    // (no Approval) publishes nothing; the admin audit log records it.
    expect(applied.effects.map((effect) => effect.kind)).toEqual(['holds', 'approvals']);
    const context = { topics: topicNames('t_'), headers: undefined, views: replyViews };
    const published = applied.effects.filter(isKindEffect).flatMap((effect) => kindModule(effect.kind).messages?.(effect, context) ?? []);
    expect(published.map((m) => [m.topic, m.key])).toEqual([['t_coin.holds', holdId]]);
    expect(holdChangesOf(applied)[0]).toMatchObject({ event: 'voided', hold: { status: 'VOIDED', settlerClientId: 'pc_momo' } });
    expect(wallet(state)).toMatchObject({ balance: 100_000, held: 0 });
    const topics = { coinHolds: 'coin.holds' } as Parameters<typeof holdEventMessage>[0];
    const message = holdEventMessage(topics, holdChangesOf(applied)[0]! as Parameters<typeof holdEventMessage>[1], replyViews);
    expect(JSON.parse(message.payload as string)).toMatchObject({ type: 'coin.hold.voided', hold: { id: holdId, clientId: 'pc_momo' } });
    // Asked for and approved, each in the admin audit log, naming the cash-out.
    expect(moduleOf(request).audit(request, null)).toMatchObject({
      action: 'approval.request',
      summary: { command: 'REVERSE-CASHOUT', cashoutId: holdId, userId: 1, reason: 'Provider paid nothing' },
    });
    expect(moduleOf(approval).audit(approval, applied)).toMatchObject({
      action: 'approval.approve',
      summary: { command: 'REVERSE-CASHOUT', target: `hold:${holdId}`, cashoutId: holdId, userId: 1 },
    });
    // Its provider's later callback finds it released.
    expect(run(state, settle(holdId, 'CONFIRMED'))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
  });

  it('when the reversal of a cash-out no provider claimed is asked for or approved, then it is refused', () => {
    const state = stateWith(100_000);
    const hold = holdChangesOf(accepted(run(state, ask(10_000))))[0]!.hold;
    expect(run(state, askReversal(hold.id, asker))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // Asked while claimed, then the claim is gone (as a stored state): the approval judges the cash-out as it stands.
    accepted(run(state, claim(hold.id)));
    const request = askReversal(hold.id, asker);
    accepted(run(state, request));
    const stored = state.holds!.get(hold.id)!;
    state.holds!.set(hold.id, { ...stored, settlerClientId: null, cashout: { ...stored.cashout!, claimedBy: null, claimedAt: null } });
    expect(run(state, approve(request, hold.id, approver))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(state.approvals!.get(approvalIdOf(request))).toMatchObject({ status: 'PENDING' });
  });

  it('when the provider settled the cash-out before the approval, then the approval is refused HOLD_NOT_PENDING and nothing moves', () => {
    const state = stateWith(100_000);
    const holdId = claimedCashout(state);
    const request = askReversal(holdId, asker);
    accepted(run(state, request));
    accepted(run(state, settle(holdId, 'CONFIRMED')));
    expect(run(state, approve(request, holdId, approver))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
    expect(wallet(state)).toMatchObject({ balance: 90_000, held: 0 });
    expect(run(state, askReversal(holdId, asker))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
  });
});
