import { type ReactNode, useState } from 'react';
import { Loaded } from '../../components/busy';
import { Notice } from '../../components/notice';
import { type Column, ColumnTable, PagedTable } from '../../components/paged-table';
import { when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useMutation } from '../../hooks/use-mutation';
import { SubmissionKey } from '../../session';
import { Decide } from './decide';
import { approvalsExportPageSize, approvalsPageSize, type StatusChoice, StatusFilter } from './status-filter';

/** What every table of requests waiting for a second person shows of one. */
export interface WaitingRequest {
  id: string;
  status: string;
  requestedBy: { kind: string; id: string | number };
  expiresAt: string;
  decidedBy: { id: string | number } | null;
}

/** How a table's requests are decided; each answers what the notice then says. */
export interface Decisions {
  approve: (id: string, idempotencyKey: string) => Promise<string>;
  reject: (id: string, reason: string, idempotencyKey: string) => Promise<string>;
}

export interface RequestTableProps<T, Row extends WaitingRequest> {
  caption: string;
  empty: string;
  /** The kind of request in the buttons' names ("Approve payout request 3d2c1b0a"). */
  what?: string;
  /** One page of requests (`status` '' for any): from `offset`, or from a page's nextCursor when `cursor` is given. */
  list: (query: { status: StatusChoice; offset: number; limit: number; cursor?: string }) => Promise<T>;
  rows: (data: T) => readonly Row[];
  /** Its own columns, between Request (and Status) and Requested by. */
  columns: readonly Column<Row>[];
  /** Its own columns between Requested by and Expires. */
  columnsAfterRequester?: readonly Column<Row>[];
  decisions: Decisions;
  /** A status filter and pages; without, the pending requests, on one page. `exportName`: Export CSV, the file's name. */
  filter?: { label: string; pagesName?: string; exportName?: string };
}

/**
 * A table of requests waiting for a second person (approvals, payouts, grant and deletion
 * requests): who asked, until when, and Approve or Reject with a reason on each pending one, the
 * answer in a notice above the table and the list reloaded after it.
 */
export function RequestTable<T, Row extends WaitingRequest>(props: RequestTableProps<T, Row>) {
  const { filter } = props;
  const [status, setStatus] = useState<StatusChoice>('PENDING');
  const [offset, setOffset] = useState(0);
  const decision = useMutation();
  const requests = useLoad(() => props.list({ status, offset, limit: approvalsPageSize }), [status, offset]);
  const decide = (id: string, approve: boolean, reason: string) =>
    void decision.run(
      async () => {
        const idempotencyKey = new SubmissionKey().current;
        const said = approve ? await props.decisions.approve(id, idempotencyKey) : await props.decisions.reject(id, reason, idempotencyKey);
        requests.reload();
        return said;
      },
      { key: id },
    );
  const columns = requestColumns(props, (r) =>
    r.status === 'PENDING' ? (
      <Decide id={r.id} busy={decision.busyKey === r.id} onDecide={decide} {...(props.what ? { what: props.what } : {})} />
    ) : (
      (r.decidedBy?.id ?? '—')
    ),
  );
  const table = { caption: props.caption, columns, rowKey: (r: Row) => r.id, empty: props.empty };
  // The export reads the whole list of the status shown, from its start, then by cursor.
  const exportRead = (cursor: string | undefined) =>
    props.list({ status, offset: 0, limit: approvalsExportPageSize, ...(cursor ? { cursor } : {}) });
  return (
    <>
      {filter ? (
        <StatusFilter
          label={filter.label}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setOffset(0);
          }}
        />
      ) : null}
      <Notice>{decision.result}</Notice>
      {filter ? (
        <PagedTable
          load={requests}
          error={decision.error}
          {...table}
          rows={props.rows}
          paging={(_, rows) => ({
            ...(filter.pagesName ? { name: filter.pagesName } : {}),
            label: `${offset + 1}–${offset + rows.length}`,
            hasPrevious: offset > 0,
            hasNext: rows.length === approvalsPageSize,
            onPrevious: () => setOffset(Math.max(0, offset - approvalsPageSize)),
            onNext: () => setOffset(offset + approvalsPageSize),
          })}
          {...(filter.exportName ? { csv: { name: filter.exportName, read: exportRead } } : {})}
        />
      ) : (
        <Loaded load={requests} error={decision.error}>
          {(data) => <ColumnTable {...table} rows={props.rows(data)} />}
        </Loaded>
      )}
    </>
  );
}

/** Request (and Status), the table's own columns, Requested by, Expires and Decide. */
function requestColumns<T, Row extends WaitingRequest>(
  props: RequestTableProps<T, Row>,
  decideCell: (row: Row) => ReactNode,
): readonly Column<Row>[] {
  return [
    { key: 'request', header: 'Request', cell: (r) => <code>{r.id.slice(0, 8)}</code> },
    ...(props.filter ? [{ key: 'status', header: 'Status', cell: (r: Row) => r.status }] : []),
    ...props.columns,
    {
      key: 'requested-by',
      header: 'Requested by',
      cell: (r) => (
        <>
          {r.requestedBy.kind} {r.requestedBy.id}
        </>
      ),
    },
    ...(props.columnsAfterRequester ?? []),
    { key: 'expires', header: 'Expires (UTC)', cell: (r) => when(r.expiresAt) },
    { key: 'decide', header: 'Decide', cell: decideCell },
  ];
}

/** An approval of a money request or payout: its id, its Idempotency-Key and the session's API key (the command's scope), when set. */
export function keyedApproval(id: string, idempotencyKey: string, apiKey: string | undefined) {
  return { path: { id }, idempotencyKey, ...(apiKey ? { headers: { 'x-api-key': apiKey } } : {}) };
}
