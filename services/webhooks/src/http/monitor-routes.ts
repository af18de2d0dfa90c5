import {
  walletKeyOfTreasury,
  walletKeyOfUser,
  balanceMonitor,
  balanceMonitorIdParams,
  balanceMonitorList,
  createBalanceMonitorInternalBody,
  deleteBalanceMonitorInternalBody,
  minorUnitsToCoins,
  thresholdMinorOf,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { z } from 'zod';
import { deleteMonitor, findMonitor, insertMonitor, listMonitors, type MonitorRow } from '../db/monitors-repo';

function monitorView(row: MonitorRow): z.input<typeof balanceMonitor> {
  const [kind, id] = row.walletKey.split(':') as [string, string];
  return {
    id: row.id,
    wallet: kind === 'user' ? { userId: Number(id), treasury: null } : { userId: null, treasury: id as never },
    threshold: minorUnitsToCoins(row.thresholdMinor),
    direction: row.direction,
    enabled: row.enabled,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastCrossedAt: row.lastCrossedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such balance monitor');

/**
 * The balance monitors' internal API (docs/DESIGN.md "Balance monitors"), called by the gateway
 * only, which admits ADMIN+ and names who asks; a creation and a deletion are recorded for the
 * admin audit log (admin.service-action.recorded) in their own transaction, through the outbox.
 */
export interface MonitorRouteDeps {
  pool: Pool;
  maxMonitors: number;
  adminAuditTopic: string;
  /** A monitor was created or deleted here: the balance consumer reads the monitored wallets again. */
  onChanged?: () => void;
}

export function registerMonitorRoutes(app: App, deps: MonitorRouteDeps): void {
  app.post(
    '/internal/webhooks/balance-monitors',
    { schema: { body: createBalanceMonitorInternalBody, response: { 201: balanceMonitor } } },
    async (request, reply) => {
      const body = request.body;
      const walletKey = 'treasury' in body.wallet ? walletKeyOfTreasury(body.wallet.treasury) : walletKeyOfUser(body.wallet.userId);
      const result = await insertMonitor(
        deps.pool,
        {
          id: body.id,
          walletKey,
          thresholdMinor: thresholdMinorOf(body.threshold),
          direction: body.direction,
          enabled: body.enabled,
          createdBy: body.createdBy,
        },
        deps.maxMonitors,
        { actor: body.actor, requestId: body.requestId, adminAuditTopic: deps.adminAuditTopic },
      );
      if (result.kind === 'over-limit') throw new AppError('LIMIT_EXCEEDED', `There may be at most ${deps.maxMonitors} balance monitors`);
      if (result.kind === 'id-taken') throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (result.kind === 'created') deps.onChanged?.();
      return reply.code(201).send(monitorView(result.row));
    },
  );

  app.get('/internal/webhooks/balance-monitors', { schema: { response: { 200: balanceMonitorList } } }, async () => ({
    monitors: (await listMonitors(deps.pool)).map(monitorView),
  }));

  app.get(
    '/internal/webhooks/balance-monitors/:id',
    { schema: { params: balanceMonitorIdParams, response: { 200: balanceMonitor } } },
    async (request) => {
      const row = await findMonitor(deps.pool, request.params.id);
      if (!row) throw notFound();
      return monitorView(row);
    },
  );

  // A POST with the id in the body: the contract table's calls with a body are POSTs.
  app.post('/internal/webhooks/balance-monitors/delete', { schema: { body: deleteBalanceMonitorInternalBody } }, async (request, reply) => {
    const { id, actor, requestId } = request.body;
    if (!(await deleteMonitor(deps.pool, id, { actor, requestId, adminAuditTopic: deps.adminAuditTopic }))) throw notFound();
    deps.onChanged?.();
    return reply.code(204).send();
  });
}
