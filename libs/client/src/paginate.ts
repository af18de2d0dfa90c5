/**
 * Paging over any list of the API. Every list answers `hasMore` and `nextCursor` and takes
 * `cursor=<nextCursor>` with the same other parameters for the next page (the API's one paging
 * style); the offset and page lists also keep `offset` / `page` for the first page.
 */

/** What every page of a list has. */
export interface PageShape {
  hasMore: boolean;
  nextCursor: string | null;
}

/** The item type of a page: the element type of its one array member (transactions, holds, approvals, users, entries). */
export type ItemOf<Page> = { [K in keyof Page]-?: Page[K] extends ReadonlyArray<infer Item> ? Item : never }[keyof Page];

type ListCall<Input, Page> = (input: Input) => Promise<Page>;

/** Where a list starts besides the cursor: dropped from later pages, as the API refuses both at once. */
const startParameters = ['offset', 'page'];

/**
 * Every page of a list, first to last: `for await (const page of pages(coin.listHolds, { query: { status: 'PENDING' } }))`.
 * The first page is asked with `input` as given, each later one with the same input and the
 * previous page's `nextCursor`. Throws rather than loop or stop silently when a page says
 * `hasMore` without a new cursor.
 */
export async function* pages<Input, Page extends PageShape>(
  list: ListCall<Input, Page>,
  input?: Input,
): AsyncGenerator<Page, void, undefined> {
  const base = (input ?? {}) as { query?: Record<string, unknown> };
  let cursor: string | null = null;
  const seen = new Set<string>();
  for (;;) {
    const query: Record<string, unknown> | undefined =
      cursor === null
        ? base.query
        : { ...Object.fromEntries(Object.entries(base.query ?? {}).filter(([name]) => !startParameters.includes(name))), cursor };
    const page: Page = await list({ ...base, ...(query ? { query } : {}) } as Input);
    yield page;
    if (!page.hasMore) return;
    if (page.nextCursor === null) {
      throw new Error(
        "the API answered hasMore with no nextCursor (an offset past the list's reach): read this list with its keyset form or filters",
      );
    }
    if (seen.has(page.nextCursor))
      throw new Error(`the API answered the same cursor twice (${page.nextCursor}): stopped instead of looping`);
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/**
 * Every item of a list, page after page, asked for only as the loop goes on:
 *
 *   for await (const transaction of paginate(coin.searchTransactions, { query: { userId: 42, type: 'REWARD' } })) …
 *
 * Works with any named list operation (getMyHistory, listMyTransactions, searchTransactions,
 * listMyHolds, listHolds, listApprovals, listUsers, listAuditLog).
 */
export async function* paginate<Input, Page extends PageShape>(
  list: ListCall<Input, Page>,
  input?: Input,
): AsyncGenerator<ItemOf<Page>, void, undefined> {
  for await (const page of pages(list, input)) {
    const items = Object.values(page).find((value): value is ReadonlyArray<ItemOf<Page>> => Array.isArray(value)) ?? [];
    yield* items;
  }
}
