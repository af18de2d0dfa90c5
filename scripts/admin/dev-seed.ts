/**
 * `npm run admin -- dev-seed`: what a developer needs to call a local stack in the first five
 * minutes, made through the same paths production uses (README "A five-minute tour"):
 *
 *   - two SUPERADMINs (the operator CLI's create-superadmin: there is no API to become the first
 *     ones), since every act that creates the means to move coins needs two of them
 *     (docs/DESIGN.md "Two-person acts"), and an ADMIN (registered through the API; the SUPERADMIN
 *     asks for the promotion, 202, and the second SUPERADMIN approves it), each with a TOTP second
 *     factor enrolled through the API, as the role requires (docs/DESIGN.md "Admin sign-in: second
 *     factor and step-up");
 *   - an API key per admin with every scope (mint, burn, refund, reward), asked for by the
 *     SUPERADMIN and approved by the second;
 *   - a funded REWARDS treasury: the SUPERADMIN asks for a treasury MINT (202, four-eyes) and the
 *     ADMIN approves it with their own key (201): the real approval, not a database write;
 *   - a platform client granted REWARDS, COURSE_FEES and SUBSCRIPTIONS, whose SYSTEM token pays
 *     rewards (its own test client runs docs/guides/sandbox-economy.md's whole economy; asked for by the
 *     SUPERADMIN, approved by the second; it never pays either of them);
 *   - with `--provider`, a payout provider too (a platform client granted `cashout`) and its
 *     cash-out callback secret, each asked for by the SUPERADMIN and approved by the second
 *     (docs/CONTRACT.md "Cash-out").
 *
 * It prints `export NAME='value'` lines on stdout (so `eval "$(npm run -s admin -- dev-seed)"`
 * sets them in the shell) and what it made, in words, on stderr. Secrets are shown this once and
 * never stored by the seed; the admins' otpauth:// URIs and recovery codes only with
 * `--show-secrets`, after the rest (the second factor's secret is exported either way, and
 * `npm run -s admin -- token admin` signs in with it: scripts/admin/token.ts). Run again, it reuses what the environment names (the variables it
 * exported: passwords, second-factor secrets, keys, the client) and makes only what is missing;
 * REWARDS is topped up to the target only when below half of it. The admins' passwords are random unless
 * COIN_SUPERADMIN_PASSWORD / COIN_ADMIN_PASSWORD are set; an account that already exists is used
 * only with its password (and, once enrolled, its COIN_*_TOTP_SECRET).
 *
 * For a developer's machine only: it refuses NODE_ENV=production.
 */
import { type CoinClient, CoinProblemError, createCoinClient } from '@coin/client';
import type { Pool } from '@coin/db';
import { createSuperadmin } from '@coin/user';
import { randomBytes } from 'node:crypto';
import { enrolSecondFactor, otpauthUri, recalledStep, rememberStep, TotpDevice } from '../stack/totp';

/** The variables the seed reads back on a second run and exports, in the order it prints them. */
export const seedVariables = [
  'COIN_URL',
  'COIN_SUPERADMIN_EMAIL',
  'COIN_SUPERADMIN_PASSWORD',
  'COIN_SUPERADMIN_TOTP_SECRET',
  'COIN_SUPERADMIN_API_KEY',
  'COIN_SECOND_SUPERADMIN_EMAIL',
  'COIN_SECOND_SUPERADMIN_PASSWORD',
  'COIN_SECOND_SUPERADMIN_TOTP_SECRET',
  'COIN_ADMIN_EMAIL',
  'COIN_ADMIN_PASSWORD',
  'COIN_ADMIN_TOTP_SECRET',
  'COIN_ADMIN_API_KEY',
  'COIN_CLIENT_ID',
  'COIN_CLIENT_SECRET',
] as const;
export type SeedVariable = (typeof seedVariables)[number];

