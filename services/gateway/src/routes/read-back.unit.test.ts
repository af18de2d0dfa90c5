import type { Transaction } from '@coin/contracts';
import type { Principal } from '../plugins/access';
import { isAllowed, secondFactorRefusal } from '../plugins/auth';
import { gatherMetadataParams } from './history';
import { mayRead } from './transactions';

const shop: Principal = { kind: 'system', subject: 'pc_shop', role: 'SYSTEM', tokenVersion: 0, treasuries: ['REWARDS'] };
const rival: Principal = { kind: 'system', subject: 'pc_rival', role: 'SYSTEM', tokenVersion: 0, treasuries: ['REWARDS'] };
const person = (role: 'USER' | 'ADMIN', userId = 7): Principal => ({
  kind: 'user',
  subject: String(userId),
  userId,
  role,
  tokenVersion: 0,
  mfaAtMs: 0,
});

const tx = (fields: Partial<Transaction> = {}): Transaction => ({
  id: 1,
  type: 'REWARD',
  amount: 1,
  fromUserId: null,
  toUserId: 8,
  fromTreasury: 'REWARDS',
  toTreasury: null,
  reason: 'r',
  reference: null,
  refundOf: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...fields,
});

describe('a platform client reads back only what its own requests made', () => {
  it('when the transaction names the client, then that client reads it; another client, or one read of a transaction naming none, does not', () => {
    expect(mayRead(shop, tx({ clientId: 'pc_shop' }))).toBe(true);
    expect(mayRead(rival, tx({ clientId: 'pc_shop' }))).toBe(false);
    expect(mayRead(shop, tx())).toBe(false);
    // A transfer between users: no client made it, so no client reads it, whatever the user ids.
    expect(mayRead(shop, tx({ type: 'TRANSFER', fromUserId: 7, toUserId: 8, fromTreasury: null }))).toBe(false);
  });

  it("when a user is no party, then the client's transaction stays hidden; the parties and an admin read it", () => {
    expect(mayRead(person('USER', 9), tx({ clientId: 'pc_shop' }))).toBe(false);
    expect(mayRead(person('USER', 8), tx({ clientId: 'pc_shop' }))).toBe(true);
    expect(mayRead(person('ADMIN', 9), tx({ clientId: 'pc_shop' }))).toBe(true);
  });

  it('when the search is called, then ADMIN+ with a second factor and platform clients reach it, a user does not', () => {
    expect([isAllowed(shop, 'search'), isAllowed(person('ADMIN'), 'search'), isAllowed(person('USER'), 'search')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(secondFactorRefusal({ ...person('ADMIN'), mfaAtMs: undefined } as Principal, { access: 'search' }, 0, 300)?.code).toBe(
      'MFA_REQUIRED',
    );
    expect(secondFactorRefusal(shop, { access: 'search' }, 0, 300)).toBeNull();
  });
});

describe('gatherMetadataParams', () => {
  it('when the query has metadata[key] parameters, then they become one metadata object and the others stay', () => {
    expect(gatherMetadataParams({ type: 'REWARD', 'metadata[order.id]': 'A-1', 'metadata[shop]': 'x' })).toEqual({
      type: 'REWARD',
      metadata: { 'order.id': 'A-1', shop: 'x' },
    });
  });

  it('when there is none, then the query is left as it is', () => {
    const query = { limit: '5' };
    expect(gatherMetadataParams(query)).toBe(query);
  });

  it('when a pair is repeated, names an odd key or mixes with a plain metadata, then the schema gets what it must refuse, never a silent choice', () => {
    expect(gatherMetadataParams({ 'metadata[a]': ['1', '2'] })).toEqual({ metadata: { a: ['1', '2'] } });
    expect(gatherMetadataParams({ 'metadata[a b]': '1' })).toEqual({ metadata: { 'a b': '1' } });
    expect(gatherMetadataParams({ metadata: 'x', 'metadata[a]': '1' })).toEqual({ metadata: ['x', '1'] });
    const proto = gatherMetadataParams({ 'metadata[__proto__]': 'x' });
    expect(Object.keys(proto['metadata'] as object)).toEqual(['__proto__']);
  });
});
