import { apiVersionText, clientMayCashout, roleAtLeast, role as roleSchema, secondFactorFresh, type Actor } from '@coin/contracts';
import { AppError, isRetriable } from '@coin/errors';
import { credentialModeOf } from '@coin/security';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { minimumRole, platformClientAccess, type Access, type Principal } from './access';
import { type SandboxPart, sandboxServes, spaceOf } from './sandbox';
import { KeySetFreshness, VerifiedTokenCache } from './verified-tokens';

export interface AuthOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /**
   * Token-version check (immediate revocation): the user's current version (null: deleted). Write
   * admission's (plugins/admission.ts), in which the write limit and the Idempotency-Key lock of
   * a request that will go on if it passes (`goesOn`: allowed, no second factor wanting) ride.
   */
  tokenVersion?: (principal: Principal & { userId: number }, request: FastifyRequest, goesOn: boolean) => Promise<number | null>;
  /** Platform-client check for SYSTEM tokens (immediate revocation, plugins/platform-clients.ts). */
  platformClientActive?: (clientId: string, requestId: string) => Promise<boolean>;
  /** How old the second factor of a step-up route's caller may be (STEP_UP_MAX_AGE_S). */
  stepUpMaxAgeS: number;
  /** The parts of the sandbox this gateway was given (plugins/sandbox.ts): test-mode clients may call the routes they serve. */
  sandbox?: ReadonlySet<SandboxPart>;
}

/** Verified tokens kept per gateway: about 10 MB at most, enough for every active client. */
const verifiedTokensMax = 20_000;
/** How long a withdrawn signing key can still be honoured through the cache (plus one key-set fetch). */
const keySetRefreshMs = 60_000;

/** Only the signing algorithm the user service uses: never `none`, never HS*. */
const allowedAlgorithms = ['EdDSA'];

/** RFC 7235: the scheme is case-insensitive and followed by one or more spaces. */
const bearerPattern = /^bearer +([A-Za-z0-9_\-.]+)$/i;

export function bearerTokenOf(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? bearerPattern.exec(header) : null;
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'A bearer access token is required');
  return match[1];
}

/** Whether verifying failed because the key set could not be fetched, not because of the token. */
export function isKeySetUnavailable(err: unknown): boolean {
  if (err instanceof joseErrors.JWKSTimeout) return true;
  // jose's own errors for an unusable key-set response (not 200, not JSON) carry no class of their own.
  if (err instanceof joseErrors.JOSEError) return err.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/.test(err.message);
  // The HTTP request itself failed (connection refused or reset): a socket error, not jose's.
  // jose fetches the key set with fetch(), whose failure is a TypeError ("fetch failed") carrying the
  // socket error as its cause (read without instanceof: fetch's TypeError may be another realm's).
  const cause = typeof err === 'object' && err !== null ? (err as { cause?: unknown }).cause : undefined;
  if (cause !== undefined && isRetriable(cause)) return true;
  return isRetriable(err);
}

