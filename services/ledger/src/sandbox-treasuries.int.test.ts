import { partitionKeyOf, walletKeyOfTreasury, walletKeyOfUser, type LedgerDraft } from '@coin/contracts';
import type { ProofActor } from '../../../scripts/stack/proofs';
import { eventually, type LedgerHarness, startLedgerHarness } from '../../../test/harness/ledger';
import { auditLedger } from './db/audit';

/**
 * Each test client has sandbox treasuries of its own (docs/decisions/0018-sandbox.md "Treasuries of
 * each test client's own"): what one funds, spends or saturates moves no other client's figures,
 * no client spends another's coins, and a reset leaves its own treasuries as new (totals included)
 * and another's as they were. An insider with the gateway's Kafka credentials and a test client's
 * genuine token writes the commands straight to the sandbox's ledger.commands.
 */

interface Figures {
  balance: number;
  received: number;
  sent: number;
}

/** A wallet's figures in minor units, or null when it has none. */
async function figuresOf(h: LedgerHarness, key: string): Promise<Figures | null> {
  const found = await h.pool.query<{ balance: string; total_received: string; total_sent: string }>(
    'SELECT balance, total_received, total_sent FROM wallets WHERE wallet_key = $1',
    [key],
  );
  const row = found.rows[0];
  return row ? { balance: Number(row.balance), received: Number(row.total_received), sent: Number(row.total_sent) } : null;
}

