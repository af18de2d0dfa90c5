import { cashoutApprovalIdOf, type Actor, type LedgerCommand } from '@coin/contracts';
import { decide, evolve } from '../ledger';
import { rateOfDecision } from '../kinds/cashout-rates';
import { defaultPolicy, emptyWallet, type Accepted, type Decision, type LedgerPolicy, type LedgerState } from '../state';
import { holdChangesOf } from '../kinds/holds';
import { approvalChangesOf } from '../kinds/approvals';
import { deciderProof } from '../test-proofs';

/**
 * Rate versions set by two people and cash-outs above the four-eyes threshold, through the
 * ledger's own decide and evolve (docs/CONTRACT.md "Cash-out"): the proposer never approves, a
 * time in the past is refused, the version in force at the apply's time prices a cash-out, and a
 * big cash-out is neither claimable nor confirmable until an ADMIN+ other than its payer approved
 * the request it made (an approval request like every other: approved, rejected or expired).
 */

const t0 = new Date('2026-11-24T10:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const provider: Actor = { kind: 'system', id: 'pc_momo' };
const admin1: Actor = { kind: 'user', id: '11', role: 'ADMIN' };
const admin2: Actor = { kind: 'user', id: '12', role: 'ADMIN' };
const policy: LedgerPolicy = {
  ...defaultPolicy,
  cashout: {
    rates: [{ xafPerCoin: 600, effectiveFrom: new Date('2026-01-01T00:00:00.000Z') }],
    windowSeconds: 24 * 3600,
    dailyAmount: { unverified: 100_000_000, verified: 100_000_000 },
    // More than 500 coins waits for a second person.
    fourEyesAmount: 50_000,
  },
};

function freshState(): LedgerState {
  const payer = { ...emptyWallet({ kind: 'user', userId: 1 }, t0), balance: 10_000_000, totalReceived: 10_000_000 };
  const admin = { ...emptyWallet({ kind: 'user', userId: 11 }, t0), balance: 10_000_000, totalReceived: 10_000_000 };
  return {
    wallets: new Map([
      [payer.key, payer],
      [admin.key, admin],
    ]),
    refundTargets: new Map(),
    holds: new Map(),
    approvals: new Map(),
    windows: new Map(),
    mandates: new Map(),
    cashoutRates: new Map(),
  };
}

let n = 0;
function command(type: LedgerCommand['type'], data: object, actor: Actor): LedgerCommand {
  n += 1;
  return {
    commandId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type,
    issuedAt: t0.toISOString(),
    actor,
    data,
    ...deciderProof(type, actor),
  } as LedgerCommand;
}
const nonce = () => `nonce${'x'.repeat(20)}${n}`;
/** A rate version asked for: a request holding it, which a second ADMIN+ decides. */
const rateHeld = (xafPerCoin: number, effectiveFrom: Date) =>
  ({ type: 'ledger.set-cashout-rate', data: { xafPerCoin, effectiveFrom: effectiveFrom.toISOString() } }) as const;
const propose = (xafPerCoin: number, effectiveFrom: Date, actor = admin1) =>
  command('ledger.request-approval', { command: rateHeld(xafPerCoin, effectiveFrom), idNonce: nonce() }, actor);
const decideRate = (rateId: string, actor: Actor, decision: 'APPROVE' | 'REJECT' = 'APPROVE') =>
  decision === 'APPROVE'
    ? command('ledger.approve', { approvalId: rateId, holds: 'cashout-rate-change' }, actor)
    : command('ledger.reject-approval', { approvalId: rateId, holds: 'cashout-rate-change', reason: 'Too high' }, actor);
const ask = (amount: number, fromUserId = 1) =>
  command(
    'ledger.cashout',
    { fromUserId, amount, msisdn: '+237670000000', providerClientId: 'pc_momo', idNonce: nonce() },
    { kind: 'user', id: String(fromUserId) },
  );
const claim = (holdId: string, actor: Actor = provider) => command('ledger.claim-cashout', { holdId, fromUserId: 1 }, actor);
const settle = (holdId: string, outcome: 'CONFIRMED' | 'FAILED' = 'CONFIRMED') =>
  command('ledger.settle-cashout', { holdId, fromUserId: 1, outcome, callbackId: `msg_${n}` }, provider);
/** The request a cash-out made, named by the cash-out's id as the API names it. */
const requestIdOf = (holdId: string) => cashoutApprovalIdOf(holdId)!;
const decideCashout = (holdId: string, actor: Actor, decision: 'APPROVE' | 'REJECT' = 'APPROVE') =>
  decision === 'APPROVE'
    ? command('ledger.approve', { approvalId: requestIdOf(holdId), holds: 'cashout-approval' }, actor)
    : command('ledger.reject-approval', { approvalId: requestIdOf(holdId), holds: 'cashout-approval', reason: 'Not this week' }, actor);

let nextId = 0;
function run(state: LedgerState, cmd: LedgerCommand, now = t0): Decision {
  const decision = decide(state, cmd, now, () => ++nextId, policy);
  if (decision.ok) evolve(state, decision, now);
  return decision;
}
function ok(decision: Decision): Accepted {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.detail}`);
  return decision;
}
const rateOf = (decision: Decision) => rateOfDecision(ok(decision))!;
const requestOf = (decision: Decision) => approvalChangesOf(ok(decision))[0]!.approval;
const cashoutOf = (decision: Decision) => holdChangesOf(ok(decision))[0]!.hold;

describe('cash-out rates set by two people', () => {
  it('refuses the proposer approving their own version, and sets nothing', () => {
    const state = freshState();
    const asked = requestOf(run(state, propose(655, at(3600))));
    expect(asked).toMatchObject({ status: 'PENDING', requestedBy: admin1, command: rateHeld(655, at(3600)) });
    expect(run(state, decideRate(asked.id, admin1), at(10))).toMatchObject({ ok: false, code: 'APPROVAL_BY_REQUESTER' });
    expect(state.approvals?.get(asked.id)?.status).toBe('PENDING');
    expect(state.cashoutRates?.get(asked.id)).toBeUndefined();
  });

  it('refuses a proposal whose effective time is in the past at the ledger, whatever the sender wrote', () => {
    const state = freshState();
    expect(run(state, propose(655, at(-1)))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(run(state, propose(655, at(30)))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(state.approvals).toEqual(new Map());
  });

  it('prices a cash-out with the version in force at the apply time: the old rate before effectiveFrom, the new one from it', () => {
    const state = freshState();
    const asked = requestOf(run(state, propose(655, at(3600))));
    expect(rateOf(run(state, decideRate(asked.id, admin2), at(60)))).toMatchObject({
      id: asked.id,
      status: 'APPROVED',
      proposedBy: admin1,
      decidedBy: admin2,
    });
    expect(state.approvals?.get(asked.id)).toMatchObject({ status: 'APPROVED', decidedBy: admin2, transactionId: null });
    expect(cashoutOf(run(state, ask(100), at(3599))).cashout).toMatchObject({ xafPerCoin: 600, xafAmount: 600 });
    expect(cashoutOf(run(state, ask(100), at(3600))).cashout).toMatchObject({
      xafPerCoin: 655,
      xafAmount: 655,
      rateEffectiveFrom: at(3600),
    });
  });

  it('never lets a rejected version price a cash-out, nor a decided one be decided again', () => {
    const state = freshState();
    const asked = requestOf(run(state, propose(1, at(120))));
    expect(requestOf(run(state, decideRate(asked.id, admin2, 'REJECT'), at(1)))).toMatchObject({ status: 'REJECTED', decidedBy: admin2 });
    expect(run(state, decideRate(asked.id, admin2), at(2))).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
    expect(cashoutOf(run(state, ask(100), at(200))).cashout?.xafPerCoin).toBe(600);
  });

  it('is set only by its request’s approval, before the request lapses: sent alone it is refused, and approved at its expiry it is not pending', () => {
    const state = freshState();
    expect(run(state, command('ledger.set-cashout-rate', rateHeld(655, at(3600)).data, admin2))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    const asked = requestOf(run(state, propose(655, at(3600))));
    // A minute before its time, when no approval could take it any more.
    expect(asked.expiresAt).toEqual(at(3600 - 60));
    expect(run(state, decideRate(asked.id, admin2), asked.expiresAt)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
    expect(state.cashoutRates?.size).toBe(0);
  });

  it('counts the requests of one batch among the waiting versions: a 21st waiting is refused', () => {
    const state = freshState();
    for (let i = 0; i < 20; i += 1) ok(run(state, propose(600 + i, at(3600 + i))));
    expect(run(state, propose(700, at(7200)))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
  });
});

describe('a cash-out above the four-eyes threshold', () => {
  it('is held at once, but no provider can claim it until an ADMIN+ other than the payer approved it; then it is claimed and confirmed', () => {
    const state = freshState();
    const held = cashoutOf(run(state, ask(50_001)));
    expect(held).toMatchObject({ status: 'PENDING', cashout: { secondPerson: { approvedBy: null }, claimedBy: null } });
    // Its request: in its payer's name, holding its clearance, lapsing with its hold.
    expect(state.approvals!.get(requestIdOf(held.id))).toMatchObject({
      status: 'PENDING',
      requestedBy: { kind: 'user', id: '1' },
      command: { type: 'ledger.clear-cashout', data: { holdId: held.id, fromUserId: 1, amount: 50_001 } },
      expiresAt: held.expiresAt,
    });
    // The provider it names, and any other, is refused the claim: it is not in any provider's queue yet.
    expect(run(state, claim(held.id), at(1))).toMatchObject({ ok: false, code: 'CASHOUT_NOT_APPROVED' });
    expect(run(state, claim(held.id, { kind: 'system', id: 'pc_other' }), at(1))).toMatchObject({ ok: false });
    expect(state.holds!.get(held.id)).toMatchObject({ status: 'PENDING', settlerClientId: null, cashout: { claimedBy: null } });
    // Unclaimed, no callback settles it either.
    expect(run(state, settle(held.id), at(1))).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const approved = cashoutOf(run(state, decideCashout(held.id, admin2), at(2)));
    expect(approved).toMatchObject({ status: 'PENDING', cashout: { secondPerson: { approvedBy: 12, approvedAt: at(2) } } });
    expect(state.approvals!.get(requestIdOf(held.id))).toMatchObject({ status: 'APPROVED', decidedBy: admin2, transactionId: null });
    expect(run(state, decideCashout(held.id, admin2), at(2))).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });

    expect(cashoutOf(run(state, claim(held.id), at(3)))).toMatchObject({ cashout: { claimedBy: 'pc_momo', claimedAt: at(3) } });
    const confirmed = ok(run(state, settle(held.id), at(4)));
    expect(confirmed.transaction).toMatchObject({ type: 'BURN', amount: 50_001 });
  });

  it('stored as claimed already (a claim older than the rule), its CONFIRMED is still refused until approved; its FAILED needs no approval', () => {
    const state = freshState();
    const held = cashoutOf(run(state, ask(50_001)));
    // A claim that predates the rule (a cash-out migrated as claimed): the callback is still judged.
    const stored = state.holds!.get(held.id)!;
    state.holds!.set(held.id, {
      ...stored,
      settlerClientId: 'pc_momo',
      cashout: { ...stored.cashout!, claimedBy: 'pc_momo', claimedAt: t0 },
    });
    expect(run(state, settle(held.id), at(1))).toMatchObject({ ok: false, code: 'CASHOUT_NOT_APPROVED' });
    expect(state.holds!.get(held.id)?.status).toBe('PENDING');
    expect(cashoutOf(run(state, settle(held.id, 'FAILED'), at(2)))).toMatchObject({ status: 'VOIDED' });
  });

  it('at or under the threshold needs no second person', () => {
    const state = freshState();
    const held = cashoutOf(run(state, ask(50_000)));
    expect(held.cashout?.secondPerson).toBeNull();
    ok(run(state, claim(held.id), at(1)));
    expect(ok(run(state, settle(held.id), at(1))).transaction).toMatchObject({ type: 'BURN' });
    expect(state.approvals!.size).toBe(0);
    expect(run(state, decideCashout(held.id, admin2), at(2))).toMatchObject({ ok: false, code: 'APPROVAL_NOT_FOUND' });
  });

  it('is cleared only by its request’s approval: its clearance sent alone, or asked for in a request of its own, is refused', () => {
    const state = freshState();
    const held = cashoutOf(run(state, ask(50_001)));
    const clearance = { holdId: held.id, fromUserId: 1, amount: 50_001 };
    expect(run(state, command('ledger.clear-cashout', clearance, admin2), at(1))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const asked = command(
      'ledger.request-approval',
      { command: { type: 'ledger.clear-cashout', data: clearance }, idNonce: nonce() },
      admin2,
    );
    expect(run(state, asked, at(1))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(state.approvals!.size).toBe(1);
    expect(state.holds!.get(held.id)?.cashout?.secondPerson).toEqual({ approvedBy: null, approvedAt: null });
  });

  it('lapses with its hold: the expiry sweep ends its request EXPIRED, and no one approves it after', () => {
    const state = freshState();
    const held = cashoutOf(run(state, ask(50_001)));
    const id = requestIdOf(held.id);
    const request = state.approvals!.get(id)!;
    const expired = ok(
      run(state, command('ledger.expire-approval', { approvalId: id, command: request.command }, provider), held.expiresAt),
    );
    expect(state.approvals!.get(id)).toMatchObject({ status: 'EXPIRED', decidedBy: null });
    expect(expired.effects).toHaveLength(1);
    expect(run(state, decideCashout(held.id, admin2), held.expiresAt)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
  });

  it('refuses its payer deciding it, even an ADMIN paying themselves', () => {
    const state = freshState();
    const held = cashoutOf(run(state, ask(60_000, 11)));
    expect(run(state, decideCashout(held.id, admin1, 'APPROVE'), at(1))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(run(state, decideCashout(held.id, admin1, 'REJECT'), at(1))).toMatchObject({ ok: false, code: 'SELF_DEALING' });
    expect(state.approvals!.get(requestIdOf(held.id))?.status).toBe('PENDING');
    expect(state.holds!.get(held.id)?.status).toBe('PENDING');
  });

  it('is released (voided) by a rejection; approved and claimed, its provider may fail it', () => {
    const state = freshState();
    const first = cashoutOf(run(state, ask(60_000)));
    expect(cashoutOf(run(state, decideCashout(first.id, admin2, 'REJECT'), at(1)))).toMatchObject({ status: 'VOIDED' });
    expect(state.approvals!.get(requestIdOf(first.id))).toMatchObject({
      status: 'REJECTED',
      decidedBy: admin2,
      rejectionReason: 'Not this week',
    });
    // Never claimed, so no provider's callback is its claimer's.
    expect(run(state, settle(first.id), at(2))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(run(state, claim(first.id), at(2))).toMatchObject({ ok: false, code: 'HOLD_NOT_PENDING' });
    const second = cashoutOf(run(state, ask(60_000)));
    ok(run(state, decideCashout(second.id, admin2), at(3)));
    ok(run(state, claim(second.id), at(3)));
    expect(cashoutOf(run(state, settle(second.id, 'FAILED'), at(3)))).toMatchObject({ status: 'VOIDED' });
  });
});
