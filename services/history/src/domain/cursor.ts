import { createHash } from 'node:crypto';
import { z } from 'zod';
import { cursorCodec, cursorOfAnotherList } from './cursor-codec';

/**
 * A keyset position: the (createdAt, transaction id) of the last row served. createdAt keeps
 * PostgreSQL's microseconds so the next page starts exactly after that row.
 */
export interface CursorPosition {
  createdAt: string;
  transactionId: number;
}

/**
 * The time exactly as the history read writes it (UTC, microseconds, a year of 0001–9999): a
 * cursor that decodes to another time, one PostgreSQL cannot take included (the year 0000, an
 * offset past ±15:59), is a forged cursor and a 400, never a query that fails.
 */
const cursorTime = z.iso.datetime({ precision: 6 }).refine((t) => !t.startsWith('0000-'), 'the year 0000 is not a time');
const position = {
  t: cursorTime,
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
};

/** The lists of transactions, newest first: a user's own, and the admin search. */
export type TransactionList = 'user-transactions' | 'transactions';
const transactionCodecs = {
  'user-transactions': cursorCodec('user-transactions', z.strictObject(position)),
  transactions: cursorCodec('transactions', z.strictObject(position)),
};

/** The transactions' keyset cursor of `list` (cursorCodec): the last row served. */
export function encodeCursor(list: TransactionList, at: CursorPosition): string {
  return transactionCodecs[list].encode({ t: at.createdAt, i: at.transactionId });
}

export function decodeCursor(list: TransactionList, cursor: string): CursorPosition {
  const { t, i } = transactionCodecs[list].decode(cursor);
  return { createdAt: t, transactionId: i };
}

/** Which statement a cursor belongs to: the party and the period, as the request names them. */
export interface StatementScope {
  kind: string;
  id: string;
  from: string;
  to: string;
}

/**
 * A statement's cursor also names its statement (`s`, 16 hex of sha256 of the party and period):
 * its position read in another wallet's or period's statement would start that one in the middle,
 * its lines before the position left out, with nothing to show it.
 */
const statementCodec = cursorCodec('statement', z.strictObject({ s: z.string().regex(/^[0-9a-f]{16}$/), ...position }));

function scopeOf(scope: StatementScope): string {
  return createHash('sha256').update(`${scope.kind}\n${scope.id}\n${scope.from}\n${scope.to}`).digest('hex').slice(0, 16);
}

export function encodeStatementCursor(scope: StatementScope, at: CursorPosition): string {
  return statementCodec.encode({ s: scopeOf(scope), t: at.createdAt, i: at.transactionId });
}

export function decodeStatementCursor(scope: StatementScope, cursor: string): CursorPosition {
  const { s, t, i } = statementCodec.decode(cursor);
  if (s !== scopeOf(scope)) throw cursorOfAnotherList();
  return { createdAt: t, transactionId: i };
}
