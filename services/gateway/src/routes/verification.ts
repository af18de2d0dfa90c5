import { problem, setVerificationBody, userDraft, userIdParam, verificationSet } from '@coin/contracts';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf } from '../plugins/auth';
import type { TokenVersionStore } from '../plugins/token-version';
import { exampleUser, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface VerificationRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 404: problem, 429: problem, 503: problem, 504: problem };

const route = routeOf<VerificationRouteDeps>();

/**
 * A user's verification (docs/CONTRACT.md "Verification"): what the cash-out daily amount reads.
 * An ADMIN+ verifies a USER alone, as they set a user's spending limits, with a fresh second
 * factor; an ADMIN or SUPERADMIN account is verified through a request another ADMIN+ approves
 * (routes/verification-requests.ts): set here, it is refused (403 FOUR_EYES_REQUIRED). Taking
 * verification away is one person's: it only tightens.
 */
export const verificationRoutes: RouteDef<VerificationRouteDeps>[] = [
  route({
    method: 'PUT',
    url: '/api/admin/users/:id/verification',
    config: { access: 'admin', stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        "Verify a user or take their verification away, with a reason (audited); the same value again changes nothing. A change ends the user's current access tokens at once (their refresh token stays good): the next one carries the new state, which the cash-out daily amount reads. Verifying an ADMIN or SUPERADMIN account is refused here (403 FOUR_EYES_REQUIRED): ask for it with POST /api/admin/users/{id}/verification-requests, which another ADMIN+ approves",
      params: z.object({ id: userIdParam }),
      operationId: 'setUserVerification',
      body: withExample(setVerificationBody, { verified: true, reason: 'Identity document checked (ticket KYC-1042)' }),
      response: { 200: withExample(verificationSet, { user: { ...exampleUser, isVerified: true } }), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { id } = request.params;
      const { verified, reason } = request.body;
      const result = await deps.commands.user(userDraft('user.set-verification', { userId: id, verified, reason }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      // Never a request: one is asked for only on its own route (asRequest).
      if ('grantRequest' in result) throw new Error('user.set-verification answered a request to a direct change');
      // This instance refuses the user's older tokens at once; the others learn it from user.events.v2.
      await deps.tokenVersions.remember(id, result.tokenVersion);
      const { tokenVersion: _omitted, ...user } = await deps.internal.read('users.user', { id }, String(request.id));
      return { user };
    },
  }),
];

export function registerVerificationRoutes(app: App, deps: VerificationRouteDeps): void {
  registerRoutes(app, verificationRoutes, deps);
}
