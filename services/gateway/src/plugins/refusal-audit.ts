import { randomUUID } from 'node:crypto';
import type { RefusalActor, RefusalRecord } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access, ApiKeyScope, Principal } from './access';

/*
 * Every refusal of authority at the gateway is recorded in the admin audit log (docs/DESIGN.md
 * "Admin audit log"): a 401 or 403 on a route whose access is admin, superadmin, reward or
 * settle (or platform: a platform client's own webhooks), or which needs an API key, the refusals
 * for want of a second factor (MFA_REQUIRED, STEP_UP_REQUIRED) included. The gateway produces the
 * record itself, fire-and-forget: a refusal is answered at once whatever Kafka does, a bounded
 * number of records is in flight (beyond it they are dropped and counted), and each principal
 * (the verified caller, or the client address of a caller without a valid token) has a quota per
 * window, beyond which one `refusals.suppressed` record per principal and window says how many
 * were left out; the first refusal of a principal on each route in a window is recorded whatever
 * the quota. So a hostile client can neither fill the log nor hide anyone else's refusal, nor its
 * own first one on another route, nor slow anyone down.
 */

/** The access levels whose refusals are recorded: those that need more than a user. */
const guardedAccess: ReadonlySet<Access> = new Set<Access>(['admin', 'superadmin', 'reward', 'settle', 'payout', 'platform', 'search']);

/**
 * The error codes that are refusals of authority. A caller without the second factor an admin
 * route needs, or whose second factor is too old for a step-up route, is refused authority too:
 * a stolen password-only session probing admin routes is what these records are for. TOKEN_EXPIRED
 * is not: an expired token is a caller to refresh, not one refused, and recording every expiry of
 * every console would be noise. A test-mode client's token on a live route is refused authority
 * too (docs/decisions/0018-sandbox.md).
 */
const refusalCodes: ReadonlySet<string> = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'API_KEY_INVALID',
  'API_KEY_SCOPE',
  'MFA_REQUIRED',
  'STEP_UP_REQUIRED',
  'TEST_MODE_CREDENTIALS',
]);

/** The count of refusals of one principal that a window left out (or of all principals past `principalsMax`, as `*`). */
export const suppressedAction = 'refusals.suppressed';
export const suppressedCode = 'REFUSALS_SUPPRESSED';

/** Whether a route's refusals are recorded. */
export function isAuditedRoute(config: { access?: Access; apiKeyScope?: ApiKeyScope } | undefined): boolean {
  return Boolean(config?.apiKeyScope) || (config?.access !== undefined && guardedAccess.has(config.access));
}

/** Whether an answer is a refusal of authority: 401/403 with one of the codes above. */
export function isRefusal(status: number, code: string | undefined): boolean {
  return (status === 401 || status === 403) && code !== undefined && refusalCodes.has(code);
}

/** What the gateway knows of one refusal. Never a token, a key or a secret: only what it checked and why it refused. */
export interface GatewayRefusal {
  at: Date;
  principal: Principal | undefined;
  address: string;
  method: string;
  /** The route's pattern (`/api/admin/users/:id/role`), never the path with its values. */
  route: string;
  operationId: string | undefined;
  status: number;
  code: string;
  detail: string;
  requestId: string;
  apiKeyScope: ApiKeyScope | undefined;
}

/** The caller: a user or platform client whose token was verified, or the client address. */
function actorOf(principal: Principal | undefined, address: string): RefusalActor {
  if (!principal) return { kind: 'anonymous', id: address.slice(0, 100) || 'unknown', verified: false };
  if (principal.kind === 'system') return { kind: 'system', id: principal.subject, verified: true };
  return { kind: 'user', id: principal.subject, ...(principal.role !== 'SYSTEM' ? { role: principal.role } : {}), verified: true };
}

