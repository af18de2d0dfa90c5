import { randomBytes } from 'node:crypto';
import { uniquePrefix } from '../../test/harness/env';
import { dropSchema, runStartedAt, staleAfterMs, staleRuns } from './cleanup';

const hour = 60 * 60 * 1000;
const now = Date.UTC(2025, 5, 1, 12, 0, 0);

/** A test prefix as global-setup (run id) and uniquePrefix() (the rest) make it. */
function testPrefixAt(time: number): string {
  const saved = process.env.COIN_TEST_RUN_ID;
  process.env.COIN_TEST_RUN_ID = `t${time.toString(36)}${randomBytes(2).toString('hex')}`;
  try {
    return uniquePrefix();
  } finally {
    if (saved === undefined) delete process.env.COIN_TEST_RUN_ID;
    else process.env.COIN_TEST_RUN_ID = saved;
  }
}

/** A benchmark prefix as bench/run.ts and bench/ledger-apply.ts make it. */
function benchPrefixAt(time: number): string {
  return `bench_${time.toString(36)}_`;
}

describe('runStartedAt', () => {
  it('reads the start time of test and benchmark prefixes, on topics and schemas alike', () => {
    const started = now - 3 * hour;
    expect(runStartedAt(`${testPrefixAt(started)}ledger.commands.dlq`)).toBe(started);
    expect(runStartedAt(`${testPrefixAt(started)}users`)).toBe(started);
    expect(runStartedAt(`${benchPrefixAt(started)}coin.transactions`)).toBe(started);
    expect(runStartedAt(`${benchPrefixAt(started)}baseline`)).toBe(started);
  });

  it('reads the prefixes of the bank test, the history checker and the fuzzer', () => {
    expect(runStartedAt('chaos_mwq15wmk_ledger')).toBe(parseInt('mwq15wmk', 36));
    expect(runStartedAt('chk_mwq15wmk_coin.transactions')).toBe(parseInt('mwq15wmk', 36));
    expect(runStartedAt('fuzz_mwpy470z_users.dlq')).toBe(parseInt('mwpy470z', 36));
  });

  it('reads a prefix made at this very moment', () => {
    const time = Date.now();
    expect(runStartedAt(`${testPrefixAt(time)}history`)).toBe(time);
  });

  it('knows nothing of other names', () => {
    for (const name of [
      'ledger', // the dev stack, unprefixed
      'coin.transactions',
      '__consumer_offsets',
      'chaos_ledger', // no run time
      'fuzzy_mwpy470z_users',
      'latmwpzh65g_23ec31_users', // someone's own run id
      'benchfmwpyh5mq_user.events',
      `t${now.toString(36)}_abcdef_users`, // uniquePrefix() without a run id from global-setup
      `t${now.toString(36)}zzzz_abcdef_users`, // not hex where the run id's random part is
      `bench_${now.toString(36)}x_users`,
    ]) {
      expect(runStartedAt(name)).toBeNull();
    }
  });
});

describe('staleRuns', () => {
  const stale = staleRuns(now);

  it('selects test and benchmark runs older than two hours, and only those', () => {
    expect(staleAfterMs).toBe(2 * hour);
    expect(stale(`${testPrefixAt(now - 2 * hour - 1)}users`)).toBe(true);
    expect(stale(`${benchPrefixAt(now - 30 * 24 * hour)}ledger`)).toBe(true);
    expect(stale(`${testPrefixAt(now - 2 * hour)}users`)).toBe(false);
    expect(stale(`${testPrefixAt(now - 5 * 60_000)}users`)).toBe(false);
    expect(stale(`${benchPrefixAt(now - hour)}ledger`)).toBe(false);
    expect(stale(`${testPrefixAt(now + hour)}users`)).toBe(false);
    expect(stale(`chaos_${(now - 3 * hour).toString(36)}_ledger`)).toBe(true);
    expect(stale(`fuzz_${(now - hour).toString(36)}_users`)).toBe(false);
    expect(stale('ledger')).toBe(false);
  });
});

/** A client whose DROP statements fail with the given errors first, then succeed; it keeps what it was sent. */
function clientFailing(...errors: Array<Error & { code?: string }>) {
  const sent: string[] = [];
  return {
    sent,
    query: async (text: string) => {
      sent.push(text);
      const error = errors.shift();
      if (error) throw error;
      return { rows: [] };
    },
  };
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('dropping a test schema', () => {
  it('when PostgreSQL picks the drop as a deadlock victim, then it is dropped again', async () => {
    const client = clientFailing(pgError('40P01', 'deadlock detected'), pgError('40P01', 'deadlock detected'));
    await dropSchema(client, 't1_ab_ledger');
    expect(client.sent).toEqual(Array(3).fill('DROP SCHEMA IF EXISTS "t1_ab_ledger" CASCADE'));
  });

  it('when the drop fails otherwise, or deadlocks every time, then the error is thrown', async () => {
    await expect(dropSchema(clientFailing(pgError('42501', 'permission denied')), 's')).rejects.toThrow('permission denied');
    const always = clientFailing(...Array.from({ length: 5 }, () => pgError('40P01', 'deadlock detected')));
    await expect(dropSchema(always, 's')).rejects.toThrow('deadlock detected');
    expect(always.sent).toHaveLength(5);
  });
});
