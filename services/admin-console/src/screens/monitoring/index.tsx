import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { type Column, cursorPaging, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { SubjectCell } from './subject';

export { MonitoringCaseScreen } from './case-detail';

const statuses = ['OPEN', 'RESOLVED'] as const;
const pageSize = 25;

type MonitoringCase = OperationResult<'listMonitoringCases'>['cases'][number];

const caseColumns: readonly Column<MonitoringCase>[] = [
  { key: 'id', header: 'Case', cell: (c) => <Link to={`/monitoring/${c.id}`}>{c.id.slice(0, 8)}</Link> },
  { key: 'subject', header: 'Subject', cell: (c) => <SubjectCell subject={c.subject} /> },
  { key: 'status', header: 'Status', cell: (c) => (c.resolution ? `${c.status} (${c.resolution})` : c.status) },
  { key: 'score', header: 'Score', numeric: true, cell: (c) => String(c.score) },
  { key: 'rules', header: 'Rules', cell: (c) => c.rules.join(', ') },
  { key: 'assignee', header: 'Assignee', cell: (c) => (c.assignee === null ? '—' : `user ${c.assignee}`) },
  { key: 'freeze', header: 'Freeze', cell: (c) => c.freezeOutcome ?? (c.freezeRequestedAt ? 'asked' : '—') },
  { key: 'opened', header: 'Opened (UTC)', cell: (c) => when(c.openedAt) },
];

/** GET /api/admin/monitoring/cases: the monitoring service's cases, open ones first by default, newest first; Export CSV reads every page. */
export function MonitoringCasesScreen() {
  const { session } = useConsole();
  const [status, setStatus] = useState<(typeof statuses)[number] | ''>('OPEN');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const read = (at: string | undefined) =>
    session.client.listMonitoringCases({ query: { limit: pageSize, ...(status ? { status } : {}), ...(at ? { cursor: at } : {}) } });
  const cases = useLoad(() => read(cursor), [status, cursor]);
  return (
    <Page title="Monitoring cases">
      <form className="filters" aria-label="Filter cases" onSubmit={(event) => event.preventDefault()}>
        <Field label="Status">
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as typeof status);
              setCursors([]);
            }}
          >
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
      </form>
      <PagedTable
        load={cases}
        caption="Monitoring cases"
        columns={caseColumns}
        rows={(data) => data.cases}
        rowKey={(c) => c.id}
        empty="No case."
        paging={(data) => cursorPaging(cursors, data.nextCursor, setCursors)}
        csv={{ name: 'monitoring-cases', read }}
      />
    </Page>
  );
}
