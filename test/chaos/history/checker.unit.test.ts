import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChecker, testCheckerModel } from './go-tools';
import type { RecordedHistory, RecordedOp } from './recorder';

/**
 * The linearizability checker (test/checker) can fail: its Go tests hold hand-made histories
 * (a phantom read, lost updates, a stale read after an acknowledged write, a missing credit,
 * unjustified refusals) to an anomaly each and a linearizable one to none; and the built
 * program, given a history in the recorder's JSON, exits 1 with the anomaly described.
 */
describe('the history checker', () => {
  it('when its model is tested with hand-made histories, then the linearizable ones pass and each anomalous one fails', async () => {
    const { ok, output } = await testCheckerModel();
    expect(output).toContain('--- PASS: TestLinearizableHistoryPasses');
    for (const name of [
      'TestReadOfAStateThatNeverExistedFails',
      'TestLostUpdateFails',
      'TestStaleReadAfterAcknowledgedWriteFails',
      'TestCreditMissingPastTheLagFails',
      'TestUnjustifiedInsufficientFundsFails',
    ])
      expect(output).toContain(`--- PASS: ${name}`);
    expect(ok).toBe(true);
  }, 240_000);

  const op = (id: number, over: Partial<RecordedOp>): RecordedOp => ({
    id,
    client: 0,
    kind: 'read',
    input: {},
    invokeNs: 0,
    completeNs: 0,
    outcome: 'ok',
    output: {},
    attempts: 1,
    ...over,
  });
  const history = (read: number): RecordedHistory => ({
    wallets: [
      { id: 7, initial: 10_000 },
      { id: 8, initial: 10_000 },
    ],
    creditLagNs: 5e9,
    quietNs: null,
    operations: [
      op(1, {
        kind: 'transfer',
        input: { from: 7, to: 8, amount: 2500, key: 'k1' },
        invokeNs: 1e6,
        completeNs: 9e6,
        output: { status: 201, transactionId: 1, balance: 7500 },
      }),
      op(2, { client: 1, input: { wallet: 7 }, invokeNs: 20e6, completeNs: 30e6, output: { status: 200, balance: read } }),
    ],
  });

  it('when the built checker reads a recorded history with a stale read after an acknowledged transfer, then it exits 1 and names the read; the same history read right passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checker-'));
    writeFileSync(join(dir, 'stale.json'), JSON.stringify(history(10_000)));
    writeFileSync(join(dir, 'good.json'), JSON.stringify(history(7_500)));
    const stale = await runChecker(join(dir, 'stale.json'));
    expect(stale.exitCode).toBe(1);
    expect(stale.anomalies).toHaveLength(1);
    expect(stale.anomalies[0]!.description).toContain('read → 100.00');
    expect(stale.anomalies[0]!.operations).toEqual([2]);
    const good = await runChecker(join(dir, 'good.json'));
    expect(good).toMatchObject({ exitCode: 0, anomalies: [], undecided: [], operations: 2 });
  }, 240_000);
});
