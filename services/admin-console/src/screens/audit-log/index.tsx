import type { operations } from '@coin/client';
import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { Field, Page, Pager, Table } from '../../components/layout';
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

type Result = NonNullable<NonNullable<operations['listAuditLog']['parameters']['query']>['result']>;
const results: Result[] = ['applied', 'rejected'];

interface Filters {
  actor: string;
  action: Action | '';
  target: string;
  result: Result | '';
  from: string;
  to: string;
}

/** GET /api/admin/audit-log: newest first, by actor, action, target and time; keyset paging. */
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
  const entries = useLoad(
    () =>
      session.client.listAuditLog({
        query: {
          limit: String(pageSize),
          ...(filters.actor ? { actor: filters.actor } : {}),
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.target ? { target: filters.target } : {}),
          ...(filters.result ? { result: filters.result } : {}),
          ...(filters.from ? { from: filters.from } : {}),
          ...(filters.to ? { to: filters.to } : {}),
          ...(cursor ? { cursor } : {}),
        },
      }),
    [filters, cursor],
  );
  return (
    <Page title="Audit log">
      <form
        className="filters"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (name: string) => String(form.get(name) ?? '').trim();
          setFilters({
            actor: text('actor'),
            action: text('action') as Action | '',
            target: text('target'),
            result: text('result') as Result | '',
            from: toIso(text('from')),
            to: toIso(text('to')),
          });
          setStack([]);
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
      <Loaded load={entries}>
        {(data) => (
          <>
            <Table caption="Audit log entries">
              <thead>
                <tr>
                  <th scope="col">At (UTC)</th>
                  <th scope="col">Actor</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Result</th>
                  <th scope="col">Summary</th>
                  <th scope="col">Request id</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e) => (
                  <tr key={e.id}>
                    <td>{when(e.at)}</td>
                    <td>
                      {e.actor.kind} {e.actor.id}
                      {e.actor.role ? ` (${e.actor.role})` : ''}
                    </td>
                    <td>{e.action}</td>
                    <td>{e.target}</td>
                    <td>
                      {e.result}
                      {e.errorCode ? ` (${e.errorCode})` : ''}
                      {'reason' in e ? `: ${e.reason}` : ''}
                    </td>
                    <td>
                      <code className="summary">{JSON.stringify(e.summary)}</code>
                    </td>
                    <td>
                      <code>{e.requestId ?? '—'}</code>
                    </td>
                  </tr>
                ))}
                {data.entries.length === 0 ? (
                  <tr>
                    <td colSpan={7}>No entry.</td>
                  </tr>
                ) : null}
              </tbody>
            </Table>
            <Pager
              label={`Page ${stack.length + 1}`}
              hasPrevious={stack.length > 0}
              hasNext={Boolean(data.nextCursor)}
              onPrevious={() => setStack(stack.slice(0, -1))}
              onNext={() => data.nextCursor && setStack([...stack, data.nextCursor])}
            />
          </>
        )}
      </Loaded>
    </Page>
  );
}
