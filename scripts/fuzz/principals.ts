/**
 * The sessions the API fuzzer sends requests as: an ordinary user, an ADMIN with an API key of
 * every scope, and a SUPERADMIN (created as the operator CLI creates one; a second approves its
 * grant requests). With only a user token every admin operation stops at 403, before its body,
 * path or query is ever judged: the ids past 2^53 that reached the user service came in through
 * PATCH and DELETE /api/admin/users/{id}, which only a SUPERADMIN reaches.
 */
import { randomUUID } from 'node:crypto';
import { requestJson } from '../stack/http-json';
import { enrolSecondFactor, stepUp, type TotpDevice } from '../stack/totp';
import type { FuzzCase, FuzzContext, Operation } from './openapi-fuzz';

export interface FuzzPrincipals {
  user: { userId: number; accessToken: string };
  admin: { userId: number; token: string; apiKey: string };
  superadmin: { userId: number; email: string; password: string; accessToken: string; device: TotpDevice };
  /** A second SUPERADMIN approves a grant request the first asked for (docs/DESIGN.md "Two-person acts"). */
  approveGrant(requestId: string): Promise<void>;
}

async function expectStatus(status: number, what: string, response: { status: number; body: unknown }): Promise<void> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
}

/**
 * Creates the three sessions through the public API; `makeSuperadmin` creates a SUPERADMIN in the
 * users schema as the operator CLI does (there is no API for that, by design): the first, and a
 * second who approves what the first asks for (the ADMIN's promotion, its API key).
 */
export async function createFuzzPrincipals(
  gatewayUrl: string,
  makeSuperadmin: (email: string, password: string) => Promise<void>,
): Promise<FuzzPrincipals> {
  const tag = randomUUID().slice(0, 8);
  const password = `fuzz password ${tag}`;
  const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    requestJson(gatewayUrl, method, path, {
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      timeoutMs: 15_000,
    });
  const login = async (email: string) => {
    const response = await call('POST', '/api/auth/login', { body: { email, password } });
    await expectStatus(200, `login of ${email}`, response);
    return { userId: response.body.user.id as number, accessToken: response.body.accessToken as string };
  };
  const register = async (email: string) => {
    const response = await call('POST', '/api/auth/register', { body: { email, password, fullName: 'Fuzz' } });
    await expectStatus(202, `registration of ${email}`, response);
    // The 202 carries no tokens (it is the same for a taken address): the session comes from a login.
    return login(email);
  };

  /** Admins enrol their second factor at the first sign-in: their admin routes need it. */
  const enrolled = async (session: { userId: number; accessToken: string }) => {
    const { device, session: signedIn } = await enrolSecondFactor(gatewayUrl, session.accessToken);
    return { userId: session.userId, accessToken: signedIn.accessToken, device };
  };
  const superadminEmail = `fuzz.superadmin.${tag}@example.test`;
  await makeSuperadmin(superadminEmail, password);
  const superadmin = await enrolled(await login(superadminEmail));
  const coSignerEmail = `fuzz.cosigner.${tag}@example.test`;
  await makeSuperadmin(coSignerEmail, password);
  const coSigner = await enrolled(await login(coSignerEmail));
  const approveGrant = grantApprover(gatewayUrl, coSigner);
  // Its wallet is opened by the ledger from the user.registered event, when the ledger's
  // consumer has joined its group: seconds after a fresh start. Wait, so that the run's first
  // "a rejected request changes nothing" check does not see it land.
  await walletOpened(gatewayUrl, superadmin.accessToken);
  const user = await register(`fuzz.user.${tag}@example.test`);
  const adminEmail = `fuzz.admin.${tag}@example.test`;
  const adminUser = await register(adminEmail);
  const promotion = await call('PATCH', `/api/admin/users/${adminUser.userId}/role`, {
    token: superadmin.accessToken,
    body: { role: 'ADMIN' },
  });
  await expectStatus(202, 'promotion to ADMIN', promotion);
  await approveGrant(promotion.body.grantRequest.id as string);
  const admin = await enrolled(await login(adminEmail));
  const key = await call('POST', '/api/admin/api-keys', {
    token: superadmin.accessToken,
    // Issued to the ADMIN, whose token alone it works with.
    body: { name: `fuzz ${tag}`, scopes: ['mint', 'burn', 'refund', 'reward'], ownerUserId: admin.userId },
  });
  await expectStatus(202, 'API key request', key);
  await approveGrant(key.body.grantRequest.id as string);
  return {
    user,
    admin: { userId: admin.userId, token: admin.accessToken, apiKey: key.body.key as string },
    superadmin: { ...superadmin, email: superadminEmail, password },
    approveGrant,
  };
}

