import { randomUUID } from 'node:crypto';
import { topicNames, walletKeyOfUser, type AuditLogEntry } from '@coin/contracts';
import { signPayoutCallback } from '@coin/events';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { decodeJwt } from 'jose';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientTokenAs } from '../harness/admin';

/**
 * Cash-out to XAF through the gateway (docs/CONTRACT.md "Cash-out"): a user's cash-out is held; a
 * payout provider (a platform client granted `cashout`) claims it, and its signed callback alone
 * confirms it (burned at the rate in force) or fails it (released). A second provider's claim, a
 * claim or callback by a client without the grant, a callback on an unclaimed cash-out, forged,
 * stale, altered and replayed callbacks are refused (401/403, audited) and move nothing; so is a
 * claim or a settlement an ungranted client writes to Kafka itself.
 */
describe('cash-out through the gateway and the ledger', () => {
  const providerId = 'pc_cashout_e2e';
  const secondId = 'pc_cashout_e2e_b';
  const ungrantedId = 'pc_cashout_e2e_none';
  const secret = `whsec_${Buffer.alloc(32, 5).toString('base64url')}`;
  const secondSecret = `whsec_${Buffer.alloc(32, 7).toString('base64url')}`;
  const ungrantedSecret = `whsec_${Buffer.alloc(32, 8).toString('base64url')}`;
  const forgedSecret = `whsec_${Buffer.alloc(32, 6).toString('base64url')}`;
  let stack: TestStack;
  let providerToken: string;
  let secondToken: string;
  let ungrantedToken: string;
  let minter: ReturnType<typeof apiClient>;
  let adminToken: string;

  /** A callback as a provider sends it: signed by @coin/events' signPayoutCallback, the exact body text and its headers. */
  const callback = (body: object, options: { id?: string; at?: number; secrets?: string[]; sentBody?: string; token?: string } = {}) => {
    const signed = signPayoutCallback({
      body: JSON.stringify(body),
      secret: (options.secrets ?? [secret])[0] as string,
      id: options.id ?? `msg_${Math.random().toString(36).slice(2)}`,
      timestamp: options.at ?? Math.floor(Date.now() / 1000),
    });
    return http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', {
      rawBody: options.sentBody ?? signed.body,
      token: options.token ?? providerToken,
      headers: signed.headers,
    });
  };
  const claim = (id: string, token = providerToken) => http(stack.gatewayUrl, 'POST', `/api/cashouts/${id}/claim`, { token });
  const walletOf = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).body;
  const cashOut = (token: string, amount: number, key: string, providerClientId: string | null = providerId) =>
    http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token,
      body: { amount, msisdn: '+237670000000', ...(providerClientId ? { providerClientId } : {}) },
      headers: { 'idempotency-key': key },
    });
  const queueOf = async (token: string, query = '') =>
    ((await http(stack.gatewayUrl, 'GET', `/api/cashouts/assigned?limit=100${query}`, { token })).body.cashouts ?? []) as Array<{
      id: string;
      status: string;
    }>;
  const cashoutAsAdmin = async (id: string) => {
    const page = await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts?limit=100', { token: adminToken });
    return (page.body.cashouts as Array<{ id: string; status: string; claimedBy: string | null }>).find((c) => c.id === id);
  };

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=600,2026-01-01T00:00:00Z=655,2999-01-01T00:00:00Z=9',
        CASHOUT_CALLBACK_SECRET: JSON.stringify({ [providerId]: secret, [secondId]: secondSecret, [ungrantedId]: ungrantedSecret }),
        CASHOUT_DAILY_COINS_UNVERIFIED: '1000',
      },
    });
    const admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    adminToken = admin;
    minter = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey: await apiKeyFor(stack, admin, ['mint']) });
    providerToken = await platformClientTokenAs(stack, providerId, 'mobile money', { treasuries: [], cashout: true });
    secondToken = await platformClientTokenAs(stack, secondId, 'mobile money two', { treasuries: [], cashout: true });
    // A callback secret, a genuine token, but no `cashout` grant: no payout provider.
    ungrantedToken = await platformClientTokenAs(stack, ungrantedId, 'not a provider', { treasuries: [] });
    expect(decodeJwt(providerToken)).toMatchObject({ cashout: true });
    expect(decodeJwt(ungrantedToken)).not.toHaveProperty('cashout');
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a granted provider claims a cash-out naming none and confirms it by a signed callback, then the coins are burned at the rate in force; a second claim, an ungranted client and a replay are refused', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 100, reason: 'seed' } });

    const asked = await cashOut(user.accessToken, 25.5, `cashout-${user.userId}-1`, null);
    expect(asked.status).toBe(201);
    // 25.50 coins at 655 XAF per coin (in force since 2026-01-01), rounded down.
    expect(asked.body.cashout).toMatchObject({
      status: 'REQUESTED',
      amount: 25.5,
      xafAmount: 16_702,
      xafPerCoin: 655,
      userId: user.userId,
      providerClientId: null,
      claimedBy: null,
    });
    expect(asked.body.wallet).toMatchObject({ balance: 100, activeCoins: 74.5 });
    const cashoutId: string = asked.body.cashout.id;
    const body = { cashoutId, outcome: 'CONFIRMED', providerReference: 'MOMO-778' };

    // Unclaimed: no callback settles it. Every granted provider sees it in its queue.
    const early = await callback(body);
    expect([early.status, early.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await queueOf(providerToken)).map((c) => c.id)).toContain(cashoutId);
    expect((await queueOf(secondToken)).map((c) => c.id)).toContain(cashoutId);
    // A client without the grant may neither claim nor read a queue nor call back, whatever its secret.
    expect((await claim(cashoutId, ungrantedToken)).status).toBe(403);
    expect((await http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned', { token: ungrantedToken })).status).toBe(403);
    expect((await callback(body, { token: ungrantedToken, secrets: [ungrantedSecret] })).status).toBe(403);

    const claimed = await claim(cashoutId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.cashout).toMatchObject({ id: cashoutId, status: 'CLAIMED', claimedBy: providerId });
    // Exactly once: another provider's claim is refused (audited); the claimer's again changes nothing.
    const stolen = await claim(cashoutId, secondToken);
    expect([stolen.status, stolen.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await claim(cashoutId)).body.cashout).toMatchObject({ status: 'CLAIMED', claimedBy: providerId });
    expect((await queueOf(secondToken)).map((c) => c.id)).not.toContain(cashoutId);
    expect((await queueOf(providerToken, '&status=CLAIMED')).map((c) => c.id)).toContain(cashoutId);
    // Only the claimer's callback settles it.
    const notClaimer = await callback(body, { token: secondToken, secrets: [secondSecret] });
    expect([notClaimer.status, notClaimer.body.code]).toEqual([403, 'FORBIDDEN']);

    // Forged (another secret), stale (10 minutes old), altered (signed FAILED, sent CONFIRMED): refused before the body is judged.
    expect((await callback(body, { secrets: [forgedSecret] })).status).toBe(401);
    expect((await callback(body, { at: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
    const altered = await callback({ ...body, outcome: 'FAILED' }, { sentBody: JSON.stringify(body) });
    expect([altered.status, altered.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    // The user cannot settle their own cash-out.
    expect((await http(stack.gatewayUrl, 'POST', '/api/cashouts/callbacks', { token: user.accessToken, body })).status).toBe(403);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 100, activeCoins: 74.5 });

    const id = `msg_confirm_${user.userId}`;
    const at = Math.floor(Date.now() / 1000);
    const confirmed = await callback(body, { id, at });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.cashout).toMatchObject({ status: 'CONFIRMED', providerReference: 'MOMO-778', claimedBy: providerId });
    expect(confirmed.body.transaction).toMatchObject({
      type: 'BURN',
      amount: 25.5,
      metadata: { cashoutXafAmount: '16702', cashoutXafPerCoin: '655', cashoutProvider: providerId },
    });
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 74.5, activeCoins: 74.5 });

    // The very same delivery again: refused, audited, and nothing more is burned.
    const replayed = await callback(body, { id, at });
    expect([replayed.status, replayed.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 74.5, activeCoins: 74.5 });

    // The second provider's claim is in the audit log as a refusal.
    const refusals = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: adminToken });
    expect(
      (refusals.body.entries as AuditLogEntry[]).some(
        (e) => e.action === 'ledger.claim-cashout' && e.errorCode === 'FORBIDDEN' && e.actor.id === secondId,
      ),
    ).toBe(true);
    // The ledger's own audit agrees: the confirmed cash-out's capture is a BURN paying no one, and the supply is exact.
    const supply = (await http(stack.gatewayUrl, 'GET', '/api/admin/supply', { token: adminToken })).body;
    expect(supply).toMatchObject({ consistent: true, discrepancy: 0, badCaptures: [] });
  });

  it('when the user named a provider, then another may not claim it; the named one claims and fails it and its coins are released; past the unverified daily amount a cash-out is refused', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 2000, reason: 'seed' } });
    const first = await cashOut(user.accessToken, 10, `cashout-${user.userId}-a`);
    expect(first.status).toBe(201);
    expect(first.body.cashout).toMatchObject({ providerClientId: providerId, claimedBy: null });
    expect((await queueOf(secondToken)).map((c) => c.id)).not.toContain(first.body.cashout.id);
    expect((await claim(first.body.cashout.id, secondToken)).status).toBe(403);
    expect((await claim(first.body.cashout.id)).status).toBe(200);
    const failed = await callback({ cashoutId: first.body.cashout.id, outcome: 'FAILED' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ cashout: { status: 'FAILED' }, transaction: null });
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 2000, activeCoins: 2000 });

    // 10 counted already (a failed cash-out still counts): 995 more passes the 1,000 of an unverified user.
    const over = await cashOut(user.accessToken, 995, `cashout-${user.userId}-b`);
    expect([over.status, over.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    const bad = await http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token: user.accessToken,
      body: { amount: 1, msisdn: '0670000000', providerClientId: providerId },
      headers: { 'idempotency-key': `cashout-${user.userId}-c` },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 2000, activeCoins: 2000 });
  });

  it("when a user lists their cash-outs, then only their own are there, newest first, in their states and paged; another user's, a provider's token and a hostile query get none", async () => {
    const [user, other] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    await Promise.all([
      minter.mintCoins({ body: { userId: user.userId, amount: 100, reason: 'seed' } }),
      minter.mintCoins({ body: { userId: other.userId, amount: 100, reason: 'seed' } }),
    ]);
    const older = await cashOut(user.accessToken, 3, `mine-${user.userId}-a`);
    const newer = await cashOut(user.accessToken, 4, `mine-${user.userId}-b`);
    const theirs = await cashOut(other.accessToken, 5, `mine-${other.userId}-a`);
    expect([older.status, newer.status, theirs.status]).toEqual([201, 201, 201]);
    expect((await claim(newer.body.cashout.id)).status).toBe(200);
    expect((await callback({ cashoutId: newer.body.cashout.id, outcome: 'FAILED' })).status).toBe(200);

    const mine = await http(stack.gatewayUrl, 'GET', '/api/cashouts', { token: user.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body.cashouts.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [newer.body.cashout.id, 'FAILED'],
      [older.body.cashout.id, 'REQUESTED'],
    ]);
    expect(mine.body.pagination.total).toBe(2);
    const firstPage = await http(stack.gatewayUrl, 'GET', '/api/cashouts?limit=1', { token: user.accessToken });
    expect(firstPage.body).toMatchObject({ hasMore: true, pagination: { total: 2 } });
    const second = await http(stack.gatewayUrl, 'GET', `/api/cashouts?limit=1&cursor=${firstPage.body.nextCursor}`, {
      token: user.accessToken,
    });
    expect(second.body.cashouts.map((c: { id: string }) => c.id)).toEqual([older.body.cashout.id]);
    const requested = await http(stack.gatewayUrl, 'GET', '/api/cashouts?status=REQUESTED', { token: user.accessToken });
    expect(requested.body.cashouts.map((c: { id: string }) => c.id)).toEqual([older.body.cashout.id]);

    const otherList = await http(stack.gatewayUrl, 'GET', '/api/cashouts', { token: other.accessToken });
    expect(otherList.body.cashouts.map((c: { id: string }) => c.id)).toEqual([theirs.body.cashout.id]);
    // The payer is the token's: a query naming another payer, a provider or anyone else is not a filter a user has.
    for (const query of [`fromUserId=${user.userId}`, `userId=${user.userId}`, `providerClientId=${providerId}`]) {
      const hostile = await http(stack.gatewayUrl, 'GET', `/api/cashouts?${query}`, { token: other.accessToken });
      expect([query, hostile.status, hostile.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    const byProvider = await http(stack.gatewayUrl, 'GET', '/api/cashouts', { token: providerToken });
    expect(byProvider.status).toBe(403);
    expect((await http(stack.gatewayUrl, 'GET', '/api/cashouts', {})).status).toBe(401);
  });

  it('when a client without the cashout grant writes a claim and a settlement of a cash-out to ledger.commands itself, with its own genuine token, then the ledger refuses both (audited) and nothing moves', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 50, reason: 'seed' } });
    const asked = await cashOut(user.accessToken, 20, `cashout-${user.userId}-k`, null);
    expect(asked.status).toBe(201);
    const holdId: string = asked.body.cashout.id;
    const logger = createLogger('e2e', 'warn');
    const producer = new BatchingProducer(createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-claimer', logger }).producer(), logger);
    const commandIds = [randomUUID(), randomUUID()];
    await producer.connect();
    try {
      const base = { issuedAt: new Date().toISOString(), actor: { kind: 'system', id: ungrantedId }, proof: ungrantedToken };
      const commands = [
        {
          ...base,
          commandId: commandIds[0],
          type: 'ledger.claim-cashout',
          data: { holdId, fromUserId: user.userId, requestHash: 'a'.repeat(64) },
        },
        {
          ...base,
          commandId: commandIds[1],
          type: 'ledger.settle-cashout',
          data: { holdId, fromUserId: user.userId, outcome: 'CONFIRMED', callbackId: 'msg_insider', requestHash: 'b'.repeat(64) },
        },
      ];
      for (const command of commands) {
        await producer.send(topicNames(stack.prefix).ledgerCommands, { key: walletKeyOfUser(user.userId), value: JSON.stringify(command) });
      }
    } finally {
      await producer.close();
    }
    const refused = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: adminToken });
        const found = (page.body.entries as AuditLogEntry[]).filter((e) => commandIds.some((id) => e.target === `command:${id}`));
        return found.length === 2 ? found : undefined;
      },
      20_000,
      'both forged commands refused and audited',
    );
    expect(refused.map((e) => e.result)).toEqual(['rejected', 'rejected']);
    expect(await cashoutAsAdmin(holdId)).toMatchObject({ status: 'REQUESTED', claimedBy: null });
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 50, activeCoins: 30 });
  });

  it('when an ADMIN+ reads the queue and the reconciliation, then each cash-out is in its state, claimed ones under their claimer, and the day adds up, as JSON and CSV; a user may read neither', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 300, reason: 'seed' } });
    const ids: string[] = [];
    for (const [i, amount] of [100, 50, 20, 5].entries()) {
      const asked = await cashOut(user.accessToken, amount, `cashout-${user.userId}-q${i}`);
      expect(asked.status).toBe(201);
      ids.push(asked.body.cashout.id);
    }
    for (const id of ids.slice(0, 3)) expect((await claim(id)).status).toBe(200);
    expect((await callback({ cashoutId: ids[0], outcome: 'CONFIRMED' })).status).toBe(200);
    expect((await callback({ cashoutId: ids[1], outcome: 'FAILED' })).status).toBe(200);

    const queue = await http(stack.gatewayUrl, 'GET', `/api/admin/cashouts?status=REQUESTED&providerClientId=${providerId}&limit=100`, {
      token: adminToken,
    });
    expect(queue.status).toBe(200);
    expect(queue.body.cashouts.map((c: { id: string }) => c.id)).toContain(ids[3]);
    expect(queue.body.cashouts.map((c: { id: string }) => c.id)).not.toContain(ids[2]);
    const claimedQueue = await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts?status=CLAIMED&limit=100', { token: adminToken });
    expect(claimedQueue.body.cashouts.find((c: { id: string }) => c.id === ids[2])).toMatchObject({
      status: 'CLAIMED',
      claimedBy: providerId,
    });
    // The provider reads what it has to pay: its own queue, and no other provider's.
    expect((await queueOf(providerToken, '&status=REQUESTED')).map((c) => c.id)).toContain(ids[3]);
    const others = await http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned?providerClientId=pc_other', { token: providerToken });
    expect([others.status, others.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await http(stack.gatewayUrl, 'GET', '/api/cashouts/assigned', { token: user.accessToken })).status).toBe(403);
    const failed = await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts?status=FAILED&limit=100', { token: adminToken });
    expect(failed.body.cashouts.find((c: { id: string }) => c.id === ids[1])).toMatchObject({ status: 'FAILED', userId: user.userId });

    const day = new Date().toISOString().slice(0, 10);
    const path = `/api/admin/cashouts/reconciliation?from=${day}&to=${day}&providerClientId=${providerId}`;
    const report = await http(stack.gatewayUrl, 'GET', path, { token: adminToken });
    expect(report.status).toBe(200);
    // Every cash-out of this file today counted under its claimer (else the provider named): the sums must agree with the states.
    const [line] = report.body.lines;
    expect(line).toMatchObject({ day, providerClientId: providerId });
    expect(line.requested).toBe(line.confirmed + line.failed + line.expired + line.released + line.pending);
    expect(line.confirmed).toBeGreaterThanOrEqual(2);
    expect(line.pending).toBeGreaterThanOrEqual(2);
    expect(line.claimed).toBeGreaterThanOrEqual(1);
    // The confirmed XAF is the sum of the confirmed cash-outs' own amounts: 25.50 → 16,702 and 100 → 65,500.
    expect(line.confirmedXaf).toBe(16_702 + 65_500);
    const csv = await fetch(new URL(`${path}&format=csv`, stack.gatewayUrl), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'day,providerClientId,requested,requestedXaf,confirmed,confirmedCoins,confirmedXaf,failed,expired,released,pending,claimed,overdue,frozen',
    );
    expect(rows[1]?.split(',')[6]).toBe(String(16_702 + 65_500));

    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/cashouts', { token: user.accessToken })).status).toBe(403);
    expect((await http(stack.gatewayUrl, 'GET', path, { token: user.accessToken })).status).toBe(403);
  });

  it('when a cash-out is previewed (?dryRun=true), then it answers the XAF and the balance it would leave and writes nothing (no cash-out, no hold, no daily amount used, no key’s answer); the same Idempotency-Key then applies it for real', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 1000, reason: 'seed' } });
    const key = `cashout-dry-${user.userId}`;
    const preview = (amount: number, idempotencyKey = key) =>
      http(stack.gatewayUrl, 'POST', '/api/cashouts?dryRun=true', {
        token: user.accessToken,
        body: { amount, msisdn: '+237670000000', providerClientId: providerId },
        headers: { 'idempotency-key': idempotencyKey },
      });

    // 600 of the 1,000 an unverified user may cash out a day, twice: a preview uses none of it.
    for (let i = 0; i < 2; i += 1) {
      const dry = await preview(600);
      expect(dry.status).toBe(201);
      expect(dry.headers.get('idempotent-replayed')).toBeNull();
      expect(dry.body).toMatchObject({
        dryRun: true,
        cashout: {
          status: 'REQUESTED',
          amount: 600,
          xafAmount: 393_000,
          xafPerCoin: 655,
          userId: user.userId,
          providerClientId: providerId,
        },
        wallet: { balance: 1000, activeCoins: 400 },
      });
    }
    const previewedId: string = (await preview(1)).body.cashout.id;
    // Nothing written: no cash-out (the user's list, the provider's queue, the admins' list), no hold, no key's answer.
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 1000, activeCoins: 1000 });
    expect((await http(stack.gatewayUrl, 'GET', '/api/cashouts', { token: user.accessToken })).body.cashouts).toEqual([]);
    expect((await queueOf(providerToken)).map((c) => c.id)).not.toContain(previewedId);
    expect(await cashoutAsAdmin(previewedId)).toBeUndefined();
    expect((await http(stack.gatewayUrl, 'GET', `/api/commands/${key}`, { token: user.accessToken })).body).toMatchObject({
      status: 'UNKNOWN',
    });

    // The key the previews named is free: the real cash-out with it is applied, not replayed.
    const real = await cashOut(user.accessToken, 600, key);
    expect(real.status).toBe(201);
    expect(real.headers.get('idempotent-replayed')).not.toBe('true');
    expect(real.body).not.toHaveProperty('dryRun');
    expect(real.body).toMatchObject({ cashout: { status: 'REQUESTED', amount: 600, xafAmount: 393_000 }, wallet: { activeCoins: 400 } });
    expect(real.body.cashout.id).not.toBe(previewedId);
    // Now 600 of the day is used: the preview of 600 more meets the limit the real one would.
    const over = await preview(600, `cashout-dry-over-${user.userId}`);
    expect([over.status, over.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    expect(await walletOf(user.accessToken)).toMatchObject({ balance: 1000, activeCoins: 400 });
  });
});
