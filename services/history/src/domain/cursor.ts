import { z } from 'zod';
import { cursorCodec } from './cursor-codec';

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

const codec = cursorCodec(cursorBody);

/** The transactions' keyset cursor (cursorCodec): base64url of `{v, t, i}`, the last row served. */
export function encodeCursor(position: CursorPosition): string {
  return codec.encode({ v: cursorVersion, t: position.createdAt, i: position.transactionId });
}

export function decodeCursor(cursor: string): CursorPosition {
  const { t, i } = codec.decode(cursor);
  return { createdAt: t, transactionId: i };
}
