import { apiKeyIdParams, apiKeyList, createApiKeyBody, createdApiKey, problem, userDraft } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import { randomSecret, sha256Hex } from '@coin/security';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf, userIdOf } from '../plugins/auth';
import { apiKeyPrefix, type ApiKeyVerifier } from '../plugins/api-key';
import { exampleApiKeyList, exampleCreateApiKey, exampleCreatedApiKey, withExample } from './examples';

export interface ApiKeyRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  apiKeys: ApiKeyVerifier;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 503: problem, 504: problem };

export function registerApiKeyRoutes(app: App, deps: ApiKeyRouteDeps): void {
  app.post(
    '/api/admin/api-keys',
    {
      config: { access: 'superadmin', stepUp: true },
      schema: {
        tags: ['api-keys'],
        summary:
          'Create an API key issued to an ADMIN or SUPERADMIN (ownerUserId; default: the caller), the only one it works for; the secret is in this response only',
        security: [{ bearerAuth: [] }],
        operationId: 'createApiKey',
        body: withExample(createApiKeyBody, exampleCreateApiKey),
        // 404: the owner named is no live account; 422: not an ADMIN or SUPERADMIN.
        response: { 201: withExample(createdApiKey, exampleCreatedApiKey), 404: problem, 422: problem, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The secret is made here and only its hash is sent over Kafka and stored.
      const key = randomSecret(apiKeyPrefix);
      const { name, scopes } = request.body;
      // Issued to the admin named, else to the caller: a key works with its owner's token only.
      const ownerUserId = request.body.ownerUserId ?? userIdOf(request);
      const created = await deps.commands.user(userDraft('user.api-key.create', { name, scopes, keyHash: sha256Hex(key), ownerUserId }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      if (created.ownerUserId === null) throw new InvariantViolation('the user service stored a new API key without its owner');
      reply.status(201);
      return {
        id: created.id,
        name: created.name,
        scopes: created.scopes,
        ownerUserId: created.ownerUserId,
        createdAt: created.createdAt,
        key,
      };
    },
  );

  app.get(
    '/api/admin/api-keys',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['api-keys'],
        summary: 'List API keys (never their secrets), revoked ones included',
        security: [{ bearerAuth: [] }],
        operationId: 'listApiKeys',
        response: { 200: withExample(apiKeyList, exampleApiKeyList), ...errorResponses },
      },
    },
    async (request) => deps.internal.read('users.api-keys', {}, String(request.id)),
  );

  app.delete(
    '/api/admin/api-keys/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key, effective on the next request',
        security: [{ bearerAuth: [] }],
        operationId: 'revokeApiKey',
        params: apiKeyIdParams,
        response: { 204: z.null().describe('Revoked'), 404: problem, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { keyHash } = await deps.commands.user(userDraft('user.api-key.revoke', { id: request.params.id }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      await deps.apiKeys.revoked(keyHash, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
