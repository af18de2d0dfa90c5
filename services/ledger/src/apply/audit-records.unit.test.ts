import { adminActionRecorded, adminRefusalRecorded, topicNames, type LedgerCommand } from '@coin/contracts';
import type { BatchStep } from '../domain/batch';
import type { Decision, NewTransaction } from '../domain/ledger';
import { auditEventMessage, auditRecordId, auditRecordOf, decidedRefusalRecordOf, refusalEventMessage } from './audit-records';

type DecidedStep = Extract<BatchStep, { kind: 'decided' }>;

const at = new Date('2030-05-01T10:00:00.000Z');
const admin = { kind: 'user' as const, id: '1', role: 'ADMIN' as const };
const system = { kind: 'system' as const, id: 'pc_tournaments' };
let seq = 0;

function command<T extends LedgerCommand['type']>(
  type: T,
  data: Extract<LedgerCommand, { type: T }>['data'],
  actor: LedgerCommand['actor'] = admin,
): LedgerCommand {
  return {
    commandId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: at.toISOString(),
    actor,
    data,
  } as LedgerCommand;
}

function applied(transactionId: number | null, amount = 0): Decision {
  const transaction = transactionId === null ? null : ({ id: transactionId, amount } as NewTransaction);
  return { ok: true, transaction } as unknown as Decision;
}

function rejected(code: string): Decision {
  return { ok: false, code, detail: 'refused' } as unknown as Decision;
}

function step(cmd: LedgerCommand, decision: Decision): DecidedStep {
  return { kind: 'decided', command: cmd, decision, subject: null, requestHash: 'a'.repeat(64), changes: [] };
}

const context = { at, requestId: 'req-1' };

