import type { Pool, PoolClient } from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';

/** The gauge's name, shared with deploy/prometheus/alerts.yml. */
export const outboxBacklogMetricName = 'coin_outbox_backlog_rows';
/** The counter of messages set aside (never published: the broker refused them), shared with deploy/prometheus/alerts.yml. */
export const outboxSetAsideMetricName = 'coin_outbox_set_aside_total';

/**
 * Transactional outbox (docs/design/ledger.md "Outbox"). Rows are inserted in the same transaction as
 * the state change; after commit the writer publishes them at once, and a sweeper republishes
 * whatever a crash left unpublished. Delivery is at least once: consumers dedupe.
 *
 * Each service's migrations create the table:
 *   outbox(id bigserial PRIMARY KEY, topic text, key text, headers jsonb, payload jsonb,
 *          created_at timestamptz DEFAULT now(), published_at timestamptz)
 *   plus a partial index on (id) WHERE published_at IS NULL,
 * and the messages of its rows the broker refused for good (`setAsideInto`):
 *   outbox_set_aside(outbox_id bigint, message_index int, topic text, key text, bytes int,
 *                    reason text, set_aside_at timestamptz DEFAULT now(), PRIMARY KEY (outbox_id, message_index))
 */
export interface OutboxMessage {
  topic: string;
  key: string;
  headers?: Record<string, string>;
  payload: unknown;
}

export interface OutboxRow extends OutboxMessage {
  id: number;
}

/** Inserts the rows in the caller's transaction and returns their ids (in input order). */
export async function insertOutbox(client: PoolClient, messages: OutboxMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const result = await client.query<{ id: number }>(
    `INSERT INTO outbox (topic, key, headers, payload)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[])
     RETURNING id`,
    [
      messages.map((m) => m.topic),
      messages.map((m) => m.key),
      messages.map((m) => JSON.stringify(m.headers ?? {})),
      messages.map((m) => JSON.stringify(m.payload)),
    ],
  );
  return result.rows.map((r) => r.id);
}

/**
 * A message of an outbox row that the broker refused for good (the record's own failure: too
 * large, invalid; `isRecordRefusal` in @coin/errors): sending it again fails the same way, so it
 * is set aside (outbox_set_aside) instead of published, and the rows after it go on.
 */
export interface SetAsideMessage {
  /** Its row, and its place among the row's messages (0 in a row of one). */
  rowId: number;
  index: number;
  topic: string;
  key: string;
  /** Its key, value and headers in bytes, as sent. */
  bytes: number;
  /** The broker's refusal in a sentence (the error's name, type and message). */
  reason: string;
}

/**
 * Sends the rows' messages; resolves once the broker has every one, or refused some for good: those
 * are named (nothing, or an empty list: none). Any other failure (the broker away) rejects, and
 * the rows stay unpublished.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a publish that cannot refuse a message (a writer's own, a test's) resolves with nothing.
export type Publish<R = OutboxRow> = (rows: R[]) => Promise<readonly SetAsideMessage[] | undefined | void>;

/** Keys and reasons as the table keeps them: a message's key is ours, a reason the broker's (bounded anyway). */
const setAsideTextMax = 1000;

/** Records messages set aside in `outbox_set_aside`; one recorded before (a sweep after a crash) is kept as it was. */
export function setAsideInto(pool: Pool): (messages: readonly SetAsideMessage[]) => Promise<void> {
  return async (messages) => {
    if (messages.length === 0) return;
    await pool.query(
      `INSERT INTO outbox_set_aside (outbox_id, message_index, topic, key, bytes, reason)
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[])
       ON CONFLICT (outbox_id, message_index) DO NOTHING`,
      [
        messages.map((m) => m.rowId),
        messages.map((m) => m.index),
        messages.map((m) => m.topic),
        messages.map((m) => m.key.slice(0, setAsideTextMax)),
        messages.map((m) => m.bytes),
        messages.map((m) => m.reason.slice(0, setAsideTextMax)),
      ],
    );
  };
}

/**
 * Where a service keeps its outbox rows. The relay's logic (publish at once after commit, then
 * mark; sweep what a crash left behind) is the same whatever a row holds: one message per row
 * (`outboxTable`), or all the messages of one ledger batch per row.
 */
export interface OutboxStore<R extends { id: number }> {
  /** Unpublished rows older than graceMs, oldest first, at most limit. */
  unpublished(graceMs: number, limit: number): Promise<R[]>;
  markPublished(ids: number[]): Promise<void>;
  /** Records messages the broker refused for good, before their rows are marked published; idempotent. */
  setAside(messages: readonly SetAsideMessage[]): Promise<void>;
  /** Unpublished rows right now. */
  backlog(): Promise<number>;
}

