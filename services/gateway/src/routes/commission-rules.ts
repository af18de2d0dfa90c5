import {
  commissionRuleBody,
  commissionRuleEntry,
  commissionRuleList,
  commissionRulesQuery,
  ledgerDraft,
  problem,
  type CommissionRule,
  type CommissionRuleBody,
  type PlatformClient,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { sendLedgerCommand } from './command-route';
import { exampleCommissionRule, exampleCommissionRuleBody, withExample } from './examples';
import type { z } from 'zod';

export interface CommissionRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const errorResponses = {
  400: problem,
  401: problem,
  403: problem,
  404: problem,
  409: problem,
  422: problem,
  429: problem,
  503: problem,
  504: problem,
};

function ruleOf(rule: CommissionRuleBody['rule']): CommissionRule | null {
  if (rule === null) return null;
  return 'bps' in rule ? { kind: 'bps', bps: rule.bps } : { kind: 'fixed', amount: minor(rule.amount) };
}

/** Why a rule may not be set for this client and treasury (an unknown or revoked client, a treasury it is not granted), or null. */
export function commissionGrantRefusal(clients: readonly PlatformClient[], clientId: string, treasury: string): AppError | null {
  const client = clients.find((c) => c.id === clientId && c.revokedAt === null);
  if (!client) return new AppError('NOT_FOUND', `Platform client ${clientId} does not exist or is revoked`);
  if (!client.treasuries.includes(treasury as PlatformClient['treasuries'][number])) {
    return new AppError('TREASURY_NOT_GRANTED', `Platform client ${clientId} is not granted ${treasury}`);
  }
  return null;
}

/**
 * Commission rules (docs/CONTRACT.md "Affiliate splits"): an ADMIN+ with a fresh second factor
 * sets a platform client's rule for a treasury the client is granted; the ledger keeps it with
 * the treasury's wallet and records who set it (never paid under it), and the admin audit log
 * records the act.
 */
export function registerCommissionRoutes(app: App, deps: CommissionRouteDeps): void {
  app.get(
    '/api/admin/commission-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The commission rules in force, each platform client's for each treasury (or one treasury's), with the ADMIN+ who set it",
        operationId: 'listCommissionRules',
        querystring: commissionRulesQuery,
        response: {
          200: withExample(commissionRuleList, { rules: [exampleCommissionRule] }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      deps.internal.read('ledger.commission-rules', request.query as z.output<typeof commissionRulesQuery>, String(request.id)),
  );
  app.put(
    '/api/admin/commission-rules',
    {
      config: { access: 'admin', idempotent: true, stepUp: true },
      schema: {
        tags: ['admin', 'money'],
        summary:
          "Set (or, with rule null, remove) a platform client's commission rule for a treasury it is granted: a share in basis points (1–5000) or a fixed amount (≤ 10,000 coins) of each purchase naming an affiliate",
        headers: idempotencyHeaders,
        operationId: 'setCommissionRule',
        body: withExample(commissionRuleBody, exampleCommissionRuleBody),
        response: { 200: withExample(commissionRuleEntry, exampleCommissionRule), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { treasury, clientId, rule } = request.body;
      if (rule !== null) {
        // A rule pays out of a treasury's sales through this client: it must be a live client granted that treasury.
        const { platformClients } = await deps.internal.read('users.platform-clients', {}, String(request.id));
        const refusal = commissionGrantRefusal(platformClients, clientId, treasury);
        if (refusal) throw refusal;
      }
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.set-commission', { treasury, clientId, rule: ruleOf(rule), requestHash }),
        200,
      );
    },
  );
}
