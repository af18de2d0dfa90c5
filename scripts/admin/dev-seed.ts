/**
 * `npm run admin -- dev-seed`: what a developer needs to call a local stack in the first five
 * minutes, made through the same paths production uses (README "A five-minute tour"):
 *
 *   - a SUPERADMIN (the operator CLI's create-superadmin: there is no API to become the first one)
 *     and an ADMIN (registered through the API, promoted by the SUPERADMIN through the API);
 *   - an API key per admin with every scope (mint, burn, refund, reward);
 *   - a funded REWARDS treasury: the SUPERADMIN asks for a treasury MINT (202, four-eyes) and the
 *     ADMIN approves it with their own key (201): the real approval, not a database write;
 *   - a platform client granted REWARDS, whose SYSTEM token pays rewards.
 *
 * It prints `export NAME='value'` lines on stdout (so `eval "$(npm run -s admin -- dev-seed)"`
 * sets them in the shell) and what it made, in words, on stderr. Secrets are shown this once and
 * never stored by the seed. Run again, it reuses what the environment names (the variables it
 * exported: passwords, keys, the client) and makes only what is missing; REWARDS is topped up only
 * below the target. The admins' passwords are random unless COIN_SUPERADMIN_PASSWORD /
 * COIN_ADMIN_PASSWORD are set; an account that already exists is used only with its password.
 *
 * For a developer's machine only: it refuses NODE_ENV=production.
 */
import { type CoinClient, CoinProblemError, createCoinClient, isProblem } from '@coin/client';
import type { Pool } from '@coin/db';
import { createSuperadmin } from '@coin/user';
import { randomBytes } from 'node:crypto';

export const defaultGatewayUrl = 'http://127.0.0.1:8080';
/** REWARDS is topped up to this many coins when below it (`--rewards COINS`). */
export const defaultRewardsTarget = 100_000;

/** The variables the seed reads back on a second run and exports, in the order it prints them. */
export const seedVariables = [
  'COIN_URL',
  'COIN_SUPERADMIN_EMAIL',
  'COIN_SUPERADMIN_PASSWORD',
  'COIN_SUPERADMIN_API_KEY',
  'COIN_ADMIN_EMAIL',
  'COIN_ADMIN_PASSWORD',
  'COIN_ADMIN_API_KEY',
  'COIN_CLIENT_ID',
  'COIN_CLIENT_SECRET',
] as const;
export type SeedVariable = (typeof seedVariables)[number];

export interface DevSeedOptions {
  pool: Pool;
  topicPrefix: string;
  gatewayUrl: string;
  rewardsTarget: number;
  /** The environment the seed reads reusable values from (process.env in the CLI). */
  env: Partial<Record<SeedVariable, string | undefined>>;
  /** What the seed made, in words (stderr in the CLI). */
  note: (line: string) => void;
}

