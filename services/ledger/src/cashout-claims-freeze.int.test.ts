import { createHash } from 'node:crypto';
import { walletKeyOfUser, type Cashout, type Reconciliation, type Reply } from '@coin/contracts';
import { startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

/**
 * A claimed cash-out, a freeze and the cash-out four-eyes through the ledger's consumer and its
 * database (docs/CONTRACT.md "Cash-out"): one ADMIN does not release a claimed cash-out (refused
 * and audited); a freeze stops claims and the confirmation of a claim stored after it, which the
 * reconciliation counts `frozen`; cash-outs to one number by two users that add up past the
 * threshold in a day wait for a second person, counted in a window keyed by the number's hash.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('claimed cash-outs, freezes and the four-eyes windows of cash-outs', () => {
  let h: LedgerHarness;
  let audit: TopicWatch;
  const provider = { kind: 'system' as const, id: 'pc_momo_claims', cashout: true };
  const admin = { kind: 'user' as const, id: '7101', role: 'ADMIN' };
  let nextUser = 6100;
  let nonce = 0;

  beforeAll(async () => {
    h = await startLedgerHarness({
      extraEnv: { CASHOUT_RATES: '2020-01-01T00:00:00Z=600', CASHOUT_DAILY_COINS_UNVERIFIED: '100000', CASHOUT_FOUR_EYES_COINS: '100' },
    });
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
  }, 90_000);
  afterAll(async () => {
    await audit?.stop();
    await h?.close();
  });

  const openUser = async () => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    const to = { kind: 'user', userId };
    resultOf(await h.send({ type: 'ledger.mint', key: walletKeyOfUser(userId), data: { to, amount: 50_000, reason: 'seed' } }));
    return userId;
  };
  const cashOut = async (userId: number, amount: number, msisdn = '+237670006100') => {
    nonce += 1;
    const data = { fromUserId: userId, amount, msisdn, providerClientId: provider.id, idNonce: `claims${nonce}`.padEnd(24, '0') };
    const actor = { kind: 'user' as const, id: String(userId), role: 'USER' };
    return resultOf(await h.send({ type: 'ledger.cashout', key: walletKeyOfUser(userId), actor, data })).cashout as Cashout;
  };
  const claim = (userId: number, holdId: string) =>
    h.send({ type: 'ledger.claim-cashout', key: walletKeyOfUser(userId), actor: provider, data: { holdId, fromUserId: userId } });
  const confirm = (userId: number, holdId: string) =>
    h.send({
      type: 'ledger.settle-cashout',
      key: walletKeyOfUser(userId),
      actor: provider,
      data: { holdId, fromUserId: userId, outcome: 'CONFIRMED', callbackId: `msg_${holdId.slice(0, 8)}`, providerReference: 'REF' },
    });
  const refusals = (code: string, holdId: string) =>
    audit.values.filter((v) => {
      const record = (v as { type?: string; record?: { errorCode?: string; target?: string } } | null)?.record;
      return (v as { type?: string }).type === 'admin.refusal.recorded' && record?.errorCode === code && record.target === `hold:${holdId}`;
    });

  it('when one ADMIN voids a claimed cash-out, then it is refused FORBIDDEN, audited, and the coins stay held', async () => {
    const userId = await openUser();
    const asked = await cashOut(userId, 2_000);
    resultOf(await claim(userId, asked.id));
    const voided = await h.send({
      type: 'ledger.void-hold',
      key: walletKeyOfUser(userId),
      actor: admin,
      data: { holdId: asked.id, fromUserId: userId },
    });
    expect(voided).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const { rows } = await h.pool.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [asked.id]);
    expect(rows[0]?.status).toBe('PENDING');
    const deadline = Date.now() + 20_000;
    while (refusals('FORBIDDEN', asked.id).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(refusals('FORBIDDEN', asked.id)).toHaveLength(1);
  }, 60_000);

  it('when the payer is frozen, then a claim is refused WALLET_FROZEN; a claim stored after the freeze is not confirmed and is counted frozen', async () => {
    const userId = await openUser();
    const queued = await cashOut(userId, 1_000);
    const raced = await cashOut(userId, 1_000);
    resultOf(await h.send({ type: 'ledger.freeze-wallet', key: walletKeyOfUser(userId), actor: admin, data: { userId, reason: 'case' } }));
    expect(await claim(userId, queued.id)).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
    // A claim stored after the freeze (one that raced it, or was stored before this rule): written as the claim writes it.
    const claimedAt = new Date(Date.now() + 1_000).toISOString();
    await h.pool.query(
      `UPDATE holds SET settler_client_id = $2, cashout = cashout || jsonb_build_object('claimedBy', $2::text, 'claimedAt', $3::text) WHERE id = $1`,
      [raced.id, provider.id, claimedAt],
    );
    expect(await confirm(userId, raced.id)).toMatchObject({ ok: false, error: { code: 'WALLET_FROZEN' } });
    const day = new Date().toISOString().slice(0, 10);
    const response = await fetch(
      `${h.ledger!.url}/internal/cashouts/reconciliation?from=${day}&to=${day}&providerClientId=${provider.id}`,
      {
        headers: { authorization: await h.asGateway() },
      },
    );
    const report = (await response.json()) as Reconciliation;
    expect(report.lines[0]).toMatchObject({ frozen: 1 });
  }, 60_000);

  it('when two users cash out to one number, together past the threshold in a day, then the one that crosses it waits for a second person', async () => {
    const [first, second] = [await openUser(), await openUser()];
    const msisdn = '+237670006199';
    expect((await cashOut(first, 6_000, msisdn)).approval.status).toBe('NOT_REQUIRED');
    expect((await cashOut(second, 6_000, msisdn)).approval.status).toBe('PENDING');
    // The same user past the threshold over the day, to numbers of their own: waits too.
    expect((await cashOut(first, 5_000, '+237670006198')).approval.status).toBe('PENDING');
    const hash = createHash('sha256').update(`coin-cashout-msisdn:${msisdn}`).digest('hex');
    const { rows } = await h.pool.query<{ scope: string }>("SELECT scope FROM four_eyes_windows WHERE scope LIKE 'cashout:msisdn:%'");
    expect(rows.map((r) => r.scope)).toContain(`cashout:msisdn:${hash}`);
    expect(rows.map((r) => r.scope).join()).not.toContain('237670006199');
  }, 60_000);
});
