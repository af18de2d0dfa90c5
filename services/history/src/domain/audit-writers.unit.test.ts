import type { AdminAuditEvent } from '@coin/contracts';
import { auditWriterRefusal } from './audit-writers';

const at = '2030-01-01T00:00:00.000Z';
const action = (name: string, target: string): AdminAuditEvent =>
  ({
    eventId: 'e',
    type: 'admin.action.recorded',
    version: 1,
    occurredAt: at,
    record: {
      id: 'e',
      at,
      actor: { kind: 'user', id: '1' },
      action: name,
      target,
      summary: {},
      result: 'applied',
      errorCode: null,
      requestId: null,
    },
  }) as AdminAuditEvent;
const refusal = (source: string): AdminAuditEvent =>
  ({
    eventId: 'e',
    type: 'admin.refusal.recorded',
    version: 1,
    occurredAt: at,
    record: {
      id: 'e',
      at,
      source,
      actor: { kind: 'user', id: '1', verified: false },
      address: null,
      action: 'ledger.mint',
      target: 'command:c',
      summary: {},
      result: 'rejected',
      errorCode: 'COMMAND_REFUSED',
      reason: 'r',
      requestId: null,
    },
  }) as AdminAuditEvent;

describe('which writer may have written an audit record', () => {
  it('when a service signs its own records, then each may enter the log', () => {
    expect(auditWriterRefusal(action('money.mint', 'user:1'), 'ledger', false)).toBeNull();
    expect(auditWriterRefusal(action('approval.approve', 'approval:a'), 'ledger', false)).toBeNull();
    expect(auditWriterRefusal(action('approval.approve', 'deletion-request:d'), 'user', false)).toBeNull();
    expect(auditWriterRefusal(action('approval.request', 'grant-request:g'), 'user', false)).toBeNull();
    expect(auditWriterRefusal(action('user.change-role', 'user:1'), 'user', false)).toBeNull();
    expect(auditWriterRefusal(refusal('ledger'), 'ledger', false)).toBeNull();
    expect(auditWriterRefusal(refusal('gateway'), 'gateway', true)).toBeNull();
  });

  it("when a service signs another's record, or the gateway writes outside its topic, then it is refused", () => {
    expect(auditWriterRefusal(action('money.mint', 'user:1'), 'user', false)).toMatch(/recorded by ledger/);
    expect(auditWriterRefusal(action('user.delete', 'user:1'), 'webhooks', false)).toMatch(/recorded by user/);
    expect(auditWriterRefusal(action('approval.approve', 'deletion-request:d'), 'ledger', false)).toMatch(/recorded by user/);
    expect(auditWriterRefusal(action('approval.approve', 'grant-request:g'), 'ledger', false)).toMatch(/recorded by user/);
    expect(auditWriterRefusal(refusal('ledger'), 'user', false)).toMatch(/a record of ledger signed by user/);
    expect(auditWriterRefusal(refusal('gateway'), 'gateway', false)).toMatch(/refusals topic only/);
    expect(auditWriterRefusal(refusal('ledger'), 'ledger', true)).toMatch(/only the gateway/);
  });
});
