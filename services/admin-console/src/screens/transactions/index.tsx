import { useState } from 'react';
import { Field, Page } from '../../components/layout';
import { cursorPaging, PagedTable } from '../../components/paged-table';
import { useConsole } from '../../context';
import { toIso, toLocal, transactionTypes, treasuries } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { navigate, useLocation } from '../../router';
import { transactionColumns } from './transaction-rows';

const filterNames = [
  'userId',
  'email',
  'treasury',
  'type',
  'from',
  'to',
  'reference',
  'clientId',
  'amount',
  'amountMin',
  'amountMax',
  'metadata',
] as const;
type Filters = Record<(typeof filterNames)[number], string>;
const pageSize = 25;
/** The search's largest page: an export reads the list in as few requests as the API allows. */
const exportPageSize = 1000;

/**
 * The metadata filter as typed: one `key=value` per line (a value may hold any character but a line
 * break; the key ends at the first =). The API judges the keys and values.
 */
export function metadataPairs(text: string): Record<string, string> | undefined {
  const pairs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    });
  return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
}

/** The API's query of the filters as the address has them (an empty field asks for nothing). */
function searchQuery(filters: Filters) {
  const text = <K extends Exclude<(typeof filterNames)[number], 'treasury' | 'type' | 'metadata'>>(name: K) =>
    filters[name] ? ({ [name]: filters[name] } as Record<K, string>) : {};
  const metadata = metadataPairs(filters.metadata);
  return {
    ...text('userId'),
    ...text('email'),
    ...(filters.treasury ? { treasury: filters.treasury as (typeof treasuries)[number] } : {}),
    ...(filters.type ? { type: filters.type as (typeof transactionTypes)[number] } : {}),
    ...text('from'),
    ...text('to'),
    ...text('reference'),
    ...text('clientId'),
    ...text('amount'),
    ...text('amountMin'),
    ...text('amountMax'),
    ...(metadata ? { metadata } : {}),
  };
}

/**
 * GET /api/admin/transactions: by user (id or e-mail) or treasury, type, dates, reference, metadata,
 * platform client and amount; keyset paging (Next follows nextCursor, Previous goes back the cursors
 * seen); Export CSV reads every page of the search.
 */
export function TransactionsScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const filters = Object.fromEntries(filterNames.map((name) => [name, query.get(name) ?? ''])) as Filters;
  const key = filterNames.map((n) => filters[n]).join('|');
  const [cursors, setCursors] = useState<{ key: string; stack: string[] }>({ key, stack: [] });
  const stack = cursors.key === key ? cursors.stack : [];
  const cursor = stack.at(-1);
  const search = (limit: number, at: string | undefined) =>
    session.client.searchTransactions({ query: { limit: String(limit), ...searchQuery(filters), ...(at ? { cursor: at } : {}) } });
  const found = useLoad(() => search(pageSize, cursor), [key, cursor]);
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
        csv={{ name: 'transactions', read: (at) => search(exportPageSize, at) }}
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
      <FinanceFilters filters={filters} />
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

/** The filters finance looks a transaction up by: the payer's e-mail, reference, platform client, amount and metadata. */
function FinanceFilters({ filters }: { filters: Filters }) {
  return (
    <>
      <Field label="E-mail">
        <input name="email" type="email" maxLength={254} defaultValue={filters.email} key={`e${filters.email}`} />
      </Field>
      <Field label="Reference">
        <input name="reference" maxLength={100} defaultValue={filters.reference} key={`r${filters.reference}`} />
      </Field>
      <Field label="Platform client">
        <input name="clientId" maxLength={100} defaultValue={filters.clientId} key={`c${filters.clientId}`} />
      </Field>
      <CoinsField label="Amount (coins, exact)" name="amount" value={filters.amount} />
      <CoinsField label="Amount from" name="amountMin" value={filters.amountMin} />
      <CoinsField label="Amount to" name="amountMax" value={filters.amountMax} />
      <Field label="Metadata" hint="key=value, one pair per line">
        <textarea name="metadata" rows={2} defaultValue={filters.metadata} key={`m${filters.metadata}`} />
      </Field>
    </>
  );
}

/** An amount of coins as the API takes it in a query: digits, then at most two decimals. */
function CoinsField({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <Field label={label}>
      <input name={name} inputMode="decimal" pattern="[0-9]+([.][0-9]{1,2})?" defaultValue={value} key={`${name}${value}`} />
    </Field>
  );
}

export { TransactionDetailScreen } from './transaction-detail';
export { TransactionRows } from './transaction-rows';