export async function verifyAccessToken(
  token: string,
  keys: JWTVerifyGetKey,
  options: Pick<AuthOptions, 'issuer' | 'audience'>,
): Promise<{ principal: Principal; expiresAtMs: number; kid: string | undefined }> {
  let payload: JWTPayload;
  let kid: string | undefined;
  try {
    let protectedHeader: { kid?: string | undefined };
    ({ payload, protectedHeader } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: allowedAlgorithms,
    }));
    kid = protectedHeader.kid;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'The access token has expired');
    // The keys could not be fetched (the user service restarting): the token may be fine, and a
    // 401 would be final for the client. 503 says "retry".
    if (isKeySetUnavailable(err)) throw new AppError('UNAVAILABLE', 'The signing keys cannot be fetched right now; retry later');
    throw new AppError('UNAUTHENTICATED', 'The access token is invalid');
  }
  const subject = payload.sub;
  const version = payload['ver'];
  const expiresAtMs = (payload.exp ?? 0) * 1000;
  const claimedRole = payload['role'];
  if (typeof subject !== 'string' || typeof version !== 'number' || !Number.isInteger(version)) {
    throw new AppError('UNAUTHENTICATED', 'The access token is invalid');
  }
  if (claimedRole === 'SYSTEM') {
    // The client's treasury grants, as the user service signed them (a token without the claim grants none).
    const claimed = payload['treasuries'];
    const treasuries = Array.isArray(claimed) ? claimed.filter((t): t is string => typeof t === 'string') : [];
    // The version the client was created with (the user service signs it); one not X.Y.Z is ignored.
    const pinned = apiVersionText.safeParse(payload['coin_version']);
    const apiVersion = pinned.success ? { apiVersion: pinned.data } : {};
    const mode = credentialModeOf('system', subject, payload['mode']);
    // The `cashout` grant (a payout provider), only when the token claims it.
    const cashout = clientMayCashout(payload['cashout']) ? { cashout: true } : {};
    return {
      principal: {
        kind: 'system',
        subject,
        role: 'SYSTEM',
        tokenVersion: version,
        treasuries,
        ...cashout,
        mode,
        ...apiVersion,
        expiresAtMs,
      },
      expiresAtMs,
      kid,
    };
  }
  return { principal: userPrincipalOf(payload, subject, version, expiresAtMs), expiresAtMs, kid };
}

/** A person's principal from their verified token: its role and when they last gave a second factor (`mfa_at`). */
function userPrincipalOf(payload: JWTPayload, subject: string, version: number, expiresAtMs: number): Principal {
  const parsedRole = roleSchema.safeParse(payload['role']);
  if (!parsedRole.success || !/^[1-9][0-9]{0,15}$/.test(subject)) throw new AppError('UNAUTHENTICATED', 'The access token is invalid');
  const mfaAt = payload.mfa_at;
  const mfa = typeof mfaAt === 'number' && Number.isFinite(mfaAt) ? { mfaAtMs: mfaAt * 1000 } : {};
  return { kind: 'user', subject, userId: Number(subject), role: parsedRole.data, tokenVersion: version, ...mfa, expiresAtMs };
}

/**
 * Whether the caller acts with an admin's powers: ADMIN+ and signed in with the second factor.
 * An admin's password-only session (before enrolment) has the routes any user has, no more.
 */
export function actsAsAdmin(principal: Principal): boolean {
  return (
    principal.kind === 'user' && principal.role !== 'SYSTEM' && roleAtLeast(principal.role, 'ADMIN') && principal.mfaAtMs !== undefined
  );
}

/** Why this principal may not reach a route of this access level for want of a second factor, or null. */
export function secondFactorRefusal(
  principal: Principal,
  route: { access: Exclude<Access, 'public'>; stepUp?: boolean | undefined },
  nowMs: number,
  stepUpMaxAgeS: number,
): AppError | null {
  if (principal.kind !== 'user' || principal.role === 'SYSTEM' || !roleAtLeast(principal.role, 'ADMIN')) return null;
  // Routes any user has stay open; everything an admin's role adds needs the second factor.
  // A payout from one's own wallet is a user's; the route asks a payout from REWARDS for the second factor.
  if (route.access === 'user' || route.access === 'caller' || route.access === 'owner' || route.access === 'payout') return null;
  if (principal.mfaAtMs === undefined) {
    return new AppError('MFA_REQUIRED', 'Admin operations need a session signed in with a second factor (TOTP): enrol or sign in with it');
  }
  if (route.stepUp && !secondFactorFresh(new Date(principal.mfaAtMs), new Date(nowMs), stepUpMaxAgeS * 1000)) {
    return new AppError(
      'STEP_UP_REQUIRED',
      `Confirm with a fresh TOTP code (POST /api/auth/mfa/step-up): your last one is over ${stepUpMaxAgeS} s old`,
    );
  }
  return null;
}

export function isAllowed(principal: Principal, access: Exclude<Access, 'public'>): boolean {
  if (principal.kind === 'system') return platformClientAccess.has(access);
  if (access === 'platform') return false;
  return roleAtLeast(principal.role as Exclude<Principal['role'], 'SYSTEM'>, minimumRole[access]);
}

