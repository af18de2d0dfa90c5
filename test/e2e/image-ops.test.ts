import { randomUUID } from 'node:crypto';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, login, registerUser } from '../harness/http';
import { apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { rebuildDatabaseUrl } from '../harness/history';
import { dockerRun, testImage } from '../harness/image-stack';
import { enrolSecondFactor } from '../../scripts/stack/totp';

/**
 * The operator CLIs as commands of the image (`docker run <image> audit|rebuild|redrive|admin`),
 * against the containers of this file's stack. Only with COIN_TEST_IMAGE (`npm run image:test`):
 * without an image there is nothing to run.
 */
const describeWithImage = testImage() ? describe : describe.skip;

describeWithImage('the image: operator commands', () => {
  let stack: TestStack;
  /** What an operator's pod gets: the stack's prefixes, brokers and each service's own database URL. */
  let opsEnv: Record<string, string>;
  const cli = (args: string[], env: Record<string, string> = {}, input?: string) =>
    dockerRun(['--rm', ...(input !== undefined ? ['--interactive'] : [])], { ...opsEnv, ...env }, args, input);

  beforeAll(async () => {
    stack = await startTestStack();
    opsEnv = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      TOPIC_PREFIX: stack.prefix,
      DB_SCHEMA_PREFIX: stack.prefix,
      USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL!,
      LEDGER_DATABASE_URL: stack.env.ledger.LEDGER_DATABASE_URL!,
      HISTORY_DATABASE_URL: stack.env.history.HISTORY_DATABASE_URL!,
      HISTORY_REBUILD_DATABASE_URL: rebuildDatabaseUrl(stack),
      LEDGER_SERVICE_URL: stack.ledgerUrl,
      // rebuild reads the ledger's record as the history service (docs/DESIGN.md "Internal HTTP credentials").
      SERVICE_TOKEN_PRIVATE_KEY: stack.env.history.SERVICE_TOKEN_PRIVATE_KEY!,
      REDIS_URL: stack.redisUrl,
    };
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a password is piped to `admin create-superadmin --password-stdin`, then that SUPERADMIN logs in with it and mints; --password on argv is refused', async () => {
    const email = `ops.${randomUUID()}@example.com`;
    const password = `operator ${randomUUID()}`;
    const refused = await cli(['admin', 'create-superadmin', '--email', email, '--password', password]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--password is refused');

    const created = await cli(['admin', 'create-superadmin', '--email', email, '--password-stdin'], {}, `${password}\n`);
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: '' });
    expect(created.stdout).toMatch(/^superadmin created: user id \d+/);

    // A new SUPERADMIN enrols its second factor before any admin operation.
    const admin = (await enrolSecondFactor(stack.gatewayUrl, (await login(stack.gatewayUrl, email, password)).accessToken)).session
      .accessToken;
    const platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey: await apiKeyFor(stack, admin, ['mint']) });
    const [payer, payee] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    const minted = await platform.api.POST('/api/admin/mint', { body: { userId: payer.userId, amount: 40, reason: 'image ops' } });
    expect(minted.response.status).toBe(201);
    await apiClient(stack.gatewayUrl, { accessToken: payer.accessToken }).transferCoins({
      body: { toUserId: payee.userId, amount: 15, reason: 'image ops' },
    });
    await eventually(
      async () => ((await apiClient(stack.gatewayUrl, { accessToken: payee.accessToken }).getMyWallet()).balance === 15 ? true : undefined),
      10_000,
      'payee credited',
    );
  }, 120_000);

  it('when `audit` runs from the image after those transactions, then it exits 0 with a consistent ledger', async () => {
    const audit = await cli(['audit', '--wait-ms', '10000']);
    expect(audit.stdout).toContain('ledger consistent');
    expect(audit.code).toBe(0);
  }, 60_000);

  it('when `rebuild` runs from the image, then the history projection matches the ledger', async () => {
    const rebuild = await cli(['rebuild']);
    expect(rebuild.stdout).toMatch(/count check up to id \d+: ledger (\d+), projection \1 -> OK/);
    expect(rebuild.code).toBe(0);
  }, 60_000);

  it('when `redrive` runs from the image on an empty dead-letter topic, then it moves nothing and exits 0', async () => {
    const redrive = await cli(['redrive', '--topic', 'coin.transactions']);
    expect(redrive.stdout).toContain(`moved 0 message(s) from ${stack.prefix}coin.transactions.dlq`);
    expect(redrive.code).toBe(0);
  }, 60_000);

  it('when an unknown command is given, then the image answers 64 with its usage', async () => {
    const wrong = await cli(['no-such-command']);
    expect(wrong.code).toBe(64);
    expect(wrong.stderr).toContain('audit');
  }, 30_000);
});
