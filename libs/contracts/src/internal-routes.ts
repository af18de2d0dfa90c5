import { z } from 'zod';
import { decidedKindLists } from './decided-kind-lists';
import { approval, approvalPage, approvalsQuery, payoutApproval, payoutApprovalPage, payoutApprovalsQuery } from './approvals';
import { auditLogPage, auditLogQuery, serviceActionLogPage, serviceActionLogQuery } from './audit-log';
import { role, userIdParam, uuidInput } from './common';
import { unfreezeToDecide, walletFreezePage, walletFreezesQuery } from './freezes';
import {
  adminTransactionsPage,
  internalTransactionsQuery,
  historyPage,
  internalHistoryQuery,
  walletTransactionsPage,
  walletTransactionsQuery,
} from './history';
import { balanceChangesPage, balanceChangesQuery } from './balance-changes';
import {
  balanceMonitor,
  balanceMonitorIdParams,
  balanceMonitorList,
  clientBalanceMonitor,
  clientBalanceMonitorList,
  clientBalanceMonitorParams,
  clientMonitorsParams,
  createBalanceMonitorInternalBody,
  createClientBalanceMonitorInternalBody,
  deleteBalanceMonitorInternalBody,
  deleteClientBalanceMonitorInternalBody,
} from './balance-monitors';
import {
  assignCaseInternalBody,
  backtestBody,
  backtestReport,
  commentCaseInternalBody,
  freezeLiftApprovalInternalBody,
  freezeLiftInternalBody,
  linkCaseInternalBody,
  monitoringCase,
  monitoringCaseDetail,
  monitoringCasePage,
  monitoringCaseParams,
  monitoringCasesQuery,
  monitoringFreezeLiftAnswer,
  monitoringRuleChanged,
  monitoringProposalAnswer,
  monitoringProposalList,
  monitoringProposalParams,
  monitoringProposalQuery,
  monitoringProposalTargetParams,
  monitoringRuleList,
  monitoringRuleParams,
  putRuleInternalBody,
  resolveCaseInternalBody,
  rejectProposalInternalBody,
} from './monitoring';
import {
  clientEventParams,
  clientEventsParams,
  eventResend,
  eventsQuery,
  platformEvent,
  platformEventPage,
  resendEventInternalBody,
} from './platform-events';
import { balanceAt, balanceAtQuery, internalStatementQuery, statementPage, statementPartyParams } from './statements';
import { clientDailyVolume, dailyBalances, dailyRangeQuery, dailySupply, dailyVolume } from './stats';
import { holdPage, internalHold, spendingLimits } from './holds';
import { internalHoldsQuery } from './platform-money';
import { cashoutPage, cashoutRateList, cashoutsInternalQuery, reconciliation, reconciliationQuery } from './cashout';
import { internalMandatesQuery, mandatePage } from './mandates';
import {
  adminWebhookEndpointPage,
  createWebhookEndpointInternalBody,
  enableWebhookEndpointInternalBody,
  revokedClientsAnswer,
  revokedClientsInternalBody,
  webhookClientIdText,
  webhookDeliveriesQuery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointWithSecret,
  webhookChangeInternalBody,
  webhookPaceInternalBody,
  webhookRecovery,
  webhookRecoveryInternalBody,
  webhookRedelivery,
  webhookTestDelivery,
} from './webhooks';
import {
  apiKeyGrant,
  apiKeyList,
  apiKeyLookup,
  platformClientIdText,
  platformClientStatus,
  callbackSecretList,
  clientCredentialsBody,
  internalUser,
  logoutBody,
  platformClientList,
  revocationList,
  revocationsQuery,
  systemToken,
  userList,
  userListQuery,
  userSessionList,
} from './identity';
import { approvableCommand } from './commands';
import { internalReferralBody, referralIssued } from './affiliates';
import { internalPlatformLinkBody, linkedUsers, linkedUsersQuery, platformLink } from './platform-links';
import { internalTestUsersQuery, sandboxTestUserPage } from './sandbox-test-users';
import {
  commissionRuleList,
  commissionRulesQuery,
  supplyReport,
  testClock,
  testClientData,
  testClockClientId,
  transaction,
  transactionIdParam,
  treasuryList,
  internalTreasuriesQuery,
  wallet,
} from './ledger';
import {
  internalChangePasswordBody,
  internalMfaConfirmBody,
  internalMfaEnrolBody,
  internalStepUpBody,
  loginAnswer,
  mfaConfirmed,
  mfaEnrolment,
  mfaVerifyBody,
  passwordChanged,
  passwordReset,
  resetPasswordBody,
  steppedUp,
} from './second-factor';
import {
  deletionRequest,
  deletionRequestIdParam,
  deletionRequestList,
  deletionRequestsQuery,
  grantRequestIdParam,
  grantRequestsQuery,
  loginBody,
  loginResult,
  refreshBody,
  registrationKey,
  tokenPair,
} from './user';
import { anyGrantRequest, anyGrantRequestList } from './grant-request-kinds';

