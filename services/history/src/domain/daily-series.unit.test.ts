import { clientVolumes, closingBalances, denseVolume } from './daily-series';

describe('daily series', () => {
  const days = ['2030-01-30', '2030-01-31', '2030-02-01', '2030-02-02'];

  it('when some days had no transaction, then their balance is the previous day’s, starting from the opening', () => {
    expect(
      closingBalances(days, 1_000, [
        { day: '2030-01-31', sum: -300 },
        { day: '2030-02-02', sum: 50 },
      ]),
    ).toEqual([1_000, 700, 700, 750]);
  });

  it('when the store returns a day outside the range, then it is not counted', () => {
    expect(closingBalances(['2030-01-30'], 0, [{ day: '2030-01-29', sum: 5 }])).toEqual([0]);
  });

  it('when only some (day, type) groups exist, then every day has every type in order, zeros included', () => {
    const dense = denseVolume(days.slice(0, 2), ['MINT', 'BURN'] as const, [
      { day: '2030-01-31', type: 'BURN', transactions: 2, amount: 500 },
      { day: '2030-01-30', type: 'MINT', transactions: 1, amount: 100 },
    ]);
    expect(dense).toEqual([
      {
        day: '2030-01-30',
        types: [
          { type: 'MINT', transactions: 1, amount: 100 },
          { type: 'BURN', transactions: 0, amount: 0 },
        ],
      },
      {
        day: '2030-01-31',
        types: [
          { type: 'MINT', transactions: 0, amount: 0 },
          { type: 'BURN', transactions: 2, amount: 500 },
        ],
      },
    ]);
  });

  it('when clients made transactions, then each has a point per day (zeros included) and its totals, most coins first, at most clientsMax', () => {
    const group = (day: string, clientId: string, transactions: number, amount: number) => ({ day, clientId, transactions, amount });
    const { clients, clientsTotal } = clientVolumes(
      days,
      [
        group('2030-01-31', 'pc_b', 2, 500),
        group('2030-02-02', 'pc_b', 1, 100),
        group('2030-01-30', 'pc_a', 1, 900),
        group('2030-01-30', 'pc_c', 1, 600),
        group('2030-02-01', 'pc_d', 3, 600),
      ],
      3,
    );
    expect(clientsTotal).toBe(4);
    expect(clients.map((c) => [c.clientId, c.transactions, c.amount])).toEqual([
      ['pc_a', 1, 900],
      ['pc_b', 3, 600],
      ['pc_c', 1, 600],
    ]);
    expect(clientVolumes(days, [group('2030-01-31', 'pc_b', 2, 500), group('2030-02-02', 'pc_b', 1, 100)], 3).clients[0]?.days).toEqual([
      { day: '2030-01-30', transactions: 0, amount: 0 },
      { day: '2030-01-31', transactions: 2, amount: 500 },
      { day: '2030-02-01', transactions: 0, amount: 0 },
      { day: '2030-02-02', transactions: 1, amount: 100 },
    ]);
    expect(clientVolumes(days, [], 3)).toEqual({ clients: [], clientsTotal: 0 });
  });
});
