import {
  ownTreasuryOfKey,
  treasuryOf,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  balanceMonitor,
  balanceMonitorIdParams,
  balanceMonitorList,
  clientBalanceMonitor,
  clientBalanceMonitorList,
  clientBalanceMonitorParams,
  clientBalanceMonitorsMax,
  clientMonitorsParams,
  createBalanceMonitorInternalBody,
  createClientBalanceMonitorInternalBody,
  deleteBalanceMonitorInternalBody,
  deleteClientBalanceMonitorInternalBody,
  minorUnitsToCoins,
  thresholdMinorOf,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { z } from 'zod';
import { deleteMonitor, findMonitor, insertMonitor, listMonitors, type MonitorRow } from '../db/monitors-repo';
import { spaceRefusalOf, type WebhooksSpace } from '../domain/space';

/** What an ADMIN+'s and a client's monitor show alike. */
function commonView(row: MonitorRow) {
  const [kind, id] = row.walletKey.split(':') as [string, string];
  // A test-mode client's monitor watches its own sandbox treasury, shown by its code as the client named it.
  const treasury = ownTreasuryOfKey(row.walletKey)?.code ?? id;
  return {
    id: row.id,
    wallet: kind === 'user' ? { userId: Number(id), treasury: null } : { userId: null, treasury: treasury as never },
    threshold: minorUnitsToCoins(row.thresholdMinor),
    direction: row.direction,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastCrossedAt: row.lastCrossedAt?.toISOString() ?? null,
  };
}

/** An ADMIN+'s monitor (a client's is never shown in this shape: clientView). */
function monitorView(row: MonitorRow): z.input<typeof balanceMonitor> {
  if (row.createdBy === null) throw notFound();
  return { ...commonView(row), createdBy: row.createdBy };
}

function clientView(row: MonitorRow): z.input<typeof clientBalanceMonitor> {
  if (row.clientId === null) throw notFound();
  return { ...commonView(row), clientId: row.clientId };
}

const notFound = () => new AppError('NOT_FOUND', 'No such balance monitor');

/**
 * The balance monitors' internal API (docs/DESIGN.md "Balance monitors"), called by the gateway
 * only, which admits ADMIN+ (or, on the client routes below, a platform client on a treasury it
 * was granted) and names who asks; a creation and a deletion are recorded for the
 * admin audit log (admin.service-action.recorded) in their own transaction, through the outbox.
 */
export interface MonitorRouteDeps {
  pool: Pool;
  maxMonitors: number;
  adminAuditTopic: string;
  /** A monitor was created or deleted here: the balance consumer reads the monitored wallets again. */
  onChanged?: () => void;
  /** The instance's space: a client of the other space has no monitors here (as its endpoints). */
  space?: WebhooksSpace;
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
          clientId: null,
        },
        deps.maxMonitors,
        { actor: body.actor, requestId: body.requestId, adminAuditTopic: deps.adminAuditTopic },
      );
      if (result.kind === 'over-limit') throw new AppError('LIMIT_EXCEEDED', `There may be at most ${result.max} balance monitors`);
      if (result.kind === 'id-taken') throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (result.kind === 'created') deps.onChanged?.();
      return reply.code(201).send(monitorView(result.row));
    },
  );

  app.get('/internal/webhooks/balance-monitors', { schema: { response: { 200: balanceMonitorList } } }, async () => {
    const all = await listMonitors(deps.pool);
    return {
      monitors: all.filter((row) => row.createdBy !== null).map(monitorView),
      clientMonitors: all.filter((row) => row.clientId !== null).map(clientView),
    };
  });

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
  registerClientMonitorRoutes(app, deps);
}

/**
 * A platform client's own monitors (docs/DESIGN.md "Balance monitors"): the gateway names the
 * client from its verified token and checks the treasury is one it was granted; here every read
 * and deletion is narrowed to that client's monitors, another's answering as absent.
 */
function registerClientMonitorRoutes(app: App, deps: MonitorRouteDeps): void {
  const refuseOtherSpace = (clientId: string) => {
    const refusal = deps.space ? spaceRefusalOf(deps.space, clientId) : null;
    if (refusal) throw refusal;
  };
  app.post(
    '/internal/webhooks/client-balance-monitors',
    { schema: { body: createClientBalanceMonitorInternalBody, response: { 201: clientBalanceMonitor } } },
    async (request, reply) => {
      const { clientId, wallet, threshold, direction, enabled, id, requestId } = request.body;
      refuseOtherSpace(clientId);
      const result = await insertMonitor(
        deps.pool,
        {
          id,
          // In the sandbox a test-mode client watches its own treasury (docs/decisions/0018-sandbox.md).
          walletKey: walletKeyOf(treasuryOf(wallet.treasury, clientId)),
          thresholdMinor: thresholdMinorOf(threshold),
          direction,
          enabled,
          createdBy: null,
          clientId,
        },
        deps.maxMonitors,
        { actor: { kind: 'system', id: clientId }, requestId, adminAuditTopic: deps.adminAuditTopic },
        clientBalanceMonitorsMax,
      );
      if (result.kind === 'over-limit') throw new AppError('LIMIT_EXCEEDED', `There may be at most ${result.max} balance monitors`);
      if (result.kind === 'id-taken') throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (result.kind === 'created') deps.onChanged?.();
      return reply.code(201).send(clientView(result.row));
    },
  );

  app.get(
    '/internal/webhooks/clients/:clientId/balance-monitors',
    { schema: { params: clientMonitorsParams, response: { 200: clientBalanceMonitorList } } },
    async (request) => ({
      monitors: (await listMonitors(deps.pool, { kind: 'client', clientId: request.params.clientId })).map(clientView),
    }),
  );

  app.get(
    '/internal/webhooks/clients/:clientId/balance-monitors/:id',
    { schema: { params: clientBalanceMonitorParams, response: { 200: clientBalanceMonitor } } },
    async (request) => {
      const { clientId, id } = request.params;
      const row = await findMonitor(deps.pool, id, { kind: 'client', clientId });
      if (!row) throw notFound();
      return clientView(row);
    },
  );

  app.post(
    '/internal/webhooks/client-balance-monitors/delete',
    { schema: { body: deleteClientBalanceMonitorInternalBody } },
    async (request, reply) => {
      const { clientId, id, requestId } = request.body;
      refuseOtherSpace(clientId);
      const by = { actor: { kind: 'system' as const, id: clientId }, requestId, adminAuditTopic: deps.adminAuditTopic };
      if (!(await deleteMonitor(deps.pool, id, by, { kind: 'client', clientId }))) throw notFound();
      deps.onChanged?.();
      return reply.code(204).send();
    },
  );
}
