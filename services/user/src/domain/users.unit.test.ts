import { roles, type Role } from '@coin/contracts';
import { normalizeEmail, removesLastSuperadmin, removesSuperadmin } from './users';

describe('the last SUPERADMIN rule (docs/CONTRACT.md "Authentication and roles")', () => {
  it.each([
    ['SUPERADMIN', 'ADMIN', 1, true],
    ['SUPERADMIN', null, 1, true],
    ['SUPERADMIN', 'USER', 2, false],
    ['SUPERADMIN', null, 2, false],
    ['SUPERADMIN', 'SUPERADMIN', 1, false],
    ['ADMIN', 'USER', 1, false],
    ['ADMIN', null, 0, false],
  ] as Array<[Role, Role | null, number, boolean]>)(
    'when a %s becomes %s with %i SUPERADMIN(s), then blocked is %s',
    (from, to, count, blocked) => {
      expect(removesLastSuperadmin(from, to, count)).toBe(blocked);
    },
  );

  it('when any role other than SUPERADMIN changes, then no SUPERADMIN is removed', () => {
    for (const from of roles.filter((r) => r !== 'SUPERADMIN'))
      for (const to of [...roles, null]) expect(removesSuperadmin(from, to)).toBe(false);
  });
});

describe('emails', () => {
  it('when emails differ only in case or surrounding space, then they normalise to the same value', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe(normalizeEmail('ada@example.com'));
  });
});
