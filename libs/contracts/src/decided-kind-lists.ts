import { z } from 'zod';
import { approvalsQuery, requestsPagination } from './approvals';
import { decidedKinds, fourEyesActs, type DecidedKind } from './four-eyes-acts';

/**
 * The ledger's internal list of each act decided on routes of its own (four-eyes-acts.ts
 * `decidedKind`: a cash-out's reversal, a commission rule's change), drawn from the act's row, so
 * such an act adds no internal route by hand: `GET /internal/<act>s`, a page of its requests,
 * newest first, optionally of one status (the approvals' query), each as its row's `request`
 * shows it, under the act's name in camel case, plural (`commissionChanges`). The gateway reads it
 * as `ledger.<act>s` (internalReads), the ledger answers it (its http/internal-routes.ts).
 */

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** What a page of an act's requests names them: `commission-change` -> `commissionChanges`. */
export type DecidedKindItems<A extends DecidedKind> = `${CamelCase<A>}s`;

export function decidedKindItems<A extends DecidedKind>(act: A): DecidedKindItems<A> {
  return `${act.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase())}s` as DecidedKindItems<A>;
}

/** A page of an act's requests, as its row's `request` shows each. */
export type DecidedKindPage<A extends DecidedKind> = z.ZodObject<
  { [K in DecidedKindItems<A>]: z.ZodArray<(typeof fourEyesActs)[A]['request']> } & { pagination: typeof requestsPagination }
>;

/** The internal read of an act's list. */
export interface DecidedKindListRoute<A extends DecidedKind> {
  service: 'ledger';
  method: 'GET';
  path: `/internal/${A}s`;
  query: typeof approvalsQuery;
  response: DecidedKindPage<A>;
}

function decidedKindList<A extends DecidedKind>(act: A): DecidedKindListRoute<A> {
  // One cast: zod types a computed key's object loosely; the key is the act's items by construction.
  const page = z.object({ [decidedKindItems(act)]: z.array(fourEyesActs[act].request), pagination: requestsPagination });
  return {
    service: 'ledger',
    method: 'GET',
    path: `/internal/${act}s`,
    query: approvalsQuery,
    response: page as unknown as DecidedKindPage<A>,
  };
}

/** Every such act's list, by its internal read's name (`ledger.<act>s`), in the acts' order. */
export const decidedKindLists = Object.fromEntries(decidedKinds.map((act) => [`ledger.${act}s`, decidedKindList(act)])) as {
  [A in DecidedKind as `ledger.${A}s`]: DecidedKindListRoute<A>;
};

/** The list of an act among the internal reads (`ledger.<act>s`). */
export function decidedKindListOf<A extends DecidedKind>(act: A): DecidedKindListRoute<A> {
  // One cast: the table pairs each act's name with that act's list, which an index by a generic name cannot carry.
  return decidedKindLists[`ledger.${act}s`] as unknown as DecidedKindListRoute<A>;
}

/** A page of an act's requests as its list answers it: the requests under the act's items, then the pagination. */
export function decidedKindPageOf<A extends DecidedKind>(
  act: A,
  requests: z.output<(typeof fourEyesActs)[A]['request']>[],
  pagination: z.output<typeof requestsPagination>,
): z.output<DecidedKindPage<A>> {
  return { [decidedKindItems(act)]: requests, pagination } as z.output<DecidedKindPage<A>>;
}