/*
 * The internal HTTP routes the gateway calls on the ledger, user and history services
 * (docs/DESIGN.md "Internal HTTP credentials"): one row per route with its method, its path (a
 * template: `:name` is a path parameter), what it takes and what it answers. The gateway's typed
 * client (services/gateway/src/clients/internal-api.ts) builds each call from its row and checks
 * the answer against `response`, so a route and its caller cannot drift apart unseen: a service
 * answering another shape is a 500 naming the route, never a value passed on under a cast.
 */

/** The services behind the gateway's internal HTTP. */
export type InternalService = 'ledger' | 'users' | 'history' | 'webhooks' | 'monitoring';

/** A value a query string carries: the gateway sends what the route's query schema parses back. */
export type QueryValue = string | number | boolean;

/** A read: path parameters and a query string in, a JSON body out. Safe to repeat. */
export interface InternalReadRoute {
  service: InternalService;
  method: 'GET';
  path: `/${string}`;
  /** The path's `:name` parameters (absent: the path has none). */
  params?: z.ZodObject;
  /** The query string's parameters (absent: the route takes none): flat, each a single value. */
  query?: z.ZodObject & z.ZodType<Record<string, QueryValue | undefined>>;
  response: z.ZodType;
}

/** A call with a JSON body (credentials, never a Kafka topic): not repeated by the client. */
export interface InternalPostRoute {
  service: InternalService;
  method: 'POST';
  path: `/internal/${string}`;
  body: z.ZodType;
  response: z.ZodType;
}

/**
 * A call on one object named in its path (POST or DELETE), with or without a JSON body: not
 * repeated by the client. The webhooks service's endpoint actions are of this kind.
 */
export interface InternalActionRoute {
  service: InternalService;
  method: 'POST' | 'DELETE';
  path: `/internal/${string}`;
  params: z.ZodObject;
  /** Absent: the call sends no body. */
  body?: z.ZodType;
  response: z.ZodType;
}

const noBody = z.strictObject({});
/** 204 No Content: the client reads an empty body as undefined. */
const noContent = z.undefined();

