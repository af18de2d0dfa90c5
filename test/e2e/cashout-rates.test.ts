import { randomUUID } from 'node:crypto';
import { cashoutRatesKey, topicNames } from '@coin/contracts';
import { standardWebhookHeaders } from '@coin/events';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { signProof } from '../../scripts/stack/proofs';
import { adminSession, apiKeyFor, platformClientTokenAs, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Cash-out rates set by two people and four-eyes above a threshold, through the gateway and the
 * ledger (docs/CONTRACT.md "Cash-out"): an ADMIN proposes a rate, approving it themselves is
 * refused (403, audited), a second ADMIN approves it, and a cash-out after its effective time is
 * priced at it; a cash-out above CASHOUT_FOUR_EYES_COINS is held at once but no provider may claim
 * it (403 CASHOUT_NOT_APPROVED, audited), nor is it in any provider's queue, until a second person
 * approves it. An insider with the gateway's Kafka
 * credentials and one ADMIN's genuine token cannot approve that ADMIN's own proposal either. The
 * ledger of this file's stack reads the time from a clock the test moves forward (harness/movable-clock.ts),
 * so a version's effective time is reached without waiting the minute its lead takes.
 */
describe('cash-out rates and four-eyes cash-outs', () => {
  const providerId = 'pc_cashout_rates_e2e';
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64url')}`;
  let stack: TestStack;
  let providerToken: string;
  let minter: ReturnType<typeof apiClient>;
  let superadmin: AdminSession;
  let admin1: AdminSession;
  let admin2: AdminSession;
  let producer: BatchingProducer;

  const post = (token: string, path: string, body?: object) =>
    http(stack.gatewayUrl, 'POST', path, { token, ...(body ? { body } : {}), headers: { 'idempotency-key': randomUUID() } });
  const callback = (body: object) => {
    const text = JSON.stringify(body);
    const headers = standardWebhookHeaders({
      id: `msg_${randomUUID()}`,
      timestamp: Math.floor(Date.now() / 1000),
      body: text,
      secrets: [secret],
    });
    return http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', {
      rawBody: text,
      token: providerToken,
      headers: { ...headers, 'content-type': 'application/json' },
    });
  };
  const claim = (id: string) => http(stack.gatewayUrl, 'POST', `/api/cashouts/${id}/claim`, { token: providerToken });
  const cashOut = (token: string, amount: number, msisdn = '+237670000000') =>
    post(token, '/api/cashouts', { amount, msisdn, providerClientId: providerId });
  const walletOf = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).body;
  const rates = async () => (await http(stack.gatewayUrl, 'GET', '/api/admin/cashout-rates', { token: admin2.accessToken })).body;
  const refusals = async () => {
    const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: superadmin.accessToken });
    expect(page.status).toBe(200);
    return page.body.entries as Array<Record<string, any>>;
  };

  beforeAll(async () => {
    stack = await startTestStack({
      ownStack: "moves the ledger's clock past a rate version's effective time",
      ledgerClock: true,
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=600',
        CASHOUT_CALLBACK_SECRET: JSON.stringify({ [providerId]: secret }),
        CASHOUT_DAILY_COINS_UNVERIFIED: '100000',
        CASHOUT_FOUR_EYES_COINS: '500',
      },
    });
    superadmin = await adminSession(stack, 'SUPERADMIN');
    admin1 = await adminSession(stack, 'ADMIN');
    admin2 = await adminSession(stack, 'ADMIN');
    minter = apiClient(stack.gatewayUrl, {
      accessToken: superadmin.accessToken,
      apiKey: await apiKeyFor(stack, superadmin.accessToken, ['mint']),
    });
    providerToken = await platformClientTokenAs(stack, providerId, 'mobile money rates', { treasuries: [], cashout: true });
    const logger = createLogger('e2e', 'warn');
    producer = new BatchingProducer(createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-rate-forger', logger }).producer(), logger);
    await producer.connect();
  }, 180_000);
  afterAll(async () => {
    await producer?.close();
    await stack?.close();
  });

  it('when an ADMIN proposes a rate, then approving it themselves is refused (403, audited), another ADMIN approves it, and a cash-out after its effective time is priced at it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 1000, reason: 'seed' } });
    // Ahead of the ledger's clock by more than the 60 s a proposal and its approval need; the clock
    // is moved there below instead of waited for.
    const effectiveFrom = new Date(stack.ledgerClock!.now().getTime() + 120_000).toISOString();

    // Invalid: in the past, and not a whole number. A user may not propose.
    const past = await post(admin1.accessToken, '/api/admin/cashout-rates', {
      xafPerCoin: 700,
      effectiveFrom: new Date(stack.ledgerClock!.now().getTime() - 1000).toISOString(),
    });
    expect([past.status, past.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await post(admin1.accessToken, '/api/admin/cashout-rates', { xafPerCoin: 700.5, effectiveFrom })).status).toBe(400);
    expect((await post(user.accessToken, '/api/admin/cashout-rates', { xafPerCoin: 700, effectiveFrom })).status).toBe(403);

    const proposed = await post(admin1.accessToken, '/api/admin/cashout-rates', { xafPerCoin: 700, effectiveFrom });
    expect(proposed.status).toBe(201);
    expect(proposed.body.rate).toMatchObject({
      status: 'PROPOSED',
      xafPerCoin: 700,
      effectiveFrom,
      proposedBy: { id: String(admin1.userId) },
    });
    const rateId: string = proposed.body.rate.id;

    const own = await post(admin1.accessToken, `/api/admin/cashout-rates/${rateId}/approve`);
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    const audited = await eventually(
      async () => (await refusals()).find((e) => e.action === 'approval.approve' && e.target === `approval:${rateId}`),
      20_000,
      'the self-approval refusal in the audit log',
    );
    expect(audited).toMatchObject({ errorCode: 'APPROVAL_BY_REQUESTER', actor: { id: String(admin1.userId) } });
    expect((await rates()).versions.find((v: { id: string }) => v.id === rateId)).toMatchObject({ status: 'PROPOSED' });

    const approved = await post(admin2.accessToken, `/api/admin/cashout-rates/${rateId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.rate).toMatchObject({ id: rateId, status: 'APPROVED', decidedBy: { id: String(admin2.userId) } });
    // Its request, shown as the version it asked for, decided.
    expect(approved.body.approval).toMatchObject({ id: rateId, status: 'APPROVED', proposedBy: { id: String(admin1.userId) } });
    // Every step is in the admin audit log as its request's, each with its ADMIN: asked, refused to its requester, approved.
    const steps = await eventually(
      async () => {
        const page = await http(
          stack.gatewayUrl,
          'GET',
          `/api/admin/audit-log?target=${encodeURIComponent(`approval:${rateId}`)}&limit=100`,
          {
            token: superadmin.accessToken,
          },
        );
        expect(page.status).toBe(200);
        const entries = page.body.entries as Array<{ action: string; actor: { id: string }; result: string }>;
        return entries.length >= 3 ? entries : undefined;
      },
      20_000,
      "the rate's audit records",
    );
    expect(steps.map((e) => [e.action, e.result, e.actor.id])).toEqual([
      ['approval.approve', 'applied', String(admin2.userId)],
      ['approval.approve', 'rejected', String(admin1.userId)],
      ['approval.request', 'applied', String(admin1.userId)],
    ]);
    // Decided once: a second decision is refused, and the version does not change.
    expect((await post(admin2.accessToken, `/api/admin/cashout-rates/${rateId}/reject`)).body.code).toBe('APPROVAL_NOT_PENDING');

    // Before its time the configured rate prices a cash-out; from it, the approved one.
    const before = await cashOut(user.accessToken, 10);
    expect(before.body.cashout).toMatchObject({ xafPerCoin: 600, xafAmount: 6000 });
    expect((await rates()).inForce).toMatchObject({ xafPerCoin: 600, id: null });
    // Just before its time the ledger still prices at the configured rate; from it, at the approved one.
    stack.ledgerClock!.advanceTo(new Date(Date.parse(effectiveFrom) - 5_000));
    expect((await cashOut(user.accessToken, 10)).body.cashout).toMatchObject({ xafPerCoin: 600 });
    stack.ledgerClock!.advanceTo(new Date(Date.parse(effectiveFrom) + 500));
    const after = await cashOut(user.accessToken, 10);
    expect(after.status).toBe(201);
    expect(after.body.cashout).toMatchObject({ xafPerCoin: 700, xafAmount: 7000, rateEffectiveFrom: effectiveFrom });
    expect((await rates()).inForce).toMatchObject({ xafPerCoin: 700, id: rateId });
  }, 60_000);

  it('when a cash-out is above the four-eyes threshold, then it is held at once, its provider’s claim is refused (403, audited) until another ADMIN approves it, then it is claimed and confirmed', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 2000, reason: 'seed' } });
    const asked = await cashOut(user.accessToken, 600);
    expect(asked.status).toBe(201);
    expect(asked.body.cashout).toMatchObject({ status: 'REQUESTED', approval: { status: 'PENDING', approvedBy: null } });
    expect(asked.body.wallet).toMatchObject({ balance: 2000, activeCoins: 1400 });
    const cashoutId: string = asked.body.cashout.id;

    const early = await claim(cashoutId);
    expect([early.status, early.body.code]).toEqual([403, 'CASHOUT_NOT_APPROVED']);
    const audited = await eventually(
      async () => (await refusals()).find((e) => e.errorCode === 'CASHOUT_NOT_APPROVED' && e.target === `hold:${cashoutId}`),
      20_000,
      "the provider's refused claim in the audit log",
    );
    expect(audited).toMatchObject({ action: 'ledger.claim-cashout', actor: { id: providerId } });
    // Unclaimed, no callback settles it either.
    const unclaimed = await callback({ cashoutId, outcome: 'CONFIRMED', providerReference: 'MOMO-1' });
    expect([unclaimed.status, unclaimed.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 2000, activeCoins: 1400 });
    // Not the provider's to pay yet: absent from its queue, present in the ADMIN+ queue of those waiting.
    const idsOf = (page: { body: { cashouts: Array<{ id: string }> } }) => page.body.cashouts.map((c) => c.id);
    const assigned = () => http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned?status=REQUESTED&limit=100', { token: providerToken });
    expect(idsOf(await assigned())).not.toContain(cashoutId);
    const waiting = await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts?approval=PENDING&limit=100', { token: admin2.accessToken });
    expect(idsOf(waiting)).toContain(cashoutId);
    // The payer, even as a user, cannot approve it; a user is not an ADMIN.
    expect((await post(user.accessToken, `/api/admin/cashouts/${cashoutId}/approve`)).status).toBe(403);

    const approved = await post(admin2.accessToken, `/api/admin/cashouts/${cashoutId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.cashout).toMatchObject({ status: 'REQUESTED', approval: { status: 'APPROVED', approvedBy: admin2.userId } });
    // Its request, made by the cash-out in its payer's name, is approved like every four-eyes request, once.
    expect(approved.body.approval).toMatchObject({
      status: 'APPROVED',
      cashout: { cashoutId, userId: user.userId, amount: 600 },
      requestedBy: { kind: 'user', id: String(user.userId) },
      decidedBy: { kind: 'user', id: String(admin2.userId) },
    });
    const again = await post(admin1.accessToken, `/api/admin/cashouts/${cashoutId}/approve`);
    expect([again.status, again.body.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
    expect(idsOf(await assigned())).toContain(cashoutId);
    const claimed = await claim(cashoutId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.cashout).toMatchObject({ status: 'CLAIMED', claimedBy: providerId, approval: { status: 'APPROVED' } });
    const confirmed = await callback({ cashoutId, outcome: 'CONFIRMED', providerReference: 'MOMO-2' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.transaction).toMatchObject({ type: 'BURN', amount: 600 });
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 1400, activeCoins: 1400 });

    // Another big one, rejected by the second person: released, and no callback confirms it any more.
    const second = await cashOut(user.accessToken, 501);
    const rejected = await post(admin1.accessToken, `/api/admin/cashouts/${second.body.cashout.id}/reject`);
    expect(rejected.body.cashout).toMatchObject({ status: 'RELEASED' });
    expect(rejected.body.approval).toMatchObject({ status: 'REJECTED', decidedBy: { id: String(admin1.userId) } });
    // Each request is listed with what became of it.
    const requests = async (status: string) =>
      (
        await http(stack.gatewayUrl, 'GET', `/api/admin/cashout-approvals?status=${status}&limit=100`, { token: admin2.accessToken })
      ).body.cashoutApprovals.map((r: { cashout: { cashoutId: string } }) => r.cashout.cashoutId);
    expect(await requests('APPROVED')).toContain(cashoutId);
    expect(await requests('REJECTED')).toContain(second.body.cashout.id);
    expect(await requests('PENDING')).not.toContain(second.body.cashout.id);
    expect((await claim(second.body.cashout.id)).status).not.toBe(200);
    expect((await callback({ cashoutId: second.body.cashout.id, outcome: 'CONFIRMED' })).status).toBe(403);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 1400, activeCoins: 1400 });
    // Over the rolling day this user is past the threshold: even a small one waits for a second person.
    const later = await cashOut(user.accessToken, 1);
    expect(later.body.cashout.approval).toMatchObject({ status: 'PENDING' });
    // At the threshold, for a user and a number with nothing else that day, no second person is needed.
    const fresh = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: fresh.userId, amount: 1000, reason: 'seed' } });
    const small = await cashOut(fresh.accessToken, 500, `+2376710${String(fresh.userId).padStart(5, '0').slice(-5)}`);
    expect(small.body.cashout.approval).toMatchObject({ status: 'NOT_REQUIRED' });
  });

  it('when an insider forges on Kafka the approval of an ADMIN’s own proposal with that ADMIN’s genuine fresh token, then the ledger refuses it (audited) and the version stays proposed', async () => {
    const effectiveFrom = new Date(Date.now() + 3600_000).toISOString();
    const proposed = await post(admin1.accessToken, '/api/admin/cashout-rates', { xafPerCoin: 9999, effectiveFrom });
    expect(proposed.status).toBe(201);
    const rateId: string = proposed.body.rate.id;
    const actor = { kind: 'user', id: String(admin1.userId), role: 'ADMIN' };
    // The ADMIN's genuine signature with a second factor given just now: what the approval needs, but by the proposer.
    const proof = await signProof(stack.jwtKey, actor as never);
    const forge = (type: string, sender: Record<string, unknown>, data: object, withProof: string) =>
      producer.send(topicNames(stack.prefix).ledgerCommands, {
        key: cashoutRatesKey,
        value: JSON.stringify({ commandId: randomUUID(), type, issuedAt: new Date().toISOString(), actor: sender, proof: withProof, data }),
      });
    const decision = { approvalId: rateId, holds: 'cashout-rate-change', requestHash: 'f'.repeat(64) };
    await forge('ledger.approve', actor, decision, proof);
    // The same proof naming the other ADMIN as the actor: refused before anything is read.
    await forge('ledger.approve', { kind: 'user', id: String(admin2.userId), role: 'ADMIN' }, decision, proof);
    const entries = await eventually(
      async () => {
        const all = await refusals();
        const own = all.find((e) => e.target === `approval:${rateId}` && e.errorCode === 'APPROVAL_BY_REQUESTER');
        const spoofed = all.find((e) => e.action === 'ledger.approve' && e.errorCode === 'COMMAND_REFUSED');
        return own && spoofed ? { own, spoofed } : undefined;
      },
      20_000,
      'both forged approvals refused in the audit log',
    );
    expect(entries.own.actor).toMatchObject({ id: String(admin1.userId) });
    // A legitimate step on the same key after them: the partition went on, and the forged ones changed nothing.
    const listed = (await rates()).versions.find((v: { id: string }) => v.id === rateId);
    expect(listed).toMatchObject({ status: 'PROPOSED', decidedBy: null });
    const rejected = await post(admin2.accessToken, `/api/admin/cashout-rates/${rateId}/reject`);
    expect(rejected.body.rate).toMatchObject({ status: 'REJECTED', decidedBy: { id: String(admin2.userId) } });
    // Rejected is final: an approval afterwards is told so, and changes nothing.
    const late = await post(admin2.accessToken, `/api/admin/cashout-rates/${rateId}/approve`);
    expect([late.status, late.body.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
  });

  it('when a proposal is left undecided until a minute before its time, then it reads EXPIRED and nobody approves or rejects it (409 APPROVAL_NOT_PENDING)', async () => {
    const effectiveFrom = new Date(stack.ledgerClock!.now().getTime() + 180_000);
    const proposed = await post(admin1.accessToken, '/api/admin/cashout-rates', {
      xafPerCoin: 710,
      effectiveFrom: effectiveFrom.toISOString(),
    });
    expect(proposed.status).toBe(201);
    const lapsesAt = new Date(effectiveFrom.getTime() - 60_000);
    // Sooner than APPROVAL_EXPIRY_S after it: the last moment an approval could still take it.
    expect(proposed.body.rate).toMatchObject({ status: 'PROPOSED', expiresAt: lapsesAt.toISOString() });
    const rateId: string = proposed.body.rate.id;
    stack.ledgerClock!.advanceTo(lapsesAt);
    expect((await rates()).versions.find((v: { id: string }) => v.id === rateId)).toMatchObject({ status: 'EXPIRED', decidedBy: null });
    for (const decision of ['approve', 'reject']) {
      const late = await post(admin2.accessToken, `/api/admin/cashout-rates/${rateId}/${decision}`);
      expect({ decision, status: late.status, code: late.body.code }).toEqual({ decision, status: 409, code: 'APPROVAL_NOT_PENDING' });
    }
    expect((await rates()).versions.find((v: { id: string }) => v.id === rateId)).toMatchObject({ status: 'EXPIRED' });
  });
});
