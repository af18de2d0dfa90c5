import { z } from 'zod';
import { isoDateTime } from './common';
import { historyPaging, queryInt } from './history';
import { walletFreeze } from './ledger';
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