/** The `outbox` table described above: one message per row. */
export function outboxTable(pool: Pool): OutboxStore<OutboxRow> {
  return {
    unpublished: async (graceMs, limit) =>
      (
        await pool.query<OutboxRow>(
          `SELECT id, topic, key, headers, payload FROM outbox
            WHERE published_at IS NULL AND created_at < now() - make_interval(secs => $1::double precision / 1000)
            ORDER BY id LIMIT $2`,
          [graceMs, limit],
        )
      ).rows,
    markPublished: async (ids) => void (await pool.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [ids])),
    setAside: setAsideInto(pool),
    backlog: async () =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0]?.n ?? 0,
  };
}

export interface OutboxRelayOptions<R extends { id: number }> {
  store: OutboxStore<R>;
  publish: Publish<R>;
  /** How often the sweeper looks for rows a crash left behind. */
  sweepIntervalMs?: number;
  /** Rows younger than this are presumed still being published by their writer. */
  sweepGraceMs?: number;
  sweepBatchMax?: number;
  onError?: (err: unknown) => void;
  /** Told of the messages set aside (once they are recorded): the service logs them. */
  onSetAside?: (messages: readonly SetAsideMessage[]) => void;
  /**
   * Registers the coin_outbox_backlog_rows gauge here, which counts unpublished rows at each
   * scrape, and the coin_outbox_set_aside_total counter.
   */
  metrics?: Registry;
  /**
   * This relay's series of the gauge, when one registry holds several relays (the ledger's shards:
   * `{ shard: '1' }`): each relay's backlog under its labels. Every relay of a registry gives the
   * same label names.
   */
  metricLabels?: Record<string, string>;
}

/** The relays whose backlog each registry's gauge collects. */
const relaysOf = new WeakMap<Registry, Array<OutboxRelay<{ id: number }>>>();

/** The coin_outbox_backlog_rows gauge of a registry: each relay's unpublished rows, read at scrape. */
function registerBacklogGauge(registry: Registry, relays: Array<OutboxRelay<{ id: number }>>, labelNames: string[]): void {
  new Gauge({
    name: outboxBacklogMetricName,
    help: 'Outbox rows written but not yet published to Kafka (the ledger: one row per applied batch, per shard; the user service: one per event)',
    labelNames,
    registers: [registry],
    async collect() {
      await Promise.all(
        relays.map(async (relay) => {
          try {
            const labels = relay.options.metricLabels;
            if (labels) this.set(labels, await relay.backlog());
            else this.set(await relay.backlog());
          } catch {
            // The database is unreachable: /readyz says so; leave the last value rather than fail the scrape.
          }
        }),
      );
    },
  });
}

/** The coin_outbox_set_aside_total counter of a registry, by the relays' own labels (the topics are in outbox_set_aside). */
function setAsideCounterOf(registry: Registry, labelNames: string[]): Counter {
  const existing = registry.getSingleMetric(outboxSetAsideMetricName);
  if (existing) return existing as Counter;
  return new Counter({
    name: outboxSetAsideMetricName,
    help: 'Outbox messages set aside, never published: the broker refused the record itself (too large, invalid); each is in outbox_set_aside with its reason and size',
    labelNames,
    registers: [registry],
  });
}

/** After the grace period, so that the rows announced are strictly older than it when read. */
const wakeMarginMs = 50;
/** Batches one sweep publishes at most before it leaves the rest to a sweep one grace period later. */
const sweepBatchesMax = 10;

export class OutboxRelay<R extends { id: number } = OutboxRow> {
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;
  private sweepAgain = false;
  /** The sweep `wake` scheduled, and the time by which the rows it was told of are past the grace. */
  private wakeTimer: NodeJS.Timeout | undefined;
  private wantedAt = 0;
  private stopped = false;
  /** Published rows waiting to be marked, and the marking under way. */
  private unmarked: number[] = [];
  private marking: Promise<void> | undefined;

  /** coin_outbox_set_aside_total, when the relay has a registry. */
  private readonly setAsideCounter: Counter | undefined;

  constructor(readonly options: OutboxRelayOptions<R>) {
    const registry = options.metrics;
    if (!registry) return;
    const relays = relaysOf.get(registry) ?? [];
    relays.push(this as unknown as OutboxRelay<{ id: number }>);
    relaysOf.set(registry, relays);
    const labelNames = Object.keys(options.metricLabels ?? {});
    if (!registry.getSingleMetric(outboxBacklogMetricName)) registerBacklogGauge(registry, relays, labelNames);
    this.setAsideCounter = setAsideCounterOf(registry, labelNames);
    // The series the alert watches exists from the start (at 0): the first message set aside is an increase.
    this.setAsideCounter.inc(options.metricLabels ?? {}, 0);
  }

