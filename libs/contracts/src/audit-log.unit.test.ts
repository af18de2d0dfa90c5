import { sampleAdminActionRecordedEvent, sampleAdminRefusalRecordedEvent } from '../../events/src/sample-events';
import { adminActionEvent, adminAuditEvent, adminRefusalEvent, type AuditRecord, type RefusalRecord } from './audit-log';

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
});
