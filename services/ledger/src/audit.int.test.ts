import { walletKeyOfUser } from '@coin/contracts';
import { testInfra } from '../../../test/harness/env';
import { startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { runAudit } from '../../../scripts/audit';

describe('npm run audit', () => {
  let h: LedgerHarness;
  beforeAll(async () => {
    h = await startLedgerHarness();
    await h.startLedger();
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  const audit = async (waitMs = 5_000) => {
    const lines: string[] = [];
    const result = await runAudit({ databaseUrl: testInfra().databaseUrl, schemaPrefix: h.prefix, waitMs, log: (l) => lines.push(l) });
    return { ...result, lines };
  };

  it('when money has moved, then the audit proves Σ balances == Σ MINT − Σ BURN; when a balance is tampered with, then it fails naming the wallet', async () => {
    for (const userId of [1, 2]) await h.send({ type: 'ledger.open-wallet', key: walletKeyOfUser(userId), data: { userId } });
    await h.send({
      type: 'ledger.mint',
      key: walletKeyOfUser(1),
      data: { to: { kind: 'user', userId: 1 }, amount: 1_000, reason: 'seed' },
    });
    await h.send({
      type: 'ledger.transfer',
      key: walletKeyOfUser(1),
      data: { kind: 'TRANSFER', fromUserId: 1, to: { kind: 'user', userId: 2 }, amount: 400, reason: 'r' },
    });
    await h.send({ type: 'ledger.burn', key: walletKeyOfUser(1), data: { from: { kind: 'user', userId: 1 }, amount: 100, reason: 'r' } });

    const good = await audit();
    expect(good.ok).toBe(true);
    expect(good.report).toMatchObject({ minted: 10, burned: 1, supply: 9, balances: 9, inFlight: 0, mismatchedWallets: [] });

    await h.pool.query("UPDATE wallets SET balance = balance + 1 WHERE wallet_key = 'user:2'");
    const bad = await audit(300);
    expect(bad.ok).toBe(false);
    expect(bad.lines.join('\n')).toContain('MISMATCH wallet user:2');
    expect(bad.lines.join('\n')).toContain('MISMATCH supply');
  }, 60_000);
});