const webhookClientParams = z.strictObject({ clientId: webhookClientIdText });
const webhookEndpointParams = webhookClientParams.extend({ endpointId: z.uuid() });
/** Every client's endpoints, by id: the status as the service keeps it. */
export const internalWebhookEndpointsQuery = z.strictObject({
  status: z.enum(['ENABLED', 'DISABLED']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.uuid().optional(),
});

export const internalReads = {
  // ---- ledger ----
  'ledger.wallet': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/wallets/by-user/:userId',
    params: z.object({ userId: userIdParam }),
    response: wallet,
  },
  // A wallet's balance changes after a sequence (the live balance stream's resume; docs/design/ledger.md "Balance changes").
  'ledger.balance-changes': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/wallets/by-user/:userId/balance-changes',
    params: z.object({ userId: userIdParam }),
    query: balanceChangesQuery,
    response: balanceChangesPage,
  },
  'ledger.spending-limits': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/wallets/by-user/:userId/limits',
    params: z.object({ userId: userIdParam }),
    // The user's role is the user service's; the caller (the gateway) names it.
    query: z.strictObject({ role }),
    response: spendingLimits,
  },
  'ledger.approval': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/approvals/:id',
    params: z.object({ id: uuidInput }),
    // The view, and the command as the ledger keeps it (minor units): the gateway keys the approval's commands by it.
    response: z.object({ approval, command: approvableCommand }),
  },
  // Requests holding a payout are not Approvals: absent from this list, NOT_FOUND by the route above.
  'ledger.approvals': { service: 'ledger', method: 'GET', path: '/internal/approvals', query: approvalsQuery, response: approvalPage },
  'ledger.payout-approval': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/payout-approvals/:id',
    params: z.object({ id: uuidInput }),
    // The view, and the command as the ledger keeps it (minor units): the gateway keys the approval's commands by it.
    response: z.object({ payoutApproval, command: approvableCommand }),
  },
  'ledger.payout-approvals': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/payout-approvals',
    query: payoutApprovalsQuery,
    response: payoutApprovalPage,
  },
  // Requests of the acts decided on routes of their own (a commission rule's change, a cash-out's
  // reversal): no Approvals either, each listed apart, on a route drawn from its row.
  ...decidedKindLists,
  'ledger.hold': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/holds/:id',
    params: z.object({ id: uuidInput }),
    response: internalHold,
  },
  'ledger.holds': { service: 'ledger', method: 'GET', path: '/internal/holds', query: internalHoldsQuery, response: holdPage },
  'ledger.freezes': { service: 'ledger', method: 'GET', path: '/internal/freezes', query: walletFreezesQuery, response: walletFreezePage },
  'ledger.unfreeze-to-decide': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/freezes/:userId/unfreeze-request',
    params: z.object({ userId: userIdParam }),
    response: unfreezeToDecide,
  },
  'ledger.cashouts': { service: 'ledger', method: 'GET', path: '/internal/cashouts', query: cashoutsInternalQuery, response: cashoutPage },
  'ledger.cashout-rates': { service: 'ledger', method: 'GET', path: '/internal/cashout-rates', response: cashoutRateList },
  'ledger.cashout-reconciliation': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/cashouts/reconciliation',
    query: reconciliationQuery,
    response: reconciliation,
  },
  'ledger.mandates': { service: 'ledger', method: 'GET', path: '/internal/mandates', query: internalMandatesQuery, response: mandatePage },
  'ledger.transaction': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/transactions/:id',
    params: z.object({ id: transactionIdParam }),
    response: transaction,
  },
  // With a test-mode client's id (the sandbox's): that client's own treasuries, a never-used one as new (zero).
  'ledger.treasuries': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/treasuries',
    query: internalTreasuriesQuery,
    response: treasuryList,
  },
  'ledger.commission-rules': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/commission-rules',
    query: commissionRulesQuery,
    response: commissionRuleList,
  },
  'ledger.supply': { service: 'ledger', method: 'GET', path: '/internal/supply', response: supplyReport },
  // The sandbox ledger's only (docs/decisions/0018-sandbox.md "The test clock"): the live one stores no clock and answers 404.
  'ledger.test-clock': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/test-clocks/:clientId',
    params: z.object({ clientId: testClockClientId }),
    response: testClock,
  },
  // The sandbox ledger's only ("Deleting a client's test data"): what a reset deletes of one test client.
  'ledger.test-client-data': {
    service: 'ledger',
    method: 'GET',
    path: '/internal/test-clients/:clientId/data',
    params: z.object({ clientId: testClockClientId }),
    response: testClientData,
  },
  // ---- users ----
  'users.user': {
    service: 'users',
    method: 'GET',
    path: '/internal/users/:id',
    params: z.object({ id: userIdParam }),
    response: internalUser,
  },
  'users.users': { service: 'users', method: 'GET', path: '/internal/users', query: userListQuery, response: userList },
  'users.sessions': {
    service: 'users',
    method: 'GET',
    path: '/internal/users/:id/sessions',
    params: z.object({ id: userIdParam }),
    response: userSessionList,
  },
  'users.api-keys': { service: 'users', method: 'GET', path: '/internal/api-keys', response: apiKeyList },
  'users.platform-client-status': {
    service: 'users',
    method: 'GET',
    path: '/internal/platform-clients/:id/status',
    params: z.object({ id: platformClientIdText }),
    response: platformClientStatus,
  },
  'users.callback-secrets': {
    service: 'users',
    method: 'GET',
    path: '/internal/platform-clients/:id/callback-secrets',
    params: z.object({ id: platformClientIdText }),
    response: callbackSecretList,
  },
  'users.platform-clients': { service: 'users', method: 'GET', path: '/internal/platform-clients', response: platformClientList },
  // A test-mode client's own test users (docs/decisions/0018-sandbox.md), for the client the gateway verified.
  'users.test-users': {
    service: 'users',
    method: 'GET',
    path: '/internal/test-users',
    query: internalTestUsersQuery,
    response: sandboxTestUserPage,
  },
  'users.revocations': {
    service: 'users',
    method: 'GET',
    path: '/internal/revocations',
    query: revocationsQuery,
    response: revocationList,
  },
  'users.deletion-requests': {
    service: 'users',
    method: 'GET',
    path: '/internal/deletion-requests',
    query: deletionRequestsQuery,
    response: deletionRequestList,
  },
  'users.deletion-request': {
    service: 'users',
    method: 'GET',
    path: '/internal/deletion-requests/:id',
    params: deletionRequestIdParam,
    response: deletionRequest,
  },
  'users.grant-requests': {
    service: 'users',
    method: 'GET',
    path: '/internal/grant-requests',
    query: grantRequestsQuery,
    response: anyGrantRequestList,
  },
  'users.grant-request': {
    service: 'users',
    method: 'GET',
    path: '/internal/grant-requests/:id',
    params: grantRequestIdParam,
    response: anyGrantRequest,
  },
  // ---- history ----
  'history.user-transactions': {
    service: 'history',
    method: 'GET',
    path: '/internal/history/users/:userId',
    params: z.object({ userId: userIdParam }),
    query: internalHistoryQuery,
    response: historyPage,
  },
  'history.user-transactions-page': {
    service: 'history',
    method: 'GET',
    path: '/internal/history/users/:userId/page',
    params: z.object({ userId: userIdParam }),
    query: walletTransactionsQuery,
    response: walletTransactionsPage,
  },
  'history.transactions': {
    service: 'history',
    method: 'GET',
    path: '/internal/transactions',
    query: internalTransactionsQuery,
    response: adminTransactionsPage,
  },
  'history.audit-log': { service: 'history', method: 'GET', path: '/internal/audit-log', query: auditLogQuery, response: auditLogPage },
  'history.service-actions': {
    service: 'history',
    method: 'GET',
    path: '/internal/audit-log/service-actions',
    query: serviceActionLogQuery,
    response: serviceActionLogPage,
  },
  'history.balance': {
    service: 'history',
    method: 'GET',
    path: '/internal/history/balances/:kind/:id',
    params: statementPartyParams,
    query: balanceAtQuery,
    response: balanceAt,
  },
  'history.statement': {
    service: 'history',
    method: 'GET',
    path: '/internal/history/statements/:kind/:id',
    params: statementPartyParams,
    query: internalStatementQuery,
    response: statementPage,
  },
  // Daily series (the console's charts): one read per range, never one per day (docs/design/data.md "Daily series").
  'history.daily-balances': {
    service: 'history',
    method: 'GET',
    path: '/internal/history/daily-balances/:kind/:id',
    params: statementPartyParams,
    query: dailyRangeQuery,
    response: dailyBalances,
  },
  'history.daily-supply': {
    service: 'history',
    method: 'GET',
    path: '/internal/stats/daily-supply',
    query: dailyRangeQuery,
    response: dailySupply,
  },
  'history.daily-volume': {
    service: 'history',
    method: 'GET',
    path: '/internal/stats/daily-volume',
    query: dailyRangeQuery,
    response: dailyVolume,
  },
  'history.client-daily-volume': {
    service: 'history',
    method: 'GET',
    path: '/internal/stats/client-daily-volume',
    query: dailyRangeQuery,
    response: clientDailyVolume,
  },
  // ---- webhooks (docs/DESIGN.md "Webhooks": the gateway names the client) ----
  'webhooks.endpoints': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/endpoints',
    params: webhookClientParams,
    response: webhookEndpointList,
  },
  'webhooks.endpoint': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId',
    params: webhookEndpointParams,
    response: webhookEndpoint,
  },
  'webhooks.deliveries': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/deliveries',
    params: webhookEndpointParams,
    query: webhookDeliveriesQuery,
    response: webhookDeliveryPage,
  },
  'webhooks.recovery': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/recoveries/:recoveryId',
    params: webhookEndpointParams.extend({ recoveryId: z.uuid() }),
    response: webhookRecovery,
  },
  'webhooks.events': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/events',
    params: clientEventsParams,
    query: eventsQuery,
    response: platformEventPage,
  },
  'webhooks.event': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/events/:eventId',
    params: clientEventParams,
    response: platformEvent,
  },
  'webhooks.all-endpoints': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/endpoints',
    query: internalWebhookEndpointsQuery,
    response: adminWebhookEndpointPage,
  },
  // ---- webhooks: balance monitors (docs/DESIGN.md "Balance monitors") ----
  'webhooks.balance-monitors': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/balance-monitors',
    response: balanceMonitorList,
  },
  'webhooks.balance-monitor': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/balance-monitors/:id',
    params: balanceMonitorIdParams,
    response: balanceMonitor,
  },
  'webhooks.client-balance-monitors': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/balance-monitors',
    params: clientMonitorsParams,
    response: clientBalanceMonitorList,
  },
  'webhooks.client-balance-monitor': {
    service: 'webhooks',
    method: 'GET',
    path: '/internal/webhooks/clients/:clientId/balance-monitors/:id',
    params: clientBalanceMonitorParams,
    response: clientBalanceMonitor,
  },
  // ---- monitoring: cases and rules (docs/design/monitoring.md) ----
  'monitoring.cases': {
    service: 'monitoring',
    method: 'GET',
    path: '/internal/monitoring/cases',
    query: monitoringCasesQuery,
    response: monitoringCasePage,
  },
  'monitoring.case': {
    service: 'monitoring',
    method: 'GET',
    path: '/internal/monitoring/cases/:id',
    params: monitoringCaseParams,
    response: monitoringCaseDetail,
  },
  'monitoring.rules': {
    service: 'monitoring',
    method: 'GET',
    path: '/internal/monitoring/rules',
    response: monitoringRuleList,
  },
  'monitoring.proposals': {
    service: 'monitoring',
    method: 'GET',
    path: '/internal/monitoring/proposals/:kind',
    params: monitoringProposalParams,
    query: monitoringProposalQuery,
    response: monitoringProposalList,
  },
} as const satisfies Record<string, InternalReadRoute>;

