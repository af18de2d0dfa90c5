import { z } from 'zod';
import { positiveIdParam } from './common';
import { adminTransactionsQuery, queryInt, utcQueryTime } from './history';
import { coinTextToMinorUnits } from './money';
import { userListQuery } from './identity';

describe('query times of GET /api/admin/transactions', () => {
  it.each([
    ['2026-01-15T09:30:00Z', '2026-01-15T09:30:00Z'],
    ['2026-01-15T09:30:00.123456+02:00', '2026-01-15T07:30:00.123456Z'],
    ['0755-12-28T08:10:24.031293+20:17', '0755-12-27T11:53:24.031293Z'],
    ['1061-09-18T02:19:38.076294-23:59', '1061-09-19T02:18:38.076294Z'],
    ['0000-02-29T00:00:00Z', '0001-01-01T00:00:00Z'],
    ['0001-01-01T00:00:00+05:00', '0001-01-01T00:00:00Z'],
    ['9999-12-31T23:59:59-23:59', '9999-12-31T23:59:59.999999Z'],
  ])('when a time is %s, then the history service is asked for %s: the same instant in UTC, clamped to years 1-9999', (given, sent) => {
    expect(utcQueryTime(given)).toBe(sent);
    expect(adminTransactionsQuery.parse({ from: given }).from).toBe(sent);
    // What the gateway sends is valid for the history service, which validates with the same schema.
    expect(adminTransactionsQuery.parse({ to: sent }).to).toBe(sent);
  });
});

describe('integers in paths and query strings, as the OpenAPI document states them', () => {
  const texts = [
    '',
    '0',
    '00',
    '1',
    '01',
    '007',
    '1.0',
    '1e3',
    ' 5',
    '-1',
    '9',
    '10',
    '99',
    '100',
    '101',
    '999',
    '1000',
    '1001',
    '9999',
    '100000',
    '999999',
    '1000000',
    '1000001',
    '0000001',
    '00000000001',
    '9007199254740990',
    '9007199254740991',
    '9007199254740992',
    '9007199254740999',
    '9099999999999999',
    '8999999999999999',
    '10000000000000000',
  ];
  /** What the document's schema admits: its pattern, and its length bound where it has one. */
  const documentedPattern = (schema: z.ZodType) => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as { pattern: string; maxLength?: number };
    const pattern = new RegExp(json.pattern, 'u');
    return { test: (text: string) => pattern.test(text) && text.length <= (json.maxLength ?? Number.POSITIVE_INFINITY) };
  };
  it.each([
    ['an id', z.object({ id: positiveIdParam }).shape.id],
    ['a limit of 1..1000', queryInt(1, 1000, 100)],
    ['an offset of 0..1000000', queryInt(0, 1_000_000, 0)],
    ['a page of 1..1000000 (leading zeros taken)', userListQuery.shape.page],
    ['a page size of 1..100 (leading zeros taken)', userListQuery.shape.pageSize],
  ])('then the pattern of %s accepts exactly the texts the service accepts', (_name, schema) => {
    const documented = documentedPattern(schema as z.ZodType);
    for (const text of texts) expect([text, documented.test(text)]).toEqual([text, (schema as z.ZodType).safeParse(text).success]);
  });
});

describe('finance filters of GET /api/admin/transactions', () => {
  const issues = (query: Record<string, unknown>) => {
    const parsed = adminTransactionsQuery.safeParse(query);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('when amounts are coins with at most 2 decimals, then they pass as text and compare as integer minor units', () => {
    expect(adminTransactionsQuery.parse({ amount: '0.07' }).amount).toBe('0.07');
    expect(issues({ amountMin: '10', amountMax: '10.5' })).toEqual([]);
    expect(
      [
        ['0.07', 7],
        ['19.99', 1999],
        ['10', 1000],
        ['1000000000', 100_000_000_000],
        ['0.1', 10],
      ].map(([text]) => coinTextToMinorUnits(String(text))),
    ).toEqual([7, 1999, 1000, 100_000_000_000, 10]);
  });

  it.each(['1.234', '-1', '1e3', '01', ' 1', '1.', '.5', '0x10', '1000000000.01', 'NaN'])(
    'when an amount is %j, then it is refused',
    (amount) => {
      expect(issues({ amount })).not.toEqual([]);
    },
  );

  it('when an exact amount comes with a range, or a range runs backwards, then it is refused on the field', () => {
    expect(issues({ amount: '5', amountMin: '1' })).toEqual(['amount: give amount, or amountMin and/or amountMax, not both']);
    expect(issues({ amountMin: '10', amountMax: '9.99' })).toEqual(['amountMax: must be at least amountMin']);
  });

  it('when an e-mail comes with a user id or treasury, or is not an address, then it is refused; a platform client id is checked', () => {
    expect(issues({ email: 'ada@example.test' })).toEqual([]);
    expect(issues({ email: 'ada@example.test', userId: '7' })).toEqual(['email: give email, or userId or treasury, not both']);
    expect(issues({ email: 'not an address' })).not.toEqual([]);
    expect(issues({ clientId: 'pc_shop-1' })).toEqual([]);
    expect(issues({ clientId: 'pc shop' })).not.toEqual([]);
    expect(issues({ clientId: '__proto__' })).not.toEqual([]);
  });
});
