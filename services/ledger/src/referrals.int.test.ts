import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { walletKeyOfTreasury, walletKeyOfUser, type Reply } from '@coin/contracts';
import { partitionCount } from '@coin/kafka';
import { randomIdNonce, revocationRecordKey, revocationSubjectOfClient, signRevocation } from '@coin/security';
import { signTestReferral } from '../../../scripts/stack/proofs';
import { commissionApprover, commissionRequester, setCommissionRule } from '../../../test/harness/commissions';
import { eventually, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { watchTopic, type TopicWatch } from '../../../test/harness/topic-watch';

/**
 * Who names a purchase's affiliate, and who sets the rule that pays them, against real Kafka and
 * PostgreSQL (docs/CONTRACT.md "Affiliate splits"; docs/design/security.md "Powers over money").
 * The attacks first: a buyer naming their own second account as affiliate took up to half of any
 * purchase, and one ADMIN alone set the rule that pays it. Now the affiliate is the one a platform
 * client's referral names (signed by the user service, verified by the ledger at the command's
 * append time, bound to one buyer, treasury and reference, of a client not revoked), and a rule is
 * changed by two ADMIN+.
 */

function resultOf(reply: Reply): any {
  if (!reply.ok) throw new Error(`rejected: ${JSON.stringify(reply.error)}`);
  return reply.result;
}

describe('referrals and two-person commission rules against real Kafka and PostgreSQL', () => {
  let h: LedgerHarness;
  let audit: TopicWatch;
  let nextUser = 7700;
  const treasury = 'COURSE_FEES';
  const clientId = 'pc_referral_shop';
  const openUser = async (coins = 0) => {
    nextUser += 1;
    const userId = nextUser;
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } }));
    if (coins > 0) {
      resultOf(
        await h.send({
          type: 'ledger.mint',
          key: walletKeyOfUser(userId),
          data: { to: { kind: 'user', userId }, amount: coins, reason: 'seed' },
        }),
      );
    }
    return userId;
  };
  const balanceOf = async (userId: number) =>
    Number(
      (await h.pool.query<{ balance: string }>('SELECT balance FROM wallets WHERE wallet_key = $1', [walletKeyOfUser(userId)])).rows[0]
        ?.balance,
    );
  const rulesOf = async () =>
    (await h.pool.query('SELECT commissions FROM wallets WHERE wallet_key = $1', [walletKeyOfTreasury(treasury)])).rows[0]?.commissions ??
    {};
  const purchase = (buyer: number, affiliate: unknown, extra: Record<string, unknown> = {}) =>
    h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(buyer),
      commandId: randomUUID(),
      data: {
        kind: 'PURCHASE',
        fromUserId: buyer,
        to: { kind: 'treasury', code: treasury },
        amount: 10_000,
        reason: 'course',
        affiliate,
        ...extra,
      },
    });
  const referral = (buyer: number, affiliate: number, claims: Record<string, unknown> = {}, options = {}) =>
    signTestReferral(h.jwtKey, { clientId, buyerUserId: buyer, affiliateUserId: affiliate, treasury, ...claims }, options);

  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
    audit = await watchTopic(h.kafka, h.topics.adminAudit);
  }, 90_000);
  afterAll(async () => {
    await audit?.stop();
    await h?.close();
  });

  it('when one ADMIN sets a commission rule alone, then the rule does not change; the requester cannot approve their own change; a second ADMIN approves it and both are recorded and audited', async () => {
    const rule = { kind: 'bps', bps: 5000 };
    const key = walletKeyOfTreasury(treasury);
    const direct = await h.send({ type: 'ledger.set-commission', key, actor: commissionRequester, data: { treasury, clientId, rule } });
    expect(direct).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rulesOf()).not.toHaveProperty(clientId);

    const command = { type: 'ledger.set-commission', data: { treasury, clientId, rule, reason: 'Affiliate programme' } };
    // As the gateway asks it: with a nonce, so the request's id names its partition and kind.
    const requested = resultOf(
      await h.send({ type: 'ledger.request-approval', key, actor: commissionRequester, data: { command, idNonce: randomIdNonce() } }),
    );
    expect(requested.approval).toMatchObject({
      status: 'PENDING',
      change: { treasury, clientId, rule, reason: 'Affiliate programme' },
      transactionId: null,
    });
    const approvalId = requested.approval.id as string;
    const approve = (actor: typeof commissionRequester, holds?: string) =>
      h.send({ type: 'ledger.approve', key, actor, data: { approvalId, ...(holds ? { holds } : {}) } });
    expect(await approve(commissionRequester, 'commission-change')).toMatchObject({ ok: false, error: { code: 'APPROVAL_BY_REQUESTER' } });
    // On the routes of Approvals it is not found.
    expect(await approve(commissionApprover)).toMatchObject({ ok: false, error: { code: 'APPROVAL_NOT_FOUND' } });
    expect(await rulesOf()).not.toHaveProperty(clientId);

    const approved = resultOf(await approve(commissionApprover, 'commission-change'));
    expect(approved).toMatchObject({
      treasury,
      clientId,
      rule,
      setBy: Number(commissionRequester.id),
      approvedBy: Number(commissionApprover.id),
      approval: { id: approvalId, status: 'APPROVED', transactionId: null },
    });
    expect((await rulesOf())[clientId]).toEqual({ rule, setBy: Number(commissionRequester.id), approvedBy: Number(commissionApprover.id) });
    const row = await h.pool.query('SELECT status, transaction_id FROM approval_requests WHERE id = $1', [approvalId]);
    expect(row.rows[0]).toEqual({ status: 'APPROVED', transaction_id: null });
    // Asked for and approved, each in the admin audit log, naming the client and the rule.
    const steps = await eventually(async () => {
      const records = audit.values.map(
        (v) => (v as { record?: { action?: string; target?: string; summary?: Record<string, unknown> } }).record,
      );
      const ours = records.filter((r) => r?.target === `approval:${approvalId}`);
      return ours.length >= 2 ? ours.map((r) => [r?.action, r?.summary?.commissionClientId, r?.summary?.bps]) : undefined;
    });
    expect(steps).toEqual(
      expect.arrayContaining([
        ['approval.request', clientId, 5000],
        ['approval.approve', clientId, 5000],
      ]),
    );
  });

  it("when a buyer names their own second account as the affiliate, then nothing is paid to it: the buyer's word names no affiliate, nor a referral the user service did not sign", async () => {
    const buyer = await openUser(10_000);
    const second = await openUser();
    // The request of the code before: the affiliate and the client named by the buyer.
    const named = await purchase(buyer, { userId: second, clientId });
    expect(named).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    // A referral the buyer wrote themselves, signed by a key of their own.
    const own = generateKeyPairSync('ed25519');
    const forged = await signTestReferral(
      { kid: h.jwtKey.kid, privateKeyPem: own.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() } as typeof h.jwtKey,
      { clientId, buyerUserId: buyer, affiliateUserId: second, treasury },
    );
    expect(await purchase(buyer, { referral: forged })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    // Unsigned.
    const [header, claims] = (await referral(buyer, second)).split('.');
    expect(await purchase(buyer, { referral: `${header}.${claims}.AAAA` })).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_REFUSED' },
    });
    expect(await balanceOf(second)).toBe(0);
    expect(await balanceOf(buyer)).toBe(10_000);
  });

  it('when the referral is for another buyer, another treasury or another reference, or names the buyer or a person behind the client, then 422 and nothing moves', async () => {
    const buyer = await openUser(10_000);
    const [other, affiliate] = [await openUser(), await openUser()];
    const approverId = Number(commissionApprover.id);
    resultOf(await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(approverId), data: { userId: approverId } }));
    const cases: Array<[unknown, Record<string, unknown>, string]> = [
      [{ referral: await referral(other, affiliate) }, {}, 'REFERRAL_INVALID'],
      [{ referral: await referral(buyer, affiliate, { treasury: 'SUBSCRIPTIONS' }) }, {}, 'REFERRAL_INVALID'],
      [{ referral: await referral(buyer, affiliate, { reference: 'order-1' }) }, { reference: 'order-2' }, 'REFERRAL_INVALID'],
      [{ referral: await referral(buyer, buyer) }, {}, 'SELF_REFERRAL'],
      [{ referral: await referral(buyer, affiliate, { approvedBy: affiliate }) }, {}, 'SELF_DEALING'],
      [{ referral: await referral(buyer, 9_999_999) }, {}, 'USER_NOT_FOUND'],
      // The ADMIN+ who approved the rule, with a wallet of their own: never paid under it.
      [{ referral: await referral(buyer, approverId) }, {}, 'SELF_DEALING'],
    ];
    for (const [named, extra, code] of cases) expect(await purchase(buyer, named, extra)).toMatchObject({ ok: false, error: { code } });
    expect(await balanceOf(affiliate)).toBe(0);
    expect(await balanceOf(buyer)).toBe(10_000);
  });

  it('when the referral has expired by the time the command is appended, then it is refused before any apply', async () => {
    const buyer = await openUser(10_000);
    const affiliate = await openUser();
    const expired = await referral(buyer, affiliate, {}, { issuedAt: new Date(Date.now() - 2 * 3600_000) });
    expect(await purchase(buyer, { referral: expired })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(affiliate)).toBe(0);
  });

  it('when the referral is valid, then the affiliate it names is paid by its client’s rule, the treasury the rest', async () => {
    const buyer = await openUser(10_000);
    const affiliate = await openUser();
    const bought = resultOf(
      await purchase(buyer, { referral: await referral(buyer, affiliate, { reference: 'order-ok' }) }, { reference: 'order-ok' }),
    );
    expect(bought.transaction).toMatchObject({ type: 'PURCHASE', amount: 50, toTreasury: treasury, reference: 'order-ok' });
    expect(bought.commission).toMatchObject({ type: 'TRANSFER', amount: 50, toUserId: affiliate, splitOf: bought.transaction.id });
    await eventually(async () => ((await balanceOf(affiliate)) === 5_000 ? true : undefined));
  });

  it('when the referring client is revoked before the purchase is written, then its referral pays no one (a rule alone is not enough)', async () => {
    const revoked = 'pc_referral_revoked';
    resultOf(await setCommissionRule(h, { treasury, clientId: revoked, rule: { kind: 'bps', bps: 1000 } }));
    const buyer = await openUser(30_000);
    const affiliate = await openUser();
    const signed = await signTestReferral(h.jwtKey, { clientId: revoked, buyerUserId: buyer, affiliateUserId: affiliate, treasury });
    // Before the revocation, the referral pays: 10 % of 100 coins.
    expect(resultOf(await purchase(buyer, { referral: signed })).commission).toMatchObject({ amount: 10, toUserId: affiliate });
    await eventually(async () => ((await balanceOf(affiliate)) === 1_000 ? true : undefined));
    // The user service's signed revocation record of the client, written into every partition of ledger.commands.
    const value = await signRevocation({ kid: h.jwtKey.kid, privateKey: h.jwtKey.privateKeyPem }, 'coin-ledger', {
      subject: revocationSubjectOfClient(revoked),
      at: new Date(),
    });
    const admin = h.kafka.admin();
    await admin.connect();
    const partitions = await partitionCount(admin, h.topics.ledgerCommands).finally(() => admin.disconnect());
    await h.producer.sendMany(
      Array.from({ length: partitions }, (_, partition) => ({
        topic: h.topics.ledgerCommands,
        message: { key: revocationRecordKey, value, partition },
      })),
    );
    await eventually(async () => {
      const r = await h.pool.query('SELECT count(*)::int AS n FROM revocation_floors WHERE subject = $1', [
        revocationSubjectOfClient(revoked),
      ]);
      return r.rows[0].n === partitions ? true : undefined;
    });
    expect(await purchase(buyer, { referral: signed })).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOf(affiliate)).toBe(1_000);
    // The buyer's own purchase without an affiliate still applies.
    expect(resultOf(await purchase(buyer, undefined)).transaction).toMatchObject({ type: 'PURCHASE', amount: 100 });
  });
});
