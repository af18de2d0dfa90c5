import { fourEyesActs, problem, type FourEyesAct, type FourEyesActRow } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses } from './command-route';
import { withExample } from './examples';
import type { ActPart, FourEyesRouteDeps, ListPart, RejectPart } from './four-eyes/kit';
import { fourEyesParts } from './four-eyes/table';
import { registerRoutes, type RouteDef } from './route-def';

/**
 * The four-eyes acts (docs/DESIGN.md "Two-person acts"), drawn from their rows of the four-eyes
 * table (@coin/contracts four-eyes-acts.ts): each act's list, read, approve and reject routes take
 * their path, operation ids, tags, access (who may decide), step-up, result schema and rejection
 * example from the row; what differs per act (its words, how a request is found, what an approval
 * does besides) is its part, one object an act in the act's own module (four-eyes/<act>.ts for
 * the user service's acts and the money and payout approvals, the act's route module beside its
 * helpers for the others), and the parts table (four-eyes/table.ts) names every act's. Of a
 * monitoring rule's change and a case's resolution, the list and the reject are drawn: its second
 * ADMIN+ approves by sending the same change on its own route. The services judge every rule (the
 * second person's among them); the gateway relays.
 */

/**
 * A route of an act, built from its row and part for any act, so typed by no one act's schemas: the
 * route's response schemas still check what it sends, and its params and body are validated.
 */
const route = (def: RouteDef<FourEyesRouteDeps>) => def;
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const readErrors = { 400: problem, 401: problem, 403: problem, 503: problem };

/** The route options every route of an act shares, from its row: who may decide it reads and decides it; a decision with a fresh second factor. */
function accessOf(act: FourEyesAct) {
  const row: FourEyesActRow = fourEyesActs[act];
  const access = row.deciders === 'SUPERADMIN' ? ('superadmin' as const) : ('admin' as const);
  return { row, access, decision: { access, idempotent: true, stepUp: row.stepUp === 'required' }, tags: [...row.tags] };
}

/** An act's list, and its read, where the row and the part name them. */
function readRoutes(act: FourEyesAct, part: ListPart): RouteDef<FourEyesRouteDeps>[] {
  const { row, access, tags } = accessOf(act);
  const routes: RouteDef<FourEyesRouteDeps>[] = [];
  const { list, read } = part;
  if (row.operations.list !== null && list !== undefined && part.summaries.list !== undefined) {
    routes.push(
      route({
        method: 'GET',
        url: part.listUrl ?? row.listPath ?? row.path,
        config: { access },
        schema: {
          tags: [...(part.tags?.list ?? tags)],
          summary: part.summaries.list,
          ...(list.query ? { querystring: list.query } : {}),
          operationId: row.operations.list,
          response: { 200: withExample(list.answer, list.example), ...(list.errors ?? readErrors) },
        },
        handler: async (request, _reply, deps) => list.handler(deps, request),
      }),
    );
  }
  if (row.operations.read !== null && read !== undefined && part.summaries.read !== undefined) {
    routes.push(
      route({
        method: 'GET',
        url: `${row.path}/:id`,
        config: { access },
        schema: {
          tags: [...(part.tags?.read ?? tags)],
          summary: part.summaries.read,
          ...(part.params ? { params: part.params } : {}),
          operationId: row.operations.read,
          response: {
            200: withExample(row.request as z.ZodType, read.example),
            400: problem,
            401: problem,
            403: problem,
            404: problem,
            503: problem,
          },
        },
        handler: async (request, _reply, deps) => read.handler(deps, request, idOf(request)),
      }),
    );
  }
  return routes;
}

/** An act's approve, and its reject where its row names one. */
function decisionRoutes(act: FourEyesAct, part: ActPart): RouteDef<FourEyesRouteDeps>[] {
  const { row, decision, tags } = accessOf(act);
  const approve = route({
    method: 'POST',
    url: part.approveUrl ?? `${row.path}/:id/approve`,
    config: decision,
    schema: {
      tags,
      summary: part.summaries.approve,
      headers: idempotencyHeaders,
      params: part.params,
      operationId: row.operations.approve,
      response: { [part.approve.status]: withExample(row.result as z.ZodType, part.approve.example), ...errorResponses },
    },
    handler: async (request, reply, deps) => part.approve.handler(deps, request, reply, idOf(request)),
  });
  if (row.operations.reject === null) return [approve];
  return [approve, rejectRoute(act, part, row.operations.reject)];
}

/** An act's reject. */
function rejectRoute(act: FourEyesAct, part: RejectPart, operationId: string): RouteDef<FourEyesRouteDeps> {
  const { row, decision, tags } = accessOf(act);
  const { reject } = part;
  if (reject === undefined || part.summaries.reject === undefined)
    throw new InvariantViolation(`four-eyes act ${act} names a rejection its part lacks`);
  const withBody = row.rejectExample !== null && part.rejectBody !== null;
  return route({
    method: 'POST',
    url: part.rejectUrl ?? `${row.path}/:id/reject`,
    config: decision,
    schema: {
      tags: [...(part.tags?.reject ?? tags)],
      summary: part.summaries.reject,
      headers: idempotencyHeaders,
      params: part.params,
      ...(withBody ? { body: withExample(part.rejectBody as z.ZodType, row.rejectExample) } : {}),
      operationId,
      response: { 200: withExample(reject.result, reject.example), ...errorResponses },
    },
    handler: async (request, reply, deps) =>
      reject.handler(deps, request, reply, idOf(request), withBody ? (request.body as { reason: string }).reason : ''),
  });
}

/** One act's routes, in the order the document lists them: its own asking routes, its list, its read, its approve and its reject. */
function actRoutes(act: FourEyesAct, part: ActPart): RouteDef<FourEyesRouteDeps>[] {
  return [...(part.asks ?? []), ...readRoutes(act, part), ...decisionRoutes(act, part)];
}

/** An act approved on its own route's step: its list, its read and its reject. */
function listedRoutes(act: FourEyesAct, part: ListPart): RouteDef<FourEyesRouteDeps>[] {
  const rejectOperation = fourEyesActs[act].operations.reject;
  if (rejectOperation === null) return readRoutes(act, part);
  if (part.rejection === undefined) throw new InvariantViolation(`four-eyes act ${act} names a rejection its part lacks`);
  return [...readRoutes(act, part), rejectRoute(act, { ...part, ...part.rejection }, rejectOperation)];
}

/** Every act's routes, in the parts table's order. */
export const fourEyesRoutes: RouteDef<FourEyesRouteDeps>[] = (Object.keys(fourEyesParts) as FourEyesAct[]).flatMap((act) => {
  const { drawn, listed } = fourEyesParts[act];
  return drawn ? actRoutes(act, drawn) : listedRoutes(act, listed);
});

export function registerFourEyesRoutes(app: App, deps: FourEyesRouteDeps): void {
  registerRoutes(app, fourEyesRoutes, deps);
}
