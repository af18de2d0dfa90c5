import {
  bulkCaptureBody,
  bulkItemCommandId,
  bulkHoldItem,
  bulkVoidBody,
  captureResult,
  holdResult,
  holdsPerBulkMax,
  ledgerDraft,
  type LedgerDraft,
  type LedgerResult,
} from '@coin/contracts';
import { AppError, problemOf, validationError } from '@coin/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorityOf, principalOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf, markCommandAnswered } from '../plugins/idempotency';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses, withMetadata } from './command-route';
import { exampleCaptureResult, exampleVoidResult, payerOf, type HoldRouteDeps } from './holds';
import { withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef, type RouteRequest } from './route-def';
import type { App } from '@coin/http';

/**
 * Bulk capture and void (docs/CONTRACT.md "Holds, limits and approvals"): up to `holdsPerBulkMax`
 * holds in one call, each settled by its own ledger command in its payer's partition, exactly as
 * the single call would (the ledger judges who may settle each), and answered with its own result,
 * in the order sent. One Idempotency-Key covers the whole call: each hold's command id derives from
 * the call's and the hold's place in it, and carries the whole call's request hash, so a retry
 * answers every hold from its stored outcome, and the key on another list is refused by the first
 * hold's command (another request behind its id) before any other is sent.
 */

/**
 * A bulk call's body at most: room for a list well past the bound (so that it is answered
 * HOLDS_BULK_LIMIT, not 413) and for a capture's metadata on every hold. Larger: 413.
 */
const bulkBodyBytesMax = 512 * 1024;

/** How many of a call's commands are in flight at once: a bounded share of the reply topic's waits. */
const inFlightMax = 32;

type Settled<R> = { id: string; status: number; result: R } | { id: string; status: number; problem: ReturnType<typeof problemOf> };

/** The list refused whole before anything is sent: past the bound (its own code), or an id twice. */
function refuseList(holds: ReadonlyArray<{ id: string }>): void {
  if (holds.length > holdsPerBulkMax)
    throw new AppError('HOLDS_BULK_LIMIT', `At most ${holdsPerBulkMax} holds per call; this one names ${holds.length}`);
  const first = new Map<string, number>();
  const duplicates = holds.flatMap(({ id }, i) => {
    const seen = first.get(id.toLowerCase());
    if (seen === undefined) first.set(id.toLowerCase(), i);
    return seen === undefined ? [] : [{ path: `body.holds[${i}].id`, message: `the hold of holds[${seen}] again: each hold once` }];
  });
  if (duplicates.length > 0) throw validationError(duplicates);
}

/**
 * One hold's refusal as its item shows it: a platform client that may not settle a hold (another
 * client's) learns what one learns of a hold that does not exist, the 404 of an unknown id.
 */
function itemProblem(request: FastifyRequest, id: string, err: AppError): ReturnType<typeof problemOf> {
  const notParty = err.code === 'FORBIDDEN' && principalOf(request).kind === 'system';
  const shown = notParty ? new AppError('HOLD_NOT_FOUND', `No hold ${id}`) : err;
  return problemOf(shown, String(request.id));
}

/** Runs `each` over the items, at most `inFlightMax` at once, keeping their order. */
async function inOrder<T, R>(items: readonly T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await each(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(inFlightMax, items.length) }, worker));
  return results;
}

/**
 * Settles each hold of the call by its own command, under an id derived from the call's and its
 * place. The first goes alone: a key reused for another list is refused there (IDEMPOTENCY_KEY_REUSED,
 * the whole call's answer), and nothing else is sent. The call counts as replayed when every hold was.
 */
async function settleEach<D extends LedgerDraft, R>(
  deps: HoldRouteDeps,
  request: RouteRequest,
  holds: ReadonlyArray<{ id: string }>,
  action: 'capture' | 'void',
  draftOf: (index: number, fromUserId: number, requestHash: string) => D,
  status: number,
): Promise<Array<Settled<R>>> {
  refuseList(holds);
  const idempotency = idempotencyOf(request);
  const { requestHash } = idempotency;
  let replayed = 0;
  const one = async ({ id }: { id: string }, index: number): Promise<Settled<R>> => {
    try {
      const fromUserId = await payerOf(deps, request, id, action);
      const result = await deps.commands.ledger(draftOf(index, fromUserId, requestHash), {
        ...authorityOf(request),
        onReplayed: () => {
          replayed += 1;
        },
        commandId: bulkItemCommandId(idempotency.commandId, index),
        requestId: String(request.id),
      });
      return { id, status, result: result as R };
    } catch (err) {
      // An outage or a timeout is the call's answer (a retry with the key settles nothing twice), and so is a key reused.
      if (!(err instanceof AppError) || err.code === 'IDEMPOTENCY_KEY_REUSED' || statusOfError(err) >= 500) throw err;
      const problem = itemProblem(request, id, err);
      return { id, status: problem.status, problem };
    }
  };
  const [first, ...rest] = holds;
  const settled = [await one(first!, 0), ...(await inOrder(rest, (hold, i) => one(hold, i + 1)))];
  markCommandAnswered(request);
  if (replayed === holds.length) idempotency.replayed = true;
  return settled;
}

