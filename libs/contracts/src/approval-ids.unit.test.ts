import { approvalIdNamingRoute, routeOfApprovalId } from './approval-ids';

const seed = '0123456789abcdef0123456789abcdef';

describe('approval ids that name their route', () => {
  it.each([
    [{ walletKey: 'user:42', payout: false }],
    [{ walletKey: `user:${Number.MAX_SAFE_INTEGER}`, payout: false }],
    [{ walletKey: 'treasury:REWARDS', payout: true }],
    [{ walletKey: 'treasury:COURSE_FEES', payout: false }],
    [{ walletKey: 'treasury:OPERATIONS', payout: false }],
    [{ walletKey: 'cashout-rates', payout: false }],
  ])('when an id is drawn for %j, then it is a UUIDv8 that names that route back', (route) => {
    const id = approvalIdNamingRoute(route, seed);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(routeOfApprovalId(id)).toEqual(route);
    expect(routeOfApprovalId(id.toUpperCase())).toEqual(route);
  });

  it('when an id was issued before (UUIDv5) or names no user or treasury, then it names no route', () => {
    expect(routeOfApprovalId('5b1e4a0c-2f4e-5d6a-9b1c-0e2f4a6b8c0d')).toBeNull();
    // A user digit with user id 0; a digit past the four treasuries and the rate table; a treasury digit with user digits.
    expect(routeOfApprovalId('01234567-89ab-8cde-8000-000000000000')).toBeNull();
    expect(routeOfApprovalId('01234567-89ab-8cde-8600-000000000000')).toBeNull();
    expect(routeOfApprovalId('01234567-89ab-8cde-8700-000000000000')).toBeNull();
    expect(routeOfApprovalId('01234567-89ab-8cde-8100-000000000001')).toBeNull();
    expect(routeOfApprovalId('not an id')).toBeNull();
  });

  it('when a route is not a user, a treasury or the rate table, or the seed is not 32 hex digits, then no id is drawn', () => {
    expect(() => approvalIdNamingRoute({ walletKey: 'treasury:NOPE', payout: false }, seed)).toThrow(RangeError);
    expect(() => approvalIdNamingRoute({ walletKey: 'cashout-rate', payout: false }, seed)).toThrow(RangeError);
    expect(() => approvalIdNamingRoute({ walletKey: 'user:0', payout: false }, seed)).toThrow(RangeError);
    expect(() => approvalIdNamingRoute({ walletKey: 'user:1', payout: false }, 'xyz')).toThrow(RangeError);
  });
});
