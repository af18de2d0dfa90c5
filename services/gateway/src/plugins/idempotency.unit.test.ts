import { phoneHoldersOf, requestHashOf } from './idempotency';

describe('requestHashOf: a retry key names the whole request', () => {
  const base = {
    method: 'POST',
    url: '/api/coins/holds/7c1e0f3a-0000-4000-8000-000000000001/capture',
    principal: { kind: 'system', subject: 'pc_shop' },
    body: { amount: 1 },
  };

  it('when only the key order of the body differs, then the hash is the same', () => {
    expect(requestHashOf({ ...base, body: { b: 1, a: { d: 2, c: 3 } } })).toBe(
      requestHashOf({ ...base, body: { a: { c: 3, d: 2 }, b: 1 } }),
    );
  });

  it('when the path parameter, the query, the body, the caller or the API key differs, then the hash differs', () => {
    const hash = requestHashOf(base);
    const others = [
      { ...base, url: '/api/coins/holds/7c1e0f3a-0000-4000-8000-000000000002/capture' },
      { ...base, url: `${base.url}?x=1` },
      { ...base, method: 'PUT' },
      { ...base, body: { amount: 2 } },
      { ...base, body: undefined },
      { ...base, principal: { kind: 'user', subject: 'pc_shop' } },
      { ...base, apiKeyId: '0b6f7f0e-1111-4111-8111-111111111111' },
    ];
    for (const other of others) expect(requestHashOf(other)).not.toBe(hash);
    expect(new Set(others.map(requestHashOf)).size).toBe(others.length);
  });

  it('when a part contains a line break, then it cannot pose as the next part', () => {
    expect(requestHashOf({ ...base, principal: { kind: 'user', subject: '1\napi-key:x' } })).not.toBe(
      requestHashOf({ ...base, principal: { kind: 'user', subject: '1' }, apiKeyId: 'x' }),
    );
  });
});

describe('the users whose phone number an answer holds (erasure)', () => {
  it('when an answer holds cash-outs with a phone number, then their payers are named; an erased number or none names no one', () => {
    const cashout = (userId: number, msisdn: string | null) => ({ id: 'c', userId, msisdn });
    expect(phoneHoldersOf(JSON.stringify({ cashout: cashout(7, '+237650000000'), wallet: { userId: 9 } }))).toEqual([7]);
    expect(phoneHoldersOf(JSON.stringify({ items: [cashout(7, '+2376'), cashout(8, '+2377'), cashout(7, '+2378')] }))).toEqual([7, 8]);
    expect(phoneHoldersOf(JSON.stringify({ cashout: cashout(7, null) }))).toEqual([]);
    expect(phoneHoldersOf(JSON.stringify({ transaction: { id: 1 } }))).toEqual([]);
    expect(phoneHoldersOf('{"msisdn":"+237" not json')).toEqual([]);
  });
});
