import type { InternalRouteCallers } from '@coin/http';

/** Who may call each route of the webhooks service's internal API (docs/DESIGN.md "Internal HTTP credentials"). */
export const webhooksRouteCallers: InternalRouteCallers = {
  'POST /internal/webhooks/endpoints': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/endpoints': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/endpoints/:endpointId': ['gateway'],
  'DELETE /internal/webhooks/clients/:clientId/endpoints/:endpointId': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/endpoints/:endpointId/enable': ['gateway'],
  'GET /internal/webhooks/endpoints': ['gateway'],
  'POST /internal/webhooks/revoked-clients': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/endpoints/:endpointId/rotate-secret': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/endpoints/:endpointId/deliveries': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/endpoints/:endpointId/deliveries/:deliveryId/redeliver': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/endpoints/:endpointId/test': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/endpoints/:endpointId/pace': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/endpoints/:endpointId/recoveries': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/endpoints/:endpointId/recoveries/:recoveryId': ['gateway'],
  // A platform's events (GET /api/events).
  'GET /internal/webhooks/clients/:clientId/events': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/events/:eventId': ['gateway'],
  'POST /internal/webhooks/clients/:clientId/events/:eventId/resend': ['gateway'],
  // Balance monitors (ADMIN+ at the gateway).
  'POST /internal/webhooks/balance-monitors': ['gateway'],
  'GET /internal/webhooks/balance-monitors': ['gateway'],
  'GET /internal/webhooks/balance-monitors/:id': ['gateway'],
  'POST /internal/webhooks/balance-monitors/delete': ['gateway'],
  'POST /internal/webhooks/client-balance-monitors': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/balance-monitors': ['gateway'],
  'GET /internal/webhooks/clients/:clientId/balance-monitors/:id': ['gateway'],
  'POST /internal/webhooks/client-balance-monitors/delete': ['gateway'],
};
