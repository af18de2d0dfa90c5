import { sha256Hex, uuidV5 } from '@coin/security';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '@coin/errors';
import { addRouteHook } from './rate-limit';
import { z } from 'zod';
import { canonicalJson, idempotencyKey } from '@coin/contracts';

/**
 * Idempotency of money commands (docs/CONTRACT.md "Idempotency"), in three parts:
 * - the command id: UUIDv5 of (caller, route, Idempotency-Key) when the header is given, so a
 *   retry produces the very same command and the ledger answers it from its stored outcome
 *   (also after a restart); a random UUID otherwise, so a Kafka redelivery still applies once;
 * - the request hash: sha256 of the whole request (requestHashOf: method, concrete path with its
 *   path parameters and query string, caller, the API key used on routes that take one, and the
 *   canonical body), stored with the outcome by the service that applies the command (ledger
 *   processed_commands, user service for platform clients), so the same key on another hold's or
 *   approval's path, with another body or with another API key is refused (422
 *   IDEMPOTENCY_KEY_REUSED), never answered with the first request's outcome;
 * - a lock per (caller, key) while the request is in flight: a concurrent duplicate gets 409
 *   REQUEST_IN_PROGRESS instead of waiting. The lock is only a courtesy: correctness comes from
 *   the command id, so a lost lock (Redis restart, TTL) cannot apply anything twice.
 *
 * This module holds the rules (the header, the ids, the hash, the keys); write admission
 * (plugins/admission.ts) takes and releases the lock, records the answer for
 * `GET /api/commands/{key}` and sets `Idempotent-Replayed`.
 */

/** docs/CONTRACT.md "Idempotency": the header's rule is the shared contract's (`idempotencyKey`). */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKey.optional() });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a money command: it gets a command id and a request hash, and honours Idempotency-Key. */
    idempotent?: boolean;
    /** The route's command may be sent as a dry run (`?dryRun=true`, docs/DESIGN.md "Dry runs"); only on an `idempotent` route. */
    dryRun?: boolean;
  }
  interface FastifyRequest {
    idempotency?: Idempotency;
  }
}

export interface Idempotency {
  commandId: string;
  /**
   * The request is a dry run (docs/DESIGN.md "Dry runs"): its command id is fresh whatever its
   * Idempotency-Key, no lock is taken and no answer recorded, so the key is neither replayed nor reserved.
   */
  dryRun?: true;
  /**
   * Read when the command is built, in the handler: it includes the API key that authorised the
   * request, which a route checking its scope in the handler (approvals) knows only then.
   */
  readonly requestHash: string;
  lock?: { key: string; token: string };
  /** Set by the route when the answer about to be sent is the command's own (the ledger's 201 or rejection). */
  commandAnswered?: boolean;
  /** Set when the command was answered from its stored outcome: a retry of one already applied or refused. */
  replayed?: boolean;
}

/**
 * The query of a route whose command may be a dry run (docs/DESIGN.md "Dry runs"): `dryRun=true`
 * has the ledger decide the command as it would and write nothing; `false` or absent, the command
 * is applied.
 */
export const dryRunQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      '`true`: a dry run. The ledger decides the command in its place as it would apply it (authority, limits, freezes, balances, commission) and answers what the command would get, marked `dryRun: true` (the same status and body: 201 with the balance it would leave, 202 with the approval request it would wait as), or the same problem; it writes nothing (no transaction, event, approval request, stored outcome or limit consumed). An Idempotency-Key is neither replayed nor reserved by it.',
    ),
});

/**
 * Whether a request asks for a dry run: `dryRun=true` in its query (as sent: this is read before
 * validation, by write admission). A route that takes no dry run and is sent one is refused
 * (`refuseUnknownDryRun`), never applied for real.
 */
export function asksDryRun(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query !== undefined && query !== null && Object.hasOwn(query, 'dryRun') && query['dryRun'] === 'true';
}

/** The refusal of a `dryRun` a write route does not take: the query's only field named, nothing done. */
export const dryRunNotTaken = {
  path: 'querystring.dryRun',
  message:
    'this operation takes no dry run (only the money operations that document dryRun do; the sandbox’s own operations, test users, clock and reset among them, take none): nothing was done',
};

/**
 * On the root, before any route: every write route that takes no dry run (no `config.dryRun`)
 * refuses a `dryRun` in its query (400 VALIDATION_FAILED naming querystring.dryRun) before its
 * body is read or anything is sent (docs/DESIGN.md "Dry runs", fail-safe): a caller asking for a
 * preview never gets the operation applied. Any value but `false` is refused (`1`, `yes`, empty,
 * repeated), as the routes that take one refuse them by their schema. Reads take none and ignore none:
 * their query schemas are theirs.
 */