/**
 * Reads whose answer is not JSON but a stream the gateway passes through unread (a statement's
 * CSV: docs/design/data.md "Statements and balances as of a time"). `limit` and `cursor` of the query
 * are ignored: the stream is the whole period.
 */
export const internalStreams = {
  'history.statement-csv': {
    service: 'history',
    method: 'GET',
    path: '/internal/history/statements/:kind/:id/csv',
    params: statementPartyParams,
    query: internalStatementQuery,
    mediaType: 'text/csv',
  },
} as const satisfies Record<string, Omit<InternalReadRoute, 'response'> & { mediaType: string }>;
export type InternalStreamName = keyof typeof internalStreams;

export const internalPosts = {
  'users.api-key-lookup': {
    service: 'users',
    method: 'POST',
    path: '/internal/api-keys/lookup',
    body: apiKeyLookup,
    response: apiKeyGrant,
  },
  // A platform client's referral of a buyer, signed by the user service (docs/CONTRACT.md "Affiliate splits").
  'users.referral': {
    service: 'users',
    method: 'POST',
    path: '/internal/referrals',
    body: internalReferralBody,
    response: referralIssued,
  },
  // A user links a platform client they use; which named users a client is linked to (docs/CONTRACT.md "Platform links").
  'users.platform-link': {
    service: 'users',
    method: 'POST',
    path: '/internal/platform-links',
    body: internalPlatformLinkBody,
    response: platformLink,
  },
  'users.linked-users': {
    service: 'users',
    method: 'POST',
    path: '/internal/platform-links/linked',
    body: linkedUsersQuery,
    response: linkedUsers,
  },
  'users.login': { service: 'users', method: 'POST', path: '/internal/auth/login', body: loginBody, response: loginAnswer },
  'users.refresh': { service: 'users', method: 'POST', path: '/internal/auth/refresh', body: refreshBody, response: tokenPair },
  'users.logout': { service: 'users', method: 'POST', path: '/internal/auth/logout', body: logoutBody, response: noContent },
  'users.client-token': {
    service: 'users',
    method: 'POST',
    path: '/internal/auth/token',
    body: clientCredentialsBody,
    response: systemToken,
  },
  'users.registration-key': {
    service: 'users',
    method: 'POST',
    path: '/internal/registration-keys',
    body: noBody,
    response: registrationKey,
  },
  'users.mfa-enrolment': {
    service: 'users',
    method: 'POST',
    path: '/internal/auth/mfa/enrolment',
    body: internalMfaEnrolBody,
    response: mfaEnrolment,
  },
  'users.mfa-confirm': {
    service: 'users',
    method: 'POST',
    path: '/internal/auth/mfa/enrolment/confirm',
    body: internalMfaConfirmBody,
    response: mfaConfirmed,
  },
  'users.mfa-verify': { service: 'users', method: 'POST', path: '/internal/auth/mfa/verify', body: mfaVerifyBody, response: loginResult },
  'users.step-up': { service: 'users', method: 'POST', path: '/internal/auth/mfa/step-up', body: internalStepUpBody, response: steppedUp },
  'users.change-password': {
    service: 'users',
    method: 'POST',
    path: '/internal/auth/password',
    body: internalChangePasswordBody,
    response: passwordChanged,
  },
  'users.password-reset': {
    service: 'users',
    method: 'POST',
    path: '/internal/auth/password-reset',
    body: resetPasswordBody,
    response: passwordReset,
  },
  'webhooks.create-endpoint': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/endpoints',
    body: createWebhookEndpointInternalBody,
    response: webhookEndpointWithSecret,
  },
  'webhooks.revoked-clients': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/revoked-clients',
    body: revokedClientsInternalBody,
    response: revokedClientsAnswer,
  },
  // ---- webhooks: balance monitors ----
  'webhooks.create-balance-monitor': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/balance-monitors',
    body: createBalanceMonitorInternalBody,
    response: balanceMonitor,
  },
  'webhooks.create-client-balance-monitor': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/client-balance-monitors',
    body: createClientBalanceMonitorInternalBody,
    response: clientBalanceMonitor,
  },
  'webhooks.delete-client-balance-monitor': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/client-balance-monitors/delete',
    body: deleteClientBalanceMonitorInternalBody,
    response: noContent,
  },
  'webhooks.delete-balance-monitor': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/balance-monitors/delete',
    body: deleteBalanceMonitorInternalBody,
    response: noContent,
  },
  'monitoring.backtest': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/rules/backtest',
    body: backtestBody,
    response: backtestReport,
  },
} as const satisfies Record<string, InternalPostRoute>;

