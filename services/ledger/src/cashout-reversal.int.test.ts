import { walletKeyOfUser, type Cashout, type Reply } from '@coin/contracts';
import { signProof } from '../../../scripts/stack/proofs';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

/**
 * The reversal of a claimed cash-out through the ledger's consumer and its database
 * (docs/CONTRACT.md "Cash-out"): one ADMIN+ asks (an approval request), the same one approving is
 * refused, a different one approves; the claimed hold is released to the payer, the request is
 * APPROVED with no transaction, coin.holds carries the release naming the provider, and the admin
 * audit log records the request and the approval.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('the reversal of a claimed cash-out', () => {
  let h: LedgerHarness;
  let audit: TopicWatch;
  let holds: TopicWatch;
  const provider = { kind: 'system' as const, id: 'pc_momo_reversal', cashout: true };
  const asker = { kind: 'user' as const, id: '7201', role: 'ADMIN' };
  const approver = { kind: 'user' as const, id: '7202', role: 'ADMIN' };
  const userId = 6201;
  const key = walletKeyOfUser(userId);

  beforeAll(async () => {
    h = await startLedgerHarness({ extraEnv: { CASHOUT_RATES: '2020-01-01T00:00:00Z=600', CASHOUT_DAILY_COINS_UNVERIFIED: '100000' } });
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
    holds = await watchTopic(h.kafka, h.topics.coinHolds);
  }, 90_000);
  afterAll(async () => {
    await holds?.stop();
    await audit?.stop();
    await h?.close();
  });

  it('when one ADMIN asks and another approves, then the claimed hold is released to the payer, the provider sees it, and both acts are audited', async () => {
    resultOf(await h.send({ type: 'ledger.open-wallet', key, data: { userId } }));
    resultOf(await h.send({ type: 'ledger.mint', key, data: { to: { kind: 'user', userId }, amount: 50_000, reason: 'seed' } }));
    const data = {
      fromUserId: userId,
      amount: 2_000,
      msisdn: '+237670006200',
      providerClientId: provider.id,
      idNonce: 'reversal1'.padEnd(24, '0'),
    };
    const payer = { kind: 'user' as const, id: String(userId), role: 'USER' };
    const asked = resultOf(await h.send({ type: 'ledger.cashout', key, actor: payer, data })).cashout as Cashout;
    resultOf(await h.send({ type: 'ledger.claim-cashout', key, actor: provider, data: { holdId: asked.id, fromUserId: userId } }));

    const held = { type: 'ledger.reverse-cashout', data: { holdId: asked.id, fromUserId: userId, reason: 'Provider paid nothing' } };
    // Asked for on a session without a second factor: refused, as its approval would be.
    const unconfirmed = await h.send({
      type: 'ledger.request-approval',
      key,
      actor: asker,
      proof: await signProof(h.jwtKey, asker, { mfaAt: null }),
      data: { command: held },
    });
    expect(unconfirmed).toMatchObject({ ok: false });
    const requested = resultOf(await h.send({ type: 'ledger.request-approval', key, actor: asker, data: { command: held } }));
    expect(requested.approval).toMatchObject({
      status: 'PENDING',
      reversal: { cashoutId: asked.id, userId, reason: 'Provider paid nothing' },
      transactionId: null,
    });
    const approvalId = requested.approval.id as string;
    const approve = (actor: typeof asker) =>
      h.send({ type: 'ledger.approve', key, actor, data: { approvalId, command: held, holds: 'cashout-reversal' } });
    expect(await approve(asker)).toMatchObject({ ok: false, error: { code: 'APPROVAL_BY_REQUESTER' } });
    // On the routes of Approvals it is not found.
    const asApproval = await h.send({ type: 'ledger.approve', key, actor: approver, data: { approvalId, command: held } });
    expect(asApproval).toMatchObject({ ok: false, error: { code: 'APPROVAL_NOT_FOUND' } });

    const approved = resultOf(await approve(approver));
    expect(approved).toMatchObject({
      cashout: { id: asked.id },
      wallet: { balance: 500, totalSent: 0 },
      approval: { id: approvalId, status: 'APPROVED', transactionId: null },
    });
    const { rows } = await h.pool.query<{ status: string; transaction_id: string | null }>(
      'SELECT status, transaction_id FROM approval_requests WHERE id = $1',
      [approvalId],
    );
    expect(rows[0]).toEqual({ status: 'APPROVED', transaction_id: null });
    const hold = await h.pool.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [asked.id]);
    expect(hold.rows[0]?.status).toBe('VOIDED');
    const wallet = await h.pool.query<{ held: string }>('SELECT held::text AS held FROM wallets WHERE wallet_key = $1', [key]);
    expect(wallet.rows[0]?.held).toBe('0');

    const voided = await eventually(async () =>
      holds.values.find((v) => (v as { type?: string; hold?: { id?: string } }).type === 'coin.hold.voided'),
    );
    expect(voided).toMatchObject({ hold: { id: asked.id, clientId: provider.id } });
    const actionOf = (action: string) => (v: unknown) =>
      (v as { record?: { action?: string; target?: string } }).record?.action === action &&
      (v as { record?: { target?: string } }).record?.target === `approval:${approvalId}`;
    await eventually(async () => audit.values.find(actionOf('approval.request')), 15_000, 'the request audited');
    await eventually(async () => audit.values.find(actionOf('approval.approve')), 15_000, 'the approval audited');

    // The provider's later callback finds it released.
    const late = await h.send({
      type: 'ledger.settle-cashout',
      key,
      actor: provider,
      data: { holdId: asked.id, fromUserId: userId, outcome: 'CONFIRMED', callbackId: 'msg_late', providerReference: 'REF' },
    });
    expect(late).toMatchObject({ ok: false, error: { code: 'HOLD_NOT_PENDING' } });
  }, 60_000);
});