describe('the sandbox keeps each test client’s treasuries its own', () => {
  let h: LedgerHarness;
  const a: ProofActor = { kind: 'system', id: 'test_own_treasury_a', treasuries: ['REWARDS', 'COURSE_FEES'], mode: 'test' };
  const b: ProofActor = { kind: 'system', id: 'test_own_treasury_b', treasuries: ['REWARDS'], mode: 'test' };
  const user = 4_747;
  const rewardsOf = (client: ProofActor) => walletKeyOfTreasury('REWARDS', client.id);
  const fund = (client: ProofActor, amount: number) =>
    h.send({
      type: 'ledger.mint',
      key: walletKeyOfTreasury('REWARDS'),
      actor: client,
      data: { to: { kind: 'treasury', code: 'REWARDS' }, amount, reason: 'fund' },
    });
  const reward = (client: ProofActor, amount: number) =>
    h.send({
      type: 'ledger.reward',
      key: walletKeyOfTreasury('REWARDS'),
      actor: client,
      data: { toUserId: user, amount, reason: 'prize' },
    });

  beforeAll(async () => {
    h = await startLedgerHarness({ space: 'test' });
    await h.startLedger();
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(user), data: { userId: user } })).ok).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when client A funds and spends its REWARDS, then B’s REWARDS does not move, and B spends only what it funded itself', async () => {
    expect(await fund(b, 5_000)).toMatchObject({ ok: true, result: { wallet: { balance: 50, totalReceived: 50, totalSent: 0 } } });
    expect(await fund(a, 100_000)).toMatchObject({ ok: true, result: { wallet: { balance: 1_000, totalReceived: 1_000, totalSent: 0 } } });
    expect(await reward(a, 10_000)).toMatchObject({ ok: true });
    expect(await figuresOf(h, rewardsOf(a))).toEqual({ balance: 90_000, received: 100_000, sent: 10_000 });
    expect(await figuresOf(h, rewardsOf(b))).toEqual({ balance: 5_000, received: 5_000, sent: 0 });
    // B's own 50 coins are all it may pay, though A's REWARDS holds 900.
    expect(await reward(b, 6_000)).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_FUNDS' } });
    // No coin of either went to the shared treasury, which no test client pays from or into any more.
    expect(await figuresOf(h, walletKeyOfTreasury('REWARDS'))).toEqual({ balance: 0, received: 0, sent: 0 });
  });

  it.each([
    [
      'a reward from A’s REWARDS',
      'ledger.reward',
      { toUserId: user, amount: 100, reason: 'take', treasuryClientId: 'test_own_treasury_a' },
    ],
    [
      'a payout from A’s REWARDS',
      'ledger.payout',
      {
        from: { kind: 'treasury', code: 'REWARDS', clientId: 'test_own_treasury_a' },
        lines: [{ toUserId: user, amount: 100 }],
        reason: 'take',
      },
    ],
    [
      'a burn of A’s REWARDS',
      'ledger.burn',
      { from: { kind: 'treasury', code: 'REWARDS', clientId: 'test_own_treasury_a' }, amount: 100, reason: 'x' },
    ],
    [
      'a funding of A’s REWARDS',
      'ledger.mint',
      { to: { kind: 'treasury', code: 'REWARDS', clientId: 'test_own_treasury_a' }, amount: 100, reason: 'x' },
    ],
    [
      'a retirement of A’s REWARDS',
      'ledger.retire-treasury',
      { treasury: { kind: 'treasury', code: 'REWARDS', clientId: 'test_own_treasury_a' }, reason: 'x' },
    ],
    ['a funding of the shared REWARDS', 'ledger.mint', { to: { kind: 'treasury', code: 'REWARDS' }, amount: 100, reason: 'x' }],
    ['a reward from the shared REWARDS', 'ledger.reward', { toUserId: user, amount: 100, reason: 'take' }],
  ] as const)(
    'when client B sends %s with its own genuine token, then it is refused and A’s figures do not move',
    async (_name, type, data) => {
      const before = await figuresOf(h, rewardsOf(a));
      // As the contract keys it: the treasury the command names, A's or the shared one.
      const key = partitionKeyOf({ type, data } as LedgerDraft);
      const sent = await h.send({ type, key, actor: b, data, ownTreasuries: false });
      expect(sent).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
      expect(await figuresOf(h, rewardsOf(a))).toEqual(before);
    },
  );

  it('when A’s reset retires its REWARDS, then A’s next funding finds it new (totals 0), the old wallet is kept with its figures, B’s is untouched and no coin is made or lost', async () => {
    const retire = { treasury: { kind: 'treasury', code: 'REWARDS', clientId: a.id }, reason: 'Sandbox reset' };
    const retired = await h.send({ type: 'ledger.retire-treasury', key: rewardsOf(a), actor: a, data: retire });
    expect(retired).toMatchObject({ ok: true, result: { transaction: { type: 'BURN', amount: 900, fromTreasury: 'REWARDS' } } });
    expect(await figuresOf(h, rewardsOf(a))).toBeNull();
    const kept = await h.pool.query<{ wallet_key: string; balance: number; total_received: number; status: string }>(
      "SELECT wallet_key, balance, total_received, status FROM wallets WHERE wallet_key LIKE 'treasury:REWARDS@test_own_treasury_a#%'",
    );
    expect(kept.rows).toEqual([expect.objectContaining({ balance: 0, total_received: 100_000, status: 'CLOSED' })]);
    // A retirement replayed, or of a treasury already new, does nothing more.
    expect(await h.send({ type: 'ledger.retire-treasury', key: rewardsOf(a), actor: a, data: retire })).toMatchObject({
      ok: true,
      result: { transaction: null },
    });
    expect(await fund(a, 1_000)).toMatchObject({ ok: true, result: { wallet: { balance: 10, totalReceived: 10, totalSent: 0 } } });
    expect(await figuresOf(h, rewardsOf(b))).toEqual({ balance: 5_000, received: 5_000, sent: 0 });
    const report = await eventually(
      async () => {
        const client = await h.pool.connect();
        const read = await auditLedger(client, { now: new Date(), creditLegMaxAgeS: 60 }).finally(() => client.release());
        return read.inFlight === 0 ? read : undefined;
      },
      15_000,
      'the rewards’ credit legs applied',
    );
    expect(report).toMatchObject({ discrepancy: 0, consistent: true, mismatchedWallets: [] });
  });

  it('when A captures a hold of its test user’s coins for its COURSE_FEES, never used before, then the purchase opens A’s own COURSE_FEES with it', async () => {
    const placed = await h.send({
      type: 'ledger.hold',
      key: walletKeyOfUser(user),
      actor: a,
      data: { fromUserId: user, to: { kind: 'treasury', code: 'COURSE_FEES' }, amount: 2_500, reason: 'order', settlerClientId: a.id },
    });
    expect(placed).toMatchObject({ ok: true, result: { hold: { status: 'PENDING' } } });
    const holdId = (placed as { result: { hold: { id: string } } }).result.hold.id;
    const captured = await h.send({
      type: 'ledger.capture-hold',
      key: walletKeyOfUser(user),
      actor: a,
      data: { holdId, fromUserId: user },
    });
    expect(captured).toMatchObject({ ok: true, result: { transaction: { type: 'PURCHASE', amount: 25, toTreasury: 'COURSE_FEES' } } });
    await eventually(
      async () => {
        const fees = await figuresOf(h, walletKeyOfTreasury('COURSE_FEES', a.id));
        return fees?.balance === 2_500 ? fees : undefined;
      },
      15_000,
      'the purchase credited to A’s own COURSE_FEES',
    );
    expect(await figuresOf(h, walletKeyOfTreasury('COURSE_FEES', a.id))).toEqual({ balance: 2_500, received: 2_500, sent: 0 });
    expect(await figuresOf(h, walletKeyOfTreasury('COURSE_FEES'))).toEqual({ balance: 0, received: 0, sent: 0 });
  });
});
