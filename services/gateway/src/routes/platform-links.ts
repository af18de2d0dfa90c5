import { platformLink, platformLinkBody, problem } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { userIdOf } from '../plugins/auth';
import { exampleAt, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of this route.
const exampleLinkBody = { clientId: 'pc_course_shop' } as const;
const exampleLink = { clientId: 'pc_course_shop', linkedAt: exampleAt } as const;

export interface PlatformLinkRouteDeps {
  internal: InternalApi;
}

/** A platform client's token (403), an unknown or revoked client (404), a busy or slow user service. */
const errorResponses = { 400: problem, 401: problem, 403: problem, 404: problem, 429: problem, 503: problem, 504: problem };

const route = routeOf<PlatformLinkRouteDeps>();

/**
 * A user links a platform client they use (docs/CONTRACT.md "Platform links"), with their own
 * token: the user service records it, once. It is what a client names users by where its word
 * alone would speak or act in their name (a referral it attests, a test-mode client's acts in the
 * sandbox); a client never links anyone itself.
 */
export const platformLinkRoutes: RouteDef<PlatformLinkRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/auth/platform-links',
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary:
        'Link a platform client you use: it may then attest referrals naming you and, a test-mode client, act for you in the sandbox with test coins. No client names you so before you link it. Linking again answers the first link; an unknown or revoked client is 404 NOT_FOUND',
      operationId: 'linkPlatformClient',
      body: withExample(platformLinkBody, exampleLinkBody),
      response: { 201: withExample(platformLink, exampleLink), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const link = await deps.internal.post('users.platform-link', { ...request.body, userId: userIdOf(request) }, String(request.id));
      return reply.status(201).send(link);
    },
  }),
];

export function registerPlatformLinkRoutes(app: App, deps: PlatformLinkRouteDeps): void {
  registerRoutes(app, platformLinkRoutes, deps);
}
