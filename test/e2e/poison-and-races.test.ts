import { createPool, schemaName } from '@coin/db';
import { startTestStack, type TestStack } from '../harness/stack';
import { http, registerUser, uniqueEmail } from '../harness/http';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eraseUser } from '@coin/user/testing';

/**
 * Through the public API: A user command the database refuses is answered at once and
 * its partition goes on; a deleted user's wallet is closed when DELETE answers.
 */
describe('poison commands and deletion races through the gateway', () => {
  let stack: TestStack;
  let superadmin: string;
  let apiKey: string;

  beforeAll(async () => {
    stack = await startTestStack();
    superadmin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, superadmin, ['mint']);
    // The database refuses what no validation upstream caught: a user named 'poison' (SQLSTATE
    // 22023, a data exception). The schema's owner installs the trigger.
    const owner = createPool({
      url: stack.databaseUrl,
      schema: schemaName(stack.prefix, 'users'),
      applicationName: 'poison-test',
      connectionsMax: 1,
    });
    try {
      await owner.query(`
        CREATE FUNCTION refuse_poison_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.full_name = 'poison' THEN RAISE EXCEPTION 'poison user refused' USING ERRCODE = '22023'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_poison_user BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_poison_user();`);
    } finally {
      await owner.end();
    }
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const register = (fullName: string) =>
    http(stack.gatewayUrl, 'POST', '/api/auth/register', { body: { email: uniqueEmail('poison'), password: 'a good password', fullName } });

  it('when the database refuses a registration, then it is answered 500 COMMAND_FAILED with its command id and every other registration goes through', async () => {
    const responses = await Promise.all([register('Good One'), register('poison'), register('Good Two'), register('Good Three')]);
    expect(responses.map((r) => r.status)).toEqual([202, 500, 202, 202]);
    const refused = responses[1]!;
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ code: 'COMMAND_FAILED', status: 500, commandId: expect.any(String) });
    expect(refused.body.detail).toContain(refused.body.commandId);
    // Answered, not timed out: a command whose reply never comes is answered 504 TIMEOUT.
    // The partitions go on: sixteen more registrations, spread over every user-command partition.
    const more = await Promise.all(Array.from({ length: 16 }, (_, i) => register(`After ${i}`)));
    // The answers that are not 202 with their bodies, so a failure says what went wrong.
    expect(more.filter((r) => r.status !== 202).map((r) => ({ status: r.status, body: r.body }))).toEqual([]);
  });

  it('when a user is deleted, then a transfer to them sent right after the 200 is refused and the sender keeps the coins', async () => {
    const sender = await registerUser(stack.gatewayUrl);
    const funded = await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
      token: superadmin,
      headers: { 'x-api-key': apiKey },
      body: { userId: sender.userId, amount: 100, reason: 'seed' },
    });
    expect(funded.status).toBe(201);
    // The race was seen in 1 of 8 tries before the fix; ten deletions each race one transfer.
    for (let round = 0; round < 10; round += 1) {
      const recipient = await registerUser(stack.gatewayUrl);
      const deleted = await http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${recipient.userId}`, { token: superadmin });
      expect(deleted.status).toBe(200);
      const transfer = await http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
        token: sender.accessToken,
        body: { toUserId: recipient.userId, amount: 1, reason: `after deletion ${round}` },
      });
      expect([404, 422]).toContain(transfer.status);
      expect(transfer.body.code).toMatch(/^(RECIPIENT_CLOSED|USER_NOT_FOUND)$/);
    }
    const wallet = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: sender.accessToken });
    expect(wallet.body.balance).toBe(100);
  });

  it('when a DELETE is retried after its deletion went through unconfirmed, then the 404 also means the wallet is closed', async () => {
    const sender = await registerUser(stack.gatewayUrl);
    const recipient = await registerUser(stack.gatewayUrl);
    await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
      token: superadmin,
      headers: { 'x-api-key': apiKey },
      body: { userId: sender.userId, amount: 10, reason: 'seed' },
    });
    // The deletion went through behind a 504: the user is erased, the wallet still open, as when
    // the gateway's reply never came (its user.deleted event will close the wallet some time later).
    const users = createPool({
      url: stack.databaseUrl,
      schema: schemaName(stack.prefix, 'users'),
      applicationName: 'poison-test',
      connectionsMax: 1,
    });
    const client = await users.connect();
    try {
      await eraseUser(client, recipient.userId);
    } finally {
      client.release();
      await users.end();
    }
    const retried = await http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${recipient.userId}`, { token: superadmin });
    expect(retried.status).toBe(404);
    const transfer = await http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
      token: sender.accessToken,
      body: { toUserId: recipient.userId, amount: 1, reason: 'after the 404' },
    });
    expect(transfer.status).toBe(422);
    expect(transfer.body.code).toBe('RECIPIENT_CLOSED');
  });
});
