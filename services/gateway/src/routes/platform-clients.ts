import { randomBytes } from 'node:crypto';
import {
  createdTestClient,
  createOwnTestClientBody,
  createPlatformClientBody,
  idempotencyKey,
  platformClient,
  platformClientIdParams,
  platformClientList,
  problem,
  requestedPlatformClient,
  requestedCallbackSecret,
  userDraft,
  webhookClientIdText,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import type { Redis } from '@coin/redis';
import { credentialModeOf, randomIdNonce, randomSecret, sha256Hex, testModeClientIdPrefix, type CredentialMode } from '@coin/security';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf, principalOf } from '../plugins/auth';
import { minor } from './amounts';
import { idempotencyKeyHeader, idempotencyOf } from '../plugins/idempotency';
import { forgetPlatformClient } from '../plugins/platform-clients';
import type { Revocations } from '../revocation/revocations';
import { newCallbackSecret, type CallbackSecretBox } from '../auth/callback-secrets';
import { isCallbackSecretRequest } from './four-eyes/callback-secret';
import { exampleGrantRequest, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface PlatformClientRouteDeps {
  commands: CommandBus;
  /** Seals a payout provider's new callback secret (CASHOUT_CALLBACK_ENCRYPTION_SECRET); absent: none is issued (503). */
  callbackSecretBox?: CallbackSecretBox;
  internal: InternalApi;
  /** The gateway's Redis, where the status of each client behind a SYSTEM token is cached. */
  redis: Redis;
  /** This instance's revocation sets: a client it revokes is refused here at once. */
  revocations: Revocations;
  /** The sandbox's webhooks instance, when the gateway has one: a revoked test-mode client's endpoints stop there. */
  sandboxWebhooks?: unknown;
}

const route = routeOf<PlatformClientRouteDeps>();

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 503: problem, 504: problem };

/** A creation must carry a key: the secret is shown once, so a blind retry must not make a second client. */
const requiredIdempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKey });

/**
 * The client id's shape, as the operator CLI makes it (services/user/src/admin/operator.ts): `pc_` + 72 random bits; a
 * test-mode client's starts with `test_` instead, which is what makes it one (credentialModeOf).
 */
function newClientId(mode: CredentialMode): string {
  return `${mode === 'test' ? testModeClientIdPrefix : 'pc_'}${randomBytes(9).toString('base64url')}`;
}

/** The command asking for a new client: its id made here, its secret's and request's hashes given. */
function clientDraft(
  body: z.infer<typeof createPlatformClientBody>,
  hashes: { secretHash: string; requestHash: string },
  mode: CredentialMode,
) {
  return userDraft('user.platform-client.create', {
    clientId: newClientId(mode),
    name: body.name,
    ...hashes,
    treasuries: body.treasuries ?? [],
    dailyRewardCap: body.dailyRewardCap === undefined ? null : minor(body.dailyRewardCap),
    cashout: body.cashout ?? false,
    // The grant request's id derives from these random bits too: not computable from the caller and the key.
    idNonce: randomIdNonce(),
  });
}

const at = '2026-01-15T09:30:00.000Z';
const exampleClient = {
  id: 'pc_Xk3v9QmT2bLw',
  name: 'tournaments',
  createdAt: at,
  revokedAt: null,
  treasuries: ['REWARDS' as const],
  dailyRewardCap: 5000,
  cashout: false,
};
const exampleSecret = 'pcs_q3J7mN0vYc2xLk8tR5wP1sZ9hB4gD6fA0eU2iO7yTn4';
const exampleClientRequest = exampleGrantRequest({
  type: 'user.platform-client.create' as const,
  clientId: exampleClient.id,
  name: exampleClient.name,
  treasuries: exampleClient.treasuries,
  dailyRewardCap: exampleClient.dailyRewardCap,
  cashout: exampleClient.cashout,
});

