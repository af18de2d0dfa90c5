import { z } from 'zod';
import { AppError } from '@coin/errors';

const cursorVersion = 1;
const cursorBody = z.strictObject({ v: z.literal(cursorVersion), s: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The audit log's keyset cursor: base64url of `{v, s}`, the seq the next page starts below. */
export function encodeAuditCursor(beforeSeq: number): string {
  return Buffer.from(JSON.stringify({ v: cursorVersion, s: beforeSeq }), 'utf8').toString('base64url');
}

/** Anything that does not decode to exactly what encodeAuditCursor makes is a 400. */
export function decodeAuditCursor(cursor: string): number {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorBody.safeParse(json);
  if (!parsed.success || encodeAuditCursor(parsed.data.s) !== cursor) throw invalidCursor();
  return parsed.data.s;
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this API returned', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page' }],
  });
}
