/**
 * The console's CSV (RFC 4180: a header row, CRLF line ends, a cell quoted when it holds a quote,
 * comma or line break), written by the API's own CSV writer (csvRows of @coin/contracts/csv, as
 * the statement and the cash-out reconciliation are): the columns are the API's field names,
 * amounts the coins the JSON shows.
 */

import { type CsvValue, csvRows } from '@coin/contracts/csv';

// What one cell holds once an item is flattened, and what it becomes (csvCell): the one CSV
// writer's, RFC 4180 and formula-safe (text starting with = + - @ tab or CR gets a leading apostrophe).
export { type CsvValue, csvCell } from '@coin/contracts/csv';

/**
 * Fields whose objects are the caller's own (free-form keys): one cell of compact JSON each, so the
 * columns never depend on what a caller wrote (the statement CSV's metadata column does the same).
 */
const freeFormFields: ReadonlySet<string> = new Set(['metadata', 'summary', 'details']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * An item of a list as named cells: a nested object's fields under dotted names (`command.amount`,
 * `requestedBy.id`), a list or a free-form object as compact JSON. A Map, so that no field name
 * (`__proto__`) can reach an object's prototype.
 */
export function flatCells(item: object, prefix = '', into = new Map<string, CsvValue>()): Map<string, CsvValue> {
  for (const [field, value] of Object.entries(item)) {
    const name = prefix ? `${prefix}.${field}` : field;
    if (isPlainObject(value) && !freeFormFields.has(field)) flatCells(value, name, into);
    else if (Array.isArray(value) || isPlainObject(value)) into.set(name, JSON.stringify(value));
    else into.set(name, value as CsvValue);
  }
  return into;
}

/**
 * Items as a CSV file: the header names `columns` when given, else every field any item has, in the
 * order they first appear; then a row per item.
 */
export function csvOf(items: readonly object[], columns?: readonly string[]): string {
  const rows = items.map((item) => flatCells(item));
  const header = columns ?? [...new Set(rows.flatMap((row) => [...row.keys()]))];
  return csvRows([header, ...rows.map((row) => header.map((name) => row.get(name)))]);
}

/** A CSV file as the address of a link with `download`: the browser saves it, no script writes a file. */
export const csvHref = (text: string): string => `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
