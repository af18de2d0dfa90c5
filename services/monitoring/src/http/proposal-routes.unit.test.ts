import type { StoredRequest } from '../db/requests-repo';
import { proposalView } from './proposal-routes';

describe('a monitoring proposal as listed', () => {
  const pending: StoredRequest = {
    id: '5b0c4a1e-2f3d-4c5b-8a9e-1d2c3b4a5f6e',
    target: 'monitoring-rule:fan-out',
    change: { mode: 'DISABLED' },
    status: 'PENDING',
    requestedBy: 7,
    requestedAt: new Date('2026-01-15T10:00:00.000Z'),
    decidedBy: null,
    decidedAt: null,
    reason: null,
  };
  const dayMs = 86_400_000;

  it('when read before its expiry, then it is PENDING until the proposed time plus the expiry, named by its rule and its own id', () => {
    expect(proposalView(pending, dayMs, new Date('2026-01-16T09:59:59.999Z'))).toEqual({
      id: 'fan-out',
      requestId: pending.id,
      change: { mode: 'DISABLED' },
      proposedBy: 7,
      proposedAt: '2026-01-15T10:00:00.000Z',
      expiresAt: '2026-01-16T10:00:00.000Z',
      status: 'PENDING',
      decidedBy: null,
      decidedAt: null,
      rejectionReason: null,
    });
  });

  it('when read at its expiry or later, then it is EXPIRED, as the second person’s rule refuses it from then', () => {
    expect(proposalView(pending, dayMs, new Date('2026-01-16T10:00:00.000Z')).status).toBe('EXPIRED');
    expect(proposalView(pending, 1_000, new Date('2026-01-15T10:00:01.000Z')).status).toBe('EXPIRED');
  });

  it('when it was decided, then it reads as it ended, whatever the time: by whom, when, and why it was rejected', () => {
    const decidedAt = new Date('2026-01-15T11:00:00.000Z');
    const later = new Date('2026-02-01T00:00:00.000Z');
    const rejected = { ...pending, status: 'REJECTED' as const, decidedBy: 8, decidedAt, reason: 'keep it watched' };
    expect(proposalView(rejected, dayMs, later)).toMatchObject({
      status: 'REJECTED',
      decidedBy: 8,
      decidedAt: '2026-01-15T11:00:00.000Z',
      rejectionReason: 'keep it watched',
    });
    const approved = { ...pending, status: 'APPROVED' as const, decidedBy: 8, decidedAt };
    expect(proposalView(approved, dayMs, later)).toMatchObject({ status: 'APPROVED', decidedBy: 8, rejectionReason: null });
  });

  it('when a case is the target, then its id is the case id, colons and all that follows the kind', () => {
    const onCase = { ...pending, target: 'monitoring-case:0c9f4e2a-7b1d-4c3e-9f5a-2b6d8e0a1c3f' };
    expect(proposalView(onCase, dayMs, new Date('2026-01-15T10:00:00.000Z')).id).toBe('0c9f4e2a-7b1d-4c3e-9f5a-2b6d8e0a1c3f');
  });
});