export const internalActions = {
  'webhooks.delete-endpoint': {
    service: 'webhooks',
    method: 'DELETE',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId',
    params: webhookEndpointParams,
    body: webhookChangeInternalBody,
    response: noContent,
  },
  'webhooks.rotate-secret': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/rotate-secret',
    params: webhookEndpointParams,
    body: webhookChangeInternalBody,
    response: webhookEndpointWithSecret,
  },
  'webhooks.enable-endpoint': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/enable',
    params: webhookEndpointParams,
    body: enableWebhookEndpointInternalBody,
    response: webhookEndpoint,
  },
  'webhooks.test-delivery': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/test',
    params: webhookEndpointParams,
    body: webhookChangeInternalBody,
    response: webhookTestDelivery,
  },
  'webhooks.redeliver': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/deliveries/:deliveryId/redeliver',
    params: webhookEndpointParams.extend({ deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    body: webhookChangeInternalBody,
    response: webhookRedelivery,
  },
  'webhooks.set-pace': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/pace',
    params: webhookEndpointParams,
    body: webhookPaceInternalBody,
    response: webhookEndpoint,
  },
  'webhooks.recover': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/recoveries',
    params: webhookEndpointParams,
    body: webhookRecoveryInternalBody,
    response: webhookRecovery,
  },
  'webhooks.resend-event': {
    service: 'webhooks',
    method: 'POST',
    path: '/internal/webhooks/clients/:clientId/events/:eventId/resend',
    params: clientEventParams,
    body: resendEventInternalBody,
    response: eventResend,
  },
  'monitoring.assign-case': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/cases/:id/assign',
    params: monitoringCaseParams,
    body: assignCaseInternalBody,
    response: monitoringCase,
  },
  'monitoring.comment-case': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/cases/:id/comments',
    params: monitoringCaseParams,
    body: commentCaseInternalBody,
    response: monitoringCase,
  },
  'monitoring.link-case': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/cases/:id/transactions',
    params: monitoringCaseParams,
    body: linkCaseInternalBody,
    response: monitoringCase,
  },
  'monitoring.resolve-case': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/cases/:id/resolve',
    params: monitoringCaseParams,
    body: resolveCaseInternalBody,
    response: monitoringCase,
  },
  'monitoring.put-rule': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/rules/:ruleId',
    params: monitoringRuleParams,
    body: putRuleInternalBody,
    response: monitoringRuleChanged,
  },
  'monitoring.request-freeze-lift': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/rules/:ruleId/freeze-lift',
    params: monitoringRuleParams,
    body: freezeLiftInternalBody,
    response: monitoringFreezeLiftAnswer,
  },
  'monitoring.approve-freeze-lift': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/rules/:ruleId/freeze-lift/approve',
    params: monitoringRuleParams,
    body: freezeLiftApprovalInternalBody,
    response: monitoringFreezeLiftAnswer,
  },
  'monitoring.reject-proposal': {
    service: 'monitoring',
    method: 'POST',
    path: '/internal/monitoring/proposals/:kind/:id/reject',
    params: monitoringProposalTargetParams,
    body: rejectProposalInternalBody,
    response: monitoringProposalAnswer,
  },
} as const satisfies Record<string, InternalActionRoute>;

