import type { InternalRouteCallers } from '@coin/http';

/** Who may call each route of the history service's internal API (docs/DESIGN.md "Internal HTTP credentials"). */
export const historyRouteCallers: InternalRouteCallers = {
  'GET /internal/history/users/:userId': ['gateway'],
  'GET /internal/history/users/:userId/page': ['gateway'],
  'GET /internal/transactions': ['gateway'],
  'GET /internal/audit-log': ['gateway'],
  'GET /internal/audit-log/service-actions': ['gateway'],
  'GET /internal/history/balances/:kind/:id': ['gateway'],
  'GET /internal/history/statements/:kind/:id': ['gateway'],
  'GET /internal/history/statements/:kind/:id/csv': ['gateway'],
  'GET /internal/history/daily-balances/:kind/:id': ['gateway'],
  'GET /internal/stats/daily-supply': ['gateway'],
  'GET /internal/stats/daily-volume': ['gateway'],
  'GET /internal/stats/client-daily-volume': ['gateway'],
};
