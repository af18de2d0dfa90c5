import { z } from 'zod';
import { isoDateTime, userIdParam } from './common';
import { historyPaging, queryInt } from './history';
import { approval, approvalStatus, requestsPagination } from './approvals';
import { userId } from '@coin/events';
import { freezeResult, walletFreeze } from './ledger';
import { withCursorParam, withPageLinks } from './paging';

/**
 * The list of frozen wallets (GET /api/admin/freezes): where an ADMIN+ finds the unfreezes waiting
 * for a second person, as every four-eyes act's requests can be listed.
 */

/** A frozen wallet's request to lift it: none asked, waiting for a different ADMIN+, or lapsed (ask again). */
export const unfreezeStatus = z.enum(['NONE', 'PENDING', 'EXPIRED']);
export type UnfreezeStatus = z.infer<typeof unfreezeStatus>;

export const freezePaging = { limitDefault: 20, limitMax: 100 } as const;

/** GET /api/admin/freezes (and the ledger's /internal/freezes). */
export const walletFreezesQuery = z.strictObject({
  userId: userIdParam.optional().describe("Only this user's wallet (none when it is not frozen)"),
  unfreezeStatus: unfreezeStatus.optional().describe('Only the frozen wallets whose unfreeze request is in this state'),
  limit: queryInt(1, freezePaging.limitMax, freezePaging.limitDefault),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});

/** A frozen wallet as the list shows it: its freeze, and where its unfreeze request stands. */
export const listedWalletFreeze = walletFreeze.extend({
  unfreezeStatus,
  unfreezeExpiresAt: isoDateTime.nullable().describe('When the unfreeze request lapses (or lapsed); null without one'),
});
export type ListedWalletFreeze = z.infer<typeof listedWalletFreeze>;

export const walletFreezePage = z.object({
  freezes: z.array(listedWalletFreeze),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
export type WalletFreezePage = z.infer<typeof walletFreezePage>;

/** The public API's forms (the ledger's internal route keeps the ones above). */
export const walletFreezesPublicQuery = withCursorParam(walletFreezesQuery, 'offset');
export const walletFreezePublicPage = withPageLinks(walletFreezePage);

/**
 * A request to lift a wallet's freeze (the unfreeze act, docs/CONTRACT.md "Wallet freezes"): an
 * approval request holding the lift, shown with the wallet's owner and why it may be lifted. It
 * lives as every request does: PENDING until a different ADMIN+ approves it (the freeze is lifted)
 * or any ADMIN+ rejects it, EXPIRED once its time has passed.
 */
export const unfreezeApproval = approval.omit({ command: true }).extend({
  unfreeze: z.object({ userId, reason: z.string() }),
});
export type UnfreezeApproval = z.infer<typeof unfreezeApproval>;
/**
 * What a request to lift a freeze and its approval answer: the wallet's freeze after it (its
 * request among it; null once lifted) and the request.
 */
export const unfreezeResult = freezeResult.extend({ approval: unfreezeApproval });
export type UnfreezeResult = z.infer<typeof unfreezeResult>;
/** A rejected unfreeze's answer: the request. */
export const unfreezePending = z.object({ approval: unfreezeApproval });
/** A page of the requests to lift a freeze, newest first (GET /api/admin/unfreeze-requests; the ledger's /internal/unfreezes). */
export const unfreezePage = z.object({ unfreezes: z.array(unfreezeApproval), pagination: requestsPagination });
export const unfreezePublicPage = withPageLinks(unfreezePage);
/**
 * The request a decision on a wallet's unfreeze names (the ledger's
 * /internal/freezes/:userId/unfreeze-request): its standing request (the newest pending one), else
 * its newest request of any status, which the decision names so that a retry with the same
 * Idempotency-Key is answered from its stored outcome and a fresh one is refused as not pending.
 */
export const unfreezeToDecide = z.object({ id: z.string(), status: approvalStatus });
