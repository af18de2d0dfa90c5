import {
  apiKeyGrant,
  apiKeyList,
  apiKeyLookup,
  clientCredentialsBody,
  logoutBody,
  platformClientIdText,
  callbackSecretList,
  internalReferralBody,
  internalPlatformLinkBody,
  linkedUsers,
  linkedUsersQuery,
  internalTestUsersQuery,
  sandboxTestUserPage,
  platformLink,
  referralIssued,
  unlinkedUserOf,
  platformClientList,
  refreshBody,
  revocationList,
  revocationsQuery,
  revokedIdsMax,
  systemToken,
  tokenPair,
  userIdParam,
  userList,
  userListQuery,
  userSessionList,
  userSessionListMax,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import { inTransaction } from '@coin/db';
import { registerRoutes, routeOf, type App, type InternalRoute } from '@coin/http';
import { z } from 'zod';
import {
  constantTimeEqual,
  referralProofTtlSeconds,
  sha256Hex,
  signKeyProof,
  signReferralProof,
  signTestUsersProof,
  testUsersProofTtlSeconds,
} from '@coin/security';
import { findActiveApiKeyByHash, listApiKeys } from '../db/api-keys-repo';
import {
  findActivePlatformClient,
  isLinkablePlatformClient,
  listCallbackSecrets,
  listPlatformClients,
  platformClientOf,
} from '../db/clients-repo';
import { revokedCredentials } from '../db/revoked-credentials-repo';
import { createRefreshToken, listSessionsOfUser, lockRefreshToken, markUsed, revokeFamily, type SessionRow } from '../db/sessions-repo';
import { findUserById, listUsers } from '../db/users-repo';
import { linkedUsersOf, linkPlatformClient } from '../db/platform-links-repo';
import { listTestUsers } from '../db/test-users-repo';
import { signAccessToken } from '../domain/tokens';
import { toUser, type UserRow } from '../domain/users';
import { sessionMaxAgeSeconds, signSessionToken, type InternalRouteDeps } from './internal-routes';
import { heldRead } from './revocation-wait';

type RefreshOutcome =
  | { kind: 'rotated'; user: UserRow; refreshToken: string; mfaAt: Date | null }
  | { kind: 'invalid' }
  | { kind: 'reused' }
  | { kind: 'too-old' };

/** A hash no client secret has: unknown client ids cost the same comparison as known ones. */
const absentSecretHash = sha256Hex('no client has this secret');

/** Where commits are not heard (the TableWatch reconnecting), a held read answers within this: the old poll's second. */
const unheardRevocationWaitMs = 1000;

/**
 * Sessions (refresh, logout), client credentials, and the reads the gateway needs for user
 * administration and API-key checks. Credential-bearing calls stay off Kafka (docs/DESIGN.md).
 */
export function registerIdentityRoutes(app: App, deps: InternalRouteDeps): void {
  registerRoutes(app, sessionRoutes, deps);
  registerRoutes(app, administrationRoutes, deps);
  registerRevocationsRoute(app, deps);
}

const route = routeOf<InternalRouteDeps>();

/** Sessions and client credentials: what signs a caller in, keeps it signed in and signs it out. */
const sessionRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/internal/auth/refresh',
    schema: { body: refreshBody, response: { 200: tokenPair } },
    handler: async (request, _reply, deps) => {
      const outcome = await rotateRefreshToken(deps, request.body.refreshToken);
      if (outcome.kind === 'reused') {
        request.log.warn({ event: 'refresh-token-reuse' }, 'a rotated refresh token was presented again; its family is revoked');
      }
      if (outcome.kind === 'too-old') throw new AppError('UNAUTHENTICATED', 'The session has reached its maximum age; sign in again');
      if (outcome.kind !== 'rotated') throw new AppError('UNAUTHENTICATED', 'The refresh token is invalid, expired or revoked');
      // The session's second factor travels with it: a refreshed admin token keeps its `mfa_at`
      // (so it still reaches admin routes) but never a fresher one (step-up asks for a new code).
      const accessToken = await signSessionToken(deps, outcome.user, outcome.mfaAt);
      return { user: toUser(outcome.user), accessToken, refreshToken: outcome.refreshToken, expiresIn: deps.tokens.ttlSeconds };
    },
  }),
  route({
    method: 'POST',
    url: '/internal/auth/logout',
    schema: { body: logoutBody },
    handler: async (request, reply, deps) => {
      // The same answer whether the token exists or not: logout reveals nothing.
      await inTransaction(deps.pool, async (client) => {
        const token = await lockRefreshToken(client, request.body.refreshToken);
        if (token) await revokeFamily(client, token.family_id);
      });
      return reply.status(204).send();
    },
  }),
  route({
    method: 'POST',
    url: '/internal/auth/token',
    schema: { body: clientCredentialsBody, response: { 200: systemToken } },
    handler: async (request, _reply, deps) => clientToken(deps, request.body.clientId, request.body.clientSecret),
  }),
  // The gateway's check behind every SYSTEM request (its plugins/platform-clients.ts caches it
  // briefly). Unknown and revoked clients look the same: either way the token must be refused.
  route({
    method: 'GET',
    url: '/internal/platform-clients/:id/status',
    schema: { params: z.object({ id: platformClientIdText }), response: { 200: z.object({ active: z.boolean() }) } },
    handler: async (request, _reply, deps) => ({ active: (await findActivePlatformClient(deps.pool, request.params.id)) !== null }),
  }),
];

