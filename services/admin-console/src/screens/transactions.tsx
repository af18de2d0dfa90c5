import type { OperationResult } from '@coin/client';
import { useState } from 'react';
import { useConsole } from '../context';
import { Link, navigate, useLocation } from '../router';
import { coins, Field, Loading, Page, Pager, ProblemView, Table, transactionTypes, treasuries, useLoad, when } from '../ui';

export type Transaction = OperationResult<'getTransaction'>;

const party = (userId: number | null, treasury: string | null) =>
  userId !== null ? (
    <Link to={`/users/${userId}`}>user {userId}</Link>
  ) : treasury ? (
    <Link to={`/transactions?treasury=${treasury}`}>{treasury}</Link>
  ) : (
    '—'
  );

export function TransactionRows({ caption, transactions }: { caption: string; transactions: readonly Transaction[] }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Id</th>
          <th scope="col">Type</th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col">From</th>
          <th scope="col">To</th>
          <th scope="col">Reason</th>
          <th scope="col">At (UTC)</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((t) => (
          <tr key={t.id}>
            <td>
              <Link to={`/transactions/${t.id}`}>{t.id}</Link>
            </td>
            <td>{t.type}</td>
            <td className="num">{coins(t.amount)}</td>
            <td>{party(t.fromUserId, t.fromTreasury)}</td>
            <td>{party(t.toUserId, t.toTreasury)}</td>
            <td>{t.reason}</td>
            <td>{when(t.createdAt)}</td>
          </tr>
        ))}
        {transactions.length === 0 ? (
          <tr>
            <td colSpan={7}>No transaction.</td>
          </tr>
        ) : null}
      </tbody>
    </Table>
  );
}

const filterNames = ['userId', 'treasury', 'type', 'from', 'to'] as const;
const pageSize = 25;

/** datetime-local (read as UTC) -> ISO 8601, and back. */
const toIso = (local: string) => (local ? new Date(`${local}:00Z`).toISOString() : '');
const toLocal = (iso: string) => (iso ? iso.slice(0, 16) : '');

/** GET /api/admin/transactions: by user or treasury, type, date range; keyset paging (Next follows nextCursor, Previous goes back the cursors seen). */
export function TransactionsScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const filters = Object.fromEntries(filterNames.map((name) => [name, query.get(name) ?? ''])) as Record<
    (typeof filterNames)[number],
    string
  >;
  const key = filterNames.map((n) => filters[n]).join('|');
  const [cursors, setCursors] = useState<{ key: string; stack: string[] }>({ key, stack: [] });
  const stack = cursors.key === key ? cursors.stack : [];
  const cursor = stack.at(-1);
  const { data, error, loading } = useLoad(
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
          setCursors({ key: '', stack: [] });
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
      <ProblemView error={error} />
      <Loading loading={loading} />
      {data ? (
        <>
          <TransactionRows caption="Transactions found" transactions={data.transactions} />
          <Pager
            label={`Page ${stack.length + 1}`}
            hasPrevious={stack.length > 0}
            hasNext={Boolean(data.nextCursor)}
            onPrevious={() => setCursors({ key, stack: stack.slice(0, -1) })}
            onNext={() => data.nextCursor && setCursors({ key, stack: [...stack, data.nextCursor] })}
          />
        </>
      ) : null}
    </Page>
  );
}

/** GET /api/coins/transactions/{id}: one transaction, read from the ledger. */
export function TransactionDetailScreen({ transactionId }: { transactionId: number }) {
  const { session } = useConsole();
  const { data, error, loading } = useLoad(() => session.client.getTransaction({ path: { id: String(transactionId) } }), [transactionId]);
  return (
    <Page title={`Transaction ${transactionId}`}>
      <p>
        <Link to="/transactions">← Transactions</Link>
      </p>
      <ProblemView error={error} />
      <Loading loading={loading} />
      {data ? (
        <dl className="facts">
          <dt>Type</dt>
          <dd>{data.type}</dd>
          <dt>Amount</dt>
          <dd>{coins(data.amount)}</dd>
          <dt>From</dt>
          <dd>{party(data.fromUserId, data.fromTreasury)}</dd>
          <dt>To</dt>
          <dd>{party(data.toUserId, data.toTreasury)}</dd>
          <dt>Reason</dt>
          <dd>{data.reason}</dd>
          <dt>Reference</dt>
          <dd>{data.reference ?? '—'}</dd>
          <dt>Refund of</dt>
          <dd>{data.refundOf !== null ? <Link to={`/transactions/${data.refundOf}`}>{data.refundOf}</Link> : '—'}</dd>
          <dt>At (UTC)</dt>
          <dd>{when(data.createdAt)}</dd>
          <dt>Approval</dt>
          <dd>
            {data.approval
              ? `${data.approval.id}: requested by user ${data.approval.requestedBy}, approved by user ${data.approval.approvedBy}`
              : '—'}
          </dd>
        </dl>
      ) : null}
      {data?.type === 'PURCHASE' ? (
        <p>
          <Link to={`/money?refund=${transactionId}`}>Refund this purchase</Link>
        </p>
      ) : null}
    </Page>
  );
}
