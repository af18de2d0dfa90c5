import { spaceRefusalOf } from './space';

describe('spaceRefusalOf (docs/decisions/0018-sandbox.md)', () => {
  it.each([
    ['live', 'pc_Xk3v9QmT2bLw', undefined],
    ['live', 'shop-backend', undefined],
    ['live', 'test_Xk3v9QmT2bLw', 'TEST_MODE_CREDENTIALS'],
    ['test', 'test_Xk3v9QmT2bLw', undefined],
    ['test', 'pc_Xk3v9QmT2bLw', 'FORBIDDEN'],
    ['test', 'shop-backend', 'FORBIDDEN'],
  ] as const)('when the %s instance is asked for client %s, then %s', (space, clientId, code) => {
    expect(spaceRefusalOf(space, clientId)?.code).toBe(code);
  });
});
