import type { KafkaMessage } from 'kafkajs';
import { MonitoredWallets } from './monitored-wallets';

const record = (key: string | null) => ({ key: key === null ? null : Buffer.from(key), value: Buffer.from('{}') }) as KafkaMessage;

describe('MonitoredWallets', () => {
  function setUp(initial: string[]) {
    let now = 0;
    let stored = initial;
    let reads = 0;
    const wallets = new MonitoredWallets(
      async () => {
        reads += 1;
        return stored;
      },
      1000,
      () => now,
    );
    return {
      wallets,
      reads: () => reads,
      store: (keys: string[]) => (stored = keys),
      advance: (ms: number) => (now += ms),
    };
  }

  it('passes over records of wallets no monitor watches, never one without a key (the schema refuses that)', async () => {
    const { wallets } = setUp(['treasury:REWARDS']);
    const passesOver = await wallets.passOver();
    expect(passesOver(record('treasury:REWARDS'))).toBe(false);
    expect(passesOver(record('user:7'))).toBe(true);
    expect(passesOver(record(null))).toBe(false);
  });

  it('reads the set once per max age, at once after a change made here, and shares one read between concurrent batches', async () => {
    const { wallets, reads, store, advance } = setUp([]);
    await Promise.all([wallets.passOver(), wallets.passOver(), wallets.passOver()]);
    expect(reads()).toBe(1);
    store(['user:7']);
    advance(999);
    expect((await wallets.passOver())(record('user:7'))).toBe(true);
    expect(reads()).toBe(1);
    // Another replica's monitor: seen once the set is a max age old.
    advance(1);
    expect((await wallets.passOver())(record('user:7'))).toBe(false);
    expect(reads()).toBe(2);
    // This replica's own change: seen by the very next batch.
    store(['user:7', 'user:8']);
    wallets.invalidate();
    expect((await wallets.passOver())(record('user:8'))).toBe(false);
    expect(reads()).toBe(3);
    expect(wallets.has('user:8')).toBe(true);
  });

  it('passes over nothing while a stale set cannot be read (the handler meets the outage), and reads again on the next batch', async () => {
    let fail = false;
    let reads = 0;
    const wallets = new MonitoredWallets(async () => {
      reads += 1;
      if (fail) throw new Error('database away');
      return ['user:7'];
    }, 0);
    expect((await wallets.passOver())(record('user:8'))).toBe(true);
    fail = true;
    expect((await wallets.passOver())(record('user:8'))).toBe(false);
    fail = false;
    expect((await wallets.passOver())(record('user:8'))).toBe(true);
    expect(reads).toBe(3);
  });
});