/** What `--provider` adds to the exports, after the others: the payout provider's credentials and callback secret. */
export const providerVariables = ['COIN_PROVIDER_CLIENT_ID', 'COIN_PROVIDER_CLIENT_SECRET', 'COIN_PROVIDER_CALLBACK_SECRET'] as const;
export type ProviderVariable = (typeof providerVariables)[number];

/** The seed's exports: the base set, and the provider's with `--provider`. */
export type SeedValues = Record<SeedVariable, string> & Partial<Record<ProviderVariable, string>>;

export interface DevSeedOptions {
  pool: Pool;
  topicPrefix: string;
  gatewayUrl: string;
  rewardsTarget: number;
  /** The environment the seed reads reusable values from (process.env in the CLI). */
  env: Partial<Record<SeedVariable | ProviderVariable, string | undefined>>;
  /** What the seed made, in words (stderr in the CLI). */
  note: (line: string) => void;
  /** A payout provider and its callback secret too (`--provider`). */
  provider?: boolean;
  /**
   * Lines with an admin's authenticator URI or recovery codes, kept apart from `note`: the CLI
   * prints them last, and only with `--show-secrets`.
   */
  reveal?: (line: string) => void;
}

/** A shell word that stays one word and is never expanded: single quotes, a quote written '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function newPassword(): string {
  // 144 random bits, base64url: 24 characters, within the 8-128 the API accepts.
  return randomBytes(18).toString('base64url');
}

function given(env: DevSeedOptions['env'], name: SeedVariable | ProviderVariable): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * Nothing is written before the gateway answers: the SUPERADMIN would otherwise exist without the
 * rest. A gateway that is not running refuses the connection at once; one that is running but
 * busy (its first /openapi.json is built on demand, slowly on a loaded machine) is given a minute.
 */
async function gatewayAnswers(gatewayUrl: string): Promise<void> {
  try {
    const response = await fetch(`${gatewayUrl}/openapi.json`, { signal: AbortSignal.timeout(60_000) });
    await response.body?.cancel();
    if (response.ok) return;
  } catch {
    // Said below, with what to do.
  }
  throw new Error(`the gateway at ${gatewayUrl} does not answer: start the stack first (\`npm start\`), or set GATEWAY_URL`);
}

type Who = 'SUPERADMIN' | 'SECOND_SUPERADMIN' | 'ADMIN';

/** A signed-in admin: a session whose second factor is fresh (step-up operations pass), and the factor's secret. */
interface AdminSignedIn {
  userId: number;
  role: string;
  accessToken: string;
  totpSecret: string;
}

function wrongPassword(email: string, who: Who): Error {
  return new Error(
    `${email} exists but the password is not the one given: set COIN_${who}_PASSWORD to its password (the seed printed it the first time), ` +
      'or give other addresses with COIN_SUPERADMIN_EMAIL / COIN_SECOND_SUPERADMIN_EMAIL / COIN_ADMIN_EMAIL',
  );
}

/**
 * Signs an admin in as the console does: the password, then either the second factor (the
 * secret from the environment computes the code) or, for an account without one, its enrolment
 * through the API, whose answer is a session signed in with both factors.
 */