/** The reads behind the gateway's user administration, and its API-key checks. */
const administrationRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/internal/users',
    schema: { querystring: userListQuery, response: { 200: userList } },
    handler: async (request, _reply, deps) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await listUsers(deps.pool, request.query);
      return { users: rows.map(toUser), pagination: { page, pageSize, total } };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/platform-clients',
    schema: { response: { 200: platformClientList } },
    handler: async (_request, _reply, deps) => ({ platformClients: (await listPlatformClients(deps.pool)).map(platformClientOf) }),
  }),
  // A live user's sessions; an unknown or deleted user is USER_NOT_FOUND (a deletion revokes them all).
  route({
    method: 'GET',
    url: '/internal/users/:id/sessions',
    schema: { params: z.object({ id: userIdParam }), response: { 200: userSessionList } },
    handler: async (request, _reply, deps) => {
      if (!(await findUserById(deps.pool, request.params.id))) throw new AppError('USER_NOT_FOUND', 'No such user');
      return { sessions: (await listSessionsOfUser(deps.pool, request.params.id, userSessionListMax)).map(sessionView) };
    },
  }),
  route({
    method: 'GET',
    url: '/internal/api-keys',
    schema: { response: { 200: apiKeyList } },
    handler: async (_request, _reply, deps) => ({ apiKeys: await listApiKeys(deps.pool) }),
  }),
  // The grant of an active key, with its proof: what the ledger checks on every admin money
  // command sent with the key, so that it need not take the gateway's word (docs/DESIGN.md "API keys").
  route({
    method: 'POST',
    url: '/internal/api-keys/lookup',
    schema: { body: apiKeyLookup, response: { 200: apiKeyGrant } },
    handler: async (request, _reply, deps) => keyGrant(deps, request.body.keyHash),
  }),
];

/**
 * Rotates a refresh token in one transaction: the presented token is used up and a new one of the
 * same family issued, unless it is unknown, expired, already used (then its family ends) or its
 * session has outlived its role's maximum age.
 */
function rotateRefreshToken(deps: InternalRouteDeps, refreshToken: string): Promise<RefreshOutcome> {
  return inTransaction<RefreshOutcome>(deps.pool, async (client) => {
    const token = await lockRefreshToken(client, refreshToken);
    if (!token) return { kind: 'invalid' };
    if (token.used_at || token.revoked_at) {
      // A rotated or revoked token came back: someone holds a copy. End the whole family.
      await revokeFamily(client, token.family_id);
      return { kind: 'reused' };
    }
    if (token.expired) return { kind: 'invalid' };
    const user = await findUserById(client, token.user_id);
    if (!user) return { kind: 'invalid' };
    // The absolute lifetime, by the role the account has now: rotation never makes a session
    // younger, and a session that began as a USER's ends on the admins' clock once promoted.
    const ageMs = deps.now().getTime() - token.session_started_at.getTime();
    if (ageMs >= sessionMaxAgeSeconds(deps.sessions, user.role) * 1000) {
      await revokeFamily(client, token.family_id);
      return { kind: 'too-old' };
    }
    await markUsed(client, token.id);
    const origin = { familyId: token.family_id, startedAt: token.session_started_at, mfaAt: token.mfa_at };
    const lifetime = { ttlSeconds: deps.sessions.refreshTokenTtlSeconds, maxAgeSeconds: sessionMaxAgeSeconds(deps.sessions, user.role) };
    const next = await createRefreshToken(client, user.id, lifetime, origin);
    return { kind: 'rotated', user, refreshToken: next.token, mfaAt: token.mfa_at };
  });
}

