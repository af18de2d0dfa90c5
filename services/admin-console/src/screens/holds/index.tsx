import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { Field, Page, Pager, Table } from '../../components/layout';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link, useLocation } from '../../router';

const statuses = ['PENDING', 'CAPTURED', 'VOIDED', 'EXPIRED'] as const;
const pageSize = 25;

/** GET /api/admin/holds: every payer's holds, or one's, by status. */
export function HoldsScreen() {
  const { session } = useConsole();
  const { query } = useLocation();
  const [userId, setUserId] = useState(query.get('userId') ?? '');
  const [status, setStatus] = useState<(typeof statuses)[number] | ''>('');
  const [offset, setOffset] = useState(0);
  const holds = useLoad(
    () =>
      session.client.listHolds({
        query: { limit: String(pageSize), offset: String(offset), ...(userId ? { userId } : {}), ...(status ? { status } : {}) },
      }),
    [userId, status, offset],
  );
  const total = holds.data?.pagination.total ?? 0;
  return (
    <Page title="Holds">
      <form
        className="filters"
        aria-label="Filter holds"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setUserId(String(form.get('userId') ?? '').trim());
          setStatus(String(form.get('status') ?? '') as typeof status);
          setOffset(0);
        }}
      >
        <Field label="Payer's user id">
          <input name="userId" inputMode="numeric" pattern="[0-9]*" defaultValue={userId} />
        </Field>
        <Field label="Status">
          <select name="status" defaultValue={status}>
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <button type="submit">Filter</button>
      </form>
      <Loaded load={holds}>
        {(data) => (
          <>
            <Table caption="Holds">
              <thead>
                <tr>
                  <th scope="col">Hold</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Payer</th>
                  <th scope="col">To</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Expires (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {data.holds.map((h) => (
                  <tr key={h.id}>
                    <td>
                      <code>{h.id.slice(0, 8)}</code>
                    </td>
                    <td>
                      {h.status}
                      {h.transactionId !== null ? (
                        <>
                          {' '}
                          (<Link to={`/transactions/${h.transactionId}`}>{h.transactionId}</Link>)
                        </>
                      ) : null}
                    </td>
                    <td className="num">{coins(h.amount)}</td>
                    <td>
                      <Link to={`/users/${h.fromUserId}`}>user {h.fromUserId}</Link>
                    </td>
                    <td>{h.toUserId !== null ? <Link to={`/users/${h.toUserId}`}>user {h.toUserId}</Link> : h.toTreasury}</td>
                    <td>{h.reason}</td>
                    <td>{when(h.expiresAt)}</td>
                  </tr>
                ))}
                {data.holds.length === 0 ? (
                  <tr>
                    <td colSpan={7}>No hold.</td>
                  </tr>
                ) : null}
              </tbody>
            </Table>
            <Pager
              label={`${total === 0 ? 0 : offset + 1}–${offset + data.holds.length} of ${total}`}
              hasPrevious={offset > 0}
              hasNext={offset + pageSize < total}
              onPrevious={() => setOffset(Math.max(0, offset - pageSize))}
              onNext={() => setOffset(offset + pageSize)}
            />
          </>
        )}
      </Loaded>
    </Page>
  );
}