/** A shell word that stays one word and is never expanded: single quotes, a quote written '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function newPassword(): string {
  // 144 random bits, base64url: 24 characters, within the 8-128 the API accepts.
  return randomBytes(18).toString('base64url');
}

function given(env: DevSeedOptions['env'], name: SeedVariable): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Nothing is written before the gateway answers: the SUPERADMIN would otherwise exist without the rest. */
async function gatewayAnswers(gatewayUrl: string): Promise<void> {
  try {
    const response = await fetch(`${gatewayUrl}/openapi.json`, { signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    if (response.ok) return;
  } catch {
    // Said below, with what to do.
  }
  throw new Error(`the gateway at ${gatewayUrl} does not answer: start the stack first (\`npm start\`), or set GATEWAY_URL`);
}

/** Logs in, saying which account and what to set when the password is not the account's. */
async function loginAs(coin: CoinClient, email: string, password: string, variable: SeedVariable) {
  try {
    return await coin.login({ body: { email, password } });
  } catch (err) {
    if (isProblem(err, 'INVALID_CREDENTIALS') || (err instanceof CoinProblemError && err.status === 401)) {
      throw new Error(
        `${email} exists but the password is not the one given: set ${variable} to its password (the seed printed it the first time), ` +
          'or give other addresses with COIN_SUPERADMIN_EMAIL / COIN_ADMIN_EMAIL',
      );
    }
    throw err;
  }
}

/** Creates everything that is missing and returns the values to export. */
export async function devSeed(options: DevSeedOptions): Promise<Record<SeedVariable, string>> {
  const { env, note, gatewayUrl } = options;
  const anonymous = createCoinClient({ baseUrl: gatewayUrl });
  await gatewayAnswers(gatewayUrl);

  // ---- The SUPERADMIN: the operator CLI's path (the database), as create-superadmin does ----
  const superEmail = given(env, 'COIN_SUPERADMIN_EMAIL') ?? 'superadmin@example.com';
  const superPassword = given(env, 'COIN_SUPERADMIN_PASSWORD') ?? newPassword();
  const created = await createSuperadmin(options.pool, {
    email: superEmail,
    password: superPassword,
    fullName: 'Dev Superadmin',
    topicPrefix: options.topicPrefix,
    now: new Date(),
  });
  const superSession = await loginAs(anonymous, superEmail, superPassword, 'COIN_SUPERADMIN_PASSWORD');
  note(`SUPERADMIN ${superEmail} (user ${created.userId}): ${created.outcome === 'created' ? 'created' : 'already there, reused'}`);
  const superadmin = createCoinClient({ baseUrl: gatewayUrl, accessToken: superSession.accessToken });

  // ---- The ADMIN: registered and promoted through the API, as a SUPERADMIN does in the console ----
  const adminEmail = given(env, 'COIN_ADMIN_EMAIL') ?? 'admin@example.com';
  const adminPassword = given(env, 'COIN_ADMIN_PASSWORD') ?? newPassword();
  await anonymous.registerUser({ body: { email: adminEmail, password: adminPassword, fullName: 'Dev Admin' } });
  let adminSession = await loginAs(anonymous, adminEmail, adminPassword, 'COIN_ADMIN_PASSWORD');
  if (adminSession.user.role !== 'ADMIN') {
    await superadmin.changeUserRole({ path: { id: adminSession.user.id }, body: { role: 'ADMIN' } });
    // The role is in the token: a new login carries it.
    adminSession = await loginAs(anonymous, adminEmail, adminPassword, 'COIN_ADMIN_PASSWORD');
    note(`ADMIN ${adminEmail} (user ${adminSession.user.id}): registered and made ADMIN by the SUPERADMIN`);
  } else {
    note(`ADMIN ${adminEmail} (user ${adminSession.user.id}): already there, reused`);
  }

  // ---- API keys: one per admin, every scope; created by the SUPERADMIN (POST /api/admin/api-keys) ----
  const keyFor = async (variable: SeedVariable, who: string) => {
    const reused = given(env, variable);
    if (reused) {
      note(`API key of the ${who}: reused from ${variable}`);
      return reused;
    }
    const made = await superadmin.createApiKey({ body: { name: `dev-seed ${who}`, scopes: ['mint', 'burn', 'refund', 'reward'] } });
    note(`API key of the ${who}: created (id ${made.id}, scopes mint, burn, refund, reward)`);
    return made.key;
  };
  const superKey = await keyFor('COIN_SUPERADMIN_API_KEY', 'SUPERADMIN');
  const adminKey = await keyFor('COIN_ADMIN_API_KEY', 'ADMIN');

  // ---- REWARDS: a treasury MINT always waits for a second ADMIN+ (four-eyes); the ADMIN approves it ----
  const rewards = (await superadmin.listTreasuries()).treasuries.find((t) => t.code === 'REWARDS');
  const balance = rewards?.balance ?? 0;
  if (balance < options.rewardsTarget) {
    const amount = Math.round((options.rewardsTarget - balance) * 100) / 100;
    const asked = await createCoinClient({ baseUrl: gatewayUrl, accessToken: superSession.accessToken, apiKey: superKey }).mintCoins({
      body: { treasury: 'REWARDS', amount, reason: 'dev-seed: fund REWARDS' },
    });
    if (!('approval' in asked)) throw new Error(`a treasury MINT should wait for approval (202), got ${JSON.stringify(asked)}`);
    const approved = await createCoinClient({
      baseUrl: gatewayUrl,
      accessToken: adminSession.accessToken,
      apiKey: adminKey,
    }).approveRequest({
      path: { id: asked.approval.id },
    });
    note(
      `REWARDS: ${amount} coins minted (approval ${asked.approval.id} asked by the SUPERADMIN, approved by the ADMIN; ` +
        `transaction ${approved.transaction.id}); balance now ${approved.wallet?.balance ?? options.rewardsTarget}`,
    );
  } else {
    note(`REWARDS: ${balance} coins already (target ${options.rewardsTarget}), nothing minted`);
  }

  // ---- A platform client granted REWARDS (POST /api/admin/platform-clients) ----
  let clientId = given(env, 'COIN_CLIENT_ID');
  let clientSecret = given(env, 'COIN_CLIENT_SECRET');
  if (clientId && clientSecret && (await tokenWorks(anonymous, clientId, clientSecret))) {
    note(`platform client ${clientId}: reused from COIN_CLIENT_ID`);
  } else {
    // A fresh Idempotency-Key per call (the client's default): the answer is the 201 with the secret.
    const client = await superadmin.createPlatformClient({ body: { name: 'dev-seed platform', treasuries: ['REWARDS'] } });
    if (!('clientSecret' in client)) throw new Error('the platform client was created without its secret in the answer');
    clientId = client.id;
    clientSecret = client.clientSecret;
    note(`platform client ${clientId}: created, granted REWARDS (its SYSTEM token pays rewards from it)`);
  }

  return {
    COIN_URL: gatewayUrl,
    COIN_SUPERADMIN_EMAIL: superEmail,
    COIN_SUPERADMIN_PASSWORD: superPassword,
    COIN_SUPERADMIN_API_KEY: superKey,
    COIN_ADMIN_EMAIL: adminEmail,
    COIN_ADMIN_PASSWORD: adminPassword,
    COIN_ADMIN_API_KEY: adminKey,
    COIN_CLIENT_ID: clientId,
    COIN_CLIENT_SECRET: clientSecret,
  };
}

async function tokenWorks(coin: CoinClient, clientId: string, clientSecret: string): Promise<boolean> {
  try {
    await coin.issueToken({ body: { clientId, clientSecret } });
    return true;
  } catch (err) {
    if (err instanceof CoinProblemError && (err.status === 400 || err.status === 401)) return false;
    throw err;
  }
}

/** The values as shell lines for `eval`. */
export function exportLines(values: Record<SeedVariable, string>): string[] {
  return seedVariables.map((name) => `export ${name}=${shellQuote(values[name])}`);
}
