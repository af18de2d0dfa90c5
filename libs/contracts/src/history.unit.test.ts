import { z } from 'zod';
import { positiveIdParam } from './common';
import { adminTransactionsQuery, queryInt, utcQueryTime } from './history';
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
