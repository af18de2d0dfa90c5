import { z } from 'zod';

/*
 * One paging style for every list of the public API: a page answers `hasMore` and
 * `nextCursor`, and the next page is asked for with `cursor=<nextCursor>` and the same other
 * parameters. The keyset lists (history, the admin search, the audit log) always worked so; the
 * offset lists (wallet transactions, holds, approvals) and the page list (admin users) keep their
 * `offset` / `page` parameters and `pagination` member for the callers that use them, and accept
 * a cursor as well. Their cursor is the next position, encoded: nothing a caller could not ask
 * for with `offset` anyway, so it needs no signature, only a strict decoding (a cursor is only
 * ever one a page returned, docs/DESIGN.md "Malformed input is a 400").
 */

/** A cursor is a short opaque token; anything longer is not one of ours. */
const cursorCharsMax = 200;

/** A page's cursor as a query parameter: opaque, only ever one a previous page returned. */
export const pageCursorParam = z
  .string()
  .min(1)
  .max(cursorCharsMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by a previous page')
  .describe('Opaque; pass the nextCursor of the previous page (any other value is refused with 400)');

export const hasMoreField = z.boolean().describe('true when another page follows: ask for it with cursor=nextCursor');
export const nextCursorField = z
  .string()
  .nullable()
  .describe('Pass as cursor (with the same other parameters) for the next page; null on the last page');

/** A list's query with `cursor` beside its `offset` or `page` (one of the two, not both). */
export function withCursorParam<Shape extends z.core.$ZodLooseShape>(
  query: z.ZodObject<Shape, z.core.$strict>,
  replaces: 'offset' | 'page',
) {
  return query.extend({
    cursor: pageCursorParam
      .optional()
      .describe(`The nextCursor of the previous page, instead of ${replaces} (any other value is refused with 400)`),
  });
}

/** A list's page with `hasMore` and `nextCursor` added (the members it had stay). */
export function withPageLinks<Shape extends z.core.$ZodLooseShape>(page: z.ZodObject<Shape>) {
  return page.extend({ hasMore: hasMoreField, nextCursor: nextCursorField });
}

/** What a position cursor counts: rows skipped (offset lists) or the page number (page lists). */
export type PositionKind = 'offset' | 'page';
const positionCursorVersion = 2;
const positionMax = 1_000_000;
/** A list's name in its cursors: the route's operationId, short and stable. */
const listNameMax = 60;

/*
 * Every cursor names the list it was made for (`k`): the route's operationId here, the history
 * service's list (`statement`, `audit-log`, …) in its keyset cursors. A cursor of another list is
 * refused as such (CURSOR_MISMATCH), never read as a position of this one: a history cursor given
 * to a statement used to answer an empty statement with hasMore false, which looked like the end.
 */

/** The list a cursor says it belongs to (its `k`), when it is a base64url JSON object that names one. */
export function cursorListOf(cursor: string): string | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const list = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).k : undefined;
    return typeof list === 'string' ? list : undefined;
  } catch {
    return undefined;
  }
}

/** The cursor of a position of one list: base64url of a small JSON, like the keyset cursors. */
export function encodePositionCursor(kind: PositionKind, position: number, list: string): string {
  return Buffer.from(
    JSON.stringify({ v: positionCursorVersion, k: list.slice(0, listNameMax), [kind === 'offset' ? 'o' : 'p']: position }),
    'utf8',
  ).toString('base64url');
}

export type DecodedPosition = { ok: true; position: number } | { ok: false; reason: 'invalid' | 'other-list' };

/** The position a cursor of this kind and list names; `other-list` for another list's cursor, `invalid` for anything this API did not return (both 400s). */
export function decodePositionCursor(kind: PositionKind, cursor: string, list: string): DecodedPosition {
  const named = cursorListOf(cursor);
  if (named !== undefined && named !== list.slice(0, listNameMax)) return { ok: false, reason: 'other-list' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const key = kind === 'offset' ? 'o' : 'p';
  if (typeof json !== 'object' || json === null) return { ok: false, reason: 'invalid' };
  const position = (json as Record<string, unknown>)[key];
  if (!Number.isSafeInteger(position) || (position as number) < (kind === 'offset' ? 0 : 1) || (position as number) > positionMax)
    return { ok: false, reason: 'invalid' };
  // Canonical: the one text encodePositionCursor gives, so no two cursors name the same page.
  return encodePositionCursor(kind, position as number, list) === cursor
    ? { ok: true, position: position as number }
    : { ok: false, reason: 'invalid' };
}
