import { z } from 'zod';
import { AppError } from '@coin/errors';

/**
 * A keyset position: the (createdAt, transaction id) of the last row served. createdAt keeps
 * PostgreSQL's microseconds so the next page starts exactly after that row.
 */
export interface CursorPosition {
  createdAt: string;
  transactionId: number;
}

const cursorVersion = 1;
/**
 * The time exactly as the history read writes it (UTC, microseconds, a year of 0001–9999): a
 * cursor that decodes to another time, one PostgreSQL cannot take included (the year 0000, an
 * offset past ±15:59), is a forged cursor and a 400, never a query that fails.
 */
const cursorTime = z.iso.datetime({ precision: 6 }).refine((t) => !t.startsWith('0000-'), 'the year 0000 is not a time');
const cursorBody = z.strictObject({
  v: z.literal(cursorVersion),
  t: cursorTime,
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * The cursor is base64url of a small JSON document. It carries no authority: it only says where
 * to continue inside the caller's own history, so a forged one can reveal nothing new. Anything
 * that does not decode to exactly this shape is a 400.
 */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ v: cursorVersion, t: position.createdAt, i: position.transactionId }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorBody.safeParse(json);
  if (!parsed.success || encodeCursor({ createdAt: parsed.data.t, transactionId: parsed.data.i }) !== cursor) throw invalidCursor();
  return { createdAt: parsed.data.t, transactionId: parsed.data.i };
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'The cursor is not one this API returned', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page' }],
  });
}
