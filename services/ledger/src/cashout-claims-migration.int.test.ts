import type pg from 'pg';
import { ledgerSchemaBefore, type LedgerSchemaBefore } from '../../../test/harness/ledger-migrations';

/**
 * Ledger migration 022 (cash-out claims, docs/CONTRACT.md "Cash-out") against real PostgreSQL: a
 * cash-out asked for before claims existed counts as claimed by the provider it named (which
 * settled it directly), and the new check ties a cash-out's settler to its claimer.
 */
describe('ledger migration 022: cash-out claims', () => {
  let before: LedgerSchemaBefore;
  let schema: string;
  let db: pg.Client;
  const terms = (extra: object = {}) =>
    JSON.stringify({
      msisdn: '+237670000000',
      providerClientId: 'pc_old',
      xafAmount: 655,
      xafPerCoin: 655,
      rateEffectiveFrom: '2026-01-01T00:00:00.000Z',
      ...extra,
    });
  const insertHold = (id: string, settler: string | null, cashout: string) =>
    db.query(
      `INSERT INTO "${schema}".holds (id, from_user_id, to_user_id, amount, reason, status, expires_at, created_at, updated_at, settler_client_id, cashout)
       VALUES ($1, 7, 7, 100, 'Cash-out', 'PENDING', now() + interval '1 day', '2026-11-20T10:00:00Z', now(), $2, $3::jsonb)`,
      [id, settler, cashout],
    );

  beforeAll(async () => {
    before = await ledgerSchemaBefore('022');
    ({ schema, db } = before);
  }, 60_000);
  afterAll(() => before?.drop());

  it('when 022 runs after 021, then an earlier cash-out is claimed by the provider it named (one waiting for its second person keeps waiting); afterwards a settler other than the claimer, or a claim by another than the provider named, is refused', async () => {
    await insertHold('00000007-0000-4000-8000-000000000001', 'pc_old', terms());
    // One above the four-eyes threshold (migration 021's time) still waiting for its second person.
    await insertHold('00000007-0000-4000-8000-000000000007', 'pc_old', terms({ secondPerson: { approvedBy: null, approvedAt: null } }));
    expect(await before.migrateRest()).toContain('022_cashout_claims.sql');

    const row = await db.query(
      `SELECT settler_client_id, cashout FROM "${schema}".holds WHERE id = '00000007-0000-4000-8000-000000000001'`,
    );
    expect(row.rows[0]).toMatchObject({
      settler_client_id: 'pc_old',
      cashout: { providerClientId: 'pc_old', claimedBy: 'pc_old', claimedAt: expect.any(String) },
    });

    // Counted as claimed too, and still waiting: the ledger refuses its CONFIRMED until a second person approves it.
    const waiting = await db.query(`SELECT cashout FROM "${schema}".holds WHERE id = '00000007-0000-4000-8000-000000000007'`);
    expect(waiting.rows[0].cashout).toMatchObject({ claimedBy: 'pc_old', secondPerson: { approvedBy: null, approvedAt: null } });

    // Unclaimed and naming none: no settler.
    await insertHold('00000007-0000-4000-8000-000000000002', null, terms({ providerClientId: null, claimedBy: null }));
    // A settler before any claim, a claimer other than the provider named, a settler not the claimer: refused.
    await expect(
      insertHold('00000007-0000-4000-8000-000000000003', 'pc_any', terms({ providerClientId: null, claimedBy: null })),
    ).rejects.toThrow(/holds_cashout_check/);
    await expect(insertHold('00000007-0000-4000-8000-000000000004', 'pc_b', terms({ claimedBy: 'pc_b' }))).rejects.toThrow(
      /holds_cashout_check/,
    );
    await expect(
      insertHold('00000007-0000-4000-8000-000000000005', 'pc_b', terms({ providerClientId: null, claimedBy: 'pc_c' })),
    ).rejects.toThrow(/holds_cashout_check/);
    await insertHold('00000007-0000-4000-8000-000000000006', 'pc_c', terms({ providerClientId: null, claimedBy: 'pc_c' }));
  });
});
