import { internalUser, loginBody, loginResult, sessionRequest, tokenPair, userIdParam } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { Pool } from '@coin/db';
import { decoyPasswordHash, owaspScryptCost, type ScryptCost, verifyPassword } from '@coin/security';
import { z } from 'zod';
import { takeUndeliveredNotices } from '../db/account-notices-repo';
import { consumeSessionGrant, createRefreshToken } from '../db/sessions-repo';
import { findCredentialsByEmail, findUserById } from '../db/users-repo';
import { signAccessToken, type SigningKeys, type TokenSettings } from '../domain/tokens';
import { normalizeEmail, toUser, type UserRow } from '../domain/users';
import { rehashIfWeaker } from './password-rehash';

export interface InternalRouteDeps {
  pool: Pool;
  keys: SigningKeys;
  tokens: TokenSettings;
  refreshTokenTtlSeconds: number;
  now: () => Date;
  /** scrypt cost passwords are (re)hashed at (PASSWORD_SCRYPT_LOG2_N); default OWASP's minimum. */
  passwordHashCost?: ScryptCost;
}

export async function issueSession(deps: InternalRouteDeps, row: UserRow, familyId?: string) {
  const accessToken = await signAccessToken(
    deps.keys,
    deps.tokens,
    { subject: String(row.id), role: row.role, tokenVersion: row.token_version },
    deps.now().getTime(),
  );
  const { token: refreshToken } = await createRefreshToken(deps.pool, row.id, deps.refreshTokenTtlSeconds, familyId);
  return { user: toUser(row), accessToken, refreshToken, expiresIn: deps.tokens.ttlSeconds };
}

/**
 * The user service's internal API: reads, and the credential-bearing calls (login, refresh)
 * that must not pass through a retained Kafka topic. Reachable from the gateway only.
 */
export function registerInternalRoutes(app: App, deps: InternalRouteDeps): void {
  app.get('/.well-known/jwks.json', async () => deps.keys.jwks);

  app.post('/internal/auth/login', { schema: { body: loginBody, response: { 200: loginResult } } }, async (request) => {
    const row = await findCredentialsByEmail(deps.pool, normalizeEmail(request.body.email));
    // Verify against a decoy when the email is unknown, so timing does not reveal accounts.
    const passwordHashCost = deps.passwordHashCost ?? owaspScryptCost;
    const valid = await verifyPassword(request.body.password, row?.password_hash ?? (await decoyPasswordHash(passwordHashCost)));
    if (!row || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
    await rehashIfWeaker({ pool: deps.pool, passwordHashCost, log: request.log }, row, request.body.password);
    const session = await issueSession(deps, row);
    // What the owner must hear of (a registration attempt with their address), shown once.
    return { ...session, notices: await takeUndeliveredNotices(deps.pool, row.id, deps.now()) };
  });

  // Only the registration that just happened: its one-time grant, used up here, never a bare
  // user id (which would mint a session, a SUPERADMIN's included, for anyone who can call this).
  app.post('/internal/sessions', { schema: { body: sessionRequest, response: { 200: tokenPair } } }, async (request) => {
    const granted = await consumeSessionGrant(deps.pool, request.body.userId, request.body.grant);
    const row = granted ? await findUserById(deps.pool, request.body.userId) : null;
    if (!row) throw new AppError('UNAUTHENTICATED', 'The session grant is unknown, used or expired');
    return issueSession(deps, row);
  });

  app.get(
    '/internal/users/:id',
    { schema: { params: z.object({ id: userIdParam }), response: { 200: internalUser } } },
    async (request) => {
      const row = await findUserById(deps.pool, request.params.id);
      if (!row) throw new AppError('USER_NOT_FOUND', 'No such user');
      return { ...toUser(row), tokenVersion: row.token_version };
    },
  );
}
