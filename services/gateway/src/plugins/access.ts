import type { Role } from '@coin/contracts';

/**
 * Who may call a route. Every /api route must declare one (checked when the route is added),
 * so a route without a guard cannot be served by accident.
 *
 * - `user`: any user; the route acts on the caller's own things only, named by the token
 *   (no id in the path);
 * - `caller`: any user reading one object named in the path (a transaction id, an
 *   Idempotency-Key); the route itself answers only about objects of that caller (ADMIN+ where
 *   the route says so) and answers any other as if it did not exist. Not platform clients:
 *   SYSTEM may reward and nothing else (SPEC §5).
 */
export type Access = 'public' | 'user' | 'admin' | 'superadmin' | 'reward' | 'caller';
export type ApiKeyScope = 'mint' | 'burn' | 'refund';

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
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The minimum role for each access level; 'reward' also admits SYSTEM callers. */
export const minimumRole: Record<Exclude<Access, 'public'>, Role> = {
  user: 'USER',
  admin: 'ADMIN',
  superadmin: 'SUPERADMIN',
  reward: 'ADMIN',
  caller: 'USER',
};
