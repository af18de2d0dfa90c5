import { proposalView } from './proposal-routes';

describe('a monitoring proposal as listed', () => {
  const listed = { id: 'fan-out', change: { mode: 'DISABLED' }, proposedBy: 7, proposedAt: new Date('2026-01-15T10:00:00.000Z') };
  const dayMs = 86_400_000;

  it('when read before its expiry, then it is PENDING until the proposed time plus the expiry', () => {
    expect(proposalView(listed, dayMs, new Date('2026-01-16T09:59:59.999Z'))).toEqual({
      id: 'fan-out',
      change: { mode: 'DISABLED' },
      proposedBy: 7,
      proposedAt: '2026-01-15T10:00:00.000Z',
      expiresAt: '2026-01-16T10:00:00.000Z',
      status: 'PENDING',
    });
  });

  it('when read at its expiry or later, then it is EXPIRED, as the second person’s rule refuses it from then', () => {
    expect(proposalView(listed, dayMs, new Date('2026-01-16T10:00:00.000Z')).status).toBe('EXPIRED');
    expect(proposalView(listed, 1_000, new Date('2026-01-15T10:00:01.000Z')).status).toBe('EXPIRED');
  });
});
