import type { SandboxPart } from './sandbox';
import type { Role } from '@coin/contracts';

/**
 * Who may call a route. Every /api route must declare one (checked when the route is added),
 * so a route without a guard cannot be served by accident.
 *
 * - `user`: any user; the route acts on the caller's own things only, named by the token
 *   (no id in the path);
 * - `caller`: any user reading one object named in the path (a transaction id, an
 *   Idempotency-Key); the route itself answers only about objects of that caller (ADMIN+ where
 *   the route says so) and answers any other as if it did not exist. Not platform clients;
 * - `owner`: any user or a platform client (SYSTEM) reading something of its own named in the
 *   path (an Idempotency-Key: keys are per caller, so another caller's reads as never used);
 * - `reward`: ADMIN+ or a platform client (SYSTEM): paying rewards (docs/CONTRACT.md "Authentication and roles");
 * - `settle`: ADMIN+ or a platform client (SYSTEM): capturing and voiding holds, what
 *   a platform's checkout or tournament does when an order ships or is cancelled;
 * - `payout`: any user (from their own wallet) or a platform client (SYSTEM, from REWARDS); the
 *   route judges the rest (routes/payouts.ts: an ADMIN+ with an API key of the reward scope pays
 *   from REWARDS too).
 * - `search`: ADMIN+ (every transaction) or a platform client (SYSTEM), whose search the route
 *   narrows to the transactions its own requests made (docs/DESIGN.md "Platform read-back");
 * - `platform`: a platform client (SYSTEM) only, acting on its own things named by its token: its
 *   webhook endpoints (docs/DESIGN.md "Webhooks"). No user, whatever the role: a SUPERADMIN
 *   manages a client's endpoints on the admin routes that name the client.
 * SYSTEM may do nothing else.
 */
export type Access =
  | 'public'
  | 'user'
  | 'admin'
  | 'superadmin'
  | 'reward'
  | 'settle'
  | 'caller'
  | 'owner'
  | 'payout'
  | 'platform'
  | 'search';
export type ApiKeyScope = 'mint' | 'burn' | 'refund' | 'reward';

/**
 * The access levels a platform client (SYSTEM, with the token of the client-credentials grant,
 * POST /api/auth/token) may call; it may call no other. plugins/auth.ts judges callers by it and
 * the OpenAPI document declares the client-credentials scheme on these routes.
 */
export const platformClientAccess: ReadonlySet<Access> = new Set<Access>(['reward', 'settle', 'owner', 'payout', 'platform', 'search']);

export interface RouteAccess {
  access: Access;
  /** Routes that move money on an admin's say-so also need an x-api-key with this scope. */
  apiKeyScope?: ApiKeyScope;
}

export interface Principal {
  kind: 'user' | 'system';
  /** The JWT subject: a user id, or a platform client id for SYSTEM. */
  subject: string;
  /** Set for users only. */
  userId?: number;
  role: Role | 'SYSTEM';
  tokenVersion: number;
  /** Set for SYSTEM only: the treasuries the platform client was granted (its token's claim). */
  treasuries?: string[];
  /** Set for SYSTEM only, when granted: the platform client is a payout provider (its token's `cashout` claim). */
  cashout?: boolean;
  /** Set for SYSTEM only: the API version the platform client is pinned to (its token's `coin_version` claim). */
  apiVersion?: string;
  /** Set for SYSTEM only: the client's mode (credentialModeOf); every route here is live, so `test` is refused. */
  mode?: 'live' | 'test';
  /** Users: when the token's holder last gave a second factor (ms since the epoch); absent: password only. */
  mfaAtMs?: number;
  /** When the access token expires (ms since the epoch): a live stream opened with it ends then. */
  expiresAtMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    apiKeyScope?: ApiKeyScope;
    /**
     * Approving, deleting, changing roles, creating keys or clients: the caller's second factor
     * must be at most STEP_UP_MAX_AGE_S old (docs/DESIGN.md "Admin sign-in: second factor and step-up").
     */
    stepUp?: boolean;
    /**
     * The part of the sandbox that serves it (plugins/sandbox.ts, docs/decisions/0018-sandbox.md):
     * a test-mode client may call it when the gateway has that part, and reaches the sandbox's
     * only; on every other route a live platform client may call, a test-mode client is 403
     * TEST_MODE_CREDENTIALS (on one no platform client may call, FORBIDDEN as for a live one).
     */
    sandbox?: SandboxPart;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/**
 * The minimum role for each access level; 'reward', 'settle', 'owner', 'payout' and 'search' also admit SYSTEM callers.
 * 'platform' admits SYSTEM callers only (isAllowed): no role is enough.
 */
export const minimumRole: Record<Exclude<Access, 'public' | 'platform'>, Role> = {
  user: 'USER',
  admin: 'ADMIN',
  superadmin: 'SUPERADMIN',
  reward: 'ADMIN',
  settle: 'ADMIN',
  caller: 'USER',
  owner: 'USER',
  payout: 'USER',
  search: 'ADMIN',
};
