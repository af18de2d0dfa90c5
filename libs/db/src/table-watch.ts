import pg from 'pg';
import { assertIdentifier } from './pool';

/**
 * The channel on which `notify_table_written()` (a statement trigger each service's migrations
 * put on the tables a worker of theirs follows) tells of rows written to `schema.table`. The
 * schema is part of it because channels are database-wide and test runs share one database.
 */
export function writtenChannel(schema: string, table: string): string {
  assertIdentifier(schema);
  assertIdentifier(table);
  // A channel is at most 63 bytes (identifiers are ASCII here); the trigger cuts the same way. Two
  // schemas alike in their first 63 bytes would only wake each other's workers for nothing.
  return `${schema}.${table}`.slice(0, 63);
}

export interface TableWatchOptions {
  /** The pool whose connection settings (server, role, schema) the listening connection takes. */
  pool: pg.Pool;
  schema: string;
  /** After a lost connection, the wait before the next attempt. */
  reconnectMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Wakes a worker when rows it handles are committed, instead of a timer asking the database
 * every second whether there are any (docs/PERFORMANCE.md "An idle stack"). One connection per
 * process LISTENs on the channels of its tables; PostgreSQL delivers a notification once the
 * writing transaction commits, whoever wrote (this process, another instance, the operator CLI).
 *
 * A notification is a hint, never the record: whoever is woken reads the table as before. While
 * the connection is down nothing is heard, so each (re)connect wakes every table's worker once to
 * take what was written meanwhile, and the workers keep a slow sweep of their own behind it.
 */
export class TableWatch {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly byChannel = new Map<string, () => void>();

  constructor(private readonly options: TableWatchOptions) {}

  /**
   * Calls `wake` whenever a transaction that wrote to `table` has committed, and once as soon as
   * it is heard (what was written before is for the worker's first read). Connects on the first
   * call; a connection that fails is retried behind, never thrown.
   */
  async follow(table: string, wake: () => void): Promise<void> {
    const channel = writtenChannel(this.options.schema, table);
    if (this.byChannel.has(channel)) throw new Error(`${channel} is followed already`);
    this.byChannel.set(channel, wake);
    if (this.client) {
      try {
        await this.client.query(`LISTEN "${channel}"`);
        wake();
      } catch (err) {
        // The connection is going: its reconnect listens to every channel and wakes them.
        this.options.onError?.(err);
      }
      return;
    }
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    await this.connecting;
  }

  /** Whether the notifications are heard right now (a gauge or a test may ask). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    // TCP keepalive: a connection a network partition cut without a word is noticed and replaced.
    const client = new pg.Client({ ...this.options.pool.options, keepAlive: true });
    client.on('notification', (message) => this.byChannel.get(message.channel)?.());
    client.on('error', (err) => {
      this.options.onError?.(err);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    const channels = [...this.byChannel.keys()];
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      this.options.onError?.(err);
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // A table followed while this connection opened: listened to now.
    for (const channel of this.byChannel.keys())
      if (!channels.includes(channel)) await client.query(`LISTEN "${channel}"`).catch(() => undefined);
    // Rows committed while no one listened were announced to nobody.
    for (const wake of this.byChannel.values()) wake();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    }, this.options.reconnectMs ?? 1000);
    this.retry.unref();
  }
}
