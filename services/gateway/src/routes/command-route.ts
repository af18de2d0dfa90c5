import { randomIdNonce } from '@coin/security';
import { problem, type LedgerDraft, type LedgerResult, type Metadata } from '@coin/contracts';
import { AppError, isErrorCode, statusOf } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import { authorityOf } from '../plugins/auth';
import { idempotencyOf, markCommandAnswered } from '../plugins/idempotency';
import { minor } from './amounts';

/** Every answer a command route may give besides its success: the ledger's refusals, a busy or slow pipeline. */
export const commandErrorResponses = {
  400: problem,
  401: problem,
  403: problem,
  404: problem,
  409: problem,
  422: problem,
  429: problem,
  503: problem,
  504: problem,
};

/**
 * The ledger decided the command and refused it (a 4xx it stored as the command's outcome), as
 * opposed to a timeout or an outage (5xx: the outcome is not known) or a key reused for another
 * request (the answer to this request, not the command's outcome).
 */
export function isCommandRejection(err: unknown): boolean {
  return err instanceof AppError && isErrorCode(err.code) && statusOf(err.code) < 500 && err.code !== 'IDEMPOTENCY_KEY_REUSED';
}

/**
 * Sends a keyed command and marks the request answered by the command's own outcome (its result,
 * or the ledger's rejection) so GET /api/commands/{key} can show it; a timeout or an outage is
 * not the command's answer.
 */
export async function answered<T>(request: FastifyRequest, send: () => Promise<T>): Promise<T> {
  try {
    const result = await send();
    markCommandAnswered(request);
    return result;
  } catch (err) {
    if (isCommandRejection(err)) markCommandAnswered(request);
    throw err;
  }
}

/** The mark of a dry run's answer (docs/DESIGN.md "Dry runs"), absent from every applied command's. */
const dryRunMark = {
  dryRun: z
    .literal(true)
    .optional()
    .describe(
      'Present (`true`) only on the answer to a dry run (`?dryRun=true`): the command was decided as it would be and nothing was written (no transaction, event, approval request, stored outcome or limit consumed); ids in the answer name nothing',
    ),
};

/**
 * A command route's success body, which a dry run answers too (docs/DESIGN.md "Dry runs"): the
 * body the command would be answered with (its transaction and the balance it would leave, or the
 * approval request it would wait as), under the status it would get, with `dryRun: true`.
 */
export function dryRunnable<S extends z.ZodObject>(result: S) {
  return result.extend(dryRunMark);
}

/** The success status of a command route: fixed, or chosen by the result (201 applied, 202 waiting). */
export type CommandStatus<R> = number | ((result: R) => number);

/**
 * A MINT, BURN, REFUND, REWARD or a person's payout a four-eyes window holds back comes back as an
 * approval request without a transaction or a payout: 202 (routes/four-eyes/approvals.ts approves it); applied, 201.
 */
export const appliedOrPending = (result: object): number =>
  'approval' in result && !('transaction' in result) && !('payout' in result) ? 202 : 201;

/**
 * One keyed ledger command of one request (an `idempotent` route): the draft carries the
 * request's hash and the command its Idempotency-Key's command id, so the ledger tells a retry
 * from a reused key; it goes to the ledger through the CommandBus with the caller's authority;
 * the result is the body, with `status`; a rejection is the ledger's error (a problem, by the
 * problem handler), and either is recorded as the key's answer.
 *
 * What a route reads to draft the command (a hold's payer, a purchase's treasury) is read before
 * this is called: a refusal of that read is not the command's answer.
 */
export async function sendLedgerCommand<D extends LedgerDraft>(
  commands: CommandBus,
  request: FastifyRequest,
  reply: FastifyReply,
  draftOf: (requestHash: string) => D,
  status: CommandStatus<LedgerResult<D['type']>> = 201,
): Promise<LedgerResult<D['type']>> {
  const { commandId, requestHash, dryRun } = idempotencyOf(request);
  const draft = draftOf(requestHash);
  const keyProof = request.apiKeyProof;
  const usersProof = request.testUsersProof;
  const context = {
    ...authorityOf(request),
    ...(keyProof ? { keyProof } : {}),
    ...(usersProof ? { usersProof } : {}),
    commandId,
    requestId: String(request.id),
  };
  if (dryRun) {
    // Decided by the ledger and written nowhere: no key's answer to record (docs/DESIGN.md "Dry runs").
    // Answered with the status the command would get (201 applied, 202 waiting for a second person), marked.
    const preview = await commands.ledger(draft, { ...context, dryRun: true });
    reply.status(typeof status === 'number' ? status : status(preview));
    return { ...(preview as object), dryRun: true } as LedgerResult<D['type']>;
  }
  const result = await answered(request, () => commands.ledger(draft, context));
  reply.status(typeof status === 'number' ? status : status(result));
  return result;
}

/** A request's metadata as a command field: absent when the request gave none, so the command stays as it was without it. */
export function withMetadata(metadata: Metadata | undefined): { metadata?: Metadata } {
  return metadata !== undefined ? { metadata } : {};
}

/**
 * A money body's fields (moneyFields) for a command that may wait for a second person, with the
 * random bits its approval request's id derives from (not computable from the actor and the key).
 */
export function approvableMoneyFields(body: { amount: number; reason: string; metadata?: Metadata | undefined }) {
  return { ...moneyFields(body), idNonce: randomIdNonce() };
}

/** The fields every money body shares, as a command carries them: the amount in minor units, the reason, the metadata if any. */
export function moneyFields(body: { amount: number; reason: string; metadata?: Metadata | undefined }): {
  amount: number;
  reason: string;
  metadata?: Metadata;
} {
  return { amount: minor(body.amount), reason: body.reason, ...withMetadata(body.metadata) };
}
