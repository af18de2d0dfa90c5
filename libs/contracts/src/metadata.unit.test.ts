import { metadata, metadataLimits } from './common';
import { adminTransactionsQuery, internalTransactionsQuery, metadataOfJson } from './history';
import { captureHoldBody } from './holds';
import { ledgerCommand } from './commands';
import { payoutBody, purchaseBody, rewardBody, transferBody } from './ledger';

const keys = (n: number, value = 'v') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));

function reward(data: Record<string, unknown>) {
  return {
    commandId: '0b7a3d6e-3c2a-4d67-9a43-8f5d2d0c9e11',
    type: 'ledger.reward',
    issuedAt: '2030-01-02T03:04:05.000Z',
    actor: { kind: 'system', id: 'pc_shop' },
    data: { toUserId: 7, amount: 100, reason: 'a prize', ...data },
  };
}

describe('metadata on money requests', () => {
  it('when metadata is at its bounds (20 keys of 40 characters, values of 500), then it is accepted as given', () => {
    const atBounds = Object.fromEntries(
      Array.from({ length: metadataLimits.keysMax }, (_, i) => [`${String(i).padStart(2, '0')}${'k'.repeat(38)}`, 'é'.repeat(500)]),
    );
    expect(metadata.parse(atBounds)).toEqual(atBounds);
    expect(metadata.parse({ 'order.id': 'A-1', 'shop_ref-2': '', emoji: '🎉' })).toEqual({
      'order.id': 'A-1',
      'shop_ref-2': '',
      emoji: '🎉',
    });
  });

  it.each([
    ['21 keys', keys(21)],
    ['a key of 41 characters', { ['k'.repeat(41)]: 'v' }],
    ['an empty key', { '': 'v' }],
    ['a key with a space', { 'order id': 'v' }],
    ['a key with a bracket', { 'a]': 'v' }],
    ['a non-ASCII key', { clé: 'v' }],
    ['a value of 501 characters', { k: 'v'.repeat(501) }],
    ['a NUL in a value', { k: 'a\u0000b' }],
    ['a line feed in a value', { k: 'a\nb' }],
    ['an escape sequence in a value', { k: '\u001b[31mred' }],
    ['a C1 control in a value', { k: '\u0085' }],
    ['a lone surrogate in a value', { k: '\ud800' }],
    ['a number value', { k: 5 }],
    ['a nested object', { k: { deeper: 'v' } }],
    ['null values', { k: null }],
    ['an array', ['v']],
  ])('when metadata has %s, then it is refused', (_what, value) => {
    expect(metadata.safeParse(value).success).toBe(false);
  });

  it('when a command put on the topic has a __proto__ key, then the parsed metadata leaves it out and keeps its prototype', () => {
    const parsed = metadata.parse(JSON.parse('{"__proto__":{"polluted":"yes"},"a":"b"}'));
    expect(parsed).toEqual({ a: 'b' });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('when a money body carries metadata, then every body that creates a transaction accepts it, and refuses it out of bounds', () => {
    const bodies = [
      [rewardBody, { userId: 7, amount: 1, reason: 'r' }],
      [transferBody, { toUserId: 7, amount: 1, reason: 'r' }],
      [purchaseBody, { treasury: 'COURSE_FEES', amount: 1, reason: 'r' }],
      [payoutBody, { from: { treasury: 'REWARDS' }, reason: 'r', lines: [{ toUserId: 7, amount: 1 }] }],
      [captureHoldBody, {}],
    ] as const;
    for (const [schema, body] of bodies) {
      expect(schema.safeParse({ ...body, metadata: { order: 'A-1' } }).success).toBe(true);
      expect(schema.safeParse({ ...body, metadata: keys(21) }).success).toBe(false);
    }
  });

  it('when a command put on the topic carries metadata out of bounds, then the command schema refuses it (a Kafka command is hostile too)', () => {
    expect(ledgerCommand.safeParse(reward({ metadata: { order: 'A-1' } })).success).toBe(true);
    expect(ledgerCommand.safeParse(reward({ metadata: keys(21) })).success).toBe(false);
    expect(ledgerCommand.safeParse(reward({ metadata: { k: 'x'.repeat(501) } })).success).toBe(false);
    expect(ledgerCommand.safeParse(reward({ metadata: { k: 'a\u0000' } })).success).toBe(false);
  });

  it("when the search filters by metadata, then the public and the internal forms judge it like a request's metadata", () => {
    expect(adminTransactionsQuery.safeParse({ metadata: { order: 'A-1' } }).success).toBe(true);
    expect(adminTransactionsQuery.safeParse({ metadata: { 'bad key': 'x' } }).success).toBe(false);
    expect(internalTransactionsQuery.safeParse({ metadata: '{"order":"A-1"}', clientId: 'pc_shop' }).success).toBe(true);
    expect(internalTransactionsQuery.safeParse({ metadata: '{"order":' }).success).toBe(false);
    expect(internalTransactionsQuery.safeParse({ metadata: '{"order":5}' }).success).toBe(false);
    expect(metadataOfJson('{"order":"A-1"}')).toEqual({ order: 'A-1' });
    expect(metadataOfJson('[1]')).toBeNull();
  });
});
