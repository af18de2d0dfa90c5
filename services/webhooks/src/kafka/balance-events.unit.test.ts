import type { BalanceMonitorCrossed } from '@coin/events';
import type { NewDelivery } from '../db/deliveries-repo';
import type { NewPlatformEvent } from '../db/events-repo';
import { fanOut } from './balance-events';

describe('where a crossing of a treasury goes', () => {
  const crossed: BalanceMonitorCrossed = {
    eventId: '0d9e3c1a-6b2f-4c8e-9a71-3e5f0b2d4c68',
    type: 'coin.balance-monitor.crossed',
    version: 1,
    occurredAt: '2030-05-01T10:00:02.000Z',
    monitorId: '5b7f1c2e-0a3d-4e6f-8b9c-1d2e3f4a5b6c',
    wallet: { userId: null, treasury: 'REWARDS' },
    threshold: 10.5,
    direction: 'up',
    balance: 11,
    previousBalance: 10,
    transactionId: 1043,
    transactionType: 'MINT',
    sequence: 2,
  };
  const granted = ['test_a', 'test_b', 'pc_live'].map((clientId) => ({ clientId, treasuries: ['REWARDS'] }));
  const endpoints = granted.map((c) => ({ id: `endpoint-${c.clientId}`, ...c }));
  const fan = (walletKey: string, owner: string | null) => {
    const deliveries: NewDelivery[] = [];
    const events: NewPlatformEvent[] = [];
    fanOut(crossed, walletKey, owner, endpoints, granted, deliveries, events);
    return { endpoints: deliveries.map((d) => d.endpointId), clients: events.map((e) => e.clientId) };
  };

  it('when a test client’s own sandbox treasury crosses, then only that client hears of it, whoever’s monitor it was', () => {
    for (const owner of ['test_a', null]) {
      expect(fan('treasury:REWARDS@test_a', owner)).toEqual({ endpoints: ['endpoint-test_a'], clients: ['test_a'] });
    }
    // A monitor of another client's own treasury (none can be made) reaches nobody.
    expect(fan('treasury:REWARDS@test_a', 'test_b')).toEqual({ endpoints: [], clients: [] });
  });

  it('when a shared treasury crosses, then an ADMIN+’s monitor goes to every client granted it and a client’s own to that client, as before', () => {
    expect(fan('treasury:REWARDS', null).clients).toEqual(['test_a', 'test_b', 'pc_live']);
    expect(fan('treasury:REWARDS', 'pc_live')).toEqual({ endpoints: ['endpoint-pc_live'], clients: ['pc_live'] });
  });
});