export function refuseUnknownDryRun(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.dryRun === true) return;
    if ([route.method].flat().every((method) => ['GET', 'HEAD', 'OPTIONS'].includes(String(method)))) return;
    addRouteHook(route, 'preValidation', refuseDryRun);
  });
}

async function refuseDryRun(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (query === undefined || query === null || !Object.hasOwn(query, 'dryRun') || query['dryRun'] === 'false') return;
  throw validationError([dryRunNotTaken]);
}

/** Default lifetime of a recorded answer: a day, long enough for any platform's retry or reconciliation. */
export const idempotencyAnswerTtlMsDefault = 24 * 60 * 60 * 1000;

/** What GET /api/commands/{key} answers (libs/contracts `commandStatus`). */
export type CommandStatus =
  | { status: 'IN_PROGRESS' }
  | { status: 'DONE'; statusCode: number; body: unknown; request: string }
  | { status: 'UNKNOWN' };

/** Reads what became of the caller's keyed commands. */
export interface CommandStatusReader {
  statusOf(principal: KeyOwner, key: string): Promise<CommandStatus>;
}

export interface RecordedAnswer {
  statusCode: number;
  body: unknown;
  request: string;
  recordedAt: number;
}

/** Who owns an Idempotency-Key: the caller, and the space its token is of (docs/decisions/0018-sandbox.md). */
export interface KeyOwner {
  kind: string;
  subject: string;
  mode?: 'live' | 'test' | undefined;
}

/**
 * The one rule for the command id of a keyed request: per caller, route and key, and per space: a
 * test-mode caller's ids are of the sandbox (`test:`), so no status read of one space ever finds
 * a command of the other, even under the same subject. Live ids are as they always were.
 */
export function keyedCommandId(principal: KeyOwner, route: string, key: string): string {
  const space = principal.mode === 'test' ? 'test:' : '';
  return uuidV5(`${space}${principal.kind}:${principal.subject}:${route}:${key}`);
}
export const lockKeyOf = (commandId: string) => `idem:${commandId}`;
export const answerKeyOf = (commandId: string) => `idem:answer:${commandId}`;
/** The names of the recorded answers that hold a user's phone number (a cash-out's MSISDN): what their erasure removes. */
export const phoneAnswersKeyOf = (userId: number) => `idem:phone-answers:${userId}`;

/**
 * The users whose phone number an answer about to be recorded holds: each cash-out in it (an
 * object with a `userId` and a non-null `msisdn`, at any depth) names its payer. Only an answer
 * that mentions an MSISDN is parsed.
 */
export function phoneHoldersOf(payload: string): number[] {
  if (!payload.includes('"msisdn":"')) return [];
  const holders = new Set<number>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record['msisdn'] === 'string' && Number.isSafeInteger(record['userId'])) holders.add(record['userId'] as number);
    for (const item of Object.values(record)) visit(item, depth + 1);
  };
  try {
    visit(JSON.parse(payload), 0);
  } catch {
    return [];
  }
  return [...holders];
}

/** Marks the answer about to be sent as the command's own, so GET /api/commands/{key} can show it. */
export function markCommandAnswered(request: FastifyRequest): void {
  if (request.idempotency) request.idempotency.commandAnswered = true;
}

/**
 * What a retry must repeat exactly to be answered from the stored outcome: the
 * method and the concrete URL as sent (path parameters, so another hold's capture or another
 * approval's decision is another request; and the query string, which no keyed route reads but a
 * retry repeats verbatim anyway), the caller (already in the command id: a second namespace
 * costs nothing), the API key used on routes that need one (another key of the same admin is
 * another authorisation), and the canonical body. Each part on its own line, the body last, so
 * no part can run into the next.
 */
export function requestHashOf(parts: {
  method: string;
  url: string;
  principal: { kind: string; subject: string };
  apiKeyId?: string | undefined;
  body: unknown;
}): string {
  return sha256Hex(
    [
      'v2',
      `${parts.method} ${parts.url}`,
      `${parts.principal.kind}:${parts.principal.subject}`,
      `api-key:${parts.apiKeyId ?? ''}`,
      canonicalJson(parts.body ?? null),
    ].join('\n'),
  );
}

/** The command id and request hash of an idempotent route (the hook guarantees them). */
export function idempotencyOf(request: FastifyRequest): Idempotency {
  if (!request.idempotency) throw new Error('idempotencyOf called on a route without config.idempotent');
  return request.idempotency;
}