/**
 * Sends the creation of a client of this mode, with a secret made here; the stored answer is the
 * first one's when this is a retry (the same Idempotency-Key), told apart by its secret hash.
 */
async function sendCreation(
  deps: PlatformClientRouteDeps,
  request: FastifyRequest,
  body: z.infer<typeof createPlatformClientBody>,
  mode: CredentialMode,
) {
  const { commandId, requestHash } = idempotencyOf(request);
  const clientSecret = randomSecret('pcs_');
  const secretHash = sha256Hex(clientSecret);
  const stored = await deps.commands.user(clientDraft(body, { secretHash, requestHash }, mode), {
    ...authorityOf(request),
    commandId,
    requestId: String(request.id),
  });
  if (stored.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request (another path, body or API key)');
  }
  return { stored, clientSecret, secretHash };
}

/**
 * Platform clients (the SYSTEM callers of POST /api/auth/token), for a SUPERADMIN: the same
 * actions as the operator CLI's create-client, list-clients and revoke-client. Like API keys
 * (routes/api-keys.ts), the gateway makes the secret and sends only its SHA-256 in a user
 * command, so the secret never crosses Kafka and is in the first 202 only; the user service
 * stores the client as a request another SUPERADMIN approves (docs/DESIGN.md "Two-person acts"),
 * the client existing from that approval on, and records each step in the admin audit log.
 *
 * Creation requires an Idempotency-Key: its command id is derived from the key (plugins/idempotency.ts),
 * so a retry is the same command and the user service answers it with the request it made. The
 * secret is not kept anywhere, so that retry answers 202 with the request and no `clientSecret`
 * (the gateway tells it from a first answer by the stored secret hash, which is not its own); the
 * answer is never recorded for GET /api/commands/{key} either. The same key with another body is
 * 422 IDEMPOTENCY_KEY_REUSED.
 */
/** The clients' webhooks stop: the live service's, and test-mode clients' in the sandbox's instance where the gateway has one (docs/decisions/0018-sandbox.md). */
async function stopWebhooksOf(deps: PlatformClientRouteDeps, clientIds: string[], requestId: string): Promise<void> {
  // Only such ids can have endpoints (the webhooks routes take no other).
  const withEndpoints = clientIds.filter((id) => webhookClientIdText.safeParse(id).success);
  if (withEndpoints.length === 0) return;
  await deps.internal.post('webhooks.revoked-clients', { clientIds: withEndpoints }, requestId);
  const testClients = withEndpoints.filter((id) => credentialModeOf('system', id) === 'test');
  if (testClients.length > 0 && deps.sandboxWebhooks) {
    await deps.internal.in('test').post('webhooks.revoked-clients', { clientIds: testClients }, requestId);
  }
}

const clientRoutes: RouteDef<PlatformClientRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/platform-clients',
    config: { access: 'superadmin' },
    schema: {
      tags: ['platform-clients'],
      summary: 'List platform clients (never their secrets), revoked ones included, oldest first',
      operationId: 'listPlatformClients',
      response: { 200: withExample(platformClientList, { platformClients: [exampleClient] }), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('users.platform-clients', {}, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/admin/platform-clients',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['platform-clients'],
      summary:
        'Ask for a platform client: 202 with the request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve) and its secret, in this first answer only (a retry with the same Idempotency-Key answers 202 without it); the client works from that approval on. A daily reward cap above PLATFORM_CLIENT_DAILY_REWARD_CAP_MAX_COINS is 422 REWARD_CAP_ABOVE_CEILING',
      operationId: 'createPlatformClient',
      headers: requiredIdempotencyHeaders,
      body: withExample(createPlatformClientBody, { name: 'tournaments', treasuries: ['REWARDS'], dailyRewardCap: 5000 }),
      response: {
        202: withExample(requestedPlatformClient, { grantRequest: exampleClientRequest, clientSecret: exampleSecret }),
        409: problem,
        422: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { stored, clientSecret, secretHash } = await sendCreation(deps, request, request.body, 'live');
      if (!('grantRequest' in stored)) throw new InvariantViolation('a person’s platform client was made without a second SUPERADMIN');
      reply.status(202);
      // A retry of a request that was stored: its secret went out with the first answer only.
      return stored.secretHash === secretHash ? { grantRequest: stored.grantRequest, clientSecret } : { grantRequest: stored.grantRequest };
    },
  }),
];

