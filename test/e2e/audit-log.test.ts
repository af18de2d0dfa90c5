import { randomUUID } from 'node:crypto';
import type { AuditLogEntry } from '@coin/contracts';
import { adminSession, runOperatorCommand, type Session } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/*
 * The admin audit log through the real stack: each admin action below, applied or refused,
 * is recorded once by the service that applied it (user service or ledger, through its outbox
 * and admin.audit), projected by the history service and read back from GET /api/admin/audit-log.
 */
describe('the admin audit log through the gateway', () => {
  let stack: TestStack;
  let superadmin: Session;
  /** The second SUPERADMIN, who approves what the first asks for (docs/DESIGN.md "Two-person acts"). */
  let approver: Session;
  let apiKey: string;
  let apiKeyId: string;
  const run = randomUUID().slice(0, 8);
  const requestId = (name: string) => `audit-${run}-${name}`;
  const call = (method: string, path: string, name: string, body?: unknown, options: { apiKey?: boolean; token?: string } = {}) =>
    http(stack.gatewayUrl, method, path, {
      token: options.token ?? superadmin.accessToken,
      ...(body !== undefined ? { body } : {}),
      headers: { 'x-request-id': requestId(name), ...(options.apiKey ? { 'x-api-key': apiKey } : {}) },
    });
  const approve = (grantRequestId: string, name: string) =>
    call('POST', `/api/admin/grant-requests/${grantRequestId}/approve`, name, undefined, { token: approver.accessToken });
  const auditLog = (query: string, token = superadmin.accessToken) =>
    http(stack.gatewayUrl, 'GET', `/api/admin/audit-log${query}`, { token });
  /** The entries with this request id, once `count` of them are there (the projection is eventually consistent). */
  const recorded = (name: string, count = 1, actor = superadmin): Promise<AuditLogEntry[]> =>
    eventually(
      async () => {
        const page = await auditLog(`?actor=${actor.userId}&limit=1000`);
        expect(page.status).toBe(200);
        const entries = (page.body.entries as AuditLogEntry[]).filter((e) => e.requestId === requestId(name));
        return entries.length >= count ? entries : undefined;
      },
      15_000,
      `audit record of ${name}`,
    );

  beforeAll(async () => {
    stack = await startTestStack();
    [superadmin, approver] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'SUPERADMIN')]);
    const created = await call('POST', '/api/admin/api-keys', 'key-create', { name: `audit ${run}`, scopes: ['mint', 'burn', 'refund'] });
    expect(created.status).toBe(202);
    apiKey = created.body.key;
    apiKeyId = created.body.grantRequest.act.apiKeyId;
    const approved = await approve(created.body.grantRequest.id, 'key-approve');
    expect(approved.status).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when an API key is asked for and approved, then the request, the approval and the key are each recorded once with its name and scopes and never its secret', async () => {
    const [asked] = await recorded('key-create');
    expect(asked).toMatchObject({
      actor: { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' },
      action: 'approval.request',
      target: expect.stringMatching(/^grant-request:/),
      summary: { type: 'user.api-key.create', apiKeyId, name: `audit ${run}`, scopes: ['mint', 'burn', 'refund'] },
      result: 'applied',
      errorCode: null,
    });
    const approval = await recorded('key-approve', 2, approver);
    expect(approval.map((e) => e.action).sort()).toEqual(['api-key.create', 'approval.approve']);
    expect(approval.find((e) => e.action === 'api-key.create')).toMatchObject({
      actor: { kind: 'user', id: String(approver.userId), role: 'SUPERADMIN' },
      target: `api-key:${apiKeyId}`,
      summary: {
        name: `audit ${run}`,
        scopes: ['mint', 'burn', 'refund'],
        requestedBy: String(superadmin.userId),
        approvedBy: String(approver.userId),
        grantRequest: asked!.target.replace('grant-request:', ''),
      },
      result: 'applied',
    });
    expect(JSON.stringify([asked, ...approval])).not.toContain(apiKey);
  });

  it('when a role is granted, then the request and the applied change name the user, the new and the previous role', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const asked = await call('PATCH', `/api/admin/users/${user.userId}/role`, 'role', { role: 'ADMIN' });
    expect(asked.status).toBe(202);
    const [request] = await recorded('role');
    expect(request).toMatchObject({
      action: 'approval.request',
      target: `grant-request:${asked.body.grantRequest.id}`,
      summary: { type: 'user.change-role', userId: user.userId, role: 'ADMIN', previousRole: 'USER' },
      result: 'applied',
    });
    expect((await approve(asked.body.grantRequest.id, 'role-approve')).status).toBe(200);
    const applied = await recorded('role-approve', 2, approver);
    expect(applied.find((e) => e.action === 'user.change-role')).toMatchObject({
      target: `user:${user.userId}`,
      summary: { role: 'ADMIN', previousRole: 'USER', requestedBy: String(superadmin.userId), approvedBy: String(approver.userId) },
      result: 'applied',
    });
  });

  it('when an admin mints, burns (once refused), refunds and sets limits, then the ledger records each once', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const mint = await call(
      'POST',
      '/api/admin/mint',
      'mint',
      { userId: user.userId, amount: 100, reason: 'audit seed' },
      { apiKey: true },
    );
    expect(mint.status).toBe(201);
    expect(
      (await call('POST', '/api/admin/burn', 'burn', { userId: user.userId, amount: 10, reason: 'correction' }, { apiKey: true })).status,
    ).toBe(201);
    const refused = await call(
      'POST',
      '/api/admin/burn',
      'burn-refused',
      { userId: user.userId, amount: 1000, reason: 'too much' },
      { apiKey: true },
    );
    expect([refused.status, refused.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    const purchase = await http(stack.gatewayUrl, 'POST', '/api/coins/purchase', {
      token: user.accessToken,
      body: { treasury: 'COURSE_FEES', amount: 30, reason: 'course' },
    });
    expect(purchase.status).toBe(201);
    const purchaseId = purchase.body.transaction.id as number;
    const refund = await call(
      'POST',
      '/api/admin/refund',
      'refund',
      { transactionId: purchaseId, amount: 10, reason: 'cancelled' },
      { apiKey: true },
    );
    expect(refund.status).toBe(201);
    expect((await call('PUT', `/api/admin/users/${user.userId}/limits`, 'limits', { dailyAmount: 500, dailyCount: null })).status).toBe(
      200,
    );

    const actor = { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' };
    expect(await recorded('mint')).toEqual([
      expect.objectContaining({
        actor,
        action: 'money.mint',
        target: `user:${user.userId}`,
        summary: { amount: 100, reason: 'audit seed', transactionId: mint.body.transaction.id },
        result: 'applied',
      }),
    ]);
    expect(await recorded('burn')).toEqual([
      expect.objectContaining({ action: 'money.burn', target: `user:${user.userId}`, summary: expect.objectContaining({ amount: 10 }) }),
    ]);
    expect(await recorded('burn-refused')).toEqual([
      expect.objectContaining({ action: 'money.burn', result: 'rejected', errorCode: 'INSUFFICIENT_FUNDS' }),
    ]);
    expect(await recorded('refund')).toEqual([
      expect.objectContaining({
        action: 'money.refund',
        target: `transaction:${purchaseId}`,
        summary: { treasury: 'COURSE_FEES', amount: 10, reason: 'cancelled', refundTransactionId: refund.body.transaction.id },
      }),
    ]);
    expect(await recorded('limits')).toEqual([
      expect.objectContaining({ action: 'limits.set', target: `user:${user.userId}`, summary: { dailyAmount: 500, dailyCount: null } }),
    ]);
    // Filters: by target, by action.
    const byTarget = await auditLog(`?target=user:${user.userId}`);
    expect(byTarget.body.entries.map((e: AuditLogEntry) => e.action)).toEqual(['limits.set', 'money.burn', 'money.burn', 'money.mint']);
    const byAction = await auditLog(`?action=money.refund&actor=${superadmin.userId}`);
    expect(byAction.body.entries.map((e: AuditLogEntry) => e.target)).toContain(`transaction:${purchaseId}`);
  });

  it('when an API key is revoked and a user deleted, then each is recorded once', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect((await call('DELETE', `/api/admin/api-keys/${apiKeyId}`, 'key-revoke')).status).toBe(204);
    expect((await call('DELETE', `/api/admin/users/${user.userId}`, 'delete')).status).toBe(200);
    expect(await recorded('key-revoke')).toEqual([
      expect.objectContaining({ action: 'api-key.revoke', target: `api-key:${apiKeyId}`, result: 'applied' }),
    ]);
    expect(await recorded('delete')).toEqual([
      expect.objectContaining({ action: 'user.delete', target: `user:${user.userId}`, result: 'applied' }),
    ]);
    // Exactly once each, whatever else the stack did meanwhile (the ledger's close of the wallet is no admin record).
    const page = await auditLog(`?actor=${superadmin.userId}&limit=1000`);
    const names = ['key-create', 'role', 'mint', 'burn', 'burn-refused', 'refund', 'limits', 'key-revoke', 'delete'];
    for (const name of names) {
      expect([name, page.body.entries.filter((e: AuditLogEntry) => e.requestId === requestId(name)).length]).toEqual([name, 1]);
    }
    // Newest first on a sequence without gaps in this page.
    const seqs = page.body.entries.map((e: AuditLogEntry) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it('when an operator creates and revokes a platform client and revokes sessions with the CLI, then each is recorded with the operator as actor and no secret', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const cli = (args: string[]) => runOperatorCommand(stack, args);
    const created = await cli(['create-client', '--name', `audit ${run}`]);
    const clientId = /client id:\s+(\S+)/.exec(created)![1]!;
    const clientSecret = /client secret:\s+(\S+)/.exec(created)![1]!;
    await cli(['revoke-client', '--id', clientId]);
    await cli(['revoke-sessions', '--user-id', String(user.userId)]);
    const entries = await eventually(
      async () => {
        const page = await auditLog(`?target=client:${clientId}`);
        return page.body.entries.length === 2 ? (page.body.entries as AuditLogEntry[]) : undefined;
      },
      15_000,
      'platform client records',
    );
    expect(entries.map((e) => [e.action, e.actor.kind, e.summary, e.requestId])).toEqual([
      ['platform-client.revoke', 'operator', { name: `audit ${run}` }, null],
      ['platform-client.create', 'operator', { name: `audit ${run}`, treasuries: [], dailyRewardCapMinor: null }, null],
    ]);
    expect(JSON.stringify(entries)).not.toContain(clientSecret);
    const sessions = await eventually(
      async () => {
        const page = await auditLog(`?target=user:${user.userId}&action=sessions.revoke`);
        return page.body.entries.length === 1 ? (page.body.entries as AuditLogEntry[]) : undefined;
      },
      15_000,
      'sessions record',
    );
    expect(sessions[0]).toMatchObject({ actor: { kind: 'operator' }, result: 'applied' });
  });

  it('when a user logs out everywhere, then it is no admin action and is not recorded', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: user.accessToken })).status).toBeLessThan(300);
    // The role change after it is recorded: once it is there, the logout (earlier, same partition) was processed too.
    expect((await call('PATCH', `/api/admin/users/${user.userId}/role`, 'after-logout', { role: 'DEVELOPER' })).status).toBe(200);
    await recorded('after-logout');
    const page = await auditLog(`?target=user:${user.userId}`);
    expect(page.body.entries.map((e: AuditLogEntry) => e.action)).toEqual(['user.change-role']);
  });

  it('when a USER or an ADMIN-less caller asks for the log, then 403 / 401; an invalid filter is a 400', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect((await auditLog('', user.accessToken)).status).toBe(403);
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log')).status).toBe(401);
    expect((await auditLog('?action=money.print')).status).toBe(400);
    expect((await auditLog('?sort=asc')).status).toBe(400);
  });
});
