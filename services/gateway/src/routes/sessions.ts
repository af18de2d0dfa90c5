import {
  clientCredentialsBody,
  clientCredentialsForm,
  logoutBody,
  oauthAccessToken,
  oauthError,
  problem,
  refreshBody,
  systemToken,
  tokenPair,
  userDraft,
} from '@coin/contracts';
import { validationError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf, userIdOf } from '../plugins/auth';
import { clientCredentialsOf, formMediaType, isFormRequest, OAuthError, oauthTokenErrorHandler } from '../plugins/oauth-token';
import type { TokenVersionStore } from '../plugins/token-version';
import { exampleTokenPair, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
export const exampleRefresh = { refreshToken: exampleTokenPair.refreshToken };
export const exampleClientCredentials = { clientId: 'shop-backend', clientSecret: 'cs_9Gf3Kp7Lq1Vx5Zb8Nm2Rt4Wd6' };
const exampleClientCredentialsForm = {
  grant_type: 'client_credentials',
  client_id: 'shop-backend',
  client_secret: 'cs_9Gf3Kp7Lq1Vx5Zb8Nm2Rt4Wd6',
} as const;
const exampleSystemToken = {
  accessToken: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJzdWIiOiJzaG9wIn0.c2lnbmF0dXJl',
  tokenType: 'Bearer',
  expiresIn: 900,
} as const;

export interface SessionRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const errorResponses = { 400: problem, 401: problem, 429: problem, 503: problem, 504: problem };

const route = routeOf<SessionRouteDeps>();

/**
 * Refresh, logout, "log out everywhere" and client credentials. The calls carrying a secret go
 * to the user service over internal HTTP, never Kafka (docs/DESIGN.md).
 */
export const sessionRoutes: RouteDef<SessionRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/auth/refresh',
    config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: 'Rotate a refresh token: a new pair; presenting a rotated token again revokes its whole family',
      operationId: 'refreshToken',
      body: withExample(refreshBody, exampleRefresh),
      response: { 200: withExample(tokenPair, exampleTokenPair), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.post('users.refresh', request.body, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/auth/logout',
    config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: "End this refresh token's session (its family); access tokens expire on their own",
      operationId: 'logout',
      body: withExample(logoutBody, exampleRefresh),
      response: { 204: z.null().describe('Logged out'), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      await deps.internal.post('users.logout', request.body, String(request.id));
      return reply.status(204).send(null);
    },
  }),

  route({
    method: 'POST',
    url: '/api/auth/logout-all',
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Log out everywhere: every refresh token and every access token of the caller stop working now',
      operationId: 'logoutEverywhere',
      response: { 204: z.null().describe('All sessions ended'), 403: problem, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const userId = userIdOf(request);
      const { tokenVersion } = await deps.commands.user(userDraft('user.revoke-sessions', { userId }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      await deps.tokenVersions.remember(userId, tokenVersion);
      return reply.status(204).send(null);
    },
  }),

  route({
    method: 'POST',
    url: '/api/auth/token',
    config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: 'Client credentials (OAuth 2.0): a SYSTEM access token for a registered platform client',
      description:
        'Two forms. JSON `{clientId, clientSecret}` answers `{accessToken, tokenType, expiresIn}`, errors as problem+json. ' +
        'The RFC 6749 §4.4 form (`application/x-www-form-urlencoded`, `grant_type=client_credentials`, the client id and ' +
        'secret as `client_id`/`client_secret` or in HTTP Basic, not both) answers `{access_token, token_type, expires_in}`; ' +
        'its 400/401 errors are RFC 6749 §5.2 `{error, error_description}` (401 with WWW-Authenticate when Basic was used).',
      operationId: 'issueToken',
      body: {
        content: {
          'application/json': { schema: withExample(clientCredentialsBody, exampleClientCredentials) },
          [formMediaType]: { schema: withExample(clientCredentialsForm, exampleClientCredentialsForm) },
        },
      },
      response: {
        ...errorResponses,
        200: withExample(z.union([systemToken, oauthAccessToken]), exampleSystemToken),
        400: z.union([problem, oauthError]),
        401: z.union([problem, oauthError]),
      },
    },
    options: (app) => ({ errorHandler: oauthTokenErrorHandler(app) }),
    handler: async (request, reply, deps) => {
      const requestId = String(request.id);
      if (isFormRequest(request)) {
        // Validated against clientCredentialsForm by fastify (the schema of this media type).
        const form = request.body as z.output<typeof clientCredentialsForm>;
        const credentials = clientCredentialsBody.safeParse(clientCredentialsOf(request, form));
        if (!credentials.success) throw new OAuthError('invalid_request', 'The client id or secret is malformed');
        const token = await deps.internal.post('users.client-token', credentials.data, requestId);
        reply.header('pragma', 'no-cache');
        return { access_token: token.accessToken, token_type: token.tokenType, expires_in: token.expiresIn };
      }
      // fastify validates a body by its media type; a request with none reaches here unchecked.
      const body = clientCredentialsBody.safeParse(request.body);
      if (!body.success)
        throw validationError(
          body.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
          'Invalid body',
        );
      return deps.internal.post('users.client-token', body.data, requestId);
    },
  }),
];

export function registerSessionRoutes(app: App, deps: SessionRouteDeps): void {
  registerRoutes(app, sessionRoutes, deps);
}
