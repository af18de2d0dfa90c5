import { adminServiceActionRecorded } from '@coin/contracts';
import { endpointActionRecord, serviceActor } from './audit-outbox';

const disabling = {
  action: 'webhook-endpoint.disable' as const,
  endpointId: '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20',
  clientId: 'pc_Xk3v9QmT2bLw',
  at: new Date('2030-05-02T12:30:00.000Z'),
  actor: serviceActor,
  reason: 'delivery 812 failed 13 attempts over the retry schedule',
  requestId: null,
};

describe('the audit record of an action on a webhook endpoint', () => {
  it('when the same disabling is made into a record twice, then the two differ in their random id only: no other writer of the log can compute it ahead (the outbox row keeps the record for every republish)', () => {
    const [first, second] = [endpointActionRecord(disabling), endpointActionRecord({ ...disabling })];
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect({ ...first, id: second.id }).toEqual(second);
  });

  it('when a record is made, then it is an admin.service-action.recorded record naming the service, the endpoint and the client', () => {
    const record = endpointActionRecord(disabling);
    expect(record).toMatchObject({
      source: 'webhooks',
      actor: { kind: 'service', id: 'webhooks' },
      action: 'webhook-endpoint.disable',
      target: `webhook-endpoint:${disabling.endpointId}`,
      summary: { clientId: disabling.clientId, reason: disabling.reason },
      result: 'applied',
      errorCode: null,
      requestId: null,
    });
    const event = { eventId: record.id, type: 'admin.service-action.recorded', version: 1, occurredAt: record.at, record };
    expect(adminServiceActionRecorded.safeParse(event).success).toBe(true);
  });
});
