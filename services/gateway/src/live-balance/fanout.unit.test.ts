import type { BalanceChanged } from '@coin/events';
import { BalanceFanout, type DropReason, type StreamListener } from './fanout';

function changed(userId: number | null, treasury: string | null, sequence = 1): BalanceChanged {
  return {
    eventId: '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
    type: 'coin.balance.changed',
    version: 1,
    occurredAt: '2026-11-23T10:00:00.000Z',
    wallet: { userId, treasury } as BalanceChanged['wallet'],
    sequence,
    balance: 12.5,
    previousBalance: 10,
    transactionId: 42,
    transactionType: 'TRANSFER',
  };
}

class Recorder implements StreamListener {
  events: BalanceChanged[] = [];
  heartbeats = 0;
  ended = false;
  deliver(event: BalanceChanged) {
    this.events.push(event);
  }
  heartbeat() {
    this.heartbeats += 1;
  }
  end() {
    this.ended = true;
  }
}

function fanout(connectionsMax = 10, connectionsPerCallerMax = 3) {
  const dropped: DropReason[] = [];
  let delivered = 0;
  const hub = new BalanceFanout(
    { connectionsMax, connectionsPerCallerMax },
    { dropped: (reason) => dropped.push(reason), delivered: (n) => (delivered += n) },
  );
  return { hub, dropped, delivered: () => delivered };
}

describe('BalanceFanout', () => {
  it("hands a wallet's event to that wallet's streams only", () => {
    const { hub, delivered } = fanout();
    const seven = new Recorder();
    const sevenAgain = new Recorder();
    const eight = new Recorder();
    hub.subscribe('user:7', '7', seven);
    hub.subscribe('user:7', '7', sevenAgain);
    hub.subscribe('user:8', '8', eight);
    hub.publish('user:7', Buffer.from(JSON.stringify(changed(7, null))));
    expect(seven.events).toHaveLength(1);
    expect(sevenAgain.events).toHaveLength(1);
    expect(eight.events).toHaveLength(0);
    hub.dispatch(changed(null, 'REWARD'));
    expect(delivered()).toBe(2);
  });

  it('drops and counts hostile records without throwing', () => {
    const { hub, dropped } = fanout();
    const seven = new Recorder();
    hub.subscribe('user:7', '7', seven);
    const values = [
      null,
      Buffer.from([0xff, 0xfe]),
      Buffer.from('{"type":'),
      Buffer.from(JSON.stringify({ ...changed(7, null), sequence: -1 })),
      Buffer.from(JSON.stringify({ ...changed(7, null), type: 'coin.balance.exploded' })),
      Buffer.from('x'.repeat(2_000_000)),
    ];
    for (const value of values) expect(() => hub.publish(Buffer.from('user:7'), value)).not.toThrow();
    hub.dispatch(changed(7, 'REWARD'));
    expect(seven.events).toHaveLength(0);
    expect(dropped).toEqual(['empty', 'invalid-json', 'invalid-json', 'invalid', 'unknown-type', 'too-large', 'no-wallet']);
  });

  it('passes over a record of an unwatched wallet by its key, unparsed, and trusts no record whose body names another wallet than its key', () => {
    const { hub, dropped } = fanout();
    const seven = new Recorder();
    const eight = new Recorder();
    hub.subscribe('user:7', '7', seven);
    hub.subscribe('user:8', '8', eight);
    // Unwatched: not even parsed, so garbage under its key is neither counted nor delivered.
    hub.publish('user:9', Buffer.from('{"type":'));
    hub.publish('user:9', Buffer.from(JSON.stringify(changed(7, null))));
    expect(dropped).toEqual([]);
    expect(seven.events).toHaveLength(0);
    // Watched key, another wallet in the body (either watched or not): dropped, delivered to nobody.
    hub.publish('user:7', Buffer.from(JSON.stringify(changed(8, null))));
    hub.publish(null, Buffer.from(JSON.stringify(changed(7, null))));
    expect(seven.events).toHaveLength(0);
    expect(eight.events).toHaveLength(0);
    expect(dropped).toEqual(['key-mismatch', 'key-mismatch']);
    expect(hub.watches('user:7')).toBe(true);
    expect(hub.watches('user:9')).toBe(false);
  });

  it('refuses a stream past the per-caller limit with 429 and past the instance limit with 503, and frees places', () => {
    const { hub } = fanout(3, 2);
    const first = hub.subscribe('user:7', '7', new Recorder());
    hub.subscribe('user:7', '7', new Recorder());
    expect(() => hub.subscribe('user:7', '7', new Recorder())).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    hub.subscribe('user:8', '8', new Recorder());
    expect(() => hub.subscribe('user:9', '9', new Recorder())).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    first.close();
    first.close();
    expect(hub.connections).toBe(2);
    hub.subscribe('user:9', '9', new Recorder());
    expect(hub.connections).toBe(3);
  });

  it('stops delivering to a closed stream', () => {
    const { hub } = fanout();
    const seven = new Recorder();
    hub.subscribe('user:7', '7', seven).close();
    hub.dispatch(changed(7, null));
    expect(seven.events).toHaveLength(0);
  });

  it('sends heartbeats to every stream and ends them all on shutdown, refusing new ones', () => {
    const { hub } = fanout();
    const seven = new Recorder();
    const eight = new Recorder();
    hub.subscribe('user:7', '7', seven);
    hub.subscribe('user:8', '8', eight);
    hub.heartbeat();
    expect([seven.heartbeats, eight.heartbeats]).toEqual([1, 1]);
    hub.endAll();
    expect([seven.ended, eight.ended]).toEqual([true, true]);
    expect(() => hub.subscribe('user:9', '9', new Recorder())).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
  });
});

describe('BalanceFanout and its feed', () => {
  it("when a wallet's first stream opens and its last one closes, then the feed is told once each", () => {
    const hub = new BalanceFanout({ connectionsMax: 10, connectionsPerCallerMax: 5 });
    const told: string[] = [];
    hub.feedFrom({ watch: (w) => void told.push(`+${w}`), unwatch: (w) => void told.push(`-${w}`) });
    const one = hub.subscribe('user:7', 'a', new Recorder());
    const two = hub.subscribe('user:7', 'b', new Recorder());
    const other = hub.subscribe('user:8', 'a', new Recorder());
    one.close();
    one.close();
    expect(told).toEqual(['+user:7', '+user:8']);
    two.close();
    other.close();
    expect(told).toEqual(['+user:7', '+user:8', '-user:7', '-user:8']);
  });
});
