import type { ReactNode } from 'react';
import type { Load } from '../hooks/use-load';
import { Loaded } from './busy';
import { type CsvExport, type CursorPage, ExportCsv } from './export-csv';
import { Pager, Table } from './layout';

/** One column of a PagedTable: its header, what a row shows in it, and whether it holds numbers (right-aligned). */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** Where the pager stands and how it moves (offset, page or cursor paging alike). */
export interface Paging {
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  name?: string;
}

/**
 * Cursor paging as the screens keep it: `stack` holds the cursors that led to the current page
 * (empty on the first), so Previous pops one and Next pushes the page's `nextCursor`.
 */
export function cursorPaging(stack: readonly string[], nextCursor: string | null | undefined, setStack: (next: string[]) => void): Paging {
  return {
    label: `Page ${stack.length + 1}`,
    hasPrevious: stack.length > 0,
    hasNext: Boolean(nextCursor),
    onPrevious: () => setStack(stack.slice(0, -1)),
    onNext: () => nextCursor && setStack([...stack, nextCursor]),
  };
}

/** Offset paging of a counted list: "from–to of total", `pageSize` items a page. */
export function offsetPaging({
  offset,
  pageSize,
  shown,
  total,
  setOffset,
}: {
  offset: number;
  pageSize: number;
  /** How many items the current page shows. */
  shown: number;
  total: number;
  setOffset: (offset: number) => void;
}): Paging {
  return {
    label: `${total === 0 ? 0 : offset + 1}–${offset + shown} of ${total}`,
    hasPrevious: offset > 0,
    hasNext: offset + pageSize < total,
    onPrevious: () => setOffset(Math.max(0, offset - pageSize)),
    onNext: () => setOffset(offset + pageSize),
  };
}

/** The table of a list: a header per column, one row per item, and the `empty` line across all columns when there is none. */
export function ColumnTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
}) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.numeric ? 'num' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.key} className={column.numeric ? 'num' : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        ) : null}
      </tbody>
    </Table>
  );
}

/** What a PagedTable shows: the load, the columns, each item's row and key, the line when there is none, and the pager. */
export interface PagedTableProps<T, Row> {
  load: Load<T>;
  error?: unknown;
  caption: string;
  columns: readonly Column<Row>[];
  rows: (data: T) => readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  paging: (data: T, rows: readonly Row[]) => Paging;
  /**
   * Export CSV under the pager: the whole list as filtered, `read` a page by cursor, its items those
   * `rows` gives. A list whose pages say no nextCursor exports the one page.
   */
  csv?: Omit<CsvExport<CursorPage>, 'items' | 'read'> & { read: (cursor: string | undefined) => Promise<T> };
}

/**
 * A screen's list: the load's problem and Loading… (Loaded), then the table with its caption, one row
 * per item with the `empty` line when there is none, the pager under it, and Export CSV when given.
 */
export function PagedTable<T, Row>({ load, error, caption, columns, rows, rowKey, empty, paging, csv }: PagedTableProps<T, Row>) {
  return (
    <Loaded load={load} error={error}>
      {(data) => {
        const items = rows(data);
        return (
          <>
            <ColumnTable caption={caption} columns={columns} rows={items} rowKey={rowKey} empty={empty} />
            <Pager {...paging(data, items)} />
            {csv ? <ExportCsv list={exportOf(csv, rows)} /> : null}
          </>
        );
      }}
    </Loaded>
  );
}

/** A list's export as ExportCsv reads it: its pages by cursor, their items the table's rows. */
function exportOf<T, Row>(csv: NonNullable<PagedTableProps<T, Row>['csv']>, rows: (data: T) => readonly Row[]): CsvExport<CursorPage> {
  return {
    ...csv,
    read: async (cursor) => (await csv.read(cursor)) as CursorPage,
    items: (page) => rows(page as T) as readonly object[],
  };
}
