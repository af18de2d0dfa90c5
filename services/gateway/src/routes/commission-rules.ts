import {
  commissionChangePending,
  commissionRuleBody,
  commissionRuleList,
  commissionRulesQuery,
  referralIssued,
  referralRequestBody,
  type CommissionRule,
  type CommissionRuleBody,
  type PlatformClient,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { principalOf } from '../plugins/auth';
import { idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses } from './command-route';
import { exampleReferral, exampleUserId, withExample } from './examples';
import type { z } from 'zod';
import { requestKept } from './four-eyes/approvals';
import { exampleCommissionChange, exampleCommissionRule, readResponses } from './four-eyes/commission-change';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
/** POST /api/platform/referrals: pc_course_shop attests that user 42 was referred by user 43 for this order. */
const exampleReferralRequest = {
  buyerUserId: exampleUserId,
  affiliateUserId: 43,
  treasury: 'COURSE_FEES',
  reference: 'ORDER-2026-0042',
} as const;
/** PUT /api/admin/commission-rules: 10% of each purchase through pc_course_shop to the affiliate its referrals name. */
const exampleCommissionRuleBody = {
  treasury: 'COURSE_FEES',
  clientId: 'pc_course_shop',
  rule: { bps: 1000 },
  reason: exampleCommissionChange.change.reason,
} as const;
/** PUT /api/admin/commission-rules: 202, the change waiting for a different ADMIN+. */
const exampleCommissionChangePending = { approval: exampleCommissionChange };

/** The commission rule the examples show, kept with its act's module (the sandbox's examples read it here). */
export { exampleCommissionRule };

export interface CommissionRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

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

const route = routeOf<CommissionRouteDeps>();

/** One ADMIN+ asks for a rule's change: 202 with the request, applied only when a different ADMIN+ approves it. */
const changeRequestRoutes: RouteDef<CommissionRouteDeps>[] = [
  route({
    method: 'PUT',
    url: '/api/admin/commission-rules',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin', 'money', 'approvals'],
      summary:
        "Ask to set (or, with rule null, remove) a platform client's commission rule for a treasury it is granted: a share in basis points (1–5000) or a fixed amount (≤ 10,000 coins) of each purchase its referrals name an affiliate of. 202 with the request: a different ADMIN+ approves it (POST /api/admin/commission-changes/{id}/approve). With a fresh second factor",
      headers: idempotencyHeaders,
      operationId: 'setCommissionRule',
      body: withExample(commissionRuleBody, exampleCommissionRuleBody),
      response: { 202: withExample(commissionChangePending, exampleCommissionChangePending), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { treasury, clientId, rule, reason } = request.body;
      if (rule !== null) {
        // A rule pays out of a treasury's sales through this client: it must be a live client granted that treasury.
        const { platformClients } = await deps.internal.read('users.platform-clients', {}, String(request.id));
        const refusal = commissionGrantRefusal(platformClients, clientId, treasury);
        if (refusal) throw refusal;
      }
      const command = {
        type: 'ledger.set-commission' as const,
        data: { treasury, clientId, rule: ruleOf(rule), ...(reason !== undefined ? { reason } : {}) },
      };
      return requestKept(deps.commands, request, reply, command, 'commission-change');
    },
  }),
];

/**
 * A platform client attests a referral (docs/CONTRACT.md "Affiliate splits"): the live client,
 * granted the treasury and with a commission rule there, asks the user service to sign that this
 * buyer was referred by this affiliate (for this purchase's reference, when given); the user
 * service signs it only for two users who linked the client ("Platform links"). The buyer's
 * purchase carries it; the ledger verifies it and pays the affiliate by this client's rule.
 */
const referralRoutes: RouteDef<CommissionRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/platform/referrals',
    config: { access: 'platform' },
    schema: {
      tags: ['money'],
      summary:
        "Attest that a buyer was referred by an affiliate, for purchases paying a treasury the calling platform client is granted and has a commission rule for (and, with `reference`, for that purchase only): 201 with the referral the buyer's purchase carries (`affiliate.referral`), valid for an hour. The buyer and the affiliate are users who linked the calling client (POST /api/auth/platform-links): any other user id, an account's or not, is 404 USER_NOT_FOUND alike. The affiliate is never the buyer (SELF_REFERRAL) nor one of the people behind the client's grant (SELF_DEALING)",
      operationId: 'createReferral',
      body: withExample(referralRequestBody, exampleReferralRequest),
      response: { 201: withExample(referralIssued, exampleReferral), ...readResponses },
    },
    handler: async (request, reply, deps) => {
      const { buyerUserId, affiliateUserId, treasury } = request.body;
      const principal = principalOf(request);
      const clientId = principal.subject;
      if (!principal.treasuries?.includes(treasury)) {
        throw new AppError('TREASURY_NOT_GRANTED', `Platform client ${clientId} is not granted ${treasury}`);
      }
      if (buyerUserId === affiliateUserId) throw new AppError('SELF_REFERRAL', 'The buyer cannot be the affiliate of their own purchase');
      const { rules } = await deps.internal.read('ledger.commission-rules', { treasury }, String(request.id));
      if (!rules.some((rule) => rule.clientId === clientId)) {
        throw new AppError('COMMISSION_RULE_MISSING', `Platform client ${clientId} has no commission rule for ${treasury}`);
      }
      const issued = await deps.internal.post('users.referral', { ...request.body, clientId }, String(request.id));
      return reply.status(201).send(issued);
    },
  }),
];

/**
 * Commission rules (docs/CONTRACT.md "Affiliate splits"): one ADMIN+ with a fresh second factor
 * asks to set a platform client's rule for a treasury the client is granted (202 with the
 * request), a different ADMIN+ approves it (or any ADMIN+ rejects it); the ledger keeps the rule
 * with the treasury's wallet, records who asked and who approved (neither is ever paid under it),
 * and the admin audit log records every step. A platform client with a rule attests its
 * referrals (POST /api/platform/referrals), which alone name a purchase's affiliate. The changes'
 * list and decisions are drawn from the act's row (its module, four-eyes/commission-change.ts).
 */
export const commissionRoutes: RouteDef<CommissionRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/commission-rules',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        "The commission rules in force, each platform client's for each treasury (or one treasury's), with the ADMIN+ who asked for each and the one who approved it",
      operationId: 'listCommissionRules',
      querystring: commissionRulesQuery,
      response: { 200: withExample(commissionRuleList, { rules: [exampleCommissionRule] }), ...readResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.read('ledger.commission-rules', request.query as z.output<typeof commissionRulesQuery>, String(request.id)),
  }),
  ...changeRequestRoutes,
  ...referralRoutes,
];

export function registerCommissionRoutes(app: App, deps: CommissionRouteDeps): void {
  registerRoutes(app, commissionRoutes, deps);
}
