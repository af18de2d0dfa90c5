import { Loaded } from '../../components/busy';
import { Page, Table } from '../../components/layout';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { SupplyReport } from './supply-report';

/** GET /api/admin/treasuries and GET /api/admin/supply (the supply audit). */
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
    </Page>
  );
}
