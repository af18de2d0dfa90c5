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
import {
  exampleClientCredentials,
  exampleClientCredentialsForm,
  exampleRefresh,
  exampleSystemToken,
  exampleTokenPair,
  withExample,
} from './examples';

export interface SessionRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
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
        operationId: 'refreshToken',
        body: withExample(refreshBody, exampleRefresh),
        response: { 200: withExample(tokenPair, exampleTokenPair), ...errorResponses },
      },
    },
    async (request) => deps.internal.post('users.refresh', request.body, String(request.id)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public', rateLimitPolicies: ['credentials-ip'] },
      schema: {
        tags: ['auth'],
        summary: "End this refresh token's session (its family); access tokens expire on their own",
        operationId: 'logout',
        body: withExample(logoutBody, exampleRefresh),
        response: { 204: z.null().describe('Logged out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deps.internal.post('users.logout', request.body, String(request.id));
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
        operationId: 'logoutEverywhere',
        response: { 204: z.null().describe('All sessions ended'), 403: problem, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const { tokenVersion } = await deps.commands.user(userDraft('user.revoke-sessions', { userId }), {
        ...authorityOf(request),
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
        } as never,
        response: {
          ...errorResponses,
          200: withExample(z.union([systemToken, oauthAccessToken]), exampleSystemToken),
          400: z.union([problem, oauthError]),
          401: z.union([problem, oauthError]),
        },
      },
      errorHandler: oauthTokenErrorHandler(app as never),
    },
    async (request, reply) => {
      const requestId = String(request.id);
      if (isFormRequest(request)) {
        // Validated against clientCredentialsForm by fastify (the schema of this media type).
        const form = request.body as { client_id?: string; client_secret?: string };
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
  );
}
