import { useState } from 'react';
import { Loaded } from '../../components/busy';
import { Field, Page, Table } from '../../components/layout';
import { StatementExport } from '../../components/statement-export';
import { useConsole } from '../../context';
import { coins, treasuries, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { SupplyReport } from './supply-report';

/** GET /api/admin/treasuries, GET /api/admin/supply (the supply audit) and a treasury's statement as CSV. */
export function TreasuriesScreen() {
  const { session } = useConsole();
  const list = useLoad(() => session.client.listTreasuries(), []);
  const supply = useLoad(() => session.client.getSupplyReport(), []);
  return (
    <Page
      title="Treasuries and supply"
      actions={
        <button
          type="button"
          onClick={() => {
            list.reload();
            supply.reload();
          }}
        >
          Refresh
        </button>
      }
    >
      <Loaded load={list}>
        {(data) => (
          <Table caption="Treasuries">
            <thead>
              <tr>
                <th scope="col">Treasury</th>
                <th scope="col">Name</th>
                <th scope="col" className="num">
                  Balance
                </th>
                <th scope="col" className="num">
                  Received
                </th>
                <th scope="col" className="num">
                  Sent
                </th>
                <th scope="col">Updated (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {data.treasuries.map((t) => (
                <tr key={t.code}>
                  <td>
                    <Link to={`/transactions?treasury=${t.code}`}>{t.code}</Link>
                  </td>
                  <td>{t.name}</td>
                  <td className="num">{coins(t.balance)}</td>
                  <td className="num">{coins(t.totalReceived)}</td>
                  <td className="num">{coins(t.totalSent)}</td>
                  <td>{when(t.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Loaded>
      <h2>Supply audit</h2>
      <Loaded load={supply}>{(report) => <SupplyReport report={report} />}</Loaded>
      <TreasuryStatement />
    </Page>
  );
}

/** A treasury's statement as CSV, the treasury chosen first. */
function TreasuryStatement() {
  const [code, setCode] = useState<(typeof treasuries)[number]>(treasuries[0]);
  return (
    <>
      <div className="filters">
        <Field label="Statement of treasury">
          <select value={code} onChange={(event) => setCode(treasuries.find((t) => t === event.target.value) ?? treasuries[0])}>
            {treasuries.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
      </div>
      <StatementExport key={code} party={{ kind: 'treasury', code }} />
    </>
  );
}
