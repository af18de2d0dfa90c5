import type { CoinClient } from '@coin/client';
import { createPool, schemaName } from '@coin/db';
import type { TestStack } from './stack';
import { apiClient, login, registerUser } from './http';
import { enrolSecondFactor, signIn, stepUp, type TotpDevice } from '../../scripts/stack/totp';

export type PrivilegedRole = 'ADMIN' | 'SUPERADMIN' | 'DEVELOPER';

export interface Session {
  userId: number;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** An ADMIN's or SUPERADMIN's session: signed in with its enrolled second factor, whose device it keeps. */
export interface AdminSession extends Session {
  device: TotpDevice;
  recoveryCodes: string[];
}

/** Runs SQL against this stack's users schema (test set-up only: there is no API to become an admin). */
export async function withUsersDb<T>(
  stack: TestStack,
  fn: (query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>) => Promise<T>,
): Promise<T> {
  const pool = createPool({
    url: stack.databaseUrl,
    schema: schemaName(stack.prefix, 'users'),
    applicationName: 'test-harness',
    connectionsMax: 1,
  });
  try {
    return await fn((sql, params) => pool.query(sql, params as unknown[]));
  } finally {
    await pool.end();
  }
}

/**
 * A registered user with the given role, logged in again after the change so the token carries
 * the role. The role is set in the database, as an operator's CLI would (no API path exists). An
 * ADMIN or SUPERADMIN then enrols a second factor through the API, as the role requires (docs/DESIGN.md
 * "Admin sign-in: second factor and step-up"): its session is the one the enrolment answers,
 * signed in with both factors just now (so fresh for step-up operations).
 */
export async function adminSession(stack: TestStack, role: 'ADMIN' | 'SUPERADMIN'): Promise<AdminSession>;
export async function adminSession(stack: TestStack, role: PrivilegedRole): Promise<Session>;
export async function adminSession(stack: TestStack, role: PrivilegedRole): Promise<Session | AdminSession> {
  const user = await registerUser(stack.gatewayUrl, { fullName: `Test ${role}` });
  await withUsersDb(stack, (query) => query('UPDATE users SET role = $1, role_since = now() WHERE id = $2', [role, user.userId]));
  const tokens = await login(stack.gatewayUrl, user.email, user.password);
  const base = { userId: user.userId, email: user.email, password: user.password };
  if (role === 'DEVELOPER') return { ...base, ...tokens };
  const { device, session, recoveryCodes } = await enrolSecondFactor(stack.gatewayUrl, tokens.accessToken);
  return { ...base, accessToken: session.accessToken, refreshToken: session.refreshToken, device, recoveryCodes };
}

/**
 * For tests that sign one admin in or step it up many times in a row: the device's code when one
 * is ready, otherwise one of the admin's recovery codes (each used once, and taken off its list),
 * instead of waiting up to 30 s for the clock, since the server accepts a TOTP step only once and
 * the device has two steps ready (the current and the next). The server checks both kinds of
 * code in one place; the tests of the codes themselves (identity/admin-mfa) give them by hand.
 */
export function codesWithoutWaiting(admin: Pick<AdminSession, 'device'> & { recoveryCodes?: string[] }): { nextCode(): Promise<string> } {
  return {
    nextCode: async () => admin.device.codeIfReady() ?? admin.recoveryCodes?.shift() ?? (await admin.device.nextCode()),
  };
}

/** Signs an enrolled admin in again (password, then a code: codesWithoutWaiting): a fresh session. */
export async function adminSignIn(stack: TestStack, admin: AdminSession): Promise<{ accessToken: string; refreshToken: string }> {
  const { accessToken, refreshToken } = await signIn(stack.gatewayUrl, admin.email, admin.password, codesWithoutWaiting(admin));
  return { accessToken, refreshToken };
}

/** Step-up for an enrolled admin (a code: codesWithoutWaiting): an access token whose second factor is fresh. */
export async function adminStepUp(
  stack: TestStack,
  admin: Pick<AdminSession, 'accessToken' | 'device'> & { recoveryCodes?: string[] },
): Promise<string> {
  return stepUp(stack.gatewayUrl, admin.accessToken, codesWithoutWaiting(admin));
}

/** The user id a user access token names (its `sub`), read without verifying: the token is the test's own. */
function userIdOfToken(accessToken: string): number {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string };
  return Number(payload.sub);
}

/**
 * How long a co-signer's second factor is taken as fresh: half the stack's STEP_UP_MAX_AGE_S
 * (300 s by default), so a suite that runs with a short window (to test it) still approves with a
 * fresh factor however slow the machine is.
 */
function coSignerStepUpEveryMs(stack: TestStack): number {
  return (Number(stack.env.gateway.STEP_UP_MAX_AGE_S ?? 300) * 1000) / 2;
}

interface CoSigner {
  session: AdminSession;
  steppedUpAtMs: number;
}

/**
 * SUPERADMINs who approve the two-person acts a test's SUPERADMIN asks for (docs/DESIGN.md
 * "Two-person acts"), made per stack as an operator would and kept: two of them, so that each
 * approves what the other asked for too. They exist before the requests they approve, as the rule
 * requires (an approver promoted after the request is refused).
 */