/** Waits until the SUPERADMIN's wallet is open (see the call's comment), at most 60 s. */
async function walletOpened(gatewayUrl: string, accessToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const walletStatus = async () => (await requestJson(gatewayUrl, 'GET', '/api/wallets/me', { headers, timeoutMs: 15_000 })).status;
  const deadline = Date.now() + 60_000;
  while ((await walletStatus()) !== 200) {
    if (Date.now() > deadline) throw new Error("the bootstrapped SUPERADMIN's wallet was not opened within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The co-signer's approval of a grant request, stepping up again when its last code is getting old. */
function grantApprover(gatewayUrl: string, coSigner: { accessToken: string; device: TotpDevice }): (requestId: string) => Promise<void> {
  let coSignerToken = coSigner.accessToken;
  let steppedUpAtMs = Date.now();
  return async (requestId: string) => {
    // Approving is a step-up operation: past most of its window (300 s), a fresh code first.
    if (Date.now() - steppedUpAtMs > 200_000) {
      coSignerToken = await stepUp(gatewayUrl, coSignerToken, coSigner.device);
      steppedUpAtMs = Date.now();
    }
    const approved = await requestJson(gatewayUrl, 'POST', `/api/admin/grant-requests/${requestId}/approve`, {
      headers: { authorization: `Bearer ${coSignerToken}`, 'idempotency-key': randomUUID() },
      timeoutMs: 15_000,
    });
    await expectStatus(200, 'grant approval', approved);
  };
}

/**
 * The live balance streams (operations streamMyBalance and streamUserBalance, text/event-stream)
 * never end while the token is valid: the fuzzer, which reads every answer to its end, would only
 * see its own timeout. They are covered by test/e2e/live-balance.test.ts and the gateway's
 * balance-stream component test instead.
 */
const endlessStreamPaths = new Set(['/api/wallets/me/stream', '/api/admin/users/{id}/wallet/stream']);
function isEndlessStream(operation: Operation): boolean {
  return operation.method.toUpperCase() === 'GET' && endlessStreamPaths.has(operation.path);
}

/**
 * The fuzz context for these sessions. Cases that would end the fuzzer's own sessions are not
 * sent (they would turn the rest of the run into 401s): deleting or re-roling its users, and
 * "log out everywhere" with one of its tokens.
 */
export function fuzzContextFor(gatewayUrl: string, principals: FuzzPrincipals, snapshot?: () => Promise<string>): FuzzContext {
  const own = new Set([principals.user.userId, principals.admin.userId, principals.superadmin.userId].map(String));
  const skipCase = (c: FuzzCase): boolean => {
    const target = /^\/api\/admin\/users\/([^/?]+)/.exec(c.path)?.[1];
    if ((c.method === 'DELETE' || c.method === 'PATCH') && target !== undefined && own.has(target)) return true;
    return c.operation === 'POST /api/auth/logout-all' && ['user', 'admin', 'superadmin'].includes(c.auth);
  };
  return {
    gatewayUrl,
    userToken: principals.user.accessToken,
    admin: { token: principals.admin.token, apiKey: principals.admin.apiKey },
    superadminToken: principals.superadmin.accessToken,
    skip: isEndlessStream,
    skipCase,
    ...(snapshot ? { snapshot } : {}),
  };
}