async function signInAdmin(
  coin: CoinClient,
  gatewayUrl: string,
  who: Who,
  email: string,
  password: string,
  seed: Pick<DevSeedOptions, 'env' | 'note' | 'reveal'>,
): Promise<AdminSignedIn> {
  const { env, note, reveal } = seed;
  let first: Awaited<ReturnType<CoinClient['login']>>;
  try {
    first = await coin.login({ body: { email, password } });
  } catch (err) {
    if (err instanceof CoinProblemError && err.status === 401) throw wrongPassword(email, who);
    throw err;
  }
  if ('mfaRequired' in first) {
    const secret = given(env, `COIN_${who}_TOTP_SECRET`);
    if (!secret) {
      throw new Error(
        `${email} has a second factor: set COIN_${who}_TOTP_SECRET to the secret the seed printed the first time ` +
          `(or reset it with \`npm run admin -- reset-mfa --user-id ID\`)`,
      );
    }
    const device = new TotpDevice(secret, recalledStep(secret));
    // A run a moment ago may have used this time step; the server accepts the next one too.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const code = await device.nextCode();
        rememberStep(device);
        const session = await coin.verifySecondFactor({ body: { challenge: first.challenge, code } });
        return { userId: session.user.id, role: session.user.role, accessToken: session.accessToken, totpSecret: secret };
      } catch (err) {
        if (attempt >= 2 || !(err instanceof CoinProblemError && err.status === 401)) throw err;
      }
    }
  }
  if (first.user.role !== 'ADMIN' && first.user.role !== 'SUPERADMIN') {
    return { userId: first.user.id, role: first.user.role, accessToken: first.accessToken, totpSecret: '' };
  }
  const enrolled = await enrolSecondFactor(gatewayUrl, first.accessToken);
  rememberStep(enrolled.device);
  note(`${who} ${email}: second factor enrolled (its secret: COIN_${who}_TOTP_SECRET)`);
  reveal?.(`${who} ${email}: recovery codes (each works once): ${enrolled.recoveryCodes.join(' ')}`);
  return {
    userId: enrolled.session.user.id,
    role: enrolled.session.user.role,
    accessToken: enrolled.session.accessToken,
    totpSecret: enrolled.device.secret,
  };
}

/** Creates everything that is missing and returns the values to export. */
export async function devSeed(options: DevSeedOptions): Promise<SeedValues> {
  const { env, note, gatewayUrl } = options;
  const anonymous = createCoinClient({ baseUrl: gatewayUrl });
  await gatewayAnswers(gatewayUrl);
  const supers = await seedSuperadmins(options, anonymous);
  const { superEmail, superPassword, created, superSession, superadmin, secondEmail, secondPassword } = supers;

  // Signed in only when something needs it (each sign-in counts against the login limit: 10 a
  // minute per address with npm start's settings, which a tour pasted twice in a minute would reach).
  let secondSignedIn: AdminSignedIn | undefined;
  const secondSession = async () => {
    secondSignedIn ??= await signInAdmin(anonymous, gatewayUrl, 'SECOND_SUPERADMIN', secondEmail, secondPassword, options);
    return secondSignedIn;
  };
  const reusedSecondSecret = given(env, 'COIN_SECOND_SUPERADMIN_TOTP_SECRET');
  if (!reusedSecondSecret) await secondSession();
  /**
   * The second SUPERADMIN approves what the first asked for (POST /api/admin/grant-requests/{id}/approve,
   * or a callback secret's /api/admin/callback-secret-requests/{id}/approve).
   */
  const approveAsSecond = async (requestId: string, kind?: 'callback secret') => {
    const second = createCoinClient({ baseUrl: gatewayUrl, accessToken: (await secondSession()).accessToken });
    if (kind === 'callback secret') await second.approveCallbackSecretRequest({ path: { id: requestId } });
    else await second.approveGrantRequest({ path: { id: requestId } });
  };

  const admin = await seedAdmin(options, anonymous, superadmin, supers.tag, approveAsSecond);
  const { adminEmail, adminPassword, found, adminSession, reusedAdminSecret } = admin;

  // ---- API keys: one per admin, every scope, issued to that admin (it works with their token only);
  // asked for by the SUPERADMIN (POST /api/admin/api-keys), approved by the second ----
  const keyFor = (variable: SeedVariable, who: string, ownerUserId: number) =>
    apiKeyFor({ env, note, superadmin, approveAsSecond }, variable, who, ownerUserId);
  const superKey = await keyFor('COIN_SUPERADMIN_API_KEY', 'SUPERADMIN', created.userId);
  const adminKey = await keyFor('COIN_ADMIN_API_KEY', 'ADMIN', found.id);

  await fundRewards(options, superadmin, { accessToken: superSession.accessToken, apiKey: superKey }, async () => ({
    accessToken: (await adminSession()).accessToken,
    apiKey: adminKey,
  }));
  const { clientId, clientSecret } = await seedPlatformClient(options, anonymous, superadmin, approveAsSecond);
  const provider = options.provider ? await seedProvider(options, anonymous, superadmin, approveAsSecond) : {};

  const values: SeedValues = {
    COIN_URL: gatewayUrl,
    COIN_SUPERADMIN_EMAIL: superEmail,
    COIN_SUPERADMIN_PASSWORD: superPassword,
    COIN_SUPERADMIN_TOTP_SECRET: superSession.totpSecret,
    COIN_SUPERADMIN_API_KEY: superKey,
    COIN_SECOND_SUPERADMIN_EMAIL: secondEmail,
    COIN_SECOND_SUPERADMIN_PASSWORD: secondPassword,
    COIN_SECOND_SUPERADMIN_TOTP_SECRET: secondSignedIn?.totpSecret ?? reusedSecondSecret ?? '',
    COIN_ADMIN_EMAIL: adminEmail,
    COIN_ADMIN_PASSWORD: adminPassword,
    COIN_ADMIN_TOTP_SECRET: admin.signedIn()?.totpSecret ?? reusedAdminSecret ?? '',
    COIN_ADMIN_API_KEY: adminKey,
    COIN_CLIENT_ID: clientId,
    COIN_CLIENT_SECRET: clientSecret,
    ...provider,
  };
  revealAuthenticators(values, options.reveal);
  await operatorRecordsPublished(options.pool, note);
  return values;
}

