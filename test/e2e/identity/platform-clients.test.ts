import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestStack, type TestStack } from '../../harness/stack';
import { eventually } from '../../harness/eventually';
import { adminSession, apiKeyFor, fundTreasury } from '../../harness/admin';
import { CoinProblemError } from '@coin/client';
import { apiClient, http, registerUser } from '../../harness/http';
import { runAdminCommand } from '../../../scripts/admin';
import { callerSigner, internalHeaders } from '../../harness/service-tokens';

const repoRoot = join(__dirname, '../../..');

describe('platform clients: created, listed and revoked with the operator CLI; a revoked client is refused on the next request', () => {
  let stack: TestStack;
  let cliEnv: Record<string, string>;
  beforeAll(async () => {
    stack = await startTestStack();
    // What an operator exports before `npm run admin`: this stack's database, schemas, topics and Redis.
    cliEnv = {
      USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL!,
      DB_SCHEMA_PREFIX: stack.prefix,
      TOPIC_PREFIX: stack.prefix,
      REDIS_URL: stack.redisUrl,
    };
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** The CLI's own entry point, in this process, under the operator's environment. */
  async function admin(...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    const previous = { ...process.env };
    Object.assign(process.env, cliEnv);
    try {
      await runAdminCommand(argv, (line) => lines.push(line));
    } finally {
      process.env = previous;
    }
    return lines;
  }

  async function createClient(name: string): Promise<{ clientId: string; clientSecret: string }> {
    const lines = await admin('create-client', '--name', name, '--treasuries', 'REWARDS');
    const clientId = /client id:\s+(\S+)/.exec(lines.join('\n'))?.[1];
    const clientSecret = /client secret:\s+(\S+)/.exec(lines.join('\n'))?.[1];
    if (!clientId || !clientSecret) throw new Error(`unexpected create-client output: ${lines.join(' / ')}`);
    return { clientId, clientSecret };
  }

  /** Well-formed calls go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  const systemToken = async (client: { clientId: string; clientSecret: string }) => {
    const response = await as().api.POST('/api/auth/token', { body: client });
    expect(response.response.status).toBe(200);
    // A JSON request gets the JSON (camelCase) answer, not the RFC 6749 one.
    if (!response.data || !('accessToken' in response.data)) throw new Error(`unexpected token answer: ${JSON.stringify(response.data)}`);
    return response.data.accessToken;
  };
  /** A reward by a SYSTEM token, through the client's raw `api`: its exact status is asserted. */
  const rewardStatus = async (token: string, body: { userId: number; amount: number; reason: string }) =>
    (await as(token).api.POST('/api/admin/reward', { body })).response.status;

  it('when a client is revoked with the CLI, then its SYSTEM token, which just worked, gets 401 on the next request', async () => {
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const funded = await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 100);
    expect(funded.transaction.type).toBe('MINT');
    const winner = await registerUser(stack.gatewayUrl);

    const client = await createClient('tournaments');
    const token = await systemToken(client);
    const reward = (reason: string) => as(token).rewardUser({ body: { userId: winner.userId, amount: 1, reason } });
    // Twice: the second answer comes through the gateway's cached client status.
    expect(await rewardStatus(token, { userId: winner.userId, amount: 1, reason: 'prize 1' })).toBe(201);
    expect(await rewardStatus(token, { userId: winner.userId, amount: 1, reason: 'prize 2' })).toBe(201);

    const lines = await admin('revoke-client', '--id', client.clientId);
    expect(lines.join('\n')).toContain(`client ${client.clientId} (tournaments) revoked`);

    const refused = await reward('prize 3').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(CoinProblemError);
    expect(refused).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect((refused as CoinProblemError).response?.headers.get('content-type')).toContain('application/problem+json');
    // And it can get no new token.
    await expect(as().issueToken({ body: client })).rejects.toMatchObject({ status: 401 });

    // Revoking again is harmless (the way to retry a revocation whose cache update failed).
    expect((await admin('revoke-client', '--id', client.clientId)).join('\n')).toContain('already revoked');
  });

  it("when the gateway's Redis cannot be reached, then the CLI says its cache was not updated, the gateway refuses the client anyway once the user service tells it, and a second run completes it", async () => {
    const client = await createClient('flaky-redis');
    const token = await systemToken(client);
    const accepted = async () => (await rewardStatus(token, { userId: 1, amount: 1_000_000, reason: 'x' })) !== 401;
    expect(await accepted()).toBe(true); // its status is now cached in the gateway's Redis

    const redisUrl = cliEnv.REDIS_URL!;
    cliEnv.REDIS_URL = 'redis://127.0.0.1:1';
    try {
      await expect(admin('revoke-client', '--id', client.clientId)).rejects.toThrow(
        /could not be updated \(connect ECONNREFUSED.*Run the same command again/s,
      );
    } finally {
      cliEnv.REDIS_URL = redisUrl;
    }
    // Its status is still cached as active in Redis, but the gateway's held read of the revoked
    // clients is answered when the revocation commits: refused within seconds, not 30 s.
    await eventually(async () => ((await accepted()) ? undefined : true), 5_000, 'the client refused without the Redis update');

    expect((await admin('revoke-client', '--id', client.clientId)).join('\n')).toContain('already revoked');
    expect(await accepted()).toBe(false);
  });

  it('when another client is revoked, then this client is unaffected', async () => {
    const kept = await createClient('e-commerce');
    const gone = await createClient('community');
    const token = await systemToken(kept);
    await admin('revoke-client', '--id', gone.clientId);
    // 422 (REWARDS holds nothing for this amount) proves the token was accepted: not 401.
    const status = await rewardStatus(token, { userId: 1, amount: 1_000_000, reason: 'x' });
    expect(status).not.toBe(401);
    expect(status).not.toBe(403);
  });

  it('when clients are listed, then each shows id, name, grants, createdAt and revokedAt, never a secret or a hash', async () => {
    const active = await createClient('listed-active');
    const revoked = await createClient('listed-revoked');
    await admin('revoke-client', '--id', revoked.clientId);
    const output = (await admin('list-clients')).join('\n');
    expect(output).toMatch(/id\s+name\s+treasuries\s+dailyRewardCap\s+cashout\s+createdAt\s+revokedAt/);
    const rowOf = (id: string) => output.split('\n').find((line) => line.startsWith(id)) ?? '';
    expect(rowOf(active.clientId)).toMatch(
      new RegExp(`^${active.clientId}\\s+listed-active\\s+REWARDS\\s+default\\s+-\\s+\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s+-$`),
    );
    expect(rowOf(revoked.clientId)).toMatch(
      new RegExp(
        `^${revoked.clientId}\\s+listed-revoked\\s+REWARDS\\s+default\\s+-\\s+\\d{4}-\\d\\d-\\d\\dT\\S+Z\\s+\\d{4}-\\d\\d-\\d\\dT\\S+Z$`,
      ),
    );
    expect(output).not.toContain(active.clientSecret);
    expect(output).not.toMatch(/pcs_|[0-9a-f]{64}/);
  });

  it('when an unknown client id is revoked, then a clear error and exit code 1', async () => {
    await expect(admin('revoke-client', '--id', 'pc_nobody')).rejects.toThrow('no platform client pc_nobody');
    await expect(admin('revoke-client')).rejects.toThrow('--id is required');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'revoke-client', '--id', 'pc_nobody'], {
      cwd: repoRoot,
      env: { ...process.env, ...cliEnv },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no platform client pc_nobody') });
  }, 60_000);

  it("when the user service's client-status route gets a client id with a control character, then 400, not a database error", async () => {
    const base = stack.userUrl.startsWith('http') ? stack.userUrl : `http://${stack.userUrl}`;
    const status = await http(base, 'GET', '/internal/platform-clients/pc_a%00b/status', {
      headers: await internalHeaders(callerSigner(stack.env.gateway), 'user'),
    });
    expect(status.status).toBe(400);
    expect(status.body.code).toBe('VALIDATION_FAILED');
  });

  it('when the Authorization scheme is written in any case, then the token is accepted (RFC 7235)', async () => {
    const user = await registerUser(stack.gatewayUrl);
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', {
        headers: { authorization: `${scheme} ${user.accessToken}` },
      });
      expect({ scheme, status: response.status }).toEqual({ scheme, status: 200 });
    }
    const token = await systemToken(await createClient('lower-case'));
    const reward = await http(stack.gatewayUrl, 'POST', '/api/admin/reward', {
      headers: { authorization: `bearer ${token}` },
      body: { userId: user.userId, amount: 1_000_000, reason: 'x' },
    });
    expect(reward.status).not.toBe(401);
    // Still refused: no token, or another scheme.
    expect(
      (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { headers: { authorization: `Basic ${user.accessToken}` } })).status,
    ).toBe(401);
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { headers: { authorization: 'bearer' } })).status).toBe(401);
  });
});
