import { decideErasure, erasureAuditRecord, erasureRecordId, erasureReceipt, scrubbedUserEvent } from './erasure';

/**
 * The erasure decision (docs/DESIGN.md "Erasure"): only a deleted account is erased, once; the
 * record names the account by id and says what was removed, never what the person was.
 */
describe('erasure of a user', () => {
  const deletedAt = new Date('2030-05-01T10:00:00Z');
  const erasedAt = new Date('2030-05-02T10:00:00Z');

  it('when no account has the id, then it is refused as not found', () => {
    expect(decideErasure(42, null)).toEqual({ kind: 'refused', code: 'USER_NOT_FOUND', detail: 'No user 42' });
  });

  it('when the account is live, then it is refused: it must be deleted first (its wallet closed, its sessions ended)', () => {
    expect(decideErasure(42, { deletedAt: null, erasedAt: null })).toEqual({
      kind: 'refused',
      code: 'USER_NOT_DELETED',
      detail: 'User 42 is not deleted: delete it first (DELETE /api/admin/users/42), then erase it',
    });
  });

  it('when the account is deleted and not erased, then it is erased', () => {
    expect(decideErasure(42, { deletedAt, erasedAt: null })).toEqual({ kind: 'erase' });
  });

  it('when the account was erased already, then nothing happens again and the first erasure is answered', () => {
    expect(decideErasure(42, { deletedAt, erasedAt })).toEqual({ kind: 'already-erased', erasedAt });
  });

  it('then the record id is the same for every run of one user and differs between users', () => {
    expect(erasureRecordId(42)).toBe(erasureRecordId(42));
    expect(erasureRecordId(42)).not.toBe(erasureRecordId(43));
    expect(erasureRecordId(42)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('then the audit record is a user.delete of the account by the operator, with the erasure in its summary', () => {
    const record = erasureAuditRecord({
      userId: 42,
      at: erasedAt,
      operator: { kind: 'operator', id: 'ops' },
      deletedAt,
      eventPayloadsScrubbed: 3,
      keysDestroyed: 1,
    });
    expect(record).toEqual({
      id: erasureRecordId(42),
      at: erasedAt.toISOString(),
      actor: { kind: 'operator', id: 'ops' },
      action: 'user.delete',
      target: 'user:42',
      summary: { erasure: 'personal-data', deletedAt: deletedAt.toISOString(), eventPayloadsScrubbed: 3, keysDestroyed: 1 },
      result: 'applied',
      errorCode: null,
      requestId: null,
    });
  });

  it('when a stored event of the older user.events names the e-mail, then its scrubbed payload keeps everything but the e-mail', () => {
    const payload = {
      eventId: 'd2b6f8a4-0c3e-4a71-9f5d-1e7b3c9a2d48',
      type: 'user.deleted',
      version: 1,
      occurredAt: '2030-05-04T08:00:00.000Z',
      user: { id: 42, email: 'ada@example.com', role: 'USER', tokenVersion: 2 },
    };
    expect(scrubbedUserEvent(payload)).toEqual({ ...payload, user: { id: 42, role: 'USER', tokenVersion: 2 } });
    expect(scrubbedUserEvent({ ...payload, user: { id: 42, role: 'USER', tokenVersion: 2 } })).toBeNull();
  });

  it('then the receipt names the record, what was removed, what is kept and why, and no personal data', () => {
    const lines = erasureReceipt({ userId: 42, recordId: erasureRecordId(42), erasedAt, deletedAt, already: false });
    const text = lines.join('\n');
    expect(lines[0]).toBe(`user 42 erased at ${erasedAt.toISOString()} (audit record ${erasureRecordId(42)})`);
    expect(text).toMatch(/kept: .*user id.*transactions/);
    expect(text).toMatch(/removed: .*e-mail.*key its registration was sealed under/);
    expect(text).toMatch(/user\.commands/);
    const again = erasureReceipt({ userId: 42, recordId: erasureRecordId(42), erasedAt, deletedAt, already: true });
    expect(again[0]).toBe(`user 42 was already erased at ${erasedAt.toISOString()} (audit record ${erasureRecordId(42)})`);
    expect(again.slice(1)).toEqual(lines.slice(1));
  });
});