const revokeRoutes: RouteDef<PlatformClientRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/platform-clients/:id/revoke',
    config: { access: 'superadmin' },
    schema: {
      tags: ['platform-clients'],
      summary:
        'Revoke a platform client: no new SYSTEM tokens, and its tokens are refused from the next request (idempotent). The test clients it made itself (POST /api/platform/test-clients) are revoked with it: theirs too, and their sandbox webhook endpoints stop',
      operationId: 'revokePlatformClient',
      params: platformClientIdParams,
      response: { 200: withExample(platformClient, { ...exampleClient, revokedAt: at }), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) => revokeClient(deps, request, request.params.id),
  }),
];

/**
 * Revokes a client as the caller asks (the user service judges who may: a SUPERADMIN any, a live
 * client only the test clients it made), then stops it here, in the cache and in its webhooks; and
 * so every test client it made itself, which the user service revoked with it (a test client ends
 * with its owner, docs/decisions/0018-sandbox.md "Self-serve test clients").
 */
async function revokeClient(deps: PlatformClientRouteDeps, request: FastifyRequest, id: string) {
  const { client, testClients = [] } = await deps.commands.user(userDraft('user.platform-client.revoke', { clientId: id }), {
    ...authorityOf(request),
    requestId: String(request.id),
  });
  const ended = [id, ...testClients];
  // Refused by this instance from now on; the others learn it from the user service's list within a poll.
  for (const clientId of ended) deps.revocations.revokeClient(clientId);
  // Also when it was revoked already: a retry after a failed update completes it, as the CLI's rerun does.
  try {
    for (const clientId of ended) await forgetPlatformClient(deps.redis, clientId);
    // Their webhooks stop now, not when a gateway's poll reports it.
    await stopWebhooksOf(deps, ended, String(request.id));
  } catch (err) {
    request.log.error({ err }, 'platform client revoked but its cached status or its webhooks could not be updated');
    throw new AppError(
      'UNAVAILABLE',
      'The client is revoked; its cached status expires within the cache lifetime and its webhooks stop within a revocation poll. Retry to confirm.',
    );
  }
  return client;
}

/**
 * Test-mode clients (docs/decisions/0018-sandbox.md), for any ADMIN+ alone: the user service makes a
 * client of a `test_` id at once, since the gateway and the ledger refuse its tokens everywhere real
 * money is. The secret goes out in the first answer only, as with any client.
 */
const testClientRoutes: RouteDef<PlatformClientRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/test-clients',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['platform-clients'],
      summary:
        'Register a test-mode platform client (a sandbox client, docs/decisions/0018-sandbox.md): made at once by one ADMIN+, its id starting with test_ and its tokens claiming mode test; its secret is in this first answer only (a retry with the same Idempotency-Key answers 201 without it). Test-mode tokens are refused on every route (403 TEST_MODE_CREDENTIALS) and by the ledger, so the client never acts on real money',
      operationId: 'createTestClient',
      headers: requiredIdempotencyHeaders,
      body: withExample(createPlatformClientBody, { name: 'tournaments sandbox', treasuries: ['REWARDS'] }),
      response: {
        201: withExample(createdTestClient, {
          client: { ...exampleClient, id: 'test_Xk3v9QmT2bLw', name: 'tournaments sandbox', dailyRewardCap: null },
          clientSecret: exampleSecret,
        }),
        409: problem,
        422: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { stored, clientSecret, secretHash } = await sendCreation(deps, request, request.body, 'test');
      if (!('client' in stored)) throw new InvariantViolation('a test-mode client was stored as a request for a second person');
      reply.status(201);
      return stored.secretHash === secretHash ? { client: stored.client, clientSecret } : { client: stored.client };
    },
  }),
];