function statusOfError(err: AppError): number {
  return problemOf(err, '').status;
}

const route = routeOf<HoldRouteDeps>();

const bulkDescription = `Up to ${holdsPerBulkMax} holds in one call, each settled as its single call would settle it and answered with its own result in the order sent: \`result\` (what the single call answers) or \`problem\` (its refusal: a hold that does not exist, or that the caller may not settle, is 404 HOLD_NOT_FOUND for a platform client). One Idempotency-Key covers the whole call: a retry answers every hold as the first time, and the key sent with another list is 422 IDEMPOTENCY_KEY_REUSED with nothing settled. More than ${holdsPerBulkMax} holds: 422 HOLDS_BULK_LIMIT; a hold twice: 400; nothing is sent then. Body at most 512 KiB. A test-mode client settles its sandbox holds, in the sandbox ledger alone.`;

/** POST /api/coins/holds/bulk-capture and /bulk-void: the single calls' rules, many holds at once. */
export const holdBulkRoutes: RouteDef<HoldRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/coins/holds/bulk-capture',
    config: { access: 'settle', idempotent: true, sandbox: 'ledger' },
    bodyLimit: bulkBodyBytesMax,
    schema: {
      tags: ['coins', 'holds'],
      summary: `Capture up to ${holdsPerBulkMax} holds in one call, each with its own result`,
      description: bulkDescription,
      headers: idempotencyHeaders,
      operationId: 'captureHolds',
      body: withExample(bulkCaptureBody, { holds: [{ id: exampleCaptureResult.hold.id, amount: 39.99 }] }),
      response: {
        200: withExample(z.object({ results: z.array(bulkHoldItem(captureResult)) }), {
          results: [{ id: exampleCaptureResult.hold.id, status: 201, result: exampleCaptureResult }],
        }),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { holds } = request.body;
      const results = await settleEach<LedgerDraft<'ledger.capture-hold'>, LedgerResult<'ledger.capture-hold'>>(
        deps,
        request,
        holds,
        'capture',
        (index, fromUserId, requestHash) => {
          const { id, amount, metadata } = holds[index]!;
          return ledgerDraft('ledger.capture-hold', {
            holdId: id,
            fromUserId,
            ...(amount !== undefined ? { amount: minor(amount) } : {}),
            ...withMetadata(metadata),
            requestHash,
          });
        },
        201,
      );
      reply.status(200);
      return { results };
    },
  }),

  route({
    method: 'POST',
    url: '/api/coins/holds/bulk-void',
    config: { access: 'settle', idempotent: true, sandbox: 'ledger' },
    bodyLimit: bulkBodyBytesMax,
    schema: {
      tags: ['coins', 'holds'],
      summary: `Void up to ${holdsPerBulkMax} pending holds in one call, each with its own result`,
      description: bulkDescription,
      headers: idempotencyHeaders,
      operationId: 'voidHolds',
      body: withExample(bulkVoidBody, { holds: [{ id: exampleVoidResult.hold.id }] }),
      response: {
        200: withExample(z.object({ results: z.array(bulkHoldItem(holdResult)) }), {
          results: [{ id: exampleVoidResult.hold.id, status: 200, result: exampleVoidResult }],
        }),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { holds } = request.body;
      const results = await settleEach<LedgerDraft<'ledger.void-hold'>, LedgerResult<'ledger.void-hold'>>(
        deps,
        request,
        holds,
        'void',
        (index, fromUserId, requestHash) => ledgerDraft('ledger.void-hold', { holdId: holds[index]!.id, fromUserId, requestHash }),
        200,
      );
      reply.status(200);
      return { results };
    },
  }),
];

export function registerHoldBulkRoutes(app: App, deps: HoldRouteDeps): void {
  registerRoutes(app, holdBulkRoutes, deps);
}
