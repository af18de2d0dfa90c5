import { cashoutRatesKey, walletKeyOfUser } from '@coin/contracts';
import { keyPartitioner } from '@coin/kafka';
import { startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';

/**
 * Cash-out rates over two ledger shards (docs/decisions/0015-cash-out-as-a-hold.md): the rate
 * table is written by the partition of `cashout-rates` on its shard only, and a cash-out applied
 * on the other shard reads it there, so the version two people approved prices it from its time.
 * The ledger's clock is the test's, so the minute's lead passes without waiting.
 */
describe('cash-out rates over two shards', () => {
  let h: LedgerHarness;
  let clock = new Date();
  const partitionOf = keyPartitioner(6);
  const shardOfKey = (key: string) => (partitionOf(key) < 3 ? 0 : 1);
  const proposer = { kind: 'user' as const, id: '999999991', role: 'ADMIN' as const };
  const approver = { kind: 'user' as const, id: '999999992', role: 'ADMIN' as const };
  let payer = 0;

  beforeAll(async () => {
    h = await startLedgerHarness({
      shards: 2,
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=600',
        CASHOUT_DAILY_COINS_UNVERIFIED: '100000',
      },
    });
    await h.startLedger({ now: () => clock });
    // A payer whose wallet lives on the shard that does not keep the rate table.
    const rateShard = shardOfKey(cashoutRatesKey);
    for (let userId = 1; payer === 0; userId += 1) if (shardOfKey(walletKeyOfUser(userId)) !== rateShard) payer = userId;
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when two ADMINs set a rate on the rate table’s shard, then a cash-out applied on the other shard is priced at it from its time, and the table is on one shard only', async () => {
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(payer), data: { userId: payer } })).ok).toBe(true);
    const mint = await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(payer),
      data: { to: { kind: 'user', userId: payer }, amount: 10_000, reason: 'seed' },
    });
    expect(mint.ok).toBe(true);
    const effectiveFrom = new Date(clock.getTime() + 120_000).toISOString();
    // Asked for: a request holding the version, kept in the rate table's partition.
    const proposed = await h.send({
      type: 'ledger.request-approval',
      key: cashoutRatesKey,
      actor: proposer,
      data: { command: { type: 'ledger.set-cashout-rate', data: { xafPerCoin: 700, effectiveFrom } }, idNonce: 'shardsnonce0000000000000' },
    });
    expect(proposed.ok).toBe(true);
    const rateId = (proposed as unknown as { result: { approval: { id: string } } }).result.approval.id;
    const decision = { approvalId: rateId, holds: 'cashout-rate-change' };
    const own = await h.send({ type: 'ledger.approve', key: cashoutRatesKey, actor: proposer, data: decision });
    expect(own).toMatchObject({ ok: false, error: { code: 'APPROVAL_BY_REQUESTER' } });
    const approved = await h.send({ type: 'ledger.approve', key: cashoutRatesKey, actor: approver, data: decision });
    expect(approved).toMatchObject({ ok: true, result: { rate: { id: rateId, status: 'APPROVED' } } });

    const ask = (n: number) =>
      h.send({
        type: 'ledger.cashout',
        key: walletKeyOfUser(payer),
        actor: { kind: 'user', id: String(payer), role: 'USER' },
        data: {
          fromUserId: payer,
          amount: 1_000,
          msisdn: '+237670000000',
          providerClientId: 'pc_momo_shards',
          idNonce: `shardsask${n}000000000000000`,
        },
      });
    const before = await ask(1);
    expect(before).toMatchObject({ ok: true, result: { cashout: { xafPerCoin: 600 } } });
    clock = new Date(Date.parse(effectiveFrom) + 1_000);
    const after = await ask(2);
    expect(after).toMatchObject({ ok: true, result: { cashout: { xafPerCoin: 700, xafAmount: 7_000, rateEffectiveFrom: effectiveFrom } } });

    const rowsOn = async (shard: number) =>
      (await h.shardPools[shard]!.query('SELECT id, status FROM cashout_rates WHERE id = $1', [rateId])).rows;
    expect(await rowsOn(shardOfKey(cashoutRatesKey))).toEqual([{ id: rateId, status: 'APPROVED' }]);
    expect(await rowsOn(shardOfKey(walletKeyOfUser(payer)))).toEqual([]);
    // Its request is kept beside it, on the rate table's shard alone.
    const requestOn = async (shard: number) =>
      (await h.shardPools[shard]!.query('SELECT id, status FROM approval_requests WHERE id = $1', [rateId])).rows;
    expect(await requestOn(shardOfKey(cashoutRatesKey))).toEqual([{ id: rateId, status: 'APPROVED' }]);
    expect(await requestOn(shardOfKey(walletKeyOfUser(payer)))).toEqual([]);
  });
});