const exampleTestClient = { ...exampleClient, id: 'test_Xk3v9QmT2bLw', name: 'tournaments sandbox', dailyRewardCap: null };

/**
 * Self-serve test clients (docs/decisions/0018-sandbox.md "Self-serve test clients"): a live
 * platform client makes and revokes its own test-mode clients, no person in the loop. Its test
 * client is granted at most the treasuries it holds itself, no cap and no cash-out grant; no live
 * account can link it, so its test users are the sandbox's alone. A test-mode client is 403 here
 * (TEST_MODE_CREDENTIALS): a test client makes no test clients.
 */
const selfServeTestClientRoutes: RouteDef<PlatformClientRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/platform/test-clients',
    config: { access: 'platform', idempotent: true },
    schema: {
      tags: ['platform-clients', 'sandbox'],
      summary:
        "Make a test-mode client of the calling live platform client's own (no person approves it): its id starts with test_, it is granted at most the treasuries the caller holds (another is 403 FORBIDDEN), and its secret is in this first answer only (a retry with the same Idempotency-Key answers 201 without it). No live account can link it, so every live user's id is unknown to it (404 USER_NOT_FOUND). A live client keeps at most TEST_CLIENTS_PER_OWNER_MAX (5 by default) unrevoked test clients (the next is 422 TEST_CLIENTS_LIMIT until it revokes one), and they end with it: revoking the live client revokes them. Live platform clients only",
      operationId: 'createOwnTestClient',
      headers: requiredIdempotencyHeaders,
      body: withExample(createOwnTestClientBody, { name: 'tournaments sandbox', treasuries: ['REWARDS'] }),
      response: {
        201: withExample(createdTestClient, { client: exampleTestClient, clientSecret: exampleSecret }),
        409: problem,
        422: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const principal = principalOf(request);
      const held = new Set(principal.treasuries ?? []);
      const wider = (request.body.treasuries ?? []).find((treasury) => !held.has(treasury));
      if (wider !== undefined) throw new AppError('FORBIDDEN', `This client holds no ${wider} treasury grant to give its test client`);
      const { stored, clientSecret, secretHash } = await sendCreation(deps, request, request.body, 'test');
      if (!('client' in stored)) throw new InvariantViolation('a self-serve test client was stored as a request for a second person');
      reply.status(201);
      return stored.secretHash === secretHash ? { client: stored.client, clientSecret } : { client: stored.client };
    },
  }),
  route({
    method: 'POST',
    url: '/api/platform/test-clients/:id/revoke',
    config: { access: 'platform' },
    schema: {
      tags: ['platform-clients', 'sandbox'],
      summary:
        "Revoke a test-mode client the calling live platform client made (idempotent: a second call answers the same revocation time): no new tokens, and its tokens are refused from the next request. Any other id, another client's test client or a live client, is 404 NOT_FOUND",
      operationId: 'revokeOwnTestClient',
      params: platformClientIdParams,
      response: { 200: withExample(platformClient, { ...exampleTestClient, revokedAt: at }), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) => revokeClient(deps, request, request.params.id),
  }),
];

const exampleCallbackSecret = 'whsec_eRUlqYnQC+cnmf5/znUzKhSushAxQrbX5ciCPy1t8ig=';

