import { clientCredentialsBody, logoutBody, problem, refreshBody, systemToken, tokenPair, userDraft } from '@coin/contracts';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalHttpClient } from '../clients/internal-http';
import { actorOf, userIdOf } from '../plugins/auth';
import type { TokenVersionStore } from '../plugins/token-version';

export interface SessionRouteDeps {
  commands: CommandBus;
  users: InternalHttpClient;
  tokenVersions: TokenVersionStore;
}

const errorResponses = { 400: problem, 401: problem, 429: problem, 503: problem, 504: problem };

/**
 * Refresh, logout, "log out everywhere" and client credentials. The calls carrying a secret go
 * to the user service over internal HTTP, never Kafka (docs/DESIGN.md).
 */
export function registerSessionRoutes(app: App, deps: SessionRouteDeps): void {
  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token: a new pair; presenting a rotated token again revokes its whole family',
        body: refreshBody,
        response: { 200: tokenPair, ...errorResponses },
      },
    },
    async (request) => deps.users.post('/internal/auth/refresh', request.body, String(request.id)) as never,
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
      schema: {
        tags: ['auth'],
        summary: "End this refresh token's session (its family); access tokens expire on their own",
        body: logoutBody,
        response: { 204: z.null().describe('Logged out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deps.users.post('/internal/auth/logout', request.body, String(request.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/logout-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Log out everywhere: every refresh token and every access token of the caller stop working now',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null().describe('All sessions ended'), 403: problem, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const { tokenVersion } = await deps.commands.user(userDraft('user.revoke-sessions', { userId }), {
        actor: actorOf(request),
        requestId: String(request.id),
      });
      await deps.tokenVersions.remember(userId, tokenVersion);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/token',
    {
      config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
      schema: {
        tags: ['auth'],
        summary: 'Client credentials: a SYSTEM access token for a registered platform client (rewards only)',
        body: clientCredentialsBody,
        response: { 200: systemToken, ...errorResponses },
      },
    },
    async (request) => deps.users.post('/internal/auth/token', request.body, String(request.id)) as never,
  );
}
