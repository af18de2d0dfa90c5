import { startLedgerHarness, type LedgerHarness } from '../../../../test/harness/ledger';

/**
 * advance_transaction_ids (migration 014), as the ledger's runtime role calls it in
 * `npm run restore:rewind`: the one way that role moves the id sequence, forward only and bounded,
 * so a compromised ledger cannot use up the id space or push ids past what JSON carries exactly.
 */
describe('advance_transaction_ids, called with the ledger runtime role', () => {
  let h: LedgerHarness;
  beforeAll(async () => {
    h = await startLedgerHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const advance = async (next: string) =>
    (await h.pool.query<{ next: string }>('SELECT advance_transaction_ids($1::bigint)::text AS next', [next])).rows[0]!.next;
  const drawn = async () => (await h.pool.query<{ id: string }>("SELECT nextval('transactions_id_seq')::text AS id")).rows[0]!.id;

  it('when asked to move forward within 10^9, then the next id drawn is the one asked for; asked to move back, nothing changes', async () => {
    const first = Number(await drawn());
    expect(await advance(String(first + 5_000))).toBe(String(first + 5_000));
    expect(await drawn()).toBe(String(first + 5_000));
    expect(await advance('1')).toBe(String(first + 5_001));
    expect(await drawn()).toBe(String(first + 5_001));
  });

  it('when asked to skip more than 10^9 ids or to go past 2^53 - 1, then it refuses and the sequence stays', async () => {
    const before = Number(await drawn());
    for (const next of [String(before + 1_000_000_002), '9007199254740992', '9223372036854775807']) {
      await expect(advance(next)).rejects.toMatchObject({ code: '22003' });
    }
    expect(await drawn()).toBe(String(before + 1));
  });

  it('when the runtime role tries to set the sequence directly, then PostgreSQL refuses it', async () => {
    await expect(h.pool.query("SELECT setval('transactions_id_seq', 4000000000000)")).rejects.toMatchObject({ code: '42501' });
  });
});
