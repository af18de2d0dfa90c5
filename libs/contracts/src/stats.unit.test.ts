import { dailyRangeQuery, daysOf } from './stats';

describe('the range of a daily series (docs/CONTRACT.md "Daily series")', () => {
  it.each([
    [{ from: '2030-03-01', to: '2030-03-01' }, 1],
    [{ from: '2032-01-01', to: '2032-12-31' }, 366],
    [{ from: '9999-12-30', to: '9999-12-31' }, 2],
  ])('when the range is %j, then it is taken, with %i days, both ends counted', (query, days) => {
    const parsed = dailyRangeQuery.parse(query);
    expect(daysOf(parsed)).toHaveLength(days);
    expect([daysOf(parsed)[0], daysOf(parsed).at(-1)]).toEqual([query.from, query.to]);
  });

  it('when a range crosses a leap day, then the leap day is one of its days', () => {
    expect(daysOf({ from: '2032-02-28', to: '2032-03-01' })).toEqual(['2032-02-28', '2032-02-29', '2032-03-01']);
  });

  it.each([
    ['to before from', { from: '2030-03-02', to: '2030-03-01' }],
    ['367 days', { from: '2031-01-01', to: '2032-01-02' }],
    ['the year 0', { from: '0000-12-31', to: '0001-01-01' }],
    ['no such day', { from: '2031-02-29', to: '2031-03-01' }],
    ['a date-time', { from: '2030-03-01T00:00:00Z', to: '2030-03-02' }],
    ['an unknown parameter', { from: '2030-03-01', to: '2030-03-02', limit: '5' }],
  ])('when the range has %s, then it is refused', (_what, query) => {
    expect(dailyRangeQuery.safeParse(query).success).toBe(false);
  });
});