const coSigners = new WeakMap<TestStack, Promise<CoSigner[]>>();

function coSignersOf(stack: TestStack): Promise<CoSigner[]> {
  let found = coSigners.get(stack);
  if (!found) {
    found = Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'SUPERADMIN')]).then((sessions) =>
      sessions.map((session) => ({ session, steppedUpAtMs: Date.now() })),
    );
    coSigners.set(stack, found);
  }
  return found;
}

/** A co-signer who is not `requesterId`, with a fresh second factor (approving is a step-up operation). */
async function coSignerFor(stack: TestStack, requesterId: number): Promise<AdminSession> {
  const signer = (await coSignersOf(stack)).find((s) => s.session.userId !== requesterId)!;
  if (Date.now() - signer.steppedUpAtMs > coSignerStepUpEveryMs(stack)) {
    signer.session.accessToken = await adminStepUp(stack, signer.session);
    signer.steppedUpAtMs = Date.now();
  }
  return signer.session;
}

/** Makes the stack's co-signers now, before requests a test makes by other means (the admin console), which they then approve. */
export async function coSignersReady(stack: TestStack): Promise<void> {
  await coSignersOf(stack);
}

/** Approves a pending grant request as a co-signer who is not the user of `requesterToken` (made by `coSignersReady` before the request). */
export async function approveAsCoSigner(stack: TestStack, requesterToken: string, requestId: string): Promise<void> {
  const approver = await coSignerFor(stack, userIdOfToken(requesterToken));
  await apiClient(stack.gatewayUrl, { accessToken: approver.accessToken }).approveGrantRequest({ path: { id: requestId } });
}

/** Approves a pending callback secret request (POST /api/admin/callback-secret-requests/{id}/approve) as a co-signer who is not the user of `requesterToken`. */
export async function approveCallbackSecretAsCoSigner(stack: TestStack, requesterToken: string, requestId: string): Promise<void> {
  const approver = await coSignerFor(stack, userIdOfToken(requesterToken));
  await apiClient(stack.gatewayUrl, { accessToken: approver.accessToken }).approveCallbackSecretRequest({ path: { id: requestId } });
}

/**
 * Runs a two-person act as production must: `ask` (with `requesterToken`, a SUPERADMIN's) answers
 * 202 with a grant request, and a co-signer approves it (POST /api/admin/grant-requests/{id}/approve).
 * The co-signers are made before the request. Returns what `ask` answered.
 */
export async function withSecondSuperadmin<T extends { grantRequest: { id: string } }>(
  stack: TestStack,
  requesterToken: string,
  ask: () => Promise<T>,
): Promise<T> {
  await coSignersReady(stack);
  const asked = await ask();
  await approveAsCoSigner(stack, requesterToken, asked.grantRequest.id);
  return asked;
}

/**
 * Creates an API key through the real API (POST /api/admin/api-keys, 202) approved by a second
 * SUPERADMIN (docs/DESIGN.md "Two-person acts"), and returns its secret. The key is issued to
 * `owner` (an ADMIN+), or to the SUPERADMIN asking for it, and works with that admin's token only
 * (docs/DESIGN.md "API keys").
 */
export async function apiKeyFor(
  stack: TestStack,
  superadminToken: string,
  scopes: Array<'mint' | 'burn' | 'refund' | 'reward'>,
  owner?: { userId: number },
): Promise<string> {
  const asked = await withSecondSuperadmin(stack, superadminToken, () =>
    apiClient(stack.gatewayUrl, { accessToken: superadminToken }).createApiKey({
      body: { name: `test key ${scopes.join('+')}`, scopes, ...(owner ? { ownerUserId: owner.userId } : {}) },
    }),
  );
  return asked.key;
}

/** The id of the pending grant request of the act `matches` names (one asked for in the console, say). */
export async function pendingGrantRequest(
  stack: TestStack,
  superadminToken: string,
  matches: (act: { type: string; name?: string; userId?: number }) => boolean,
): Promise<string> {
  const { grantRequests } = await apiClient(stack.gatewayUrl, { accessToken: superadminToken }).listGrantRequests({
    query: { status: 'PENDING' },
  });
  const found = grantRequests.find((r) => matches(r.act));
  if (!found) throw new Error(`no pending grant request matches: ${JSON.stringify(grantRequests.map((r) => r.act))}`);
  return found.id;
}

/** Runs the operator CLI (`npm run admin -- …`) against this stack's schemas and topics; returns what it printed. */
export async function runOperatorCommand(stack: TestStack, args: string[]): Promise<string> {
  const previous = { ...process.env };
  Object.assign(process.env, {
    USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL!,
    DB_SCHEMA_PREFIX: stack.prefix,
    TOPIC_PREFIX: stack.prefix,
    REDIS_URL: stack.redisUrl,
  });
  const lines: string[] = [];
  // Required here, not imported above: the operator CLI brings the user service's and the
  // gateway's modules (about 0.3 s of a jest worker's CPU per file), and most files that sign an
  // admin in never run it.
  const { runAdminCommand } = require('../../scripts/admin') as typeof import('../../scripts/admin');
  try {
    await runAdminCommand(args, (line) => lines.push(line));
  } finally {
    process.env = previous;
  }
  return lines.join('\n');
}

