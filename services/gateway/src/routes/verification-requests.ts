import { requestVerificationBody, userDraft, userIdParam, verificationPending } from '@coin/contracts';
import type { App } from '@coin/http';
import { randomIdNonce } from '@coin/security';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import { answered, commandErrorResponses as errorResponses } from './command-route';
import { withExample } from './examples';
import { exampleVerificationRequest as exampleRequest, isVerification } from './four-eyes/verification';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface VerificationRequestRouteDeps {
  commands: CommandBus;
}

const route = routeOf<VerificationRequestRouteDeps>();

const askRoutes: RouteDef<VerificationRequestRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/users/:id/verification-requests',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        "Ask for the verification of an ADMIN or SUPERADMIN account, with a reason: nothing changes until another ADMIN+, neither the requester nor the account, approves the request (POST /api/admin/verification-requests/{id}/approve). A USER, or an account verified already, is 409 GRANT_REQUEST_OUTDATED (a USER is verified with PUT .../verification); one's own account is 403 SELF_DEALING",
      headers: idempotencyHeaders,
      params: z.object({ id: userIdParam }),
      body: withExample(requestVerificationBody, { reason: 'Identity document checked' }),
      operationId: 'requestUserVerification',
      response: { 202: withExample(verificationPending, { verificationRequest: exampleRequest }), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { id } = request.params;
      const data = { userId: id, verified: true, reason: request.body.reason, asRequest: true as const, idNonce: randomIdNonce() };
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.set-verification', data), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
      if (!('grantRequest' in result) || !isVerification(result.grantRequest))
        throw new Error('user.set-verification asked as a request answered something else');
      return reply.status(202).send({ verificationRequest: result.grantRequest });
    },
  }),
];

/**
 * The verification of an ADMIN or SUPERADMIN account (docs/CONTRACT.md "Verification"): a
 * two-person act. An ADMIN+ asks for it (202 with a request), and a different ADMIN+, neither the
 * requester nor the account, one since before the request, approves it (the verification is then
 * applied), or any ADMIN+ rejects it, or it expires. Stored with the grant requests; the user
 * service judges every rule (grantDecisionRefusal), the gateway relays. Here is the asking; the
 * list, read, approval and rejection are drawn from the act's row of the four-eyes table
 * (four-eyes.ts).
 */
export const verificationRequestRoutes: RouteDef<VerificationRequestRouteDeps>[] = askRoutes;

export function registerVerificationRequestRoutes(app: App, deps: VerificationRequestRouteDeps): void {
  registerRoutes(app, verificationRequestRoutes, deps);
}