  /**
   * Publishes rows the caller just committed; resolves once Kafka has them. Marking them
   * published happens behind it, one statement for everything published meanwhile: the
   * writer's next batch does not wait for that commit. A row whose mark is lost (a crash, the
   * database away) is republished by the sweeper, which is the at-least-once promise anyway.
   * A message the broker refuses for good is set aside first (recorded, counted, told), and its
   * row is then marked like the others: neither the writer nor the sweep ever stops on it.
   */
  async publishCommitted(rows: R[]): Promise<void> {
    if (rows.length === 0) return;
    try {
      const refused = (await this.options.publish(rows)) ?? [];
      if (refused.length > 0) await this.setAside(refused);
    } catch (err) {
      // Left unpublished: a sweep takes them once past the grace period (and again until it can).
      this.wake();
      throw err;
    }
    this.unmarked.push(...rows.map((r) => r.id));
    this.marking ??= this.markPublished();
  }

  /** Records the refused messages (before their rows are marked: a crash between sets them aside again), counts and tells them. */
  private async setAside(refused: readonly SetAsideMessage[]): Promise<void> {
    await this.options.store.setAside(refused);
    this.setAsideCounter?.inc(this.options.metricLabels ?? {}, refused.length);
    this.options.onSetAside?.(refused);
  }

  private async markPublished(): Promise<void> {
    try {
      while (this.unmarked.length > 0) {
        const ids = this.unmarked.splice(0);
        await this.options.store.markPublished(ids).catch((err: unknown) => this.options.onError?.(err));
      }
    } finally {
      this.marking = undefined;
    }
  }

  /** Resolves once every row published so far is marked (or its mark has failed). */
  async flushMarks(): Promise<void> {
    while (this.marking) await this.marking;
  }

  /**
   * One sweep: publishes unpublished rows older than the grace period, oldest first, a batch at
   * a time until a batch comes back short. Asked while one runs, it runs again once that ends.
   */
  async sweep(): Promise<number> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return 0;
    }
    this.sweeping = true;
    const batchMax = this.options.sweepBatchMax ?? 1000;
    let published = 0;
    try {
      for (let batches = 0; batches < sweepBatchesMax; batches += 1) {
        this.sweepAgain = false;
        const rows = await this.options.store.unpublished(this.options.sweepGraceMs ?? 2000, batchMax);
        await this.publishCommitted(rows);
        // The next read must not find these rows again.
        await this.flushMarks();
        published += rows.length;
        if (rows.length < batchMax && !this.sweepAgain) return published;
      }
      // More than a sweep takes (or marks failing, so the same rows come back): again, paced.
      this.wake();
      return published;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Rows were committed (a TableWatch heard it): sweeps once they are past the grace period, so
   * a row its writer publishes itself is not published twice, and one no writer publishes (an
   * audit record written in an action's transaction) leaves within about the grace period. Calls
   * while a sweep is scheduled move it to the grace period after the latest.
   */
  wake(): void {
    const graceMs = this.options.sweepGraceMs ?? 2000;
    this.wantedAt = Date.now() + graceMs + wakeMarginMs;
    if (this.wakeTimer || this.stopped) return;
    this.wakeTimer = setTimeout(() => this.sweepWhenDue(), graceMs + wakeMarginMs);
    this.wakeTimer.unref();
  }

  private sweepWhenDue(): void {
    this.wakeTimer = undefined;
    const startedAt = Date.now();
    void this.sweep()
      .catch((err) => {
        this.options.onError?.(err);
        // Kafka or the database away: again a grace period later, not only at the next commit.
        this.wake();
      })
      .finally(() => {
        // A row announced after this sweep started may be younger than the grace it skipped.
        if (this.wantedAt <= startedAt || this.stopped || this.wakeTimer) return;
        this.wakeTimer = setTimeout(() => this.sweepWhenDue(), Math.max(0, this.wantedAt - Date.now()));
        this.wakeTimer.unref();
      });
  }

  /** Unpublished rows right now: the backlog metric. */
  backlog(): Promise<number> {
    return this.options.store.backlog();
  }

  start(): void {
    const interval = this.options.sweepIntervalMs ?? 1000;
    this.timer = setInterval(() => {
      this.sweep().catch((err) => this.options.onError?.(err));
    }, interval);
    this.timer.unref();
  }

  /** Stops sweeping and waits for the marks of what was published. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.wakeTimer);
    await this.flushMarks();
  }
}
