import { headerNames, topicNames, type Actor, type ApprovableCommand, type LedgerCommand } from '@coin/contracts';
import { applyBatch, decideBatch, type DecidedBatch } from '../../apply/apply-batch';
import { emptyReadRequest, type BatchRead, type BatchReadRequest, type LedgerStore } from '../../apply/store';
import { replyViews } from '../../apply/outcomes';
import { approvalIdOf, type ApprovalState } from '../approvals';
import { moduleOf } from '../commands/table';
import { emptyWallet } from '../ledger';
import { approvalRowOf, approvals, approvalStateOf } from './approvals';
import { deciderProof } from '../test-proofs';

/**
 * The approval requests, a kind of the state table (domain/kinds/approvals.ts): read by id (and,
 * for an approve or a reject naming only its request, first on their own, by the same keys); a
 * decision's requests are its effects, listed after its others, each request written once per
 * batch as it stands at its end, decided only while PENDING, its changes published on
 * coin.approvals(.v2) or coin.payout-approvals. (An approved cash-out's reversal, whose effects are
 * its hold's release then the request: domain/commands/cashout-reversal.unit.test.ts.)
 */

const now = new Date('2026-01-01T10:30:00.000Z');
const topics = topicNames('t_');
const maker: Actor = { kind: 'user', id: '10', role: 'ADMIN' };
const checker: Actor = { kind: 'user', id: '11', role: 'SUPERADMIN' };
let seq = 0;

function command(type: LedgerCommand['type'], data: object, actor: Actor, extra: object = {}): LedgerCommand {
  const commandId = `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  return { commandId, type, issuedAt: now.toISOString(), actor, data, ...deciderProof(type, actor), ...extra } as LedgerCommand;
}

/** The claims of a key proof (the consumer verified its signature, owner, time and revocation before the apply). */
function keyProofOf(scopes: string[]): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA' })}.${part({ api_key_id: 'k', scopes, createdBy: null, approvedBy: null })}.signature`;
}

const mintToSeven: ApprovableCommand = { type: 'ledger.mint', data: { to: { kind: 'user', userId: 7 }, amount: 5_000, reason: 'prize' } };

const stored = (id: string, asked: ApprovableCommand, over: Partial<ApprovalState> = {}): ApprovalState => ({
  id,
  command: asked,
  requestedBy: maker,
  status: 'PENDING',
  createdAt: new Date('2025-12-31T00:00:00.000Z'),
  expiresAt: new Date('2026-01-02T00:00:00.000Z'),
  updatedAt: new Date('2025-12-31T00:00:00.000Z'),
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
  ...over,
});

function read(requests: ApprovalState[]): BatchRead {
  const seven = emptyWallet({ kind: 'user', userId: 7 }, now);
  return {
    kinds: {
      wallets: new Map([[seven.key, { state: seven, version: 3 }]]),
      approvals: new Map(requests.map((request) => [request.id, request])),
    },
    reservedIds: [10, 11, 12],
  };
}

const decide = (batch: BatchRead, commands: LedgerCommand[]) =>
  decideBatch(batch, commands, { now, topics, owns: () => true }) as DecidedBatch;

/** The batch's messages as [topic, key, type], in publish order. */
const messagesOf = (decided: DecidedBatch) => decided.write.outbox.map((m) => [m.topic, m.key, m.headers[headerNames.type]]);

/** A change of one request against the one before it (undefined: none), by the kind's evolve. */
const evolveOne = (before: ApprovalState | undefined, approval: ApprovalState, event: 'requested' | 'approved' | 'rejected' | 'expired') =>
  approvals.evolve(new Map(before ? [[before.id, before]] : []), {
    effects: [{ approval, event }],
    decision: undefined as never,
    changes: [],
    now,
  });