export type InternalReadName = keyof typeof internalReads;
export type InternalPostName = keyof typeof internalPosts;
export type InternalActionName = keyof typeof internalActions;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : Record<never, never>;

/** What a read takes: its path parameters and its query, as the route parses them. */
export type InternalReadInput<N extends InternalReadName> = object &
  OutputOf<(typeof internalReads)[N] extends { params: infer P } ? P : undefined> &
  OutputOf<(typeof internalReads)[N] extends { query: infer Q } ? Q : undefined>;
/** What a read answers. */
export type InternalReadAnswer<N extends InternalReadName> = z.output<(typeof internalReads)[N]['response']>;
/** The body a call sends: what the route accepts. */
export type InternalPostBody<N extends InternalPostName> = z.input<(typeof internalPosts)[N]['body']>;
/** What a call answers. */
export type InternalPostAnswer<N extends InternalPostName> = z.output<(typeof internalPosts)[N]['response']>;

/** What an action takes: its path parameters, and its body when the route has one. */
export type InternalActionInput<N extends InternalActionName> = {
  params: z.output<(typeof internalActions)[N]['params']>;
} & ((typeof internalActions)[N] extends { body: infer B } ? { body: B extends z.ZodType ? z.input<B> : never } : { body?: undefined });
/** What an action answers. */
export type InternalActionAnswer<N extends InternalActionName> = z.output<(typeof internalActions)[N]['response']>;