/** The audit record of one refusal (pure: id and time are given). */
export function gatewayRefusalRecord(refusal: GatewayRefusal, id: string): RefusalRecord {
  const routeName = `${refusal.method} ${refusal.route}`;
  return {
    id,
    at: refusal.at.toISOString(),
    source: 'gateway',
    actor: actorOf(refusal.principal, refusal.address),
    address: refusal.address.slice(0, 100),
    action: (refusal.operationId ?? routeName).slice(0, 200),
    target: `route:${routeName}`.slice(0, 200),
    summary: {
      method: refusal.method,
      route: refusal.route.slice(0, 1000),
      status: refusal.status,
      ...(refusal.apiKeyScope ? { apiKeyScope: refusal.apiKeyScope } : {}),
    },
    result: 'rejected',
    errorCode: refusal.code,
    reason: refusal.detail.slice(0, 1000),
    requestId: refusal.requestId.slice(0, 200),
  };
}

/**
 * Whom a refusal's quota counts against: the verified caller (`user:<id>`, `client:<id>`), or,
 * for a caller without a valid token, its client address (`address:<ip>`). A verified caller is
 * counted by name, never by address: a flood of junk from an address shared with others (a NAT,
 * an office) then cannot use up their quota.
 */
export interface RefusalPrincipal {
  key: string;
  verified: boolean;
  actor: RefusalActor;
  /** The client address of an anonymous principal; null for a verified one (its refusals may come from several). */
  address: string | null;
}

/** The principal a refusal counts against (pure). */
export function refusalPrincipalOf(principal: Principal | undefined, address: string): RefusalPrincipal {
  const actor = actorOf(principal, address);
  if (!principal) return { key: `address:${actor.id}`, verified: false, actor, address: actor.id };
  return {
    key: `${principal.kind === 'system' ? 'client' : 'user'}:${principal.subject}`.slice(0, 200),
    verified: true,
    actor,
    address: null,
  };
}

/** The principals that share one quota once a window tracks `principalsMax` of their kind. */
const overflowPrincipals: Record<'verified' | 'anonymous', RefusalPrincipal> = {
  verified: { key: 'principal:*', verified: true, actor: { kind: 'anonymous', id: '*', verified: false }, address: null },
  anonymous: { key: 'address:*', verified: false, actor: { kind: 'anonymous', id: '*', verified: false }, address: null },
};

/** The record saying how many refusals of one principal a window left out. */
export function suppressedRecord(principal: RefusalPrincipal, suppressed: number, windowMs: number, at: Date, id: string): RefusalRecord {
  const everyone = principal.actor.id === '*';
  return {
    id,
    at: at.toISOString(),
    source: 'gateway',
    actor: principal.actor,
    address: principal.address?.slice(0, 100) ?? null,
    action: suppressedAction,
    target: principal.key.slice(0, 200),
    summary: { suppressed, windowSeconds: Math.round(windowMs / 1000) },
    result: 'rejected',
    errorCode: suppressedCode,
    reason: `${suppressed} more refusals ${everyone ? `of ${principal.verified ? 'callers' : 'addresses'} past the tracked limit` : `of ${principal.key}`} in this window were not recorded one by one`,
    requestId: null,
  };
}

export interface RefusalLimits {
  /** Records per principal per window past the first of each route; the rest are counted and reported once per window. */
  perPrincipalMax: number;
  windowMs: number;
  /**
   * Principals tracked in a window, verified callers and anonymous addresses each (memory bound);
   * refusals of further ones of that kind share one quota (`principal:*`, `address:*`). Two pools,
   * so that addresses, which are cheap (IPv6), cannot crowd out verified callers, who are not.
   */
  principalsMax: number;
}

/** One principal's window: its records, the routes it was recorded on (a bit per route), its suppressed count. */
interface PrincipalWindow {
  principal: RefusalPrincipal;
  startMs: number;
  recorded: number;
  suppressed: number;
  routes: Uint8Array;
}

/** What a window left out, to report. */
export interface SuppressedCount {
  principal: RefusalPrincipal;
  suppressed: number;
}

