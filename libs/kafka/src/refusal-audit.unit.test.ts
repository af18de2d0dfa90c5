import { refusalRecord } from '@coin/contracts';
import { adminRefusalEvent } from '@coin/contracts';
import { commandRefusalRecord, refusalIdName } from './refusal-audit';

const refused = {
  value: {
    commandId: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    type: 'ledger.credit',
    actor: { kind: 'operator' as const, id: 'forger' },
  },
  topic: 'ledger.commands',
  partition: 3,
  offset: '1042',
  reason: 'type: ledger.credit may only travel on ledger.internal',
  headers: { 'request-id': 'req-9', authorization: 'Bearer never-recorded' },
};
const id = '3f1a7c52-9d4e-4b8a-a0c6-5e2f8d1b7a93';
const at = new Date('2030-05-01T10:00:00.000Z');

describe('commandRefusalRecord', () => {
  it('when a consumer refuses a command, then the record is rejected, names the actor as the command did (unverified), the type, the reason and where it was', () => {
    const record = commandRefusalRecord('ledger', refused, id, at);
    expect(record).toEqual({
      id,
      at: '2030-05-01T10:00:00.000Z',
      source: 'ledger',
      actor: { kind: 'operator', id: 'forger', verified: false },
      address: null,
      action: 'ledger.credit',
      target: 'command:7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      summary: { topic: 'ledger.commands', partition: 3, offset: '1042' },
      result: 'rejected',
      errorCode: 'COMMAND_REFUSED',
      reason: 'type: ledger.credit may only travel on ledger.internal',
      requestId: 'req-9',
    });
    expect(refusalRecord.safeParse(record).success).toBe(true);
    expect(JSON.stringify(adminRefusalEvent(record))).not.toContain('never-recorded');
  });

  it('when the command has no request id and a long reason, then requestId is null and the reason is cut to the schema', () => {
    const record = commandRefusalRecord('user', { ...refused, headers: {}, reason: 'x'.repeat(5000) }, id, at);
    expect(record.requestId).toBeNull();
    expect(refusalRecord.safeParse(record).success).toBe(true);
  });

  it('when the same message is refused again (a redelivery), then its id name is the same; another offset gives another', () => {
    expect(refusalIdName(refused)).toBe(refusalIdName({ ...refused }));
    expect(refusalIdName(refused)).not.toBe(refusalIdName({ ...refused, offset: '1043' }));
  });

  it('when two messages of one pack are refused, then each has an id name of its own, and neither is the name of a record that came alone', () => {
    const names = [refusalIdName(refused), refusalIdName({ ...refused, packEntry: 0 }), refusalIdName({ ...refused, packEntry: 1 })];
    expect(new Set(names).size).toBe(3);
    expect(refusalIdName({ ...refused, packEntry: 1 })).toBe(refusalIdName({ ...refused, packEntry: 1 }));
  });
});
