/**
 * The console's CSV (RFC 4180: a header row, CRLF line ends, a cell quoted when it holds a quote,
 * comma or line break), written the way the API's own CSV is (the statement, the cash-out
 * reconciliation): the columns are the API's field names, amounts the coins the JSON shows.
 */

/** What one cell holds once an item is flattened. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * A spreadsheet takes a cell beginning with one of these as a formula (CSV injection): `=cmd|…` in
 * a reason would run when finance opens the file. Such a text cell gets a leading apostrophe, the
 * form OWASP recommends, which spreadsheets show as text. Numbers are the API's, never escaped.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A number as its shortest decimal text, which for an amount the API sent is the very decimal of
 * its JSON (12.5, never 12.499999…); one without such a form (not finite) is an empty cell.
 */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

/** One cell: empty for null, numbers and booleans as written, text defused and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => header.map((name) => csvCell(row.get(name))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** A CSV file as the address of a link with `download`: the browser saves it, no script writes a file. */
export const csvHref = (text: string): string => `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
