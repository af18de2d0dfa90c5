import { csvHref, csvOf } from '../csv';
import { useMutation } from '../hooks/use-mutation';
import { ProblemView } from './problem-view';

/**
 * The most rows one export reads: what a spreadsheet opens at ease, a few hundred requests at most.
 * Past it the file holds the first ones and says so; a narrower filter (or, for a statement, the
 * API's own format=csv) gives the rest.
 */
export const exportRowsMax = 10_000;

/** What every page of a list has (the API's one paging style: `cursor=<nextCursor>` for the next one). */
export interface CursorPage {
  nextCursor?: string | null;
}

/** How a list is exported: the file's name, a page of the list as filtered on screen, and its items. */
export interface CsvExport<T extends CursorPage> {
  /** The file's name, without `.csv`. */
  name: string;
  /** One page, the first without a cursor and each next one with the previous page's nextCursor. */
  read: (cursor: string | undefined) => Promise<T>;
  items: (page: T) => readonly object[];
  /** The columns, in order; without, every field the items have (csvOf). */
  columns?: readonly string[];
}

/**
 * Every item of the list, page after page, up to `rowsMax`: `truncated` when the list goes on past
 * it. A cursor answered twice stops the walk with an error rather than loop.
 */
export async function readAllItems<T extends CursorPage>(
  list: Pick<CsvExport<T>, 'read' | 'items'>,
  rowsMax: number = exportRowsMax,
): Promise<{ items: object[]; truncated: boolean }> {
  const items: object[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await list.read(cursor);
    items.push(...list.items(page));
    const next = page.nextCursor ?? null;
    if (items.length >= rowsMax) return { items: items.slice(0, rowsMax), truncated: next !== null || items.length > rowsMax };
    if (next === null) return { items, truncated: false };
    if (seen.has(next)) throw new Error(`the list answered the same cursor twice (${next}): the export stopped instead of looping`);
    seen.add(next);
    cursor = next;
  }
}

interface Exported {
  href: string;
  rows: number;
  truncated: boolean;
}

/**
 * "Export CSV" under a list: reads the whole list as filtered on screen (not only the page shown),
 * then offers the file as a download link saying how many rows it holds.
 */
export function ExportCsv<T extends CursorPage>({ list }: { list: CsvExport<T> }) {
  const exported = useMutation<Exported>();
  const file = `${list.name}.csv`;
  const run = () =>
    void exported.run(async () => {
      const { items, truncated } = await readAllItems(list);
      return { href: csvHref(csvOf(items, list.columns)), rows: items.length, truncated };
    });
  const result = exported.result;
  return (
    <div className="export">
      <button type="button" onClick={run} disabled={exported.busy} aria-label={`Export CSV: ${list.name}`}>
        {exported.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      <ProblemView error={exported.error} />
      {result && result.rows === 0 ? <span className="muted">Nothing to export.</span> : null}
      {result && result.rows > 0 ? (
        <a href={result.href} download={file}>
          Download {file} ({result.rows.toLocaleString('en')} rows
          {result.truncated ? `, the first ${exportRowsMax.toLocaleString('en')}` : ''})
        </a>
      ) : null}
    </div>
  );
}
