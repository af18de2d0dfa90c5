import { randomUUID } from 'node:crypto';
import { createPool, type Pool, schemaName } from '@coin/db';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { provision } from '../../../../scripts/stack/provision';
import { claimDueDeliveries, insertDeliveries, nextDueInMs } from './deliveries-repo';
import { runRecoveryBatch, startRecovery } from './recoveries-repo';

/**
 * An endpoint's pace and the recoveries of its failed deliveries on the real PostgreSQL (webhooks
 * migration 010): a paced endpoint gives one delivery per claim and slot, the first in the queue,
 * the others put back as they were, also to two claims at once; a recovery puts its span's failed
 * deliveries back in batches to DONE, and nothing else.
 */
describe('the pace of an endpoint, and recoveries (the claim, the runner)', () => {
  let pool: Pool;
  const audit = { topic: 'admin.audit', actor: { kind: 'system' as const, id: 'pc_test' }, requestId: null };

  const newEndpoint = async (clientId: string, pace: number | null): Promise<string> => {
    const id = randomUUID();
    await pool.query(
      `INSERT INTO webhook_endpoints (id, client_id, url, event_types, treasuries, secret_sealed, max_deliveries_per_second)
       VALUES ($1, $2, 'https://hooks.example.com/h', '{coin.transaction.recorded}', '{}', '\\x00', $3)`,
      [id, clientId, pace],
    );
    return id;
  };
  /** One delivery per wallet, in this order: their ids. */
  const deliveriesOf = async (endpointId: string, wallets: string[]): Promise<number[]> => {
    const ids: number[] = [];
    for (const walletKey of wallets) {
      await insertDeliveries(pool, [{ endpointId, eventId: randomUUID(), eventType: 'coin.transaction.recorded', walletKey, body: '{}' }]);
      const r = await pool.query<{ id: string }>('SELECT max(id) AS id FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]);
      ids.push(Number(r.rows[0]?.id));
    }
    return ids;
  };
  const dueTimes = async (ids: number[]) =>
    (
      await pool.query<{ id: string; at: string }>(
        'SELECT id, next_attempt_at::text AS at FROM webhook_deliveries WHERE id = ANY($1::bigint[]) ORDER BY id',
        [ids],
      )
    ).rows.map((row) => row.at);

  beforeAll(async () => {
    const infra = testInfra();
    const prefix = uniquePrefix();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    pool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'webhooks'), applicationName: 'pace-recovery-test' });
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
  });

  it('when a paced endpoint has three wallets due, then a claim takes the first in the queue only, puts the others back as they were, and the next is due at its slot', async () => {
    const client = `pc_paced_${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(client, 1);
    const [first, second, third] = await deliveriesOf(endpoint, ['user:1', 'user:2', 'user:3']);
    const before = await dueTimes([second as number, third as number]);
    const claimed = await claimDueDeliveries(pool, 10, 60_000, new Map(), [client]);
    expect(claimed.map((d) => d.id)).toEqual([first]);
    expect(await dueTimes([second as number, third as number])).toEqual(before);
    expect(await claimDueDeliveries(pool, 10, 60_000, new Map(), [client])).toEqual([]);
    // Due at the slot, a second after the claim: not now, and not later than the slot.
    const dueIn = await nextDueInMs(pool);
    expect(dueIn).not.toBeNull();
    expect(dueIn as number).toBeGreaterThan(0);
    expect(dueIn as number).toBeLessThanOrEqual(1000);
  });

  it('when two claims run at once on a paced endpoint, then one delivery is sent between them, never two', async () => {
    const client = `pc_race_${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(client, 1);
    await deliveriesOf(endpoint, ['user:1', 'user:2', 'user:3', 'user:4']);
    const both = await Promise.all([
      claimDueDeliveries(pool, 10, 60_000, new Map(), [client]),
      claimDueDeliveries(pool, 10, 60_000, new Map(), [client]),
    ]);
    expect(both.flat()).toHaveLength(1);
  });

  it('when an endpoint has no pace, then a claim takes every wallet due at once', async () => {
    const client = `pc_free_${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(client, null);
    const ids = await deliveriesOf(endpoint, ['user:1', 'user:2', 'user:3']);
    expect((await claimDueDeliveries(pool, 10, 60_000, new Map(), [client])).map((d) => d.id)).toEqual(ids);
  });

  it('when a recovery runs in batches of 2, then it puts back its span’s three failed deliveries, then is DONE; a pending, an older and another endpoint’s failed one stay as they were', async () => {
    const client = `pc_recover_${randomUUID().slice(0, 8)}`;
    const endpoint = await newEndpoint(client, null);
    const other = await newEndpoint(client, null);
    const [older, a, b, pending, c] = await deliveriesOf(endpoint, ['user:1', 'user:2', 'user:3', 'user:4', 'user:5']);
    const [othersFailed] = await deliveriesOf(other, ['user:1']);
    await pool.query(`UPDATE webhook_deliveries SET status = 'FAILED', attempts = 13 WHERE id = ANY($1::bigint[])`, [
      [older, a, b, c, othersFailed],
    ]);
    await pool.query(`UPDATE webhook_deliveries SET created_at = now() - interval '2 days' WHERE id = $1`, [older]);
    const since = new Date(Date.now() - 86_400_000);
    const started = await startRecovery(pool, { id: endpoint, clientId: client }, { id: randomUUID(), since }, audit);
    expect(started).toMatchObject({ kind: 'created', row: { status: 'RUNNING', total: 3, requeued: 0 } });
    const recoveryId = started.kind === 'created' ? started.row.id : '';
    const progress = async () =>
      (
        await pool.query<{ status: string; requeued: number }>('SELECT status, requeued FROM webhook_recoveries WHERE id = $1', [
          recoveryId,
        ])
      ).rows[0];

    expect(await runRecoveryBatch(pool, 2)).toBe(2);
    expect(await progress()).toEqual({ status: 'RUNNING', requeued: 2 });
    expect(await runRecoveryBatch(pool, 2)).toBe(1);
    expect(await progress()).toEqual({ status: 'DONE', requeued: 3 });
    expect(await runRecoveryBatch(pool, 2)).toBeNull();

    const statuses = await pool.query<{ id: string; status: string; attempts: number }>(
      'SELECT id, status, attempts FROM webhook_deliveries WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[older, a, b, pending, c, othersFailed]],
    );
    expect(statuses.rows.map((row) => [Number(row.id), row.status, row.attempts])).toEqual([
      [older, 'FAILED', 13],
      [a, 'PENDING', 0],
      [b, 'PENDING', 0],
      [pending, 'PENDING', 0],
      [c, 'PENDING', 0],
      [othersFailed, 'FAILED', 13],
    ]);
    // The same id again: the recovery it started; for another endpoint, refused.
    expect(await startRecovery(pool, { id: endpoint, clientId: client }, { id: recoveryId, since }, audit)).toMatchObject({
      kind: 'existing',
      row: { id: recoveryId, status: 'DONE' },
    });
    expect(await startRecovery(pool, { id: other, clientId: client }, { id: recoveryId, since }, audit)).toEqual({ kind: 'id-taken' });
  });
});
