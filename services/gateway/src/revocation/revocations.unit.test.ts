import { olderThan, Revocations } from './revocations';

describe('Revocations: what one gateway instance knows of recent revocations, in memory', () => {
  const limits = { userWindowMs: 60_000, usersMax: 3 };

  it('when a version is compared with a floor, then only a lower version, or anything but deleted below a deletion, is older', () => {
    expect([olderThan(3, 4), olderThan(4, 4), olderThan(5, 4)]).toEqual([true, false, false]);
    expect([olderThan(4, 'deleted'), olderThan('deleted', 'deleted'), olderThan('deleted', 4)]).toEqual([true, false, false]);
  });

  it('when a user is revoked, then a cached older version is stale and a current one is not; the floor only rises', () => {
    const revocations = new Revocations(limits);
    expect(revocations.userStale(7, 3, 0)).toBe(false);
    revocations.userChanged(7, 4, 0);
    expect([revocations.userStale(7, 3, 1), revocations.userStale(7, 4, 1), revocations.userStale(8, 3, 1)]).toEqual([true, false, false]);
    revocations.userChanged(7, 2, 2);
    expect(revocations.userFloor(7, 3)).toBe(4);
    revocations.userChanged(7, 'deleted', 4);
    expect([revocations.userStale(7, 9, 5), revocations.userStale(7, 'deleted', 5)]).toEqual([true, false]);
  });

  it('when the floor rises, then the listeners hear it once; an equal or older state tells them nothing', () => {
    const revocations = new Revocations(limits);
    const heard: Array<[number, number | 'deleted']> = [];
    const stop = revocations.onUserChanged((userId, state) => heard.push([userId, state]));
    revocations.userChanged(7, 4, 0);
    revocations.userChanged(7, 4, 1);
    revocations.userChanged(7, 3, 2);
    revocations.userChanged(7, 'deleted', 3);
    stop();
    revocations.userChanged(8, 1, 4);
    expect(heard).toEqual([
      [7, 4],
      [7, 'deleted'],
    ]);
  });

  it('when the user service answers lower than the floor, then the floor falls only if the read started after the floor was learned (a hand-made event), never for a read older than the revocation', () => {
    const revocations = new Revocations(limits);
    revocations.userChanged(7, 9, 1000);
    revocations.userConfirmed(7, 4, 900, 1100);
    expect(revocations.userFloor(7, 1100)).toBe(9);
    revocations.userConfirmed(7, 4, 1001, 1100);
    expect(revocations.userFloor(7, 1100)).toBe(4);
    // Higher than the floor: it rises, as any change.
    revocations.userConfirmed(7, 6, 0, 1200);
    expect(revocations.userFloor(7, 1200)).toBe(6);
    // No floor: nothing is remembered for an answer alone.
    revocations.userConfirmed(8, 6, 0, 1200);
    expect(revocations.usersTracked).toBe(1);
  });

  it('when a deletion floor meets a user the user service still has, then a read started after it lowers it to the version', () => {
    const revocations = new Revocations(limits);
    revocations.userChanged(7, 'deleted', 1000);
    revocations.userConfirmed(7, 3, 1500, 1600);
    expect(revocations.userFloor(7, 1600)).toBe(3);
  });

  it('when the window has passed, or more users are revoked than the bound, then the oldest are forgotten (the bound counted)', () => {
    let forgotten = 0;
    const revocations = new Revocations(limits, () => (forgotten += 1));
    revocations.userChanged(1, 2, 0);
    expect(revocations.userFloor(1, 59_999)).toBe(2);
    expect(revocations.userFloor(1, 60_000)).toBeUndefined();
    for (const userId of [2, 3, 4, 5]) revocations.userChanged(userId, 1, 100_000 + userId);
    expect(revocations.usersTracked).toBe(3);
    expect(revocations.userFloor(2, 100_010)).toBeUndefined();
    expect(revocations.userFloor(5, 100_010)).toBe(1);
    expect(forgotten).toBe(1);
    // Past their window they make room without counting.
    revocations.userChanged(6, 1, 200_000);
    expect(forgotten).toBe(1);
    expect(revocations.usersTracked).toBe(1);
  });

  it("when this instance revokes a key or client, then it is revoked at once and stays so until the user service's list shows it, whatever that list said before", () => {
    const revocations = new Revocations(limits);
    revocations.revokeApiKey('k1');
    revocations.revokeClient('c1');
    // A list read before the revocation committed does not undo it.
    revocations.revokedApiKeys([]);
    revocations.revokedClients(['c0']);
    expect([revocations.apiKeyRevoked('k1'), revocations.clientRevoked('c1'), revocations.clientRevoked('c0')]).toEqual([true, true, true]);
    revocations.revokedApiKeys(['k1', 'k2']);
    revocations.revokedClients(['c1']);
    expect([revocations.apiKeyRevoked('k1'), revocations.apiKeyRevoked('k2'), revocations.clientRevoked('c0')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(revocations.apiKeyRevoked('k3')).toBe(false);
  });

  it('when more keys are revoked here than the local bound before the list shows them, then the oldest local one is left to the list', () => {
    const revocations = new Revocations({ ...limits, localMax: 2 });
    for (const id of ['a', 'b', 'c']) revocations.revokeApiKey(id);
    expect(['a', 'b', 'c'].map((id) => revocations.apiKeyRevoked(id))).toEqual([false, true, true]);
  });
});
