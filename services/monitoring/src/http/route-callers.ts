import type { InternalRouteCallers } from '@coin/http';

/** Who may call each route of the monitoring service's internal API (docs/DESIGN.md "Internal HTTP credentials"): the gateway, for ADMIN+. */
export const monitoringRouteCallers: InternalRouteCallers = {
  'GET /internal/monitoring/cases': ['gateway'],
  'GET /internal/monitoring/cases/:id': ['gateway'],
  'POST /internal/monitoring/cases/:id/assign': ['gateway'],
  'POST /internal/monitoring/cases/:id/comments': ['gateway'],
  'POST /internal/monitoring/cases/:id/transactions': ['gateway'],
  'POST /internal/monitoring/cases/:id/resolve': ['gateway'],
  'GET /internal/monitoring/rules': ['gateway'],
  'POST /internal/monitoring/rules/:ruleId': ['gateway'],
  'POST /internal/monitoring/rules/backtest': ['gateway'],
  'POST /internal/monitoring/rules/:ruleId/freeze-lift': ['gateway'],
  'POST /internal/monitoring/rules/:ruleId/freeze-lift/approve': ['gateway'],
  'GET /internal/monitoring/proposals/:kind': ['gateway'],
  'POST /internal/monitoring/proposals/:kind/:id/reject': ['gateway'],
};
