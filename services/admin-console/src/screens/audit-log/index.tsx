import type { OperationResult, operations } from '@coin/client';
import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { type Column, cursorPaging, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { toIso, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { useLocation } from '../../router';

type Action = NonNullable<NonNullable<operations['listAuditLog']['parameters']['query']>['action']>;
/** Every action the API's filter takes: a Record over the generated type, so a new action the console does not list fails to compile. */
const actionSet: Record<Action, true> = {
  'user.change-role': true,
  'user.delete': true,
  'user.create-superadmin': true,
  'sessions.revoke': true,
  'api-key.create': true,
  'api-key.revoke': true,
  'platform-client.create': true,
  'platform-client.revoke': true,
  'money.mint': true,
  'money.burn': true,
  'money.refund': true,
  'money.reward': true,
  'limits.set': true,
  'approval.request': true,
  'approval.approve': true,
  'approval.reject': true,
};
const actions = Object.keys(actionSet) as Action[];
const pageSize = 50;
/** The audit log's largest page: an export reads the log in as few requests as the API allows. */
const exportPageSize = 1000;

type Result = NonNullable<NonNullable<operations['listAuditLog']['parameters']['query']>['result']>;
const results: Result[] = ['applied', 'rejected'];

type Entry = OperationResult<'listAuditLog'>['entries'][number];

const entryColumns: readonly Column<Entry>[] = [
  { key: 'at', header: 'At (UTC)', cell: (e) => when(e.at) },
  {
    key: 'actor',
    header: 'Actor',
    cell: (e) => (
      <>
        {e.actor.kind} {e.actor.id}
        {e.actor.role ? ` (${e.actor.role})` : ''}
      </>
    ),
  },
  { key: 'action', header: 'Action', cell: (e) => e.action },
  { key: 'target', header: 'Target', cell: (e) => e.target },
  {
    key: 'result',
    header: 'Result',
    cell: (e) => (
      <>
        {e.result}
        {e.errorCode ? ` (${e.errorCode})` : ''}
        {'reason' in e ? `: ${e.reason}` : ''}
      </>
    ),
  },
  { key: 'summary', header: 'Summary', cell: (e) => <code className="summary">{JSON.stringify(e.summary)}</code> },
  { key: 'request', header: 'Request id', cell: (e) => <code>{e.requestId ?? '—'}</code> },
];

interface Filters {
  actor: string;
  action: Action | '';
  target: string;
  result: Result | '';
  from: string;
  to: string;
}

/** GET /api/admin/audit-log: newest first, by actor, action, target and time; keyset paging; Export CSV reads every page. */
export function AuditLogScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const [filters, setFilters] = useState<Filters>({
    actor: '',
    action: '',
    target: query.get('target') ?? '',
    result: '',
    from: '',
    to: '',
  });
  const [stack, setStack] = useState<string[]>([]);
  const cursor = stack.at(-1);
  const read = (limit: number, at: string | undefined) =>
    session.client.listAuditLog({
      query: {
        limit: String(limit),
        ...(filters.actor ? { actor: filters.actor } : {}),
        ...(filters.action ? { action: filters.action } : {}),
        ...(filters.target ? { target: filters.target } : {}),
        ...(filters.result ? { result: filters.result } : {}),
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
        ...(at ? { cursor: at } : {}),
      },
    });
  const entries = useLoad(() => read(pageSize, cursor), [filters, cursor]);
  return (
    <Page title="Audit log">
      <AuditLogFilters
        filters={filters}
        onFilter={(next) => {
          setFilters(next);
          setStack([]);
        }}
      />
      <PagedTable
        load={entries}
        caption="Audit log entries"
        columns={entryColumns}
        rows={(data) => data.entries}
        rowKey={(e) => e.id}
        empty="No entry."
        paging={(data) => cursorPaging(stack, data.nextCursor, setStack)}
        csv={{ name: 'audit-log', read: (at) => read(exportPageSize, at) }}
      />
    </Page>
  );
}

/** The audit log's filters; submitting them reads the first page again. */
function AuditLogFilters({ filters, onFilter }: { filters: Filters; onFilter: (filters: Filters) => void }) {
  return (
    <form
      className="filters"
      aria-label="Filter the audit log"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? '').trim();
        onFilter({
          actor: text('actor'),
          action: text('action') as Action | '',
          target: text('target'),
          result: text('result') as Result | '',
          from: toIso(text('from')),
          to: toIso(text('to')),
        });
      }}
    >
      <Field label="Actor id">
        <input name="actor" defaultValue={filters.actor} />
      </Field>
      <Field label="Action">
        <select name="action" defaultValue={filters.action}>
          <option value="">Any</option>
          {actions.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </Field>
      <Field label="Target" hint="e.g. user:42, treasury:REWARDS">
        <input name="target" defaultValue={filters.target} />
      </Field>
      <Field label="Result">
        <select name="result" defaultValue={filters.result}>
          <option value="">Any</option>
          {results.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </Field>
      <Field label="From (UTC)">
        <input name="from" type="datetime-local" />
      </Field>
      <Field label="To (UTC)">
        <input name="to" type="datetime-local" />
      </Field>
      <button type="submit">Filter</button>
    </form>
  );
}
