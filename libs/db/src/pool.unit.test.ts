import { createPool } from './pool';

const unreachable = { url: 'postgres://nobody@127.0.0.1:1/nothing', schema: 'some_schema', applicationName: 'pool-unit' };

describe('createPool: how long a connection may take to open', () => {
  it('when no bound is given, then opening a connection (or waiting for a free one) may take 5 s', async () => {
    const pool = createPool(unreachable);
    expect((pool.options as { connectionTimeoutMillis?: number }).connectionTimeoutMillis).toBe(5000);
    await pool.end();
  });

  it('when DB_CONNECT_TIMEOUT_MS gives one, then the pool waits that long', async () => {
    const pool = createPool({ ...unreachable, connectTimeoutMs: 20_650 });
    expect((pool.options as { connectionTimeoutMillis?: number }).connectionTimeoutMillis).toBe(20_650);
    await pool.end();
  });
});
