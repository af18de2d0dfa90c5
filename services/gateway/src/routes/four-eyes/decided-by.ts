import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActPart, FourEyesRouteDeps } from './kit';

/** The id of a request one ledger command decides (a rate version's, a cash-out's), lower-cased. */
export const idParams = z.object({ id: z.uuid().overwrite((id) => id.toLowerCase()) });
/** A second person's decision, as the ledger's decide commands take it. */
export type Decision = 'APPROVE' | 'REJECT';

/**
 * The approve and reject of an act one ledger command decides either way (`decide`, with APPROVE or
 * REJECT, no reason): each answers 200 with `result`, as `example` shows it.
 */
export function decidedBy(
  decide: (deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, id: string, decision: Decision) => Promise<object>,
  result: z.ZodType,
  example: object,
): Pick<ActPart, 'approve' | 'reject'> {
  return {
    approve: { status: 200, example, handler: (deps, request, reply, id) => decide(deps, request, reply, id, 'APPROVE') },
    reject: { result, example, handler: (deps, request, reply, id) => decide(deps, request, reply, id, 'REJECT') },
  };
}
