import { randomUUID } from 'node:crypto';
import { eventRetentionDays } from '@coin/contracts';
import { createPool, type Pool, schemaName } from '@coin/db';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { provision } from '../../../../scripts/stack/provision';
import { findPlatformEvent, insertPlatformEvents, listPlatformEvents, prunePlatformEvents } from './events-repo';

/** The platform events table on the real PostgreSQL: per client, idempotent, filtered, and pruned past the retention. */
describe('platform events (webhook_events)', () => {
  let pool: Pool;
  const event = (clientId: string, eventType = 'coin.transaction.recorded') => {
    const eventId = randomUUID();
    return { clientId, eventId, eventType, body: JSON.stringify({ eventId, type: eventType }) };
  };

  beforeAll(async () => {
    const infra = testInfra();
    const prefix = uniquePrefix();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    pool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'webhooks'), applicationName: 'events-repo-test' });
  }, 90_000);
  afterAll(async () => {
    await pool?.end();
  });

  it('when an event is recorded twice for a client, then it is there once, and another client neither lists nor reads it', async () => {
    const mine = event('pc_mine');
    expect(await insertPlatformEvents(pool, [mine, mine])).toBe(1);
    expect(await insertPlatformEvents(pool, [mine])).toBe(0);
    expect((await listPlatformEvents(pool, 'pc_mine', { limit: 10 })).map((e) => e.eventId)).toEqual([mine.eventId]);
    expect(await listPlatformEvents(pool, 'pc_other', { limit: 10 })).toEqual([]);
    expect(await findPlatformEvent(pool, 'pc_other', mine.eventId)).toBeUndefined();
    expect((await findPlatformEvent(pool, 'pc_mine', mine.eventId))?.body).toBe(mine.body);
  });

  it('when the list is filtered by type, position and time, then only those events come, oldest first', async () => {
    const [a, b, c] = [event('pc_filter'), event('pc_filter', 'coin.hold.created'), event('pc_filter')];
    await insertPlatformEvents(pool, [a, b, c]);
    const all = await listPlatformEvents(pool, 'pc_filter', { limit: 10 });
    expect(all.map((e) => e.eventId)).toEqual([a.eventId, b.eventId, c.eventId]);
    expect((await listPlatformEvents(pool, 'pc_filter', { limit: 10, type: 'coin.hold.created' })).map((e) => e.eventId)).toEqual([
      b.eventId,
    ]);
    expect((await listPlatformEvents(pool, 'pc_filter', { limit: 10, afterSeq: all[0]?.seq })).map((e) => e.eventId)).toEqual([
      b.eventId,
      c.eventId,
    ]);
    expect(await listPlatformEvents(pool, 'pc_filter', { limit: 10, since: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it(`when events are older than ${eventRetentionDays} days, then the pruning job deletes them, in batches, and keeps the younger ones`, async () => {
    const old = [event('pc_prune'), event('pc_prune'), event('pc_prune')];
    const young = event('pc_prune');
    await insertPlatformEvents(pool, [...old, young]);
    await pool.query(`UPDATE webhook_events SET created_at = now() - interval '31 days' WHERE event_id = ANY($1::uuid[])`, [
      old.map((e) => e.eventId),
    ]);
    // One day short of the retention: kept.
    const edge = event('pc_prune');
    await insertPlatformEvents(pool, [edge]);
    await pool.query(`UPDATE webhook_events SET created_at = now() - interval '29 days' WHERE event_id = $1`, [edge.eventId]);
    expect(await prunePlatformEvents(pool, eventRetentionDays, 2)).toBe(3);
    expect((await listPlatformEvents(pool, 'pc_prune', { limit: 10 })).map((e) => e.eventId).sort()).toEqual(
      [young.eventId, edge.eventId].sort(),
    );
    expect(await prunePlatformEvents(pool, eventRetentionDays, 2)).toBe(0);
  });
});
