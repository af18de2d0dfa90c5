import { z } from 'zod';
import { actor, isoDateTime } from './common';

/** Kafka headers every command carries (docs/DESIGN.md "Messaging"). */
export const headerNames = {
  commandId: 'command-id',
  correlationId: 'correlation-id',
  replyTo: 'reply-to',
  /** The partition of `reply-to` the waiting gateway instance reads (docs/DESIGN.md "Request/reply"). */
  replyPartition: 'reply-partition',
  /**
   * `1`: the waiting gateway reads packed replies (docs/DESIGN.md "Packed records"), so the
   * reply may share a record with others bound for the same reply partition.
   */
  replyPack: 'reply-pack',
  traceparent: 'traceparent',
  requestId: 'request-id',
  type: 'type',
} as const;

/**
 * The proof of the human or platform authority behind a command: the caller's own access token
 * (an EdDSA JWT the user service signed), which the applying service verifies itself against the
 * command's actor and time (docs/DESIGN.md "Who asks: proof of authority in every command").
 * Absent on commands no person asks for (a registration, the ledger's own commands).
 */
export const proof = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_\-.]+$/)
  .optional();

/**
 * The proof of the API key an admin's money command was sent with (docs/DESIGN.md "API keys"): a
 * JWS the user service signed when the gateway looked the key up, naming the key, the admin it
 * was issued to and its scopes, which the ledger verifies itself (apiKeyScopeNeeded says which
 * commands need one). Absent on every other command.
 */
export const keyProof = proof;

/**
 * The proof of the users a test-mode client names in the sandbox (docs/decisions/0018-sandbox.md
 * "Whose users a test client names"): a JWS the user service signed when the gateway asked which
 * of them are the client's, listing those, which the sandbox ledger verifies itself. Up to a
 * payout's thousand users. Absent on every other command.
 */
export const usersProof = z
  .string()
  .min(1)
  .max(32_768)
  .regex(/^[A-Za-z0-9_\-.]+$/)
  .optional();

/**
 * The mark of a dry run (docs/DESIGN.md "Dry runs"): the applying service decides the command in
 * its batch as it would apply it, answers the outcome, and writes nothing (no transaction, event,
 * outbox row, stored outcome or limit consumed). Absent on every command that is to be applied.
 */
export const dryRun = z.literal(true).optional();

/** A command: imperative, one owner, answered by exactly one reply when `reply-to` is set. */
export function commandSchema<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    commandId: z.uuid(),
    type: z.literal(type),
    issuedAt: isoDateTime,
    actor,
    proof,
    keyProof,
    usersProof,
    dryRun,
    data,
  });
}

export const anyCommand = z.object({
  commandId: z.uuid(),
  type: z.string().min(1).max(100),
  issuedAt: isoDateTime,
  actor,
  proof,
  keyProof,
  usersProof,
  dryRun,
  data: z.unknown(),
});
export type AnyCommand = z.infer<typeof anyCommand>;

export const wireError = z.object({
  code: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The response header (Stripe's) of an answer given from the outcome a first request with the same
 * Idempotency-Key stored: the gateway's to its callers, and a service's to the gateway over internal HTTP.
 */
export const idempotentReplayedHeader = 'idempotent-replayed';

/**
 * The headers the gateway names the person who reads a monitoring case, rule or proposal with (an
 * internal GET carries no body to say it in, as a step's does): their user id, their role, and
 * their own access token, which the monitoring service verifies itself rather than taking the
 * gateway's word (docs/design/monitoring.md "Who asks"). The token's header ends in `token`, a
 * name every log line redacts.
 */
export const askerHeaders = { id: 'x-coin-asker-id', role: 'x-coin-asker-role', token: 'x-coin-asker-token' } as const;

/**
 * The answer to a command, produced to the topic named in its `reply-to` header. `replayed`: the
 * applying service answered it from the outcome an earlier delivery of the same command stored
 * (a retry with the same Idempotency-Key), not by applying it now.
 */
export const reply = z.discriminatedUnion('ok', [
  z.object({
    correlationId: z.string().min(1),
    commandId: z.uuid(),
    ok: z.literal(true),
    result: z.unknown(),
    replayed: z.literal(true).optional(),
    /** The command was a dry run, decided and not applied: what the sender checks before it says so (docs/DESIGN.md "Dry runs"). */
    dryRun: z.literal(true).optional(),
  }),
  z.object({
    correlationId: z.string().min(1),
    commandId: z.uuid(),
    ok: z.literal(false),
    error: wireError,
    replayed: z.literal(true).optional(),
    dryRun: z.literal(true).optional(),
  }),
]);
export type Reply = z.infer<typeof reply>;

/** The docs/CONTRACT.md "Events" envelope of every event, defined in @coin/events (libs/events). */
export { eventSchema } from '@coin/events';