/**
 * Returns once the outbox rows written so far have left the user service's outbox, up to 10 s:
 * the audit records of the acts the seed did as the operator (createSuperadmin, in this process)
 * have no writer to publish them, and the user service's relay sweeps them about two seconds after
 * their commit (OutboxRelay in libs/db), so a step pasted right after the seed (a guide's first
 * mint and its approval) reached the audit log before them on a quick machine, and the log no
 * longer listed the acts in the order they were done (docs/guides/operator-day.md shows it).
 */
async function operatorRecordsPublished(pool: Pool, note: (line: string) => void): Promise<void> {
  const written = (await pool.query<{ last: string | null }>('SELECT max(id) AS last FROM outbox')).rows[0]?.last;
  if (!written) return;
  const deadline = Date.now() + 10_000;
  while ((await pool.query('SELECT 1 FROM outbox WHERE published_at IS NULL AND id <= $1 LIMIT 1', [written])).rowCount) {
    if (Date.now() > deadline) {
      note("the user service has not published the seed's audit records yet (is it running?): the audit log lists them when it does");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each admin's otpauth:// URI, from the secret it exports: what an authenticator app (or the console's sign-in) needs. */
function revealAuthenticators(values: SeedValues, reveal: DevSeedOptions['reveal']): void {
  if (!reveal) return;
  for (const who of ['SUPERADMIN', 'SECOND_SUPERADMIN', 'ADMIN'] as const) {
    const secret = values[`COIN_${who}_TOTP_SECRET`];
    if (secret)
      reveal(`${who} ${values[`COIN_${who}_EMAIL`]}: add to an authenticator app: ${otpauthUri(secret, values[`COIN_${who}_EMAIL`])}`);
  }
}

/**
 * Two SUPERADMINs: the operator CLI's path (the database), as create-superadmin does; the first
 * signed in. A shell that names nothing (a second terminal) while another shell seeded the default
 * addresses gets a set of its own, tagged.
 */
async function seedSuperadmins(options: DevSeedOptions, anonymous: CoinClient) {
  const { env, note, gatewayUrl } = options;
  const operatorMade = async (email: string, password: string, fullName: string, variable: string) =>
    createSuperadmin(options.pool, { email, password, fullName, topicPrefix: options.topicPrefix, now: new Date() }).catch((err: Error) => {
      throw new Error(`${email} has an account that is not a SUPERADMIN (${err.message}): give another address with ${variable}`);
    });
  const superPassword = given(env, 'COIN_SUPERADMIN_PASSWORD') ?? newPassword();
  let superEmail = given(env, 'COIN_SUPERADMIN_EMAIL') ?? defaultAddresses.superadmin;
  let created = await operatorMade(superEmail, superPassword, 'Dev Superadmin', 'COIN_SUPERADMIN_EMAIL');
  // A shell that names nothing (a second terminal) while another shell seeded the default
  // addresses: their passwords were shown there once, so this shell gets a set of its own.
  let tag: string | undefined;
  if (created.outcome !== 'created' && !given(env, 'COIN_SUPERADMIN_EMAIL') && !given(env, 'COIN_SUPERADMIN_PASSWORD')) {
    tag = randomBytes(3).toString('hex');
    superEmail = taggedAddress(defaultAddresses.superadmin, tag);
    note(
      `${defaultAddresses.superadmin} was seeded from another shell (its password was shown there): this shell gets its own admins, tagged +${tag}`,
    );
    created = await operatorMade(superEmail, superPassword, 'Dev Superadmin', 'COIN_SUPERADMIN_EMAIL');
  }
  // The second one exists before anything is asked for: an approver must have been a SUPERADMIN before the request.
  const secondEmail = given(env, 'COIN_SECOND_SUPERADMIN_EMAIL') ?? secondAddressOf(superEmail);
  const secondPassword = given(env, 'COIN_SECOND_SUPERADMIN_PASSWORD') ?? newPassword();
  const secondCreated = await operatorMade(secondEmail, secondPassword, 'Dev Second Superadmin', 'COIN_SECOND_SUPERADMIN_EMAIL');
  const superSession = await signInAdmin(anonymous, gatewayUrl, 'SUPERADMIN', superEmail, superPassword, options);
  note(`SUPERADMIN ${superEmail} (user ${created.userId}): ${created.outcome === 'created' ? 'created' : 'already there, reused'}`);
  note(
    `second SUPERADMIN ${secondEmail} (user ${secondCreated.userId}): ${secondCreated.outcome === 'created' ? 'created' : 'already there, reused'}`,
  );
  const superadmin = createCoinClient({ baseUrl: gatewayUrl, accessToken: superSession.accessToken });
  return { superEmail, superPassword, created, tag, secondEmail, secondPassword, superSession, superadmin };
}

/** The ADMIN: registered through the API; the SUPERADMIN asks for the promotion, the second approves it. Signed in when needed. */
async function seedAdmin(
  options: DevSeedOptions,
  anonymous: CoinClient,
  superadmin: CoinClient,
  tag: string | undefined,
  approveAsSecond: (requestId: string) => Promise<void>,
) {
  const { env, note, gatewayUrl } = options;
  const adminEmail = given(env, 'COIN_ADMIN_EMAIL') ?? (tag ? taggedAddress(defaultAddresses.admin, tag) : defaultAddresses.admin);
  const adminPassword = given(env, 'COIN_ADMIN_PASSWORD') ?? newPassword();
  await anonymous.registerUser({ body: { email: adminEmail, password: adminPassword, fullName: 'Dev Admin' } });
  const found = (await superadmin.listUsers({ query: { q: adminEmail, pageSize: 100 } })).users.find(
    (u) => u.email.toLowerCase() === adminEmail.toLowerCase(),
  );
  if (!found) throw new Error(`${adminEmail} was registered but the user list does not show it; run the seed again`);
  if (found.role !== 'ADMIN') {
    const asked = await superadmin.changeUserRole({ path: { id: found.id }, body: { role: 'ADMIN' } });
    if ('grantRequest' in asked) await approveAsSecond(asked.grantRequest.id);
    note(`ADMIN ${adminEmail} (user ${found.id}): registered and made ADMIN (asked by the SUPERADMIN, approved by the second)`);
  } else {
    note(`ADMIN ${adminEmail} (user ${found.id}): already there, reused`);
  }
  let adminSignedIn: AdminSignedIn | undefined;
  const adminSession = async () => {
    adminSignedIn ??= await signInAdmin(anonymous, gatewayUrl, 'ADMIN', adminEmail, adminPassword, options);
    return adminSignedIn;
  };
  const reusedAdminSecret = given(env, 'COIN_ADMIN_TOTP_SECRET');
  if (!reusedAdminSecret) await adminSession();
  return { adminEmail, adminPassword, found, adminSession, reusedAdminSecret, signedIn: () => adminSignedIn };
}

/** The API key of `who` from `variable`, or asked for by the SUPERADMIN, issued to `ownerUserId`, approved by the second. */
async function apiKeyFor(
  seed: Pick<DevSeedOptions, 'env' | 'note'> & { superadmin: CoinClient; approveAsSecond: (requestId: string) => Promise<void> },
  variable: SeedVariable,
  who: string,
  ownerUserId: number,
): Promise<string> {
  const { env, note, superadmin, approveAsSecond } = seed;
  const reused = given(env, variable);
  if (reused) {
    note(`API key of the ${who}: reused from ${variable}`);
    return reused;
  }
  const asked = await superadmin.createApiKey({
    body: { name: `dev-seed ${who}`, scopes: ['mint', 'burn', 'refund', 'reward'], ownerUserId },
  });
  await approveAsSecond(asked.grantRequest.id);
  const act = asked.grantRequest.act;
  note(
    `API key of the ${who}: created (id ${act.type === 'user.api-key.create' ? act.apiKeyId : '?'}, scopes mint, burn, refund, reward, issued to user ${ownerUserId}; approved by the second SUPERADMIN)`,
  );
  return asked.key;
}

/**
 * REWARDS: a treasury MINT always waits for a second ADMIN+ (four-eyes); the ADMIN approves it.
 * Only below half the target, so that what a tour pays out does not mean a new approval every run.
 */
async function fundRewards(
  options: DevSeedOptions,
  superadmin: CoinClient,
  asker: { accessToken: string; apiKey: string },
  approver: () => Promise<{ accessToken: string; apiKey: string }>,
): Promise<void> {
  const { note, gatewayUrl } = options;
  const rewards = (await superadmin.listTreasuries()).treasuries.find((t) => t.code === 'REWARDS');
  const balance = rewards?.balance ?? 0;
  if (balance < options.rewardsTarget / 2) {
    const amount = Math.round((options.rewardsTarget - balance) * 100) / 100;
    const asked = await createCoinClient({ baseUrl: gatewayUrl, ...asker }).mintCoins({
      body: { treasury: 'REWARDS', amount, reason: 'dev-seed: fund REWARDS' },
    });
    if (!('approval' in asked)) throw new Error(`a treasury MINT should wait for approval (202), got ${JSON.stringify(asked)}`);
    const approved = await createCoinClient({ baseUrl: gatewayUrl, ...(await approver()) }).approveRequest({
      path: { id: asked.approval.id },
    });
    note(
      `REWARDS: ${amount} coins minted (approval ${asked.approval.id} asked by the SUPERADMIN, approved by the ADMIN; ` +
        `transaction ${approved.transaction.id}); balance now ${approved.wallet?.balance ?? options.rewardsTarget}`,
    );
  } else {
    note(`REWARDS: ${balance} coins already (topped up to ${options.rewardsTarget} below half of it), nothing minted`);
  }
}

/** A platform client granted REWARDS (POST /api/admin/platform-clients), approved by the second SUPERADMIN; reused when its credentials still work. */
async function seedPlatformClient(
  options: DevSeedOptions,
  anonymous: CoinClient,
  superadmin: CoinClient,
  approveAsSecond: (requestId: string) => Promise<void>,
): Promise<{ clientId: string; clientSecret: string }> {
  const { env, note } = options;
  let clientId = given(env, 'COIN_CLIENT_ID');
  let clientSecret = given(env, 'COIN_CLIENT_SECRET');
  if (clientId && clientSecret && (await tokenWorks(anonymous, clientId, clientSecret))) {
    note(`platform client ${clientId}: reused from COIN_CLIENT_ID`);
  } else {
    // A fresh Idempotency-Key per call (the client's default): the answer is the first, with the secret.
    const asked = await superadmin.createPlatformClient({
      body: { name: 'dev-seed platform', treasuries: ['REWARDS', 'COURSE_FEES', 'SUBSCRIPTIONS'] },
    });
    const act = asked.grantRequest.act;
    if (!asked.clientSecret || act.type !== 'user.platform-client.create') {
      throw new Error('the platform client was asked for without its secret in the answer');
    }
    await approveAsSecond(asked.grantRequest.id);
    clientId = act.clientId;
    clientSecret = asked.clientSecret;
    note(
      `platform client ${clientId}: created, granted REWARDS (its SYSTEM token pays rewards from it), COURSE_FEES and SUBSCRIPTIONS; approved by the second SUPERADMIN`,
    );
  }

  return { clientId, clientSecret };
}

/**
 * A payout provider (a platform client granted `cashout` and no treasury) and its callback secret,
 * each asked for by the SUPERADMIN and approved by the second, as production must; reused when
 * the environment names all three and the client's credentials still work.
 */
async function seedProvider(
  options: DevSeedOptions,
  anonymous: CoinClient,
  superadmin: CoinClient,
  approveAsSecond: (requestId: string, kind?: 'callback secret') => Promise<void>,
): Promise<Record<ProviderVariable, string>> {
  const { env, note } = options;
  const id = given(env, 'COIN_PROVIDER_CLIENT_ID');
  const secret = given(env, 'COIN_PROVIDER_CLIENT_SECRET');
  const callbackSecret = given(env, 'COIN_PROVIDER_CALLBACK_SECRET');
  if (id && secret && callbackSecret && (await tokenWorks(anonymous, id, secret))) {
    note(`payout provider ${id}: reused from COIN_PROVIDER_CLIENT_ID`);
    return { COIN_PROVIDER_CLIENT_ID: id, COIN_PROVIDER_CLIENT_SECRET: secret, COIN_PROVIDER_CALLBACK_SECRET: callbackSecret };
  }
  const asked = await superadmin.createPlatformClient({ body: { name: 'dev-seed payout provider', treasuries: [], cashout: true } });
  const act = asked.grantRequest.act;
  if (!asked.clientSecret || act.type !== 'user.platform-client.create') {
    throw new Error('the payout provider was asked for without its secret in the answer');
  }
  await approveAsSecond(asked.grantRequest.id);
  const callback = await superadmin.requestCallbackSecret({ path: { id: act.clientId } });
  if (!callback.callbackSecret) throw new Error('the callback secret was asked for without the secret in the answer');
  await approveAsSecond(callback.callbackSecretRequest.id, 'callback secret');
  note(`payout provider ${act.clientId}: created, granted cashout, with its callback secret (each approved by the second SUPERADMIN)`);
  return {
    COIN_PROVIDER_CLIENT_ID: act.clientId,
    COIN_PROVIDER_CLIENT_SECRET: asked.clientSecret,
    COIN_PROVIDER_CALLBACK_SECRET: callback.callbackSecret,
  };
}

/** The admins' addresses when the environment names none. */
export const defaultAddresses = { superadmin: 'superadmin@example.com', admin: 'admin@example.com' } as const;

/** `superadmin@example.com` tagged `ab12cd`: `superadmin+ab12cd@example.com`. */
export function taggedAddress(email: string, tag: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+${tag}${email.slice(at)}`;
}

/** The second SUPERADMIN's default address, from the first's: `superadmin+second@example.com`. */
export function secondAddressOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.slice(0, at)}+second${email.slice(at)}` : `second.${email}`;
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

/** The values as shell lines for `eval`: the base set, then the provider's when it was made. */
export function exportLines(values: SeedValues): string[] {
  return [...seedVariables, ...providerVariables]
    .filter((name) => values[name] !== undefined)
    .map((name) => `export ${name}=${shellQuote(values[name]!)}`);
}