/** What a test's platform client is granted; by default every treasury and the ledger's default cap. */
export interface ClientGrantFlags {
  treasuries?: string[];
  dailyRewardCap?: number;
  /** The `cashout` grant: a payout provider. */
  cashout?: boolean;
}

/** A platform client created as an operator does (`admin create-client`): its id and secret. */
export async function createPlatformClientWithCli(
  stack: TestStack,
  name: string,
  grants: ClientGrantFlags = {},
): Promise<{ clientId: string; clientSecret: string }> {
  const treasuries = grants.treasuries ?? ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'];
  const printed = await runOperatorCommand(stack, [
    'create-client',
    '--name',
    name,
    ...(treasuries.length > 0 ? ['--treasuries', treasuries.join(',')] : []),
    ...(grants.dailyRewardCap !== undefined ? ['--daily-reward-cap', String(grants.dailyRewardCap)] : []),
    ...(grants.cashout ? ['--cashout'] : []),
  ]);
  const clientId = /client id:\s+(\S+)/.exec(printed)?.[1];
  const clientSecret = /client secret:\s+(\S+)/.exec(printed)?.[1];
  if (!clientId || !clientSecret) throw new Error(`unexpected create-client output: ${printed}`);
  return { clientId, clientSecret };
}

/**
 * A platform client (SYSTEM) created the way an operator does, and an access token for it from
 * POST /api/auth/token: what a shop or tournament back end holds.
 */
export async function platformClientToken(stack: TestStack, name: string, grants: ClientGrantFlags = {}): Promise<string> {
  const { clientId, clientSecret } = await createPlatformClientWithCli(stack, name, grants);
  return clientAccessToken(stack, clientId, clientSecret);
}

/**
 * The same, renamed to a fixed id first: a payout provider's id is what the stack's callback
 * secrets (CASHOUT_CALLBACK_SECRET) name, and the operator's CLI draws ids at random.
 */
export async function platformClientTokenAs(stack: TestStack, id: string, name: string, grants: ClientGrantFlags = {}): Promise<string> {
  const created = await createPlatformClientWithCli(stack, name, grants);
  await withUsersDb(stack, (query) => query('UPDATE platform_clients SET id = $2 WHERE id = $1', [created.clientId, id]));
  return clientAccessToken(stack, id, created.clientSecret);
}

async function clientAccessToken(stack: TestStack, clientId: string, clientSecret: string): Promise<string> {
  const response = await fetch(new URL('/api/auth/token', stack.gatewayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, clientSecret }),
  });
  if (response.status !== 200) throw new Error(`token request answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A second SUPERADMIN with a mint/burn/refund key per stack: the approver of four-eyes requests. */
const approvers = new WeakMap<TestStack, Promise<{ session: AdminSession; steppedUpAtMs: number; apiKey: string }>>();

/**
 * Mints into a treasury the way production must (docs/design/ledger.md "Approvals"): a MINT into a
 * treasury always waits for a second ADMIN+, so `requester` asks (202) and another SUPERADMIN
 * approves it with a mint key (201). Returns the approval's answer.
 */
export async function fundTreasury(
  stack: TestStack,
  requester: { accessToken: string; apiKey: string },
  treasury: 'COURSE_FEES' | 'SUBSCRIPTIONS' | 'REWARDS' | 'OPERATIONS',
  amount: number,
): ReturnType<CoinClient['approveRequest']> {
  // The approver is made before the request: one promoted after it decides nothing (the second person's rule).
  let approver = approvers.get(stack);
  if (!approver) {
    approver = adminSession(stack, 'SUPERADMIN').then(async (session) => ({
      session,
      steppedUpAtMs: Date.now(),
      apiKey: await apiKeyFor(stack, session.accessToken, ['mint', 'burn', 'refund']),
    }));
    approvers.set(stack, approver);
  }
  await approver;
  const asked = await apiClient(stack.gatewayUrl, requester).api.POST('/api/admin/mint', {
    body: { treasury, amount, reason: `fund ${treasury}` },
  });
  if (asked.response.status !== 202 || !asked.data || !('approval' in asked.data)) {
    throw new Error(`a treasury mint should wait for approval, got ${asked.response.status} ${JSON.stringify(asked.error ?? asked.data)}`);
  }
  const current = await approver;
  // Approving is a step-up operation: past most of the window, the approver confirms a fresh code.
  if (Date.now() - current.steppedUpAtMs > coSignerStepUpEveryMs(stack)) {
    current.session.accessToken = await adminStepUp(stack, current.session);
    current.steppedUpAtMs = Date.now();
  }
  return apiClient(stack.gatewayUrl, { accessToken: current.session.accessToken, apiKey: current.apiKey }).approveRequest({
    path: { id: asked.data.approval.id },
  });
}
