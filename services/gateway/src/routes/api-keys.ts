import { apiKeyIdParams, apiKeyList, createApiKeyBody, problem, requestedApiKey, userDraft } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import { randomIdNonce, randomSecret, sha256Hex } from '@coin/security';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf, userIdOf } from '../plugins/auth';
import { apiKeyPrefix, type ApiKeyVerifier } from '../plugins/api-key';
import { exampleAt, exampleGrantRequest, withExample } from './examples';
import type { ApiKeyScopeName } from '@coin/contracts';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const apiKeyId = '3f2e1d0c-9b8a-4776-8564-a3b2c1d0e9f8';
const scopes: ApiKeyScopeName[] = ['mint', 'refund'];

// The OpenAPI examples of these routes.
const exampleRequestedApiKey = {
  grantRequest: exampleGrantRequest({ type: 'user.api-key.create' as const, apiKeyId, name: 'Shop back office', scopes, ownerUserId: 42 }),
  key: 'ck_q2Vx8Lm4Np0Rt6Zb3Jc9Wd1Hf7Ks5Ya2Ge8Uo4Ti0Xr',
};
const exampleApiKeyList = {
  apiKeys: [{ id: apiKeyId, name: 'Shop back office', scopes, ownerUserId: 42, createdAt: exampleAt, revokedAt: null }],
};
export const exampleCreateApiKey = { name: 'Shop back office', scopes, ownerUserId: 42 };

export interface ApiKeyRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  apiKeys: ApiKeyVerifier;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 503: problem, 504: problem };

const route = routeOf<ApiKeyRouteDeps>();

export const apiKeyRoutes: RouteDef<ApiKeyRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/api-keys',
    config: { access: 'superadmin', stepUp: true },
    schema: {
      tags: ['api-keys'],
      summary:
        'Ask for an API key issued to an ADMIN or SUPERADMIN (ownerUserId; default: the caller), the only one it works for: 202 with the secret (shown this once) and the request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve); the key works from that approval on',
      operationId: 'createApiKey',
      body: withExample(createApiKeyBody, exampleCreateApiKey),
      // 404: the owner named is no live account; 422: not an ADMIN or SUPERADMIN.
      response: { 202: withExample(requestedApiKey, exampleRequestedApiKey), 404: problem, 422: problem, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      // The secret is made here, when it can be handed over, and only its hash is sent over Kafka
      // and stored with the request: the key exists (and works) only once a second SUPERADMIN
      // approves it (docs/DESIGN.md "Two-person acts").
      const key = randomSecret(apiKeyPrefix);
      const { name, scopes } = request.body;
      // Issued to the admin named, else to the caller: a key works with its owner's token only.
      const ownerUserId = request.body.ownerUserId ?? userIdOf(request);
      const draft = userDraft('user.api-key.create', { name, scopes, keyHash: sha256Hex(key), ownerUserId, idNonce: randomIdNonce() });
      const answer = await deps.commands.user(draft, { ...authorityOf(request), requestId: String(request.id) });
      if (!('grantRequest' in answer)) throw new InvariantViolation('a person’s API key was made without a second SUPERADMIN');
      reply.status(202);
      return { grantRequest: answer.grantRequest, key };
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/api-keys',
    config: { access: 'superadmin' },
    schema: {
      tags: ['api-keys'],
      summary: 'List API keys (never their secrets), revoked ones included',
      operationId: 'listApiKeys',
      response: { 200: withExample(apiKeyList, exampleApiKeyList), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('users.api-keys', {}, String(request.id)),
  }),

  route({
    method: 'DELETE',
    url: '/api/admin/api-keys/:id',
    config: { access: 'superadmin' },
    schema: {
      tags: ['api-keys'],
      summary: 'Revoke an API key, effective on the next request',
      operationId: 'revokeApiKey',
      params: apiKeyIdParams,
      response: { 204: z.null().describe('Revoked'), 404: problem, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { keyHash } = await deps.commands.user(userDraft('user.api-key.revoke', { id: request.params.id }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      await deps.apiKeys.revoked(keyHash, request.params.id);
      return reply.status(204).send(null);
    },
  }),
];

export function registerApiKeyRoutes(app: App, deps: ApiKeyRouteDeps): void {
  registerRoutes(app, apiKeyRoutes, deps);
}
