import { cashoutApprovalIdOf, holdIdNamingPayer } from '@coin/contracts';
import type pg from 'pg';
import { ledgerSchemaBefore, type LedgerSchemaBefore } from '../../../test/harness/ledger-migrations';
import { approvalStateOf, type ApprovalDbRow } from './domain/kinds/approvals';

/**
 * Ledger migration 034 (a cash-out's second person as an approval request, docs/design/ledger.md
 * "Cash-out") against real PostgreSQL: a cash-out waiting for its second person before it gets its
 * request, as the cash-out makes it now (under its id read as a request's, in its payer's name,
 * lapsing with its hold), which the ledger reads back; an approved, a released or a small one gets
 * none, nor one whose id names no payer; and the erasure of a deleted user's number reaches the
 * stored replies of a request's approval and rejection.
 */
describe('ledger migration 034: cash-outs’ second persons as approval requests', () => {
  let before: LedgerSchemaBefore;
  let schema: string;
  let db: pg.Client;
  const payer = 7;
  const holdId = (n: number) => holdIdNamingPayer(payer, `${String(n).padStart(8, '0')}abcdef0123456789abcdef01`.slice(0, 32));
  const insertHold = (id: string, status: string, secondPerson: object | null) =>
    db.query(
      `INSERT INTO "${schema}".holds (id, from_user_id, to_user_id, amount, reason, status, expires_at, created_at, updated_at, cashout)
       VALUES ($1, $2, $2, 2500000, 'Cash-out', $3, '2026-12-01T10:00:00Z', '2026-11-30T10:00:00Z', '2026-11-30T10:00:00Z', $4::jsonb)`,
      [
        id,
        payer,
        status,
        JSON.stringify({
          msisdn: '+237670000000',
          providerClientId: null,
          claimedBy: null,
          xafAmount: 16375000,
          xafPerCoin: 655,
          rateEffectiveFrom: '2026-01-01T00:00:00.000Z',
          secondPerson,
        }),
      ],
    );

  beforeAll(async () => {
    before = await ledgerSchemaBefore('034');
    ({ schema, db } = before);
  }, 60_000);
  afterAll(() => before?.drop());

  it('when 034 runs, then each cash-out still waiting for its second person has its pending request, the ledger reads it, and no other cash-out has one', async () => {
    const waiting = holdId(1);
    await insertHold(waiting, 'PENDING', { approvedBy: null, approvedAt: null });
    await insertHold(holdId(2), 'PENDING', { approvedBy: 12, approvedAt: '2026-11-30T10:05:00.000Z' });
    await insertHold(holdId(3), 'VOIDED', { approvedBy: null, approvedAt: null });
    await insertHold(holdId(4), 'PENDING', null);
    // An id of the layout before ids named their payer: no route decides it by its id.
    await insertHold('00000007-0000-4000-8000-000000000005', 'PENDING', { approvedBy: null, approvedAt: null });
    expect(await before.migrateRest()).toContain('034_cashout_approvals.sql');

    const rows = await db.query<ApprovalDbRow>(`SELECT * FROM "${schema}".approval_requests`);
    expect(rows.rows.map((r) => r.id)).toEqual([cashoutApprovalIdOf(waiting)]);
    expect(approvalStateOf(rows.rows[0]!)).toEqual({
      id: cashoutApprovalIdOf(waiting),
      command: { type: 'ledger.clear-cashout', data: { holdId: waiting, fromUserId: payer, amount: 2_500_000 } },
      requestedBy: { kind: 'user', id: String(payer) },
      status: 'PENDING',
      createdAt: new Date('2026-11-30T10:00:00Z'),
      expiresAt: new Date('2026-12-01T10:00:00Z'),
      updatedAt: new Date('2026-11-30T10:00:00Z'),
      decidedBy: null,
      rejectionReason: null,
      transactionId: null,
    });
    // Approved, it names no transaction: it moved no coins.
    await db.query(
      `UPDATE "${schema}".approval_requests SET status = 'APPROVED', decided_by = '{"kind":"user","id":"12"}', updated_at = now() WHERE id = $1`,
      [cashoutApprovalIdOf(waiting)],
    );
  });

  it('when a deleted user’s number is erased, then the stored replies of a request’s approval and rejection that show their cash-out lose it too', async () => {
    const reply = (type: string, n: number) =>
      db.query(`INSERT INTO "${schema}".processed_commands (command_id, type, ok, reply, request_hash) VALUES ($1, $2, true, $3, NULL)`, [
        `00000000-0000-4000-8000-00000000003${n}`,
        type,
        JSON.stringify({ cashout: { id: holdId(n), userId: payer, msisdn: '+237670000000' }, approval: { id: 'x' } }),
      ]);
    await reply('ledger.approve', 1);
    await reply('ledger.reject-approval', 2);
    expect((await db.query(`SELECT "${schema}".erase_cashout_accounts(ARRAY[$1]::bigint[]) AS n`, [payer])).rows[0].n).toBe('2');
    const stored = await db.query<{ reply: string }>(`SELECT reply FROM "${schema}".processed_commands ORDER BY command_id`);
    expect(stored.rows.map((r) => (JSON.parse(r.reply) as { cashout: { msisdn: unknown } }).cashout.msisdn)).toEqual([null, null]);
  });
});
