import { ledgerDraft, ownFreezeDetail, userIdParam, walletFreezePublicPage, walletFreezesPublicQuery } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userIdOf } from '../../plugins/auth';
import { sendLedgerCommand } from '../command-route';
import { exampleAt, exampleUserId } from '../examples';
import { offsetLinks, startOf } from '../paging';
import type { ActPart } from './kit';

// The OpenAPI examples of the act's routes.
/** A frozen wallet. */
export const exampleFreezeResult = {
  userId: exampleUserId,
  frozen: true,
  freeze: {
    userId: exampleUserId,
    reason: 'Circular transfers among new accounts',
    caseId: 'case-2026-0042',
    frozenBy: { kind: 'user' as const, id: '7' },
    frozenAt: exampleAt,
    unfreezeRequest: null,
  },
};
/** POST /api/admin/users/{id}/freeze/unfreeze-request: why the freeze may be lifted. */
export const exampleUnfreezeRequestBody = { reason: 'The case was closed: no abuse found' };
const exampleFreezePage = {
  freezes: [
    {
      ...exampleFreezeResult.freeze,
      unfreezeRequest: { requestedBy: 7, reason: exampleUnfreezeRequestBody.reason, requestedAt: '2026-01-15T10:00:00.000Z' },
      unfreezeStatus: 'PENDING' as const,
      unfreezeExpiresAt: '2026-01-16T10:00:00.000Z',
    },
  ],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};

const idParams = z.object({ id: userIdParam });

/**
 * The wallet's owner neither asks for nor approves the lift of its freeze: refused at once, and
 * recorded as the gateway's refusal (the ledger judges it again where the lift is applied).
 */
export function refuseOwnWallet(request: FastifyRequest, userId: number): void {
  if (userIdOf(request) !== userId) return;
  request.refusedAtGateway = true;
  throw new AppError('SELF_DEALING', ownFreezeDetail);
}

/**
 * The second person of an unfreeze, on the route drawn from its row of the four-eyes table
 * (four-eyes.ts). The request is the wallet's own (one at a time), so its approval is addressed by
 * the user and keeps the URL it had before the table; it has no rejection: a request stays until
 * approved or it lapses.
 */
export const unfreezePart: ActPart = {
  summaries: {
    list: 'Frozen wallets, newest freeze first, optionally by where their unfreeze request stands (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)',
    approve:
      "Approve the pending request to lift a freeze (200, frozen: false). By an ADMIN+ other than its requester (403 UNFREEZE_BY_REQUESTER) and the wallet's owner (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), with a fresh second factor",
  },
  approveUrl: '/api/admin/users/:id/freeze/unfreeze-approval',
  list: {
    query: walletFreezesPublicQuery,
    answer: walletFreezePublicPage,
    example: exampleFreezePage,
    handler: async (deps, request) => {
      const { unfreezeStatus, limit, offset, cursor } = request.query as z.output<typeof walletFreezesPublicQuery>;
      const page = await deps.internal.read(
        'ledger.freezes',
        { unfreezeStatus, limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.freezes.length) };
    },
  },
  params: idParams,
  rejectBody: null,
  approve: {
    status: 200,
    example: exampleFreezeResult,
    handler: async (deps, request, reply) => {
      const { id } = request.params as z.output<typeof idParams>;
      refuseOwnWallet(request, id);
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.approve-unfreeze', { userId: id, requestHash }),
        200,
      );
    },
  },
};
