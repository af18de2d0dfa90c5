import { randomUUID } from 'node:crypto';
import { createPool, type Pool, schemaName } from '@coin/db';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { provision } from '../../../../scripts/stack/provision';
import {
  deliveryHealthOf,
  endpointBacklogs,
  insertDeliveries,
  markDelivered,
  markFailed,
  markRetry,
  pruneDeliveryAttempts,
} from './deliveries-repo';

/**
 * Delivery health on the real PostgreSQL (webhooks migration 008): the attempts recorded with their
 * outcome, an endpoint's 24-hour success rate and oldest pending delivery, the enabled endpoints'
 * backlog the gauges read, and the pruning of old attempts.
 */
describe('delivery health (webhook_delivery_attempts, the backlog read)', () => {
  let pool: Pool;
  const failed = { responseCode: 500, error: 'HTTP 500', outcome: 'server_error' as const };
  const ok = { responseCode: 200, error: null, outcome: 'success' as const };

  const newEndpoint = async (clientId: string, status: 'ENABLED' | 'DISABLED' = 'ENABLED'): Promise<string> => {
    const id = randomUUID();
    await pool.query(
      `INSERT INTO webhook_endpoints (id, client_id, url, event_types, treasuries, secret_sealed, status)
       VALUES ($1, $2, 'https://hooks.example.com/h', '{coin.transaction.recorded}', '{}', '\\x00', $3)`,
      [id, clientId, status],
    );
    return id;
  };
  /** Deliveries of the endpoint, one per wallet: their ids, oldest first. */
  const deliveriesOf = async (endpointId: string, wallets: string[]): Promise<number[]> => {
    await insertDeliveries(
      pool,
      wallets.map((walletKey) => ({ endpointId, eventId: randomUUID(), eventType: 'coin.transaction.recorded', walletKey, body: '{}' })),
    );
    const r = await pool.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id', [endpointId]);
    return r.rows.map((row) => Number(row.id));
  };
  /** A delivery as the worker records its outcome: claimed now. */
  const attempted = (id: number | undefined) => ({ id: id as number, startedAt: new Date() });
  const backdate = (table: 'webhook_delivery_attempts' | 'webhook_deliveries', column: string, endpointId: string, hours: number) =>
    pool.query(`UPDATE ${table} SET ${column} = ${column} - $2 * interval '1 hour' WHERE endpoint_id = $1`, [endpointId, hours]);

  beforeAll(async () => {
    const infra = testInfra();
    const prefix = uniquePrefix();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    pool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'webhooks'), applicationName: 'delivery-health-test' });
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
  });

  it('when an endpoint had attempts of 25 hours ago and of now, then its view counts those of the last 24 hours, the successes, and its oldest pending delivery', async () => {
    const endpoint = await newEndpoint('pc_health');
    const [old, a, b, c] = await deliveriesOf(endpoint, ['user:1', 'user:2', 'user:3', 'user:4']);
    await markDelivered(pool, attempted(old), ok);
    await backdate('webhook_delivery_attempts', 'attempted_at', endpoint, 25);
    await markRetry(pool, attempted(a), failed, 60_000);
    await markRetry(pool, attempted(b), failed, 60_000);
    await markDelivered(pool, attempted(c), ok);
    await backdate('webhook_deliveries', 'created_at', endpoint, 0.5);
    const health = (await deliveryHealthOf(pool, [endpoint])).get(endpoint);
    expect(health).toEqual({ attempts24h: 3, succeeded24h: 1, successRate: 0.3333, oldestPendingAgeSeconds: expect.any(Number) });
    expect(health?.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(1800);
    expect(health?.oldestPendingAgeSeconds).toBeLessThan(1900);
    const outcomes = await pool.query<{ outcome: string }>(
      'SELECT outcome FROM webhook_delivery_attempts WHERE endpoint_id = $1 ORDER BY id',
      [endpoint],
    );
    expect(outcomes.rows.map((r) => r.outcome)).toEqual(['success', 'server_error', 'server_error', 'success']);
  });

  it('when an endpoint has no attempt and nothing pending, or is unknown, then its view says so with nulls', async () => {
    const quiet = await newEndpoint('pc_quiet');
    const unknown = randomUUID();
    const health = await deliveryHealthOf(pool, [quiet, unknown, quiet]);
    const none = { attempts24h: 0, succeeded24h: 0, successRate: null, oldestPendingAgeSeconds: null };
    expect(health.get(quiet)).toEqual(none);
    expect(health.get(unknown)).toEqual(none);
    expect(await deliveryHealthOf(pool, [])).toEqual(new Map());
  });

  it('when a statement records an outcome for a delivery that is not there, then no attempt is counted', async () => {
    const before = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_delivery_attempts');
    await markFailed(pool, attempted(9_007_199_254_740_000), failed);
    const after = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_delivery_attempts');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('when the backlog is read, then each enabled endpoint has its retrying deliveries and oldest pending age (0 when none); disabled and deleted ones are left out', async () => {
    const failing = await newEndpoint('pc_backlog');
    const quiet = await newEndpoint('pc_backlog');
    const disabled = await newEndpoint('pc_backlog', 'DISABLED');
    const deleted = await newEndpoint('pc_backlog');
    await pool.query('UPDATE webhook_endpoints SET deleted_at = now() WHERE id = $1', [deleted]);
    // Two wallets: each lane's first delivery failed and waits for its retry; the second of wallet 1 waits behind it, untried.
    const [first, second] = await deliveriesOf(failing, ['user:1', 'user:2', 'user:1']);
    await markRetry(pool, attempted(first), failed, 60_000);
    await markRetry(pool, attempted(second), failed, 60_000);
    await backdate('webhook_deliveries', 'created_at', failing, 0.25);
    await deliveriesOf(disabled, ['user:1']);
    const rows = (await endpointBacklogs(pool, 10_000)).filter((row) => row.clientId === 'pc_backlog');
    const byId = new Map(rows.map((row) => [row.endpointId, row]));
    expect([...byId.keys()].sort()).toEqual([failing, quiet].sort());
    expect(byId.get(failing)).toMatchObject({ retrying: 2, oldestPendingAgeSeconds: expect.any(Number) });
    expect(byId.get(failing)?.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(900);
    expect(byId.get(quiet)).toEqual({ endpointId: quiet, clientId: 'pc_backlog', retrying: 0, oldestPendingAgeSeconds: 0 });
  });

  it('when attempts are older than the retention, then the pruning deletes them, in batches, and keeps the younger ones', async () => {
    const endpoint = await newEndpoint('pc_prune');
    const ids = await deliveriesOf(endpoint, ['user:1', 'user:2', 'user:3', 'user:4']);
    for (const id of ids) await markRetry(pool, attempted(id), failed, 60_000);
    await pool.query(
      `UPDATE webhook_delivery_attempts SET attempted_at = now() - interval '49 hours'
        WHERE id IN (SELECT id FROM webhook_delivery_attempts WHERE endpoint_id = $1 ORDER BY id LIMIT 3)`,
      [endpoint],
    );
    expect(await pruneDeliveryAttempts(pool, 48, 2)).toBe(3);
    const left = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE endpoint_id = $1', [
      endpoint,
    ]);
    expect(left.rows[0]?.n).toBe(1);
  });
});
