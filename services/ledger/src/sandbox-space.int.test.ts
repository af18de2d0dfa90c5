import { walletKeyOfTreasury, walletKeyOfUser } from '@coin/contracts';
import type { ProofActor } from '../../../scripts/stack/proofs';
import { eventually, harnessActor, type LedgerHarness, startLedgerHarness } from '../../../test/harness/ledger';

/**
 * The sandbox ledger (LEDGER_SPACE=test, docs/decisions/0018-sandbox.md): the mirror of the live
 * ledger's rule. Commands written straight to its ledger.commands (no gateway to stop them), proved
 * by live credentials (a SUPERADMIN, a live client with the same grants), move no test coin; a
 * test-mode client funds its granted treasury with test coins, never waiting for a second person
 * even where the live policy would make a treasury mint wait, and rewards from it.
 */

async function balanceOf(h: LedgerHarness, key: string): Promise<number> {
  const result = await h.pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_key = $1', [key]);
  return Number(result.rows[0]?.balance ?? 0);
}

describe('the sandbox ledger refuses live credentials', () => {
  let h: LedgerHarness;
  const userId = 4343;
  const rewards = walletKeyOfTreasury('REWARDS');
  const testClient: ProofActor = { kind: 'system', id: 'test_shop', treasuries: ['REWARDS'], mode: 'test' };
  const mintInto = (actor: ProofActor, code: 'REWARDS' | 'OPERATIONS', amount = 1_000) =>
    h.send({
      type: 'ledger.mint',
      key: walletKeyOfTreasury(code),
      actor,
      data: { to: { kind: 'treasury', code }, amount, reason: 'fund' },
    });
  const reward = (actor: ProofActor) =>
    h.send({ type: 'ledger.reward', key: rewards, actor, data: { toUserId: userId, amount: 100, reason: 'prize' } });

  beforeAll(async () => {
    // The live policy's treasury mint waits for a second person; the sandbox's never does.
    h = await startLedgerHarness({ space: 'test', extraEnv: { FOUR_EYES_TREASURY_MINT: 'true' } });
    await h.startLedger();
    expect((await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } })).ok).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when a test-mode client funds a treasury it was granted, then the test coins are there at once; another treasury is refused', async () => {
    expect(await mintInto(testClient, 'REWARDS')).toMatchObject({ ok: true, result: { transaction: { type: 'MINT' } } });
    expect(await balanceOf(h, rewards)).toBe(1_000);
    expect(await mintInto(testClient, 'OPERATIONS')).toMatchObject({ ok: false, error: { code: 'COMMAND_FAILED' } });
    expect(await balanceOf(h, walletKeyOfTreasury('OPERATIONS'))).toBe(0);
  });

  it.each<[string, ProofActor]>([
    ['a SUPERADMIN', harnessActor],
    ['a live client with the same grants', { kind: 'system', id: 'pc_shop', treasuries: ['REWARDS'], mode: 'live' }],
    ['a live-looking client whose token claims no mode', { kind: 'system', id: 'pc_shop', treasuries: ['REWARDS'] }],
  ])('when %s mints or rewards in the sandbox, then it is refused and no test coin moves', async (_name, actor) => {
    const before = [await balanceOf(h, rewards), await balanceOf(h, walletKeyOfUser(userId))];
    expect(await mintInto(actor, 'REWARDS')).toMatchObject({ ok: false, error: { code: 'COMMAND_FAILED' } });
    expect(await reward(actor)).toMatchObject({ ok: false, error: { code: 'COMMAND_FAILED' } });
    expect([await balanceOf(h, rewards), await balanceOf(h, walletKeyOfUser(userId))]).toEqual(before);
  });

  it('when the test-mode client rewards a user, then the test coins reach the user’s sandbox wallet', async () => {
    const before = await balanceOf(h, walletKeyOfUser(userId));
    expect(await reward(testClient)).toMatchObject({ ok: true });
    await eventually(
      async () => ((await balanceOf(h, walletKeyOfUser(userId))) === before + 100 ? true : undefined),
      15_000,
      'the sandbox reward credited',
    );
  });
});
