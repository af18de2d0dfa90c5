import { adminServiceActionEvent, minorUnitsToCoins, type ServiceActionRecord } from '@coin/contracts';
import { insertOutbox, type PoolClient } from '@coin/db';
import { randomUUID } from 'node:crypto';
import type { MonitorRow } from './monitors-repo';

export interface MonitorAction {
  action: 'balance-monitor.create' | 'balance-monitor.delete';
  monitor: MonitorRow;
  /** When it happened, as the row says (its created_at, or its deleted_at). */
  at: Date;
  actor: ServiceActionRecord['actor'];
  requestId: string | null;
}

/**
 * The admin audit record of a monitor created or deleted (docs/DESIGN.md "Balance monitors"), as
 * `admin.service-action.recorded`. Its id is random, so no other writer of the log can take it
 * ahead; the outbox row keeps the record, so it is the same however often the outbox publishes it.
 */
export function monitorActionRecord(action: MonitorAction): ServiceActionRecord {
  const { monitor } = action;
  return {
    id: randomUUID(),
    at: action.at.toISOString(),
    source: 'webhooks',
    actor: action.actor,
    action: action.action,
    target: `balance-monitor:${monitor.id}`,
    summary: {
      wallet: monitor.walletKey,
      threshold: minorUnitsToCoins(monitor.thresholdMinor),
      direction: monitor.direction,
      enabled: monitor.enabled,
      ...(monitor.clientId !== null ? { clientId: monitor.clientId } : {}),
    },
    result: 'applied',
    errorCode: null,
    requestId: action.requestId,
  };
}

/** Writes the record to the outbox in the caller's transaction: it reaches admin.audit once that commits. */
export async function recordMonitorAction(client: PoolClient, adminAuditTopic: string, action: MonitorAction): Promise<void> {
  const record = monitorActionRecord(action);
  await insertOutbox(client, [{ topic: adminAuditTopic, key: record.id, payload: adminServiceActionEvent(record) }]);
}