/**
 * Fixed windows per principal, in this gateway's memory: the first refusal on each route is
 * recorded, and the others up to the quota, then counted. `flush` ends the windows that are over
 * and returns the counts to report. Per gateway instance (no Redis on the refusal path): n
 * instances record at most n × (quota + routes) per principal and window.
 */
export class RefusalLimiter {
  private windows = new Map<string, PrincipalWindow>();
  private tracked = { verified: 0, anonymous: 0 };
  /** A small number per route pattern: the routes a window has seen are a bitmap, a few bytes per principal. */
  private readonly routeIndex = new Map<string, number>();
  /** Counts of windows that ended on a new refusal, before flush() saw them. */
  private due: SuppressedCount[] = [];

  constructor(private readonly limits: RefusalLimits) {}

  /**
   * Whether this refusal of `principal` on `route` is recorded one by one. `route` is a route
   * pattern (`GET /api/admin/users`), one of the app's declared routes, so the index stays as
   * small as the route table.
   */
  admit(principal: RefusalPrincipal, route: string, nowMs: number): boolean {
    const pool = principal.verified ? 'verified' : 'anonymous';
    let window = this.windows.get(principal.key);
    if (!window && this.tracked[pool] >= this.limits.principalsMax) {
      principal = overflowPrincipals[pool];
      window = this.windows.get(principal.key);
    }
    if (!window || nowMs - window.startMs >= this.limits.windowMs) {
      if (window) this.end(window, false);
      else this.tracked[pool] += 1;
      window = { principal, startMs: nowMs, recorded: 0, suppressed: 0, routes: new Uint8Array(8) };
      this.windows.set(principal.key, window);
    }
    if (this.firstOnRoute(window, route) || window.recorded < this.limits.perPrincipalMax) {
      window.recorded += 1;
      return true;
    }
    window.suppressed += 1;
    return false;
  }

  /** Ends the windows that are over; returns each one's suppressed count (those above zero). */
  flush(nowMs: number): SuppressedCount[] {
    for (const window of this.windows.values()) if (nowMs - window.startMs >= this.limits.windowMs) this.end(window, true);
    const reports = this.due;
    this.due = [];
    return reports;
  }

  /** Every count not reported yet, windows over or not (at shutdown). */
  drain(): SuppressedCount[] {
    for (const window of this.windows.values()) this.end(window, true);
    const reports = this.due;
    this.due = [];
    return reports;
  }

  /** How many principals have a window open (memory; tests). */
  get size(): number {
    return this.windows.size;
  }

  /** Marks the route seen in this window; whether it was the first time. */
  private firstOnRoute(window: PrincipalWindow, route: string): boolean {
    let index = this.routeIndex.get(route);
    if (index === undefined) {
      index = this.routeIndex.size;
      this.routeIndex.set(route, index);
    }
    const byte = index >> 3;
    if (byte >= window.routes.length) {
      const grown = new Uint8Array(Math.max(byte + 1, window.routes.length * 2));
      grown.set(window.routes);
      window.routes = grown;
    }
    const bit = 1 << (index & 7);
    if ((window.routes[byte]! & bit) !== 0) return false;
    window.routes[byte]! |= bit;
    return true;
  }

  private end(window: PrincipalWindow, remove: boolean): void {
    if (window.suppressed > 0) this.due.push({ principal: window.principal, suppressed: window.suppressed });
    if (!remove) return;
    this.windows.delete(window.principal.key);
    this.tracked[window.principal.verified ? 'verified' : 'anonymous'] -= 1;
  }
}

export interface RefusalAuditOptions {
  limits: RefusalLimits;
  /** Records sent and not yet acknowledged, at most; beyond it a record is dropped (counted). */
  inFlightMax: number;
  /** Produces one record to admin.audit; resolves when the broker has it. */
  send: (record: RefusalRecord) => Promise<void>;
  /** Counts the records not written: `in_flight` (too many unacknowledged), `send_failed` (Kafka refused). */
  dropped: (reason: 'in_flight' | 'send_failed') => void;
  logger: Logger;
  now?: () => Date;
}

