import { z } from 'zod';
import { commissionChangePage, commissionChangesQuery } from './affiliates';
import { approvalsQuery, requestsPagination } from './approvals';
import { cashoutApprovalPage, cashoutApprovalsQuery, cashoutRateVersion, cashoutReversalPage, cashoutReversalsQuery } from './cashout';
import { decidedKindItems, decidedKindListOf, decidedKindPageOf } from './decided-kind-lists';
import { decidedKinds } from './four-eyes-acts';
import { unfreezePage } from './freezes';
import { internalReads, type InternalReadName } from './internal-routes';

/**
 * The internal list of each act decided on routes of its own is drawn from its row of the
 * four-eyes table: a new such act needs no internal route written by hand, and the lists drawn
 * are the routes the gateway has always read, schema for schema.
 */

const jsonOf = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

describe('the internal lists of the acts decided on routes of their own', () => {
  it.each(decidedKinds)('when %s is decided on routes of its own, then the internal reads list its requests at /internal/<act>s', (act) => {
    const read = internalReads[`ledger.${act}s` as InternalReadName];
    expect({ service: read.service, method: read.method, path: read.path }).toEqual({
      service: 'ledger',
      method: 'GET',
      path: `/internal/${act}s`,
    });
    expect(read).toBe(decidedKindListOf(act));
  });

  it('when the lists are drawn from the rows, then they are the routes the gateway read before: the same paths, queries and pages', () => {
    const before = {
      'ledger.commission-changes': { path: '/internal/commission-changes', query: commissionChangesQuery, response: commissionChangePage },
      'ledger.cashout-reversals': { path: '/internal/cashout-reversals', query: cashoutReversalsQuery, response: cashoutReversalPage },
      'ledger.unfreezes': { path: '/internal/unfreezes', query: approvalsQuery, response: unfreezePage },
      // New with its act: the page its contract schemas name.
      'ledger.cashout-approvals': { path: '/internal/cashout-approvals', query: cashoutApprovalsQuery, response: cashoutApprovalPage },
      // The requests for rate versions, each as the version it asks for (the public list is the rate table's).
      'ledger.cashout-rate-changes': {
        path: '/internal/cashout-rate-changes',
        query: approvalsQuery,
        response: z.object({ cashoutRateChanges: z.array(cashoutRateVersion), pagination: requestsPagination }),
      },
    } as const;
    expect(decidedKinds.map((act) => `ledger.${act}s`).sort()).toEqual(Object.keys(before).sort());
    for (const [name, { path, query, response }] of Object.entries(before)) {
      const read = internalReads[name as keyof typeof before];
      expect({
        name,
        path: read.path,
        query: jsonOf(read.query, 'input'),
        response: jsonOf(read.response, 'output'),
        items: Object.keys((read.response as z.ZodObject).shape),
      }).toEqual({
        name,
        path,
        query: jsonOf(query, 'input'),
        response: jsonOf(response, 'output'),
        items: Object.keys(response.shape),
      });
    }
  });

  it('when a page is answered, then its requests stand under its own act’s items: a page under another act’s is refused', () => {
    const pagination = { limit: 50, offset: 0, total: 0 };
    expect(decidedKindItems('commission-change')).toBe('commissionChanges');
    expect(decidedKindItems('cashout-reversal')).toBe('cashoutReversals');
    const reversals = decidedKindListOf('cashout-reversal').response;
    expect(reversals.safeParse(decidedKindPageOf('cashout-reversal', [], pagination)).success).toBe(true);
    expect(reversals.safeParse(decidedKindPageOf('commission-change', [], pagination)).success).toBe(false);
  });
});
