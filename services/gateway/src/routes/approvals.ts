import {
  approval,
  approvalIdParam,
  type ApprovalPage,
  approvalPublicPage,
  approvableCommand,
  approvalsPublicQuery,
  ledgerDraft,
  moneyResult,
  problem,
  rejectApprovalBody,
  type ApprovableCommand,
  type Approval,
} from '@coin/contracts';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalHttpClient } from '../clients/internal-http';
import { requireApiKeyScope, type ApiKeyVerifier } from '../plugins/api-key';
import type { ApiKeyScope } from '../plugins/access';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import { exampleApprovalPage, exampleApproved, exampleRejectApproval, exampleRejected, withExample } from './examples';
import { offsetLinks, startOf } from './paging';
import { answered, apiKeySecurity, commandErrorResponses } from './money';

export interface ApprovalRouteDeps {
  commands: CommandBus;
  ledger: InternalHttpClient;
  apiKeys: ApiKeyVerifier;
}

/** What GET /internal/approvals/{id} answers: the view, and the command as the ledger keeps it (minor units). */
const internalApproval = z.object({ approval, command: approvableCommand });

const errorResponses = commandErrorResponses;

/** The API key scope an approval needs: the one the direct command needs. */
function scopeOf(command: ApprovableCommand): ApiKeyScope {
  return ({ 'ledger.mint': 'mint', 'ledger.burn': 'burn', 'ledger.refund': 'refund', 'ledger.reward': 'reward' } as const)[command.type];
}

/**
 * Four-eyes approval (issue 22, docs/DESIGN.md "Approvals"): a MINT, BURN or REFUND above the
 * thresholds answers 202 with a request; another ADMIN+ approves it here with an API key of the
 * command's scope, and the ledger applies the stored command in the same step that marks the
 * request approved (never twice, never by its requester), or someone rejects it, or it expires.
 */
export function registerApprovalRoutes(app: App, deps: ApprovalRouteDeps): void {
  const requestOf = (request: FastifyRequest, id: string) =>
    deps.ledger.get<z.infer<typeof internalApproval>>(`/internal/approvals/${id}`, String(request.id));

  app.get(
    '/api/admin/approvals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'approvals'],
        summary:
          'Approval requests of mints, burns, refunds and rewards past the four-eyes windows, newest first, optionally of one status',
        security: [{ bearerAuth: [] }],
        querystring: approvalsPublicQuery,
        operationId: 'listApprovals',
        response: { 200: withExample(approvalPublicPage, exampleApprovalPage), 400: problem, 401: problem, 403: problem, 503: problem },
      },
    },
    async (request) => {
      const { status, limit, offset, cursor } = request.query;
      const start = startOf(request, 'offset', offset, cursor);
      const params = new URLSearchParams({ limit: String(limit), offset: String(start), ...(status ? { status } : {}) });
      const page = await deps.ledger.get<ApprovalPage>(`/internal/approvals?${params.toString()}`, String(request.id));
      return { ...page, ...offsetLinks(page.pagination, page.approvals.length) };
    },
  );

  app.post(
    '/api/admin/approvals/:id/approve',
    {
      config: { access: 'admin', idempotent: true, stepUp: true },
      schema: {
        tags: ['admin', 'approvals', 'money'],
        summary:
          "Approve a request: its command is applied as a direct one would be (201 with the transaction and the wallet). By an ADMIN+ other than the requester, with an API key of the command's scope (mint, burn or refund)",
        security: apiKeySecurity,
        headers: idempotencyHeaders,
        params: approvalIdParam,
        operationId: 'approveRequest',
        response: { 201: withExample(moneyResult.extend({ approval }), exampleApproved), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { command } = await requestOf(request, request.params.id);
      await requireApiKeyScope(request, deps.apiKeys, scopeOf(command));
      const result = await answered(request, () =>
        deps.commands.ledger(
          ledgerDraft('ledger.approve', { approvalId: request.params.id, command, requestHash: idempotencyOf(request).requestHash }),
          { ...authorityOf(request), commandId: idempotencyOf(request).commandId, requestId: String(request.id) },
        ),
      );
      reply.status(201);
      return result;
    },
  );

  app.post(
    '/api/admin/approvals/:id/reject',
    {
      config: { access: 'admin', idempotent: true, stepUp: true },
      schema: {
        tags: ['admin', 'approvals'],
        summary: 'Reject a pending request with a reason: nothing moves, and it can no longer be approved',
        security: [{ bearerAuth: [] }],
        headers: idempotencyHeaders,
        params: approvalIdParam,
        body: withExample(rejectApprovalBody, exampleRejectApproval),
        operationId: 'rejectRequest',
        response: { 200: withExample(z.object({ approval }), exampleRejected), ...errorResponses },
      },
    },
    async (request) => {
      const { command } = await requestOf(request, request.params.id);
      return answered(request, () =>
        deps.commands.ledger(
          ledgerDraft('ledger.reject-approval', {
            approvalId: request.params.id,
            command,
            reason: request.body.reason,
            requestHash: idempotencyOf(request).requestHash,
          }),
          { ...authorityOf(request), commandId: idempotencyOf(request).commandId, requestId: String(request.id) },
        ),
      ) as Promise<{ approval: Approval }>;
    },
  );
}
