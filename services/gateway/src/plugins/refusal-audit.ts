import { randomUUID } from 'node:crypto';
import type { RefusalActor, RefusalRecord } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access, ApiKeyScope, Principal } from './access';

/*
 * Every refusal of authority at the gateway is recorded in the admin audit log (docs/DESIGN.md
 * "Admin audit log"): a 401 or 403 on a route whose access is admin, superadmin, reward or
 * settle (or platform: a platform client's own webhooks), or which needs an API key. The gateway produces the record to admin.audit itself,
 * fire-and-forget: a refusal is answered at once whatever Kafka does, a bounded number of records
 * is in flight (beyond it they are dropped and counted), and each client address has a quota per
 * window (beyond it one `refusals.suppressed` record per address and window says how many were
 * left out), so a hostile client cannot fill the log nor slow anyone down.
 */

/** The access levels whose refusals are recorded: those that need more than a user. */
const guardedAccess: ReadonlySet<Access> = new Set<Access>(['admin', 'superadmin', 'reward', 'settle', 'payout', 'platform']);

/**
 * The error codes that are refusals of authority. TOKEN_EXPIRED is not: an expired token is a
 * caller to refresh, not one refused, and recording every expiry of every console would be noise.
 */
const refusalCodes: ReadonlySet<string> = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'API_KEY_INVALID', 'API_KEY_SCOPE']);

/** The suppressed count of one address (or of all addresses past `addressesMax`, as `*`). */
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

/** The record saying how many refusals of one address a window left out. */
export function suppressedRecord(address: string, suppressed: number, windowMs: number, at: Date, id: string): RefusalRecord {
  const everyone = address === '*';
  return {
    id,
    at: at.toISOString(),
    source: 'gateway',
    actor: { kind: 'anonymous', id: address.slice(0, 100), verified: false },
    address: everyone ? null : address.slice(0, 100),
    action: suppressedAction,
    target: `address:${address}`.slice(0, 200),
    summary: { suppressed, windowSeconds: Math.round(windowMs / 1000) },
    result: 'rejected',
    errorCode: suppressedCode,
    reason: `${suppressed} more refusals ${everyone ? 'from addresses past the tracked limit' : `from ${address}`} in this window were not recorded one by one`,
    requestId: null,
  };
}

export interface RefusalLimits {
  /** Records per client address per window; the rest are counted and reported once per window. */
  perAddressMax: number;
  windowMs: number;
  /** Addresses tracked in a window (memory bound); refusals of further addresses share one quota, `*`. */
  addressesMax: number;
}

/**
 * Fixed windows per client address, in this gateway's memory: a record per refusal up to the
 * quota, then a count. `flush` ends the windows that are over and returns the counts to report.
 * Per gateway instance (no Redis on the refusal path): n instances record at most n × quota.
 */
export class RefusalLimiter {
  private windows = new Map<string, { startMs: number; recorded: number; suppressed: number }>();
  /** Counts of windows that ended on a new refusal, before flush() saw them. */
  private due: Array<{ address: string; suppressed: number }> = [];

  constructor(private readonly limits: RefusalLimits) {}

  /** Whether this refusal of `address` is recorded one by one. */
  admit(address: string, nowMs: number): boolean {
    let key = address;
    if (!this.windows.has(key) && this.windows.size >= this.limits.addressesMax) key = '*';
    let window = this.windows.get(key);
    if (!window || nowMs - window.startMs >= this.limits.windowMs) {
      if (window && window.suppressed > 0) this.due.push({ address: key, suppressed: window.suppressed });
      window = { startMs: nowMs, recorded: 0, suppressed: 0 };
      this.windows.set(key, window);
    }
    if (window.recorded < this.limits.perAddressMax) {
      window.recorded += 1;
      return true;
    }
    window.suppressed += 1;
    return false;
  }

  /** Ends the windows that are over; returns each one's suppressed count (those above zero). */
  flush(nowMs: number): Array<{ address: string; suppressed: number }> {
    const reports = this.due;
    this.due = [];
    for (const [address, window] of this.windows) {
      if (nowMs - window.startMs < this.limits.windowMs) continue;
      if (window.suppressed > 0) reports.push({ address, suppressed: window.suppressed });
      this.windows.delete(address);
    }
    return reports;
  }

  /** Every count not reported yet, windows over or not (at shutdown). */
  drain(): Array<{ address: string; suppressed: number }> {
    const reports = [
      ...this.due,
      ...[...this.windows].filter(([, w]) => w.suppressed > 0).map(([address, w]) => ({ address, suppressed: w.suppressed })),
    ];
    this.due = [];
    this.windows.clear();
    return reports;
  }

  get tracked(): number {
    return this.windows.size;
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
    if (!this.limiter.admit(refusal.address, refusal.at.getTime())) return;
    this.emit(gatewayRefusalRecord(refusal, randomUUID()));
  }

  private reportSuppressed(reports: Array<{ address: string; suppressed: number }>): void {
    const at = this.now();
    for (const { address, suppressed } of reports)
      this.emit(suppressedRecord(address, suppressed, this.options.limits.windowMs, at, randomUUID()));
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
