import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { walletKeyOfUser } from '@coin/contracts';
import { eventually, harnessActor, startLedgerHarness, type LedgerHarness } from '../../../test/harness/ledger';
import { ProofCache, type ProofActor } from '../../../scripts/stack/proofs';

const repoRoot = join(__dirname, '..', '..', '..');
const users = Array.from({ length: 20 }, (_, i) => i + 1);
const mintsPerUser = 5;
const transferCount = 150;

/**
 * A command as the gateway sends it: the actor with their own token as proof (the harness's
 * SUPERADMIN, or the payer), and a person's mint the proof of their API key.
 */
async function command(proofs: ProofCache, type: string, data: unknown, actor: ProofActor = harnessActor) {
  return {
    commandId: randomUUID(),
    type,
    issuedAt: new Date().toISOString(),
    actor,
    ...(await proofs.forCommand(actor, { type, data })),
    data,
  };
}

// Every way of consuming: each fetch waiting for its apply, fetching ahead of the applies at every
// load, where the offsets committed trail what was fetched (docs/DESIGN.md "Messaging"), and
// fetching ahead while the CPU has room (the default; the machine not asked here, so that the
// idle ledger's own loop decides and it does fetch ahead on a busy test machine too).
describe.each([
  ['fetching after each apply', '0', 'spare-cpu', '0.2'],
  ['applying ahead of the fetch at every load', '4', 'always', '0.2'],
  ['applying ahead of the fetch while the CPU has room', '4', 'spare-cpu', '0'],
])('a ledger that crashes between the database commit and the offset commit, %s', (_way, applyAheadBatches, applyAhead, idleMin) => {
  let h: LedgerHarness;
  beforeAll(async () => {
    // A short session lets the group notice the killed member quickly. No outbox sweep on a timer
    // within the test: what the crash left unpublished leaves because the restarted member's join
    // wakes the relays.
    h = await startLedgerHarness({
      extraEnv: {
        LEDGER_SESSION_TIMEOUT_MS: '6000',
        LEDGER_APPLY_AHEAD_BATCHES: applyAheadBatches,
        LEDGER_APPLY_AHEAD: applyAhead,
        LEDGER_APPLY_AHEAD_IDLE_MIN: idleMin,
        OUTBOX_SWEEP_INTERVAL_MS: '600000',
      },
    });
  }, 90_000);
  afterAll(async () => {
    await h?.close();
  });

  it('when the consumer is killed after committing a batch and restarted, then every command has exactly one outcome and nothing is lost or doubled', async () => {
    const proofs = new ProofCache(h.jwtKey);
    const commands: Array<{ key: string; value: Awaited<ReturnType<typeof command>> }> = [];
    for (const userId of users)
      commands.push({ key: walletKeyOfUser(userId), value: await command(proofs, 'ledger.open-wallet', { userId }) });
    for (const userId of users) {
      for (let i = 0; i < mintsPerUser; i += 1) {
        commands.push({
          key: walletKeyOfUser(userId),
          value: await command(proofs, 'ledger.mint', { to: { kind: 'user', userId }, amount: 1_000, reason: 'seed' }),
        });
      }
    }
    for (let i = 0; i < transferCount; i += 1) {
      const from = users[i % users.length]!;
      const to = users[(i * 7 + 3) % users.length]!;
      if (from === to) continue;
      commands.push({
        key: walletKeyOfUser(from),
        value: await command(
          proofs,
          'ledger.transfer',
          { kind: 'TRANSFER', fromUserId: from, to: { kind: 'user', userId: to }, amount: 100 + i, reason: 'crash test' },
          { kind: 'user', id: String(from), role: 'USER' },
        ),
      });
    }
    await h.producer.sendMany(
      commands.map((c) => ({ topic: h.topics.ledgerCommands, message: { key: c.key, value: JSON.stringify(c.value) } })),
    );

    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/harness/ledger-crash-child.ts')], {
      cwd: repoRoot,
      env: { ...process.env, ...h.env, CRASH_AFTER_COMMITS: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
    expect({ signal, stderr: stderr.includes('failed to start') ? stderr : '' }).toEqual({ signal: 'SIGKILL', stderr: '' });

    // The crash point: a batch is in the database, its outbox rows were never published.
    const atCrash = await h.pool.query<{ outcomes: number; unpublished: number }>(
      'SELECT (SELECT count(*) FROM processed_commands)::int AS outcomes, (SELECT count(*) FROM outbox_batches WHERE published_at IS NULL)::int AS unpublished',
    );
    expect(atCrash.rows[0]!.outcomes).toBeGreaterThan(0);
    expect(atCrash.rows[0]!.unpublished).toBeGreaterThan(0);

    await h.startLedger();
    const ids = commands.map((c) => c.value.commandId);
    await eventually(
      async () => {
        const r = await h.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM processed_commands WHERE command_id = ANY($1::uuid[])',
          [ids],
        );
        return r.rows[0]!.n === ids.length ? true : undefined;
      },
      60_000,
      'every command applied after the restart',
    );
    // Every accepted transfer is credited too (in its debit's apply or by a leg that travelled),
    // and the outbox drains (sweeper included).
    await eventually(
      async () => {
        const r = await h.pool.query<{ transfers: number; credited: number; unpublished: number }>(
          `SELECT (SELECT count(*) FROM transactions WHERE type = 'TRANSFER')::int AS transfers,
                  (SELECT count(DISTINCT transaction_id) FROM entries e JOIN transactions t ON t.id = e.transaction_id
                    WHERE t.type = 'TRANSFER' AND e.amount > 0)::int AS credited,
                  (SELECT count(*) FROM outbox_batches WHERE published_at IS NULL)::int AS unpublished`,
        );
        const row = r.rows[0]!;
        return row.transfers === row.credited && row.unpublished === 0 ? true : undefined;
      },
      60_000,
      'credit legs applied and outbox drained',
    );

    const doubled = await h.pool.query('SELECT command_id FROM transactions GROUP BY command_id HAVING count(*) > 1');
    expect(doubled.rows).toEqual([]);
    const mints = await h.pool.query<{ n: number; total: number }>(
      "SELECT count(*)::int AS n, sum(amount)::bigint AS total FROM transactions WHERE type = 'MINT'",
    );
    expect(mints.rows[0]).toEqual({ n: users.length * mintsPerUser, total: users.length * mintsPerUser * 1_000 });
    const balances = await h.pool.query<{ total: number }>('SELECT sum(balance)::bigint AS total FROM wallets');
    expect(balances.rows[0]!.total).toBe(users.length * mintsPerUser * 1_000);
    const mismatched = await h.pool.query(
      `SELECT w.wallet_key FROM wallets w LEFT JOIN (SELECT wallet_id, sum(amount) AS s FROM entries GROUP BY wallet_id) e ON e.wallet_id = w.id
        WHERE w.balance <> coalesce(e.s, 0)`,
    );
    expect(mismatched.rows).toEqual([]);
  }, 150_000);
});
