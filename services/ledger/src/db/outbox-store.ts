import { type OutboxStore, type Pool, setAsideInto } from '@coin/db';
import type { OutboxBatch } from '../apply/store';
import { decodeOutboxMessages } from './outbox-messages';

/** The ledger's outbox store (migration 004): one row per applied batch, written by the batch write. */
export function outboxBatches(pool: Pool): OutboxStore<OutboxBatch> {
  return {
    unpublished: async (graceMs, limit) => {
      const result = await pool.query<{ id: number; messages: string }>(
        `SELECT id, messages FROM outbox_batches
          WHERE published_at IS NULL AND created_at < now() - make_interval(secs => $1::double precision / 1000)
          ORDER BY id LIMIT $2`,
        [graceMs, limit],
      );
      return result.rows.map((r) => ({ id: r.id, messages: decodeOutboxMessages(r.messages) }));
    },
    markPublished: async (ids) =>
      void (await pool.query({
        name: 'ledger-outbox-published',
        text: 'UPDATE outbox_batches SET published_at = now() WHERE id = ANY($1::bigint[])',
        values: [ids],
      })),
    // A message of a batch the broker refused for good: its batch's row keeps it (migration 029).
    setAside: setAsideInto(pool),
    backlog: async () =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_batches WHERE published_at IS NULL')).rows[0]?.n ?? 0,
  };
}
