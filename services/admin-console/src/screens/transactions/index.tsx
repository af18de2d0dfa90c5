import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { cursorPaging, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { toIso, toLocal, transactionTypes, treasuries } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { navigate, useLocation } from '../../router';
import { transactionColumns } from './transaction-rows';

const filterNames = ['userId', 'treasury', 'type', 'from', 'to'] as const;
type Filters = Record<(typeof filterNames)[number], string>;
const pageSize = 25;

/** GET /api/admin/transactions: by user or treasury, type, date range; keyset paging (Next follows nextCursor, Previous goes back the cursors seen). */
export function TransactionsScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const filters = Object.fromEntries(filterNames.map((name) => [name, query.get(name) ?? ''])) as Filters;
  const key = filterNames.map((n) => filters[n]).join('|');
  const [cursors, setCursors] = useState<{ key: string; stack: string[] }>({ key, stack: [] });
  const stack = cursors.key === key ? cursors.stack : [];
  const cursor = stack.at(-1);
  const found = useLoad(
    () =>
      session.client.searchTransactions({
        query: {
          limit: String(pageSize),
          ...(filters.userId ? { userId: filters.userId } : {}),
          ...(filters.treasury ? { treasury: filters.treasury as (typeof treasuries)[number] } : {}),
          ...(filters.type ? { type: filters.type as (typeof transactionTypes)[number] } : {}),
          ...(filters.from ? { from: filters.from } : {}),
          ...(filters.to ? { to: filters.to } : {}),
          ...(cursor ? { cursor } : {}),
        },
      }),
    [key, cursor],
  );
  return (
    <Page title="Transactions">
      <TransactionFilters filters={filters} onSearch={() => setCursors({ key: '', stack: [] })} />
      <PagedTable
        load={found}
        caption="Transactions found"
        columns={transactionColumns}
        rows={(data) => data.transactions}
        rowKey={(t) => t.id}
        empty="No transaction."
        paging={(data) => cursorPaging(stack, data.nextCursor, (next) => setCursors({ key, stack: next }))}
      />
    </Page>
  );
}

/** The search's filters, shown as the address has them; submitting puts them in the address (a new search from its first page). */
function TransactionFilters({ filters, onSearch }: { filters: Filters; onSearch: () => void }) {
  return (
    <form
      className="filters"
      aria-label="Search transactions"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const params = new URLSearchParams();
        for (const name of filterNames) {
          const raw = String(form.get(name) ?? '').trim();
          const value = name === 'from' || name === 'to' ? toIso(raw) : raw;
          if (value) params.set(name, value);
        }
        onSearch();
        navigate(`/transactions${params.size ? `?${params}` : ''}`);
      }}
    >
      <Field label="User id">
        <input name="userId" inputMode="numeric" pattern="[0-9]*" defaultValue={filters.userId} key={`u${filters.userId}`} />
      </Field>
      <Field label="Treasury">
        <select name="treasury" defaultValue={filters.treasury} key={`t${filters.treasury}`}>
          <option value="">Any</option>
          {treasuries.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </Field>
      <Field label="Type">
        <select name="type" defaultValue={filters.type} key={`y${filters.type}`}>
          <option value="">Any</option>
          {transactionTypes.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </Field>
      <Field label="From (UTC)">
        <input name="from" type="datetime-local" defaultValue={toLocal(filters.from)} key={`f${filters.from}`} />
      </Field>
      <Field label="To (UTC, excluded)">
        <input name="to" type="datetime-local" defaultValue={toLocal(filters.to)} key={`o${filters.to}`} />
      </Field>
      <button type="submit">Search</button>
    </form>
  );
}

export { TransactionDetailScreen } from './transaction-detail';
export { TransactionRows } from './transaction-rows';
