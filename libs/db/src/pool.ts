import pg from 'pg';
import { traceableModule } from '@coin/telemetry';

// Queries get spans when tracing is on (the maintained pg instrumentation; nothing is patched otherwise).
traceableModule('pg', pg);

const int8Oid = 20;

/**
 * BIGINT columns hold minor units and ids. They arrive as strings; we turn them into numbers
 * and refuse, loudly, any value JavaScript cannot represent exactly (a broken invariant).
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`BIGINT value ${text} exceeds the safe integer range`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === int8Oid ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  url: string;
  /** The service's own schema; unqualified table names resolve there. */
  schema: string;
  applicationName: string;
  /** Connections per process; PostgreSQL's own limit is shared by every service. */
  connectionsMax?: number;
  /** How long opening a connection, or waiting for a free one, may take (ms; 5 s by default: DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * Where an idle connection's error goes (a restart or failover ends every connection). Without
   * a listener node-postgres' pool re-emits it as an unhandled 'error' event, which ends the
   * process; the pool itself drops the broken client and opens a new one on the next query.
   */
  onIdleError?: (err: Error) => void;
  /** Further session settings (`-c name=value`), e.g. for tests and tools; identifiers and simple values only. */
  settings?: Readonly<Record<string, string>>;
}

/** The default listener: one line on stderr, for scripts that have no logger. */
function reportIdleError(err: Error): void {
  process.stderr.write(
    `${JSON.stringify({ level: 'warn', msg: 'idle PostgreSQL connection lost; the pool replaces it', err: err.message })}\n`,
  );
}

export function createPool(options: PoolOptions): pg.Pool {
  assertIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.connectionsMax ?? 10,
    application_name: options.applicationName,
    options: [`-c search_path=${options.schema}`, ...Object.entries(options.settings ?? {}).map(([k, v]) => settingOf(k, v))].join(' '),
    types,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 30000,
  });
  pool.on('error', options.onIdleError ?? reportIdleError);
  return pool;
}

function settingOf(name: string, value: string): string {
  if (!/^[a-z_][a-z0-9_.]*$/.test(name) || !/^[\w.-]+$/.test(value)) throw new Error(`unsafe session setting: ${name}=${value}`);
  return `-c ${name}=${value}`;
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
}

/** Runs fn in one transaction; rolls back on any error. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export type { Pool, PoolClient } from 'pg';