/** A platform client's SYSTEM token, for its id and secret (the client credentials grant). */
async function clientToken(deps: InternalRouteDeps, clientId: string, clientSecret: string) {
  const found = await findActivePlatformClient(deps.pool, clientId);
  const matches = constantTimeEqual(sha256Hex(clientSecret), found?.secret_hash ?? absentSecretHash);
  if (!found || !matches) throw new AppError('UNAUTHENTICATED', 'Invalid client credentials');
  const accessToken = await signAccessToken(
    deps.keys,
    deps.tokens,
    { subject: found.id, role: 'SYSTEM', tokenVersion: 0, grants: found.grants, apiVersion: found.apiVersion },
    deps.now().getTime(),
  );
  return { accessToken, tokenType: 'Bearer' as const, expiresIn: deps.tokens.ttlSeconds };
}

/** One session of a user's list, by its refresh-token family. */
function sessionView(row: SessionRow) {
  return {
    id: row.family_id,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    status: row.revoked_at ? ('REVOKED' as const) : row.expired ? ('EXPIRED' as const) : ('ACTIVE' as const),
  };
}

/** The grant of the active key with this hash, and its signed proof. */
async function keyGrant(deps: InternalRouteDeps, keyHash: string) {
  const found = await findActiveApiKeyByHash(deps.pool, keyHash);
  if (!found) throw new AppError('API_KEY_INVALID', 'The API key is invalid or revoked');
  // A key issued to no one (made by no user, before owners existed) works for no one.
  if (found.ownerUserId === null) throw new AppError('API_KEY_INVALID', 'The API key is issued to no one');
  const keyProof = await signKeyProof(
    deps.keys,
    deps.tokens.issuer,
    // Who asked for and approved the key: the ledger never lets a payment made with it reach them.
    { keyId: found.id, ownerUserId: found.ownerUserId, scopes: found.scopes, createdBy: found.createdBy, approvedBy: found.approvedBy },
    { nowMs: deps.now().getTime(), ttlSeconds: deps.apiKeyProofTtlSeconds },
  );
  return {
    id: found.id,
    scopes: found.scopes,
    ownerUserId: found.ownerUserId,
    keyProof,
    createdBy: found.createdBy,
    approvedBy: found.approvedBy,
  };
}

/**
 * A platform client's referral of a buyer (docs/CONTRACT.md "Affiliate splits"), signed like a
 * key proof: the ledger verifies it itself and pays the affiliate it names by the client's rule.
 * Signed only for a live client granted the treasury, a buyer and an affiliate who are not the same
 * and have both linked the client (docs/CONTRACT.md "Platform links"), and an affiliate who is none
 * of the people behind the client's grant (who asked for and approved it: they are never paid a
 * commission it attests). The links are judged before anything that depends on who the users are:
 * naming an account not linked is answered as naming no account, so a referral tells the client
 * nothing of who exists.
 */
export function registerReferralRoute(app: App, deps: InternalRouteDeps): void {
  app.post('/internal/referrals', { schema: { body: internalReferralBody, response: { 200: referralIssued } } }, async (request) => {
    const { clientId, buyerUserId, affiliateUserId, treasury, reference } = request.body;
    const client = await findActivePlatformClient(deps.pool, clientId);
    if (!client) throw new AppError('FORBIDDEN', `Platform client ${clientId} does not exist or is revoked`);
    if (!client.grants.treasuries.includes(treasury)) {
      throw new AppError('TREASURY_NOT_GRANTED', `Platform client ${clientId} is not granted ${treasury}`);
    }
    if (buyerUserId === affiliateUserId) throw new AppError('SELF_REFERRAL', 'The buyer cannot be the affiliate of their own purchase');
    const named = [buyerUserId, affiliateUserId];
    const unlinked = unlinkedUserOf(named, await linkedUsersOf(deps.pool, clientId, named));
    if (unlinked) throw new AppError('USER_NOT_FOUND', unlinked.detail);
    const { createdBy, approvedBy } = client.grants;
    if (affiliateUserId === createdBy || affiliateUserId === approvedBy) {
      throw new AppError('SELF_DEALING', "The people behind a platform client's grant are never paid a commission it attests");
    }
    const nowMs = deps.now().getTime();
    const referral = await signReferralProof(
      deps.keys,
      deps.tokens.issuer,
      { clientId, buyerUserId, affiliateUserId, treasury, reference, createdBy, approvedBy },
      { nowMs, ttlSeconds: referralProofTtlSeconds },
    );
    const expiresAt = new Date((Math.floor(nowMs / 1000) + referralProofTtlSeconds) * 1000).toISOString();
    return { referral, expiresAt };
  });
}

