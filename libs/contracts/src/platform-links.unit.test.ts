import fc from 'fast-check';
import { payoutLinesMax } from './ledger';
import { linkedUsersQuery, unlinkedUserOf } from './platform-links';

/**
 * The rule a platform client names users by (docs/CONTRACT.md "Platform links"): only the users
 * linked to it, and any other id refused with the same words whether or not an account has it.
 */
describe('unlinkedUserOf', () => {
  it('when every named user linked the client, then nothing is refused', () => {
    expect(unlinkedUserOf([7], new Set([7]))).toBeNull();
    expect(unlinkedUserOf([7, 9, 7], new Set([9, 7, 11]))).toBeNull();
  });

  it('when some named users did not link it, then the first of them is refused, with where it was named', () => {
    expect(unlinkedUserOf([7, 8, 9], new Set([7]))).toEqual({ userId: 8, index: 1, detail: 'User 8 has not linked this platform client' });
    expect(unlinkedUserOf([3, 4], new Set())).toMatchObject({ userId: 3, index: 0 });
  });

  it('when an account the client has no link to and an id no account has are named, then the refusals differ by the id alone', () => {
    // The rule is given the client's links only, never who exists: an account linked to another
    // client, a SUPERADMIN and an id never issued are the same unlinked id to it.
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 0, maxLength: 20 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (linkedIds, existing, unknown) => {
          fc.pre(existing !== unknown && !linkedIds.includes(existing) && !linkedIds.includes(unknown));
          const linked = new Set(linkedIds);
          const asExisting = unlinkedUserOf([...linkedIds, existing], linked)!;
          const asUnknown = unlinkedUserOf([...linkedIds, unknown], linked)!;
          expect(asExisting.index).toBe(asUnknown.index);
          expect(asExisting.detail.replace(String(existing), '<id>')).toBe(asUnknown.detail.replace(String(unknown), '<id>'));
        },
      ),
    );
  });

  it('when any names are judged, then the refused one is named and not linked, and every one before it is linked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 30 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 50 }),
        (named, linkedIds) => {
          const linked = new Set(linkedIds);
          const refused = unlinkedUserOf(named, linked);
          if (refused === null) {
            expect(named.every((id) => linked.has(id))).toBe(true);
            return;
          }
          expect(named[refused.index]).toBe(refused.userId);
          expect(linked.has(refused.userId)).toBe(false);
          expect(named.slice(0, refused.index).every((id) => linked.has(id))).toBe(true);
        },
      ),
    );
  });

  it('when the gateway asks which users are linked, then it names at least one and at most a payout’s lines', () => {
    const clientId = 'test_shop';
    expect(linkedUsersQuery.safeParse({ clientId, userIds: [] }).success).toBe(false);
    expect(linkedUsersQuery.safeParse({ clientId, userIds: Array.from({ length: payoutLinesMax }, (_, i) => i + 1) }).success).toBe(true);
    expect(linkedUsersQuery.safeParse({ clientId, userIds: Array.from({ length: payoutLinesMax + 1 }, (_, i) => i + 1) }).success).toBe(
      false,
    );
    expect(linkedUsersQuery.safeParse({ clientId, userIds: [0] }).success).toBe(false);
  });
});
