import { askerHeaders, roles } from '@coin/contracts';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import type { CaseAction } from '../db/audit';
import type { AskedBy, AskedFor, AskerProofs } from './asker';

/**
 * Who reads a monitoring case, a rule or the proposals (docs/design/monitoring.md "Who asks"): the
 * gateway's service credential lets it call these routes, and grants nothing more. Every GET under
 * /internal/monitoring/ answers only a person the gateway names in @coin/contracts askerHeaders
 * whose own access token this service verifies (AskerProofs.provenReader: its signature and
 * claims, the person and role named, their standing at the user service now, an ADMIN+). A read
 * that proves no one is refused and recorded in the admin audit log, as a step's refusal is:
 * 401 UNAUTHENTICATED, another person's or a non-admin's 403 FORBIDDEN, the user service not
 * answering 503 UNAVAILABLE.
 */
export function registerReaderProofs(app: App, askers: AskerProofs): void {
  app.addHook('preHandler', async (request) => {
    // The matched route's pattern, as the service credential's check reads it (@coin/http
    // service-auth): the path as sent may spell the same route otherwise (`/internal/%6Donitoring/`).
    const route = request.routeOptions.url;
    if (request.method !== 'GET' || route === undefined || !route.startsWith(readPrefix)) return;
    await askers.provenReader(readerAsking(request), readOf(route, request.params));
  });
}

const readPrefix = '/internal/monitoring/';

/** The headers a read is named by. */
type ReadHeader = (typeof askerHeaders)[keyof typeof askerHeaders] | 'x-request-id';

/** A header's one value, or undefined (absent, or given twice). */
function headerOf(request: FastifyRequest, name: ReadHeader): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const userIdPattern = /^[1-9][0-9]{0,15}$/;
const roleNames: ReadonlySet<string> = new Set(roles);

/**
 * Who the gateway says reads. A name that is no user id or no role is recorded as the gateway's
 * own call (its service credential is all that is known of it) and proves no one.
 */
function readerAsking(request: FastifyRequest): AskedBy {
  const id = headerOf(request, askerHeaders.id);
  const role = headerOf(request, askerHeaders.role);
  const requestId = headerOf(request, 'x-request-id') ?? null;
  const named = id !== undefined && role !== undefined && userIdPattern.test(id) && roleNames.has(role);
  return {
    requestId: requestId === null ? null : requestId.slice(0, 200),
    ...(named
      ? { actor: { kind: 'user', id, role }, proof: headerOf(request, askerHeaders.token) }
      : { actor: { kind: 'user', id: 'none', role: 'USER' }, recordAs: { kind: 'service', id: 'gateway' } }),
  };
}

/** What a read is of, as its refusal is recorded: a case's or the cases' reads, else the rules' and the proposals'. */
function readOf(route: string, params: unknown): AskedFor {
  const [kind] = route.slice(readPrefix.length).split('/');
  const id = params !== null && typeof params === 'object' && 'id' in params && typeof params.id === 'string' ? params.id : undefined;
  const action: CaseAction = kind === 'cases' ? 'monitoring-case.refused' : 'monitoring-rule.refused';
  const target = kind === 'cases' && id ? `monitoring-case:${id.slice(0, 100)}` : `monitoring-${(kind ?? 'read').slice(0, 50)}`;
  return { target, action, step: 'read' };
}
