import {
  sampleAdminActionRecordedEvent,
  sampleAdminRefusalRecordedEvent,
  sampleAdminServiceActionRecordedEvent,
} from '../../events/src/sample-events';
import {
  adminActionEvent,
  adminAuditEvent,
  adminRefusalEvent,
  adminServiceActionEvent,
  auditLogEntry,
  type AuditRecord,
  type RefusalRecord,
  type ServiceActionRecord,
  serviceActionLogEntry,
} from './audit-log';

describe('the admin.audit envelope', () => {
  it('when an action record is wrapped, then the event is the published one, byte for byte: id and time are the record’s', () => {
    const record = sampleAdminActionRecordedEvent.record as unknown as AuditRecord;
    const event = adminActionEvent(record);
    expect(JSON.stringify(event)).toBe(JSON.stringify(sampleAdminActionRecordedEvent));
    expect(adminAuditEvent.parse(event)).toEqual(event);
  });

  it('when a refusal record is wrapped, then the event is the published one, byte for byte: id and time are the record’s', () => {
    const record = sampleAdminRefusalRecordedEvent.record as unknown as RefusalRecord;
    const event = adminRefusalEvent(record);
    expect(JSON.stringify(event)).toBe(JSON.stringify(sampleAdminRefusalRecordedEvent));
    expect(adminAuditEvent.parse(event)).toEqual(event);
  });

  it('when a service action record is wrapped, then the event is the published one, and the log shows it on its own route only', () => {
    const record = sampleAdminServiceActionRecordedEvent.record as unknown as ServiceActionRecord;
    const event = adminServiceActionEvent(record);
    expect(JSON.stringify(event)).toBe(JSON.stringify(sampleAdminServiceActionRecordedEvent));
    expect(adminAuditEvent.parse(event)).toEqual(event);
    const placed = { ...record, seq: 3, hash: 'a'.repeat(64) };
    expect(serviceActionLogEntry.safeParse(placed).success).toBe(true);
    // The entries of GET /api/admin/audit-log keep the shapes of API 2.0.0.
    expect(auditLogEntry.safeParse(placed).success).toBe(false);
  });
});
