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