/** The payout provider a new callback secret is for: live and granted `cashout` (404, 409 PLATFORM_CLIENT_REVOKED otherwise). */
async function payoutProvider(deps: PlatformClientRouteDeps, id: string, requestId: string): Promise<void> {
  const { platformClients } = await deps.internal.read('users.platform-clients', {}, requestId);
  const client = platformClients.find((c) => c.id === id);
  if (!client?.cashout) throw new AppError('NOT_FOUND', `No payout provider ${id} (a platform client granted cashout)`);
  if (client.revokedAt !== null) throw new AppError('PLATFORM_CLIENT_REVOKED', `The platform client ${id} is revoked`);
}

/**
 * A payout provider's own callback secret (docs/CONTRACT.md "Cash-out"), for a SUPERADMIN: the
 * gateway makes it and sends it only sealed under CASHOUT_CALLBACK_ENCRYPTION_SECRET (a key the
 * user service never holds), with its hash; the request waits for another SUPERADMIN, and the
 * secret signs no callback before that approval. After it, the provider's previous secret
 * verifies for CASHOUT_CALLBACK_SECRET_OVERLAP_S more, then never. Like a client's secret, it is
 * in the first 202 only: a retry with the same Idempotency-Key answers the request without it.
 */
const callbackSecretRoutes: RouteDef<PlatformClientRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/platform-clients/:id/callback-secret',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['platform-clients'],
      summary:
        "Ask for a new callback secret of a payout provider (a live client granted cashout): 202 with the request another SUPERADMIN approves (POST /api/admin/callback-secret-requests/{id}/approve) and the `whsec_` secret, in this first answer only (a retry with the same Idempotency-Key answers 202 without it). It signs the provider's cash-out callbacks from that approval on; its previous secret verifies for the configured overlap (24 h by default) after, then never. An unknown client or one not granted cashout is 404, a revoked one 409 PLATFORM_CLIENT_REVOKED",
      operationId: 'requestCallbackSecret',
      headers: requiredIdempotencyHeaders,
      params: platformClientIdParams,
      response: {
        202: withExample(requestedCallbackSecret, {
          callbackSecretRequest: exampleGrantRequest({
            type: 'user.platform-client.callback-secret' as const,
            clientId: exampleClient.id,
          }),
          callbackSecret: exampleCallbackSecret,
        }),
        404: problem,
        409: problem,
        422: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { id } = request.params;
      const box = deps.callbackSecretBox;
      if (!box) throw new AppError('UNAVAILABLE', 'No callback secret can be issued: CASHOUT_CALLBACK_ENCRYPTION_SECRET is not configured');
      await payoutProvider(deps, id, String(request.id));
      const { commandId, requestHash } = idempotencyOf(request);
      const callbackSecret = newCallbackSecret();
      const secretHash = sha256Hex(callbackSecret);
      const draft = userDraft('user.platform-client.callback-secret', {
        clientId: id,
        sealedSecret: box.seal(callbackSecret, id),
        secretHash,
        requestHash,
        idNonce: randomIdNonce(),
      });
      const stored = await deps.commands.user(draft, { ...authorityOf(request), commandId, requestId: String(request.id) });
      if (stored.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request (another path, body or API key)');
      }
      if (!isCallbackSecretRequest(stored.grantRequest)) throw new InvariantViolation('a callback secret was asked for as another act');
      reply.status(202);
      // A retry of a request that was stored: its secret went out with the first answer only.
      const callbackSecretRequest = stored.grantRequest;
      return stored.secretHash === secretHash ? { callbackSecretRequest, callbackSecret } : { callbackSecretRequest };
    },
  }),
];

/**
 * The platform client routes, in the document's order: listing and asking for a client, the
 * routes that issue a secret besides a client's own (a test-mode client, a payout provider's
 * callback secret; its requests are a four-eyes act: routes/four-eyes.ts), then revoking a client.
 */
export function registerPlatformClientRoutes(app: App, deps: PlatformClientRouteDeps): void {
  registerRoutes(app, [...clientRoutes, ...testClientRoutes, ...selfServeTestClientRoutes, ...callbackSecretRoutes], deps);
  registerRoutes(app, revokeRoutes, deps);
}
