import { randomUUID } from 'node:crypto';
import { adminSession, createPlatformClientWithCli, withSecondSuperadmin, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, http, type HttpResult } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * A platform client's daily reward cap change takes two SUPERADMINs (four-eyes act 'reward-cap',
 * docs/CONTRACT.md "Platform clients"), the attacks first: the requester does not approve their
 * own request, the people behind the client (who asked for it) neither ask nor approve, an ADMIN
 * decides nothing; each refusal leaves the request pending and the cap as it was, and is audited.
 * A second SUPERADMIN's approval sets the cap; a rejection leaves it.
 */
describe("a platform client's daily reward cap change takes two SUPERADMINs", () => {
  let stack: TestStack;
  let requester: AdminSession;
  let second: AdminSession;
  let owner: AdminSession;
  let admin: AdminSession;
  /** A client the owner asked for (a co-signer approved it). */
  let ownedClient: string;
  /** A client the operator registered: about no person of this file. */
  let cliClient: string;

  const send = (who: AdminSession, method: string, path: string, body?: unknown): Promise<HttpResult> =>
    http(stack.gatewayUrl, method, path, {
      token: who.accessToken,
      ...(body === undefined ? {} : { body }),
      headers: { 'idempotency-key': randomUUID(), 'x-request-id': `reward-cap-${randomUUID()}` },
    });
  const askCap = (who: AdminSession, clientId: string, dailyRewardCap: number | null) =>
    send(who, 'PUT', `/api/admin/platform-clients/${clientId}/daily-reward-cap`, { dailyRewardCap });
  const approve = (who: AdminSession, id: string) => send(who, 'POST', `/api/admin/reward-cap-requests/${id}/approve`);
  const capOf = async (clientId: string) => {
    const listed = await send(second, 'GET', '/api/admin/platform-clients');
    return (listed.body.platformClients as Array<{ id: string; dailyRewardCap: number | null }>).find((c) => c.id === clientId)
      ?.dailyRewardCap;
  };
  const pending = async (id: string) => {
    const listed = await send(second, 'GET', '/api/admin/reward-cap-requests?status=PENDING');
    expect(listed.status).toBe(200);
    return (listed.body.rewardCapRequests as Array<{ id: string }>).some((r) => r.id === id);
  };
  const refusalAudited = (who: AdminSession, code: string) =>
    eventually(
      async () => {
        const page = await send(second, 'GET', `/api/admin/audit-log?result=rejected&actor=${who.userId}&limit=1000`);
        return (page.body.entries as Array<{ errorCode: string | null }>).some((e) => e.errorCode === code);
      },
      20_000,
      `the ${code} refusal of ${who.userId} in the audit log`,
    );

  beforeAll(async () => {
    stack = await startTestStack();
    [requester, second, owner, admin] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'ADMIN'),
    ]);
    const asked = await withSecondSuperadmin(stack, owner.accessToken, () =>
      apiClient(stack.gatewayUrl, { accessToken: owner.accessToken }).createPlatformClient({
        body: { name: 'capped shop', treasuries: ['REWARDS'], dailyRewardCap: 100 },
      }),
    );
    ownedClient = (asked.grantRequest.act as { clientId: string }).clientId;
    cliClient = (await createPlatformClientWithCli(stack, `capped-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] })).clientId;
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a person behind the client asks for its new cap, then 403 SELF_DEALING, audited, and nothing is asked', async () => {
    const own = await askCap(owner, ownedClient, 500);
    expect([own.status, own.body.code]).toEqual([403, 'SELF_DEALING']);
    await refusalAudited(owner, 'SELF_DEALING');
    expect(await capOf(ownedClient)).toBe(100);
  });

  it('when the requester, the person behind the client or an ADMIN approves it, then each is refused, it stays pending, and the cap stays', async () => {
    const asked = await askCap(requester, ownedClient, 500);
    expect(asked.status).toBe(202);
    expect(asked.body.rewardCapRequest).toMatchObject({
      status: 'PENDING',
      act: { type: 'user.platform-client.set-reward-cap', clientId: ownedClient, dailyRewardCap: 500, previousDailyRewardCap: 100 },
    });
    const id: string = asked.body.rewardCapRequest.id;

    const byRequester = await approve(requester, id);
    expect([byRequester.status, byRequester.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    const byOwner = await approve(owner, id);
    expect([byOwner.status, byOwner.body.code]).toEqual([403, 'SELF_DEALING']);
    // An ADMIN is no decider of the act (its row's deciders: SUPERADMIN).
    const byAdmin = await approve(admin, id);
    expect(byAdmin.status).toBe(403);

    expect(await pending(id)).toBe(true);
    expect(await capOf(ownedClient)).toBe(100);
    await refusalAudited(requester, 'APPROVAL_BY_REQUESTER');
    await refusalAudited(owner, 'SELF_DEALING');

    const approved = await approve(second, id);
    expect([approved.status, approved.body.rewardCapRequest?.status]).toEqual([200, 'APPROVED']);
    expect(await capOf(ownedClient)).toBe(500);
    expect(await pending(id)).toBe(false);
    await eventually(
      async () => {
        const page = await send(second, 'GET', `/api/admin/audit-log?target=${encodeURIComponent(`grant-request:${id}`)}&limit=100`);
        const actions = (page.body.entries as Array<{ action: string; result: string }>).map((e) => `${e.action}:${e.result}`);
        return actions.includes('approval.request:applied') && actions.includes('approval.approve:applied');
      },
      20_000,
      'the request and its approval in the audit log',
    );
  });

  it('when a second SUPERADMIN rejects it, then the cap stays, and a cap back to the ledger default is asked and applied alike', async () => {
    const asked = await askCap(requester, cliClient, 250);
    expect(asked.status).toBe(202);
    const id: string = asked.body.rewardCapRequest.id;
    const rejected = await send(second, 'POST', `/api/admin/reward-cap-requests/${id}/reject`, { reason: 'No campaign needs it' });
    expect([rejected.status, rejected.body.rewardCapRequest?.status]).toEqual([200, 'REJECTED']);
    expect(await capOf(cliClient)).toBeNull();
    // Not a reward cap request: a grant's route does not find it, nor this act's a grant.
    expect((await send(second, 'POST', `/api/admin/grant-requests/${id}/approve`)).status).toBe(404);

    const back = await askCap(requester, ownedClient, null);
    expect(back.status).toBe(202);
    const approved = await approve(second, back.body.rewardCapRequest.id);
    expect(approved.status).toBe(200);
    expect(await capOf(ownedClient)).toBeNull();
  });

  it('when the cap asked for is not a coin amount, or the client is a prototype key, then 400 or 404 and nothing is asked', async () => {
    const before = await send(second, 'GET', '/api/admin/reward-cap-requests?status=PENDING');
    const path = `/api/admin/platform-clients/${cliClient}/daily-reward-cap`;
    for (const dailyRewardCap of [0.001, -5, 0, 1e20, '100', true, { constructor: 1 }]) {
      const refused = await send(requester, 'PUT', path, { dailyRewardCap });
      expect({ dailyRewardCap, status: refused.status, code: refused.body.code }).toEqual({
        dailyRewardCap,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    const extra = await send(requester, 'PUT', path, { dailyRewardCap: 100, constructor: 'x' });
    expect(extra.status).toBe(400);
    const prototypeClient = await send(requester, 'PUT', '/api/admin/platform-clients/constructor/daily-reward-cap', {
      dailyRewardCap: 100,
    });
    expect([400, 404]).toContain(prototypeClient.status);
    const after = await send(second, 'GET', '/api/admin/reward-cap-requests?status=PENDING');
    expect(after.body.rewardCapRequests).toEqual(before.body.rewardCapRequests);
  });
});
