import type { z } from 'zod';
import { AppError } from '@coin/errors';

/** The lists whose keyset cursors this service makes: a cursor names its list, and only that list takes it. */
export type CursorList = 'user-transactions' | 'transactions' | 'statement' | 'audit-log' | 'service-actions';

const cursorVersion = 2;

/**
 * An opaque page cursor: base64url of a small JSON document `{v, k, …fields}`, `k` the list it was
 * made for and the fields checked by `fields`. It carries no authority (it only says where to
 * continue inside what the caller may read), so a forged one can reveal nothing new; anything
 * that does not decode to exactly what `encode` makes (another shape, extra keys, another spelling
 * of the same JSON) is a 400 VALIDATION_FAILED, never a query that fails. A cursor naming another
 * list (`k`) is a 400 CURSOR_MISMATCH: read as a position of this list it would page from
 * somewhere else, and a statement so paged came back empty with hasMore false, as if complete.
 * `fields` is a strict object whose keys are in the order `encode` is given them.
 */
export function cursorCodec<Fields extends z.ZodType<Record<string, unknown>>>(list: CursorList, fields: Fields) {
  const encode = (value: z.infer<Fields>): string =>
    Buffer.from(JSON.stringify({ v: cursorVersion, k: list, ...value }), 'utf8').toString('base64url');
  const decode = (cursor: string): z.infer<Fields> => {
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw invalidCursor();
    const { v, k, ...rest } = json as Record<string, unknown>;
    if (typeof k === 'string' && k !== list) throw cursorOfAnotherList();
    if (v !== cursorVersion || k !== list) throw invalidCursor();
    const parsed = fields.safeParse(rest);
    if (!parsed.success || encode(parsed.data) !== cursor) throw invalidCursor();
    return parsed.data;
  };
  return { encode, decode };
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this API returned', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page' }],
  });
}

/** A cursor of another list, or (a statement's) of another wallet or period. */
export function cursorOfAnotherList(): AppError {
  return new AppError('CURSOR_MISMATCH', 'The cursor was returned by another list; pass a nextCursor of this one', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page of this list' }],
  });
}