describe('the ledger audit records (auditRecordOf)', () => {
  it('when an ADMIN mints into a user wallet, then the record names the actor, the wallet, the amount in coins and the transaction', () => {
    const mint = command('ledger.mint', { to: { kind: 'user', userId: 7 }, amount: 25050, reason: 'welcome', requestHash: 'b'.repeat(64) });
    const record = auditRecordOf(step(mint, applied(1042, 25050)), context);
    expect(record).toEqual({
      id: auditRecordId(mint.commandId, 'money.mint'),
      at: at.toISOString(),
      actor: admin,
      action: 'money.mint',
      target: 'user:7',
      summary: { amount: 250.5, reason: 'welcome', transactionId: 1042 },
      result: 'applied',
      errorCode: null,
      requestId: 'req-1',
    });
    // The request hash is no part of the record.
    expect(JSON.stringify(record)).not.toContain('b'.repeat(64));
  });

  it('when the same command is decided again (a redelivery), then its record has the same id', () => {
    const mint = command('ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'budget' });
    const first = auditRecordOf(step(mint, applied(1)), context)!;
    const again = auditRecordOf(step(mint, applied(1)), { at: new Date(), requestId: null })!;
    expect(again.id).toBe(first.id);
    expect(first.target).toBe('treasury:REWARDS');
  });

  it('when a burn is rejected, then the record says rejected with the error code and names no transaction', () => {
    const burn = command('ledger.burn', { from: { kind: 'user', userId: 9 }, amount: 500, reason: 'correction' });
    expect(auditRecordOf(step(burn, rejected('INSUFFICIENT_FUNDS')), context)).toMatchObject({
      action: 'money.burn',
      target: 'user:9',
      summary: { amount: 5, reason: 'correction' },
      result: 'rejected',
      errorCode: 'INSUFFICIENT_FUNDS',
    });
  });

  it('when a purchase is refunded, then the target is the purchase and the summary the treasury, amount and refund transaction', () => {
    const refund = command('ledger.refund', { transactionId: 77, treasury: 'COURSE_FEES', reason: 'cancelled' });
    expect(auditRecordOf(step(refund, applied(78, 1999)), context)).toMatchObject({
      action: 'money.refund',
      target: 'transaction:77',
      summary: { treasury: 'COURSE_FEES', amount: 19.99, reason: 'cancelled', refundTransactionId: 78 },
    });
  });

  it('when an ADMIN rewards, then it is recorded; when a platform client (SYSTEM) rewards, then it is not an admin action', () => {
    const byAdmin = command('ledger.reward', { toUserId: 7, amount: 500, reason: 'course done' });
    expect(auditRecordOf(step(byAdmin, applied(5)), context)).toMatchObject({ action: 'money.reward', target: 'user:7' });
    const bySystem = command('ledger.reward', { toUserId: 7, amount: 500, reason: 'course done' }, system);
    expect(auditRecordOf(step(bySystem, applied(6)), context)).toBeNull();
  });

  it('when limits are set, then the summary has the overrides in coins (a count stays a count, null stays null)', () => {
    const limits = command('ledger.set-limits', { userId: 7, overrides: { dailyAmount: 10000, dailyCount: 3, singleAmount: null } });
    expect(auditRecordOf(step(limits, applied(null)), context)).toMatchObject({
      action: 'limits.set',
      target: 'user:7',
      summary: { dailyAmount: 100, dailyCount: 3, singleAmount: null },
      result: 'applied',
    });
  });

  it('when a user transfers or a service closes a wallet, then there is no record', () => {
    const transfer = command('ledger.transfer', {
      kind: 'TRANSFER',
      fromUserId: 7,
      to: { kind: 'user', userId: 8 },
      amount: 1,
      reason: 'x',
    });
    expect(auditRecordOf(step(transfer, applied(9)), context)).toBeNull();
    const close = command('ledger.close-wallet', { userId: 7, reason: 'deleted' }, { kind: 'service', id: 'user' });
    expect(auditRecordOf(step(close, applied(10)), context)).toBeNull();
  });

  it('then the outbox message is an admin.action.recorded event on admin.audit keyed by the record id, valid by its schema', () => {
    const mint = command('ledger.mint', { to: { kind: 'user', userId: 7 }, amount: 100, reason: 'welcome' });
    const record = auditRecordOf(step(mint, applied(1)), context)!;
    const message = auditEventMessage(topicNames('t_'), record);
    expect(message).toMatchObject({ topic: 't_admin.audit', key: record.id, headers: { type: 'admin.action.recorded' } });
    expect(adminActionRecorded.parse(JSON.parse(message.payload)).record).toEqual(record);
  });
});

describe('the ledger refusal records of decided commands (decidedRefusalRecordOf)', () => {
  const holdId = '7c1e0f3a-0000-4000-8000-000000000001';

  it('when a platform client is refused the settlement of a hold (FORBIDDEN), then a refusal record names it, the hold and why, and its message is a valid admin.refusal.recorded', () => {
    const capture = command('ledger.capture-hold', { holdId, fromUserId: 7 }, system);
    const record = decidedRefusalRecordOf(step(capture, rejected('FORBIDDEN')), context);
    expect(record).toEqual({
      id: expect.any(String),
      at: at.toISOString(),
      source: 'ledger',
      actor: { ...system, verified: true },
      address: null,
      action: 'ledger.capture-hold',
      target: `hold:${holdId}`,
      summary: { commandId: capture.commandId },
      result: 'rejected',
      errorCode: 'FORBIDDEN',
      reason: 'refused',
      requestId: 'req-1',
    });
    expect(decidedRefusalRecordOf(step(capture, rejected('FORBIDDEN')), { at: new Date(), requestId: null })!.id).toBe(record!.id);
    const message = refusalEventMessage(topicNames('t_'), record!);
    expect(message).toMatchObject({ topic: 't_admin.audit', key: record!.id, headers: { type: 'admin.refusal.recorded' } });
    expect(adminRefusalRecorded.parse(JSON.parse(message.payload)).record).toEqual(record);
  });

  it("when an admin's capture is SELF_DEALING, then it is recorded too; a refusal about the request's content (HOLD_NOT_PENDING) or an accepted command is not", () => {
    const capture = command('ledger.capture-hold', { holdId, fromUserId: 7 });
    expect(decidedRefusalRecordOf(step(capture, rejected('SELF_DEALING')), context)).toMatchObject({
      errorCode: 'SELF_DEALING',
      actor: admin,
    });
    expect(decidedRefusalRecordOf(step(capture, rejected('HOLD_NOT_PENDING')), context)).toBeNull();
    expect(decidedRefusalRecordOf(step(capture, applied(5)), context)).toBeNull();
  });

  it('when a proposer approves their own cash-out rate, or a provider claims or confirms a cash-out no second person approved, then each refusal is recorded against the request or the cash-out', () => {
    // A rate's request, named by its id (the rate table's partition, digit K = 5).
    const rateId = '5b1f8a2c-3d4e-8f60-8500-000000000000';
    const own = command('ledger.approve', { approvalId: rateId, holds: 'cashout-rate-change' });
    // Its approval is an admin action: the refusal is its record, naming the request.
    expect(auditRecordOf(step(own, rejected('APPROVAL_BY_REQUESTER')), context)).toMatchObject({
      action: 'approval.approve',
      target: `approval:${rateId}`,
      errorCode: 'APPROVAL_BY_REQUESTER',
      result: 'rejected',
      actor: admin,
    });
    const confirm = command('ledger.settle-cashout', { holdId, fromUserId: 7, outcome: 'CONFIRMED', callbackId: 'msg_1' }, system);
    expect(decidedRefusalRecordOf(step(confirm, rejected('CASHOUT_NOT_APPROVED')), context)).toMatchObject({
      action: 'ledger.settle-cashout',
      target: `hold:${holdId}`,
      errorCode: 'CASHOUT_NOT_APPROVED',
    });
    // A claim of one still waiting for its second person is the same refusal, recorded the same way.
    const claim = command('ledger.claim-cashout', { holdId, fromUserId: 7 }, system);
    expect(decidedRefusalRecordOf(step(claim, rejected('CASHOUT_NOT_APPROVED')), context)).toMatchObject({
      action: 'ledger.claim-cashout',
      target: `hold:${holdId}`,
      errorCode: 'CASHOUT_NOT_APPROVED',
    });
  });
});