/**
 * Authentication and role checks for every route, driven by the route's `config.access`.
 * Routes under /api without a declared access level are refused at registration time.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  const verified = new VerifiedTokenCache(verifiedTokensMax);
  const keySet = new KeySetFreshness(keys, keySetRefreshMs, Date.now());
  const keyTrusted = (kid: string) => keySet.trusts(kid, Date.now());

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} declares no access level`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerTokenOf(request);
    const nowMs = Date.now();
    let principal = verified.get(token, nowMs, keyTrusted);
    if (!principal) {
      const result = await verifyAccessToken(token, keys, options);
      principal = result.principal;
      // A token without a kid is verified every time: its key cannot be told withdrawn.
      if (result.kid !== undefined) verified.set(token, principal, result.kid, result.expiresAtMs);
    }
    const allowed = isAllowed(principal, access);
    const refusal = secondFactorRefusal(principal, { access, stepUp: request.routeOptions.config?.stepUp }, nowMs, options.stepUpMaxAgeS);
    if (principal.kind === 'user' && principal.userId !== undefined && options.tokenVersion) {
      // Only a request that will go on may count against a limit or take a lock with the check:
      // the revocation's 401 still comes first.
      const current = await options.tokenVersion(principal as Principal & { userId: number }, request, allowed && !refusal);
      if (current === null || current !== principal.tokenVersion)
        throw new AppError('UNAUTHENTICATED', 'The access token has been revoked');
    }
    if (principal.kind === 'system' && options.platformClientActive) {
      if (!(await options.platformClientActive(principal.subject, String(request.id)))) {
        throw new AppError('UNAUTHENTICATED', 'The access token has been revoked');
      }
    }
    request.principal = principal;
    // A route no caller of this kind may reach is FORBIDDEN whatever the mode: a test-mode client on
    // an admin route is refused as a live client would be, never told its mode is the reason.
    if (!allowed) throw new AppError('FORBIDDEN', 'Your role does not allow this operation');
    // A route the sandbox does not serve is the live space alone (docs/decisions/0018-sandbox.md):
    // a test-mode client is refused before its grants could allow anything; the ledger refuses it again.
    if (principal.mode === 'test' && !sandboxServes(request.routeOptions.config?.sandbox, options.sandbox)) {
      throw new AppError('TEST_MODE_CREDENTIALS', 'Test-mode platform clients cannot act on real balances or the live API');
    }
    if (refusal) throw refusal;
  });
}

/** The authenticated principal of a guarded route (the hook guarantees it is set). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf called on a route without authentication');
  return request.principal;
}

export function userIdOf(request: FastifyRequest): number {
  const principal = principalOf(request);
  if (principal.userId === undefined) throw new AppError('FORBIDDEN', 'This operation needs a user token');
  return principal.userId;
}

/** The command actor for the authenticated caller: a platform client, or a user with their role. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  if (principal.kind === 'system') return { kind: 'system', id: principal.subject };
  return { kind: 'user', id: principal.subject, ...(principal.role !== 'SYSTEM' ? { role: principal.role } : {}) };
}

/**
 * Who asked, with the proof of it: the actor and the caller's own access token, which the
 * service applying the command verifies itself (docs/DESIGN.md "Who asks: proof of authority in
 * every command"), so it never takes the gateway's word for who the actor is.
 */
/** Marks a request whose command was answered from its stored outcome (the idempotency plugin says so in Idempotent-Replayed). */
export function markReplayed(request: FastifyRequest): void {
  if (request.idempotency) request.idempotency.replayed = true;
}

export function authorityOf(request: FastifyRequest): { actor: Actor; proof: string; onReplayed: () => void; space: 'live' | 'test' } {
  // The space is the verified token's mode: a test-mode client's commands go to the sandbox ledger only.
  return { actor: actorOf(request), proof: bearerTokenOf(request), onReplayed: () => markReplayed(request), space: spaceOf(request) };
}