describe('the approval requests as a kind of the state table', () => {
  it('when a request is asked for and rejected in one batch, then it is written once, as it stands at the end, each change publishing its events in order', () => {
    const ask = command('ledger.request-approval', { command: mintToSeven }, maker);
    const id = approvalIdOf(ask);
    const reject = command('ledger.reject-approval', { approvalId: id, command: mintToSeven, reason: 'no budget' }, checker);
    const decided = decide(read([]), [ask, reject]);

    expect(decided.outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(decided.write.kinds?.approvals).toEqual([
      expect.objectContaining({ id, status: 'REJECTED', decided_by: checker, rejection_reason: 'no budget', command: mintToSeven }),
    ]);
    // Each change on coin.approvals (a MINT is one version 1 carries) and coin.approvals.v2, keyed by the request.
    expect(messagesOf(decided).filter(([topic]) => topic !== topics.adminAudit)).toEqual([
      [topics.coinApprovals, id, 'coin.approval.requested'],
      [topics.coinApprovalsV2, id, 'coin.approval.requested'],
      [topics.coinApprovals, id, 'coin.approval.rejected'],
      [topics.coinApprovalsV2, id, 'coin.approval.rejected'],
    ]);
  });

  it('when an approval applies its command, then the request’s events follow the transaction’s, before its balance changes', () => {
    const request = stored('00000000-0000-4000-8000-0000000000a1', mintToSeven);
    const approve = command('ledger.approve', { approvalId: request.id, command: mintToSeven }, checker, {
      keyProof: keyProofOf(['mint']),
    });
    const decided = decide(read([request]), [approve]);

    expect(decided.outcomes.map((o) => o.ok)).toEqual([true]);
    expect(decided.write.kinds?.approvals).toEqual([expect.objectContaining({ id: request.id, status: 'APPROVED', transaction_id: 10 })]);
    expect(messagesOf(decided).map(([topic, , type]) => `${topic} ${type}`)).toEqual([
      `${topics.coinTransactions} coin.transaction.recorded`,
      `${topics.coinApprovals} coin.approval.approved`,
      `${topics.coinApprovalsV2} coin.approval.approved`,
      `${topics.coinBalances} coin.balance.changed`,
      `${topics.adminAudit} admin.action.recorded`,
    ]);
  });

  it('when a change does not follow from the request before it, then the evolve throws (a bug in a decide, never a condition of the world)', () => {
    const pending = stored('00000000-0000-4000-8000-0000000000c1', mintToSeven);
    const approved = { ...pending, status: 'APPROVED' as const, decidedBy: checker, transactionId: 4 };
    expect(evolveOne(undefined, pending, 'requested')).toEqual([pending.id]);
    expect(evolveOne(pending, approved, 'approved')).toEqual([pending.id]);
    expect(evolveOne(pending, { ...pending, status: 'EXPIRED' }, 'expired')).toEqual([pending.id]);
    expect(() => evolveOne(pending, pending, 'requested')).toThrow(/approval .*: requested from PENDING/);
    expect(() => evolveOne(approved, { ...approved, status: 'REJECTED' }, 'rejected')).toThrow(/approval .*: rejected from APPROVED/);
    expect(() => evolveOne(undefined, approved, 'approved')).toThrow(/approval .*: approved from nothing/);
  });

  it('when a request changes, then its events go by the view it has: a payout’s on coin.payout-approvals, a reward’s on v2 only, a reversal’s and a commission change’s nowhere', () => {
    const eventsOf = (asked: ApprovableCommand) =>
      approvals
        .messages?.(
          { approval: stored('00000000-0000-4000-8000-0000000000d1', asked), event: 'requested' },
          { topics, headers: undefined, views: replyViews },
        )
        .map((m) => [m.topic, m.headers[headerNames.type]]);
    const payout: ApprovableCommand = {
      type: 'ledger.payout',
      data: { from: { kind: 'treasury', code: 'REWARDS' }, reason: 'prizes', reference: 'p-1', lines: [{ toUserId: 7, amount: 100 }] },
    };
    expect(eventsOf(payout)).toEqual([[topics.coinPayoutApprovals, 'coin.payout-approval.requested']]);
    expect(eventsOf({ type: 'ledger.reward', data: { toUserId: 7, amount: 100, reason: 'r' } })).toEqual([
      [topics.coinApprovalsV2, 'coin.approval.requested'],
    ]);
    expect(eventsOf(mintToSeven)).toEqual([
      [topics.coinApprovals, 'coin.approval.requested'],
      [topics.coinApprovalsV2, 'coin.approval.requested'],
    ]);
    expect(
      eventsOf({ type: 'ledger.reverse-cashout', data: { holdId: '00000000-0000-4000-8000-0000000000d2', fromUserId: 1, reason: 'r' } }),
    ).toEqual([]);
    expect(
      eventsOf({ type: 'ledger.set-commission', data: { treasury: 'OPERATIONS', clientId: 'pc_shop', rule: { kind: 'bps', bps: 100 } } }),
    ).toEqual([]);
  });

  it('when a batch is read and written, then the requests its commands name are loaded by id and written only while PENDING, guarded, a lost race on their key redone', () => {
    const reject = command('ledger.reject-approval', { approvalId: '00000000-0000-4000-8000-0000000000e1', reason: 'r' }, checker);
    expect(approvals.keysOf(reject, moduleOf(reject).reads(reject))).toEqual(['00000000-0000-4000-8000-0000000000e1']);
    expect(approvals.load!.sql('$5::text[]', { refundTargets: 'targets' })).toContain(
      'FROM approval_requests WHERE id = ANY($5::text[]::uuid[])',
    );
    // A row as the read returns it (timestamps as ISO text inside JSON) maps back to the request.
    const request = stored('00000000-0000-4000-8000-0000000000e2', mintToSeven, {
      status: 'REJECTED',
      decidedBy: checker,
      rejectionReason: 'r',
    });
    const json = JSON.parse(JSON.stringify(approvalRowOf(request))) as Record<string, unknown>;
    expect(approvals.load!.loadedOf(json)).toEqual([request.id, request]);
    expect(approvalStateOf(approvalRowOf(request))).toEqual(request);
    const ctes = approvals.write!.ctes('$9::json');
    expect(ctes).toContain('json_to_recordset($9::json)');
    expect(ctes).toContain("WHERE approval_requests.status = 'PENDING'");
    expect(approvals.write!.check('$9::json')).toBe(
      'assert_approvals_written((SELECT count(*) FROM written_approvals), json_array_length($9::json)::bigint) AS approvals_written',
    );
    expect(approvals.write!.raceableKeys).toEqual(['approval_requests_pkey']);
    expect(approvals.overShards).toBeUndefined();
  });

  it('when an approve names only its request, then the apply reads that request first by its key of the kind, then the batch with what its stored command reads', async () => {
    const ask = command('ledger.request-approval', { command: mintToSeven, idNonce: 'Zz0W9vJ3nL8xR2tY6uI1oP' }, maker);
    const request = stored(approvalIdOf(ask, mintToSeven), mintToSeven);
    const approve = command('ledger.approve', { approvalId: request.id, requestHash: 'h' }, checker, { keyProof: keyProofOf(['mint']) });
    const reads: BatchReadRequest[] = [];
    const store: LedgerStore = {
      read: async (asked) => {
        reads.push(asked);
        const loaded = read((asked.kindKeys?.approvals ?? []).includes(request.id) ? [request] : []);
        const walletKeys = asked.kindKeys?.wallets ?? [];
        return {
          ...loaded,
          kinds: { ...loaded.kinds, wallets: new Map([...loaded.kinds!.wallets!].filter(([key]) => walletKeys.includes(key))) },
        };
      },
      write: async () => null,
    };
    const applied = await applyBatch(store, [approve], { now, topics, owns: () => true });

    expect(reads[0]).toEqual({ ...emptyReadRequest, kindKeys: { approvals: [request.id] } });
    expect(reads[1]?.kindKeys?.approvals).toEqual([request.id]);
    expect(reads[1]?.kindKeys?.wallets).toContain('user:7');
    expect(applied.outcomes).toEqual([
      expect.objectContaining({ ok: true, reply: expect.objectContaining({ approval: expect.anything() }) }),
    ]);
  });
});
