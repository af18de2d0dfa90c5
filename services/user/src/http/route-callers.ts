import type { InternalRouteCallers } from '@coin/http';

/**
 * Who may call each route of the user service's internal API (docs/DESIGN.md "Internal HTTP
 * credentials"). Default-deny: a route missing here cannot be registered. The JWKS is not here:
 * it is public material, served without credentials.
 */
export const userRouteCallers: InternalRouteCallers = {
  'POST /internal/auth/login': ['gateway'],
  'POST /internal/sessions': ['gateway'],
  // And monitoring, which asks where a person who asks for a step stands now (docs/design/monitoring.md "Who asks").
  'GET /internal/users/:id': ['gateway', 'monitoring'],
  // The ledger, before a user.deleted event closes a wallet (docs/DESIGN.md "Deleting a user").
  // And the DLQ redrive of user.events.v2, run with the user service's own credentials.
  'GET /internal/users/:id/deletion': ['ledger', 'user'],
  'POST /internal/auth/refresh': ['gateway'],
  'POST /internal/auth/logout': ['gateway'],
  'POST /internal/auth/token': ['gateway'],
  'POST /internal/auth/mfa/enrolment': ['gateway'],
  'POST /internal/auth/mfa/enrolment/confirm': ['gateway'],
  'POST /internal/auth/mfa/verify': ['gateway'],
  'POST /internal/auth/mfa/step-up': ['gateway'],
  'POST /internal/auth/password': ['gateway'],
  'POST /internal/auth/password-reset': ['gateway'],
  'GET /internal/platform-clients/:id/status': ['gateway'],
  // The sealed callback secrets of a payout provider: the gateway alone verifies callbacks (and alone holds the key that opens them).
  'GET /internal/platform-clients/:id/callback-secrets': ['gateway'],
  'GET /internal/users': ['gateway'],
  // And the webhooks service, which records the events of every live client (docs/design/platform.md "A platform's events").
  'GET /internal/platform-clients': ['gateway', 'webhooks'],
  'GET /internal/users/:id/sessions': ['gateway'],
  'GET /internal/api-keys': ['gateway'],
  'GET /internal/revocations': ['gateway'],
  'POST /internal/api-keys/lookup': ['gateway'],
  'POST /internal/referrals': ['gateway'],
  // A user's link to a platform client, and which named users a client is linked to (docs/CONTRACT.md "Platform links").
  'POST /internal/platform-links': ['gateway'],
  'POST /internal/platform-links/linked': ['gateway'],
  // A test-mode client's own test users (docs/decisions/0018-sandbox.md), for the client the gateway verified.
  'GET /internal/test-users': ['gateway'],
  'GET /internal/readiness': ['gateway'],
  'GET /internal/deletion-requests': ['gateway'],
  'GET /internal/deletion-requests/:id': ['gateway'],
  'GET /internal/grant-requests': ['gateway'],
  'GET /internal/grant-requests/:id': ['gateway'],
  'POST /internal/registration-keys': ['gateway'],
};

/** Served to anyone who reaches the port: the public keys of user access tokens. */
export const userOpenRoutes = ['/.well-known/jwks.json'] as const;
