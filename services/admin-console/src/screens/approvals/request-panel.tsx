import type { ReactNode } from 'react';
import type { Column } from '../../components/paged-table';
import { RequestTable, type WaitingRequest } from './request-table';

export interface PendingRequestsPanelProps<T, Row extends WaitingRequest> {
  /** The heading's id, which the section is labelled by. */
  id: string;
  title: string;
  note: ReactNode;
  caption: string;
  /** The pending requests. */
  list: () => Promise<T>;
  rows: (data: T) => readonly Row[];
  columns: readonly Column<Row>[];
  approve: (id: string, idempotencyKey: string) => Promise<unknown>;
  reject: (id: string, reason: string, idempotencyKey: string) => Promise<unknown>;
}

/**
 * A panel of one kind of request a second person decides (grant requests, reward cap changes, unfreezes): its
 * heading, what it is, and its pending requests with Approve or Reject with a reason, each decision
 * said by the request's short id.
 */
export function PendingRequestsPanel<T, Row extends WaitingRequest>(props: PendingRequestsPanelProps<T, Row>) {
  const decided = (approve: boolean, id: string) => `${approve ? 'Approved' : 'Rejected'} ${id.slice(0, 8)}.`;
  return (
    <section aria-labelledby={props.id} className="panel">
      <h2 id={props.id}>{props.title}</h2>
      <p className="muted">{props.note}</p>
      <RequestTable
        caption={props.caption}
        empty="No request."
        list={props.list}
        rows={props.rows}
        columns={props.columns}
        decisions={{
          approve: async (id, idempotencyKey) => {
            await props.approve(id, idempotencyKey);
            return decided(true, id);
          },
          reject: async (id, reason, idempotencyKey) => {
            await props.reject(id, reason, idempotencyKey);
            return decided(false, id);
          },
        }}
      />
    </section>
  );
}