/**
 * Platform links (docs/CONTRACT.md "Platform links"): a user links a platform client they use (the
 * gateway names the user its token proves; a revoked or unknown client, or a test client a live
 * client made itself, is 404), and the gateway
 * asks which of the users a test-mode client names in the sandbox are linked to it. Live accounts
 * only: a deleted user's links name no one.
 */
export function registerPlatformLinkRoutes(app: App, deps: InternalRouteDeps): void {
  app.post('/internal/platform-links', { schema: { body: internalPlatformLinkBody, response: { 200: platformLink } } }, async (request) => {
    const { clientId, userId } = request.body;
    if (!(await isLinkablePlatformClient(deps.pool, clientId))) {
      throw new AppError('NOT_FOUND', `Platform client ${clientId} does not exist or is revoked`);
    }
    if (!(await findUserById(deps.pool, userId))) throw new AppError('USER_NOT_FOUND', `User ${userId} does not exist`);
    const linkedAt = await linkPlatformClient(deps.pool, clientId, userId, deps.now());
    return { clientId, linkedAt: linkedAt.toISOString() };
  });
  app.post('/internal/platform-links/linked', { schema: { body: linkedUsersQuery, response: { 200: linkedUsers } } }, async (request) => {
    const { clientId } = request.body;
    const userIds = [...(await linkedUsersOf(deps.pool, clientId, request.body.userIds))].sort((a, b) => a - b);
    // Signed for the client and the users found only, so the sandbox ledger takes no one else's word for them.
    const usersProof = await signTestUsersProof(
      deps.keys,
      deps.tokens.issuer,
      { clientId, userIds },
      { nowMs: deps.now().getTime(), ttlSeconds: testUsersProofTtlSeconds },
    );
    return { userIds, usersProof };
  });
  // A test-mode client's own test users, oldest first (docs/decisions/0018-sandbox.md "Test users of a client's own").
  app.get(
    '/internal/test-users',
    { schema: { querystring: internalTestUsersQuery, response: { 200: sandboxTestUserPage } } },
    async (request) => {
      const { clientId, limit, offset } = request.query;
      const { testUsers, total } = await listTestUsers(deps.pool, clientId, { limit, offset });
      return { testUsers, pagination: { limit, offset, total } };
    },
  );
}

/**
 * Every gateway instance's sets of revoked keys and clients: a long poll, held (waitMs) until a
 * revocation is committed; where commits are not heard, held at most a second.
 */
function registerRevocationsRoute(app: App, deps: InternalRouteDeps): void {
  const wait = deps.revocationWait;
  if (wait)
    app.addHook('preClose', (done) => {
      // A closing server does not wait out the polls it holds: they are answered now (and their
      // connections ended once answered: endQuietConnectionsOnClose).
      wait.signal.close();
      done();
    });
  app.get('/internal/revocations', { schema: { querystring: revocationsQuery, response: { 200: revocationList } } }, async (request) => {
    const { waitMs, ...known } = request.query;
    const read = () => revokedCredentials(deps.pool, known, revokedIdsMax);
    if (!wait || waitMs === 0) return read();
    return heldRead({
      read,
      isNews: (answer) => answer.apiKeys.ids !== null || answer.platformClients.ids !== null,
      signal: wait.signal,
      waitMs,
      heard: wait.heard,
      unheardWaitMs: unheardRevocationWaitMs,
    });
  });
}

/** A payout provider's sealed callback secrets, newest first, for the gateway (which alone opens and judges them). */
export function registerCallbackSecretRoutes(app: App, deps: InternalRouteDeps): void {
  app.get(
    '/internal/platform-clients/:id/callback-secrets',
    { schema: { params: z.object({ id: platformClientIdText }), response: { 200: callbackSecretList } } },
    async (request) => ({ callbackSecrets: await listCallbackSecrets(deps.pool, request.params.id) }),
  );
}
