import { RevocationFloors } from './revocation-floors';

const alice = (tokenVersion: number) => ({ kind: 'user' as const, id: '42', tokenVersion });

describe('revocation floors: a revocation counts from its offset on, in its partition', () => {
  it('when no floor names the subject, then every proof passes', () => {
    const floors = new RevocationFloors([{ partition: 0, offset: 5, subject: 'user:7', minTokenVersion: 3 }]);
    expect(floors.refusal(0, 100, alice(0))).toBeNull();
  });

  it('when a floor was met before the command, then an older token version is refused and the new one passes', () => {
    const floors = new RevocationFloors([{ partition: 2, offset: 10, subject: 'user:42', minTokenVersion: 4 }]);
    expect(floors.refusal(2, 11, alice(3))).toMatch(/revoked before the command was written/);
    expect(floors.refusal(2, 11, alice(4))).toBeNull();
  });

  it('when the command came before the floor (written before the logout), then it passes, even judged after', () => {
    const floors = new RevocationFloors([{ partition: 2, offset: 10, subject: 'user:42', minTokenVersion: 4 }]);
    expect(floors.refusal(2, 9, alice(3))).toBeNull();
  });

  it('when the floor is in another partition, then it does not count here', () => {
    const floors = new RevocationFloors([{ partition: 1, offset: 10, subject: 'user:42', minTokenVersion: 4 }]);
    expect(floors.refusal(2, 11, alice(3))).toBeNull();
  });

  it('when floors arrive out of order or lower, then the highest met before each offset counts (max semantics)', () => {
    const floors = new RevocationFloors();
    floors.raise({ partition: 0, offset: 30, subject: 'user:42', minTokenVersion: 2 });
    floors.raise({ partition: 0, offset: 10, subject: 'user:42', minTokenVersion: 5 });
    floors.raise({ partition: 0, offset: 20, subject: 'user:42', minTokenVersion: 3 });
    expect(floors.refusal(0, 15, alice(4))).toMatch(/version 5/);
    expect(floors.refusal(0, 25, alice(4))).toMatch(/version 5/);
    expect(floors.refusal(0, 35, alice(5))).toBeNull();
    expect(floors.refusal(0, 5, alice(0))).toBeNull();
    // A redelivered record changes nothing.
    floors.raise({ partition: 0, offset: 10, subject: 'user:42', minTokenVersion: 5 });
    expect(floors.size).toBe(3);
  });

  it('when a platform client is revoked, then none of its proofs passes from there on', () => {
    const floors = new RevocationFloors([{ partition: 3, offset: 7, subject: 'client:pc_1', minTokenVersion: null }]);
    const client = { kind: 'system' as const, id: 'pc_1', tokenVersion: 999 };
    expect(floors.refusal(3, 8, client)).toMatch(/platform client pc_1 was revoked/);
    expect(floors.refusal(3, 6, client)).toBeNull();
    expect(floors.refusal(3, 8, { kind: 'user', id: 'pc_1', tokenVersion: 0 })).toBeNull();
  });
});

describe('revocation floors of API keys: a revoked key proves nothing from its revocation on, in its partition', () => {
  const keyId = '3f2e1d0c-9b8a-4776-8564-a3b2c1d0e9f8';
  const revoked = (partition: number, offset: number) => ({ partition, offset, subject: `apikey:${keyId}`, minTokenVersion: null });

  it('when a key was revoked before the command, then its key proof is refused there, and another key is not', () => {
    const floors = new RevocationFloors([revoked(4, 20)]);
    expect(floors.keyRefusal(4, 21, keyId)).toMatch(new RegExp(`API key ${keyId} was revoked before the command was written`));
    expect(floors.keyRefusal(4, 21, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('when the command came before the revocation (written before it, judged after an outage), then the key proof still passes', () => {
    const floors = new RevocationFloors([revoked(4, 20)]);
    expect(floors.keyRefusal(4, 19, keyId)).toBeNull();
    expect(floors.keyRefusal(4, 20, keyId)).toBeNull();
  });

  it('when the revocation is in another partition only, then it does not count here', () => {
    expect(new RevocationFloors([revoked(1, 20)]).keyRefusal(4, 21, keyId)).toBeNull();
  });

  it('when a revocation is redelivered later, then the earliest offset still counts, and a person of the same number is not the key', () => {
    const floors = new RevocationFloors();
    floors.raise(revoked(4, 50));
    floors.raise(revoked(4, 20));
    floors.raise(revoked(4, 50));
    expect(floors.size).toBe(2);
    expect(floors.keyRefusal(4, 30, keyId)).toMatch(/was revoked/);
    expect(floors.refusal(4, 30, { kind: 'user', id: keyId, tokenVersion: 0 })).toBeNull();
  });
});

describe("revocation floors of platform clients, for referrals: a revoked client's referral pays no one from its revocation on, in its partition", () => {
  const revoked = (partition: number, offset: number) => ({ partition, offset, subject: 'client:pc_shop', minTokenVersion: null });

  it('when the client was revoked before the purchase, then its referral is refused there; before it, or in another partition, it is not', () => {
    const floors = new RevocationFloors([revoked(2, 10)]);
    expect(floors.clientRefusal(2, 11, 'pc_shop')).toMatch(/referral's platform client pc_shop was revoked before the command was written/);
    expect(floors.clientRefusal(2, 10, 'pc_shop')).toBeNull();
    expect(floors.clientRefusal(2, 9, 'pc_shop')).toBeNull();
    expect(floors.clientRefusal(3, 11, 'pc_shop')).toBeNull();
    expect(floors.clientRefusal(2, 11, 'pc_other')).toBeNull();
  });

  it("when a user's token version was raised (not a revocation for good), then no referral is refused by it", () => {
    const floors = new RevocationFloors([{ partition: 2, offset: 10, subject: 'user:7', minTokenVersion: 3 }]);
    expect(floors.clientRefusal(2, 11, '7')).toBeNull();
  });
});
