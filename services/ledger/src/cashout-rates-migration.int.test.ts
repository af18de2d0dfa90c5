import type pg from 'pg';
import { ledgerSchemaBefore, type LedgerSchemaBefore } from '../../../test/harness/ledger-migrations';
import { approvalStateOf, type ApprovalDbRow } from './domain/kinds/approvals';

/**
 * Ledger migration 035 (a cash-out rate asked for in an approval request, docs/design/ledger.md
 * "Cash-out") against real PostgreSQL: an approved version stays, a rejected one and one still
 * proposed become the requests they were (rejected; lapsed now), which the ledger reads back as
 * requests holding the version; the rate table keeps approved versions only, never changed after.
 */
describe('ledger migration 035: cash-out rates as approval requests', () => {
  let before: LedgerSchemaBefore;
  let schema: string;
  let db: pg.Client;
  const admin = (id: string) => JSON.stringify({ kind: 'user', id });
  const insertVersion = (id: string, status: string, decided: boolean) =>
    db.query(
      `INSERT INTO "${schema}".cashout_rates (id, xaf_per_coin, effective_from, status, proposed_by, proposed_at, decided_by, decided_at, expires_at)
       VALUES ($1, 655, '2026-12-01T00:00:00Z', $2, $3::jsonb, '2026-11-30T10:00:00Z', $4::jsonb, $5, '2026-11-30T23:59:00Z')`,
      [id, status, admin('11'), decided ? admin('12') : null, decided ? '2026-11-30T10:05:00Z' : null],
    );

  beforeAll(async () => {
    before = await ledgerSchemaBefore('035');
    ({ schema, db } = before);
  }, 60_000);
  afterAll(() => before?.drop());

  it('when 035 runs, then the approved version stays, the others are their requests (rejected, or lapsed now), and the table keeps approved versions only', async () => {
    await insertVersion('00000000-0000-5000-8000-00000000000a', 'APPROVED', true);
    await insertVersion('00000000-0000-5000-8000-00000000000b', 'REJECTED', true);
    await insertVersion('00000000-0000-5000-8000-00000000000c', 'PROPOSED', false);
    expect(await before.migrateRest()).toContain('035_cashout_rates_as_approvals.sql');

    const versions = await db.query(`SELECT id, status FROM "${schema}".cashout_rates ORDER BY id`);
    expect(versions.rows).toEqual([{ id: '00000000-0000-5000-8000-00000000000a', status: 'APPROVED' }]);
    const rows = await db.query<ApprovalDbRow>(`SELECT * FROM "${schema}".approval_requests ORDER BY id`);
    const requests = rows.rows.map(approvalStateOf);
    const held = { type: 'ledger.set-cashout-rate', data: { xafPerCoin: 655, effectiveFrom: '2026-12-01T00:00:00.000Z' } };
    expect(requests).toMatchObject([
      {
        id: '00000000-0000-5000-8000-00000000000b',
        command: held,
        requestedBy: { kind: 'user', id: '11' },
        status: 'REJECTED',
        decidedBy: { kind: 'user', id: '12' },
        updatedAt: new Date('2026-11-30T10:05:00Z'),
      },
      { id: '00000000-0000-5000-8000-00000000000c', command: held, status: 'EXPIRED', decidedBy: null },
    ]);
    // Lapsed at the migration: its expiry is no later than its end.
    expect(requests[1]!.expiresAt.getTime()).toBeLessThanOrEqual(requests[1]!.updatedAt.getTime());

    // A version is never changed or deleted, and no other status is kept.
    await expect(db.query(`UPDATE "${schema}".cashout_rates SET xaf_per_coin = 1`)).rejects.toThrow(/never changed or deleted/);
    await expect(db.query(`DELETE FROM "${schema}".cashout_rates`)).rejects.toThrow(/never changed or deleted/);
    await expect(insertVersion('00000000-0000-5000-8000-00000000000d', 'PROPOSED', false)).rejects.toThrow(/cashout_rates_approved_only/);
  });
});