/** Takes refusals from the request path without ever waiting on Kafka. */
export class RefusalAudit {
  private readonly limiter: RefusalLimiter;
  private inFlight = 0;
  private readonly pending = new Set<Promise<void>>();
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => Date;

  constructor(private readonly options: RefusalAuditOptions) {
    this.limiter = new RefusalLimiter(options.limits);
    this.now = options.now ?? (() => new Date());
    this.timer = setInterval(() => this.reportSuppressed(this.limiter.flush(this.now().getTime())), options.limits.windowMs);
    this.timer.unref();
  }

  /** Records a refusal (or counts it), at once: the send runs in the background. */
  refused(refusal: GatewayRefusal): void {
    const principal = refusalPrincipalOf(refusal.principal, refusal.address);
    if (!this.limiter.admit(principal, `${refusal.method} ${refusal.route}`, refusal.at.getTime())) return;
    this.emit(gatewayRefusalRecord(refusal, randomUUID()));
  }

  private reportSuppressed(reports: SuppressedCount[]): void {
    const at = this.now();
    for (const { principal, suppressed } of reports)
      this.emit(suppressedRecord(principal, suppressed, this.options.limits.windowMs, at, randomUUID()));
  }

  private emit(record: RefusalRecord): void {
    if (this.inFlight >= this.options.inFlightMax) {
      this.options.dropped('in_flight');
      return;
    }
    this.inFlight += 1;
    const sent = this.options
      .send(record)
      .catch((err: unknown) => {
        this.options.dropped('send_failed');
        this.options.logger.warn({ err, recordId: record.id }, 'refusal audit record not written');
      })
      .finally(() => {
        this.inFlight -= 1;
        this.pending.delete(sent);
      });
    this.pending.add(sent);
  }

  /** Reports the counts still open and waits for the records in flight (before the producer closes). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.reportSuppressed(this.limiter.drain());
    await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The code and detail of a problem answered 401/403, seen in onSend for the refusal audit. */
    refusalProblem?: { code: string; detail: string };
    /**
     * Set by a check of the gateway's own that refuses with a code of another service's (a
     * payment to the people behind an API key, SELF_DEALING): recorded as a refusal like the
     * codes above. The same code answered by the ledger is the ledger's to record.
     */
    refusedAtGateway?: boolean;
  }
}

/** The problem's code and detail from a serialised problem+json body, or undefined. */
function problemOf(payload: unknown): { code: string; detail: string } | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const problem = JSON.parse(payload) as { code?: unknown; detail?: unknown };
    return typeof problem.code === 'string'
      ? { code: problem.code, detail: typeof problem.detail === 'string' ? problem.detail : '' }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hooks the refusal audit onto every route: onSend reads the code of a 401/403 problem on an
 * audited route, onResponse (after the answer left) hands it over. Register after the auth hooks.
 */
export function registerRefusalAudit(app: FastifyInstance, audit: RefusalAudit): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 401 && reply.statusCode !== 403) return payload;
    if (!isAuditedRoute(request.routeOptions.config)) return payload;
    const problem = problemOf(payload);
    if (problem) request.refusalProblem = problem;
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const problem = request.refusalProblem;
    if (!problem || !(isRefusal(reply.statusCode, problem.code) || request.refusedAtGateway)) return;
    const config = request.routeOptions.config;
    const schema = request.routeOptions.schema as { operationId?: unknown } | undefined;
    audit.refused({
      at: new Date(),
      principal: request.principal,
      address: request.ip,
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0]!,
      operationId: typeof schema?.operationId === 'string' ? schema.operationId : undefined,
      status: reply.statusCode,
      code: problem.code,
      detail: problem.detail,
      requestId: String(request.id),
      apiKeyScope: config?.apiKeyScope,
    });
  });
  app.addHook('onClose', async () => audit.close());
}
