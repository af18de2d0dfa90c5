import { adminServiceActionEvent, type ServiceActionRecord } from '@coin/contracts';
import { insertOutbox, type PoolClient } from '@coin/db';
import { randomUUID } from 'node:crypto';

export type CaseAction =
  | 'monitoring-case.assign'
  | 'monitoring-case.comment'
  | 'monitoring-case.link'
  | 'monitoring-case.resolve'
  | 'monitoring-case.resolve-propose'
  | 'monitoring-case.approval-refused'
  | 'monitoring-case.refused'
  | 'monitoring-case.reject'
  | 'monitoring-rule.update'
  | 'monitoring-rule.propose'
  | 'monitoring-rule.approve'
  | 'monitoring-rule.approval-refused'
  | 'monitoring-rule.refused'
  | 'monitoring-rule.reject'
  | 'monitoring-rule.pause'
  | 'monitoring-rule.freeze-lift-request'
  | 'monitoring-rule.freeze-lift-approve'
  | 'monitoring-rule.freeze-lift-reject'
  | 'monitoring-rule.freeze-lift-refused';

/**
 * The admin audit record of a step on a case or a rule (docs/design/monitoring.md), written to the
 * outbox in the step's own transaction: it reaches admin.audit once that commits. Its id is random,
 * so no other writer of the log can take it ahead.
 */
export function caseActionRecord(input: {
  action: CaseAction;
  target: string;
  actor: ServiceActionRecord['actor'];
  summary: Record<string, string | number | string[]>;
  requestId: string | null;
}): ServiceActionRecord {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    source: 'monitoring',
    actor: input.actor,
    action: input.action,
    target: input.target,
    summary: input.summary,
    result: 'applied',
    errorCode: null,
    requestId: input.requestId,
  };
}

export async function recordCaseAction(client: PoolClient, topic: string, input: Parameters<typeof caseActionRecord>[0]): Promise<void> {
  const record = caseActionRecord(input);
  await insertOutbox(client, [{ topic, key: record.id, payload: adminServiceActionEvent(record) }]);
}
