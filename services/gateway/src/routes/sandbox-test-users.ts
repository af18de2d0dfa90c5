import {
  createTestUserBody,
  ledgerDraft,
  problem,
  sandboxTestUserPublicPage,
  sandboxTestUserResult,
  sandboxTestUsersQuery,
  userDraft,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { uuidV5 } from '@coin/security';
import type { FastifyRequest } from 'fastify';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import { answered, commandErrorResponses as errorResponses } from './command-route';
import { exampleAt, withExample } from './examples';
import { offsetLinks, startOf } from './paging';
import { registerRoutes, routeOf, type RouteDef } from './route-def';
import { testClientOf, type SandboxEconomyDeps } from './sandbox-economy';

const exampleTestUser = { userId: 8_000_000_000_000_000, name: 'Alice (test)', createdAt: exampleAt } as const;

/**
 * The test user's sandbox wallet, opened in the sandbox ledger alone (the caller's space) as a
 * registration opens a live one: it moves nothing, so it needs no proof. Its command id is the
 * user's, so a retry opens nothing twice; the live ledger refuses a wallet in the test users' range.
 */
async function openSandboxWallet(deps: SandboxEconomyDeps, request: FastifyRequest, userId: number): Promise<void> {
  await deps.commands.ledger(ledgerDraft('ledger.open-wallet', { userId }), {
    actor: { kind: 'service', id: 'gateway' },
    space: 'test',
    commandId: uuidV5(`sandbox-test-user-wallet:${userId}`),
    requestId: String(request.id),
  });
}

const route = routeOf<SandboxEconomyDeps>();

/**
 * A test-mode client's own test users (docs/decisions/0018-sandbox.md "Test users of a client's
 * own"): it makes them here, the user service keeps them apart from accounts (ids in a range no
 * account reaches), and from then on it names them as `userId` wherever the sandbox takes a test
 * user (requireTestUsers). Another client's test user is unknown to it, as any id it never made.
 */
const sandboxTestUserRoutes: RouteDef<SandboxEconomyDeps>[] = [
  route({
    method: 'POST',
    url: '/api/sandbox/test-users',
    config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
    schema: {
      tags: ['sandbox'],
      summary:
        "Make a test user of the calling test-mode client's own, with an open sandbox wallet: a sandbox-only identity (no account, no sign-in, no live wallet; its id is never a live account's) that the client then names as `userId` in its sandbox rewards, payouts, holds, mandates, cash-outs and purchases. A retry with the same Idempotency-Key answers the same user. A client keeps at most 1,000 test users (422 TEST_USERS_LIMIT; deleting its test data, POST /api/sandbox/reset, deletes them). A live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      headers: idempotencyHeaders,
      operationId: 'createSandboxTestUser',
      body: withExample(createTestUserBody, { name: 'Alice (test)' }),
      response: { 201: withExample(sandboxTestUserResult, { testUser: exampleTestUser }), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, 'makes sandbox test users');
      const { commandId, requestHash } = idempotencyOf(request);
      const created = await answered(request, async () => {
        const made = await deps.commands.user(
          userDraft('user.test-user.create', { clientId: client.id, name: request.body.name, requestHash }),
          { ...authorityOf(request), commandId, requestId: String(request.id) },
        );
        if (made.requestHash !== requestHash) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request (another path, body or API key)');
        }
        await openSandboxWallet(deps, request, made.testUser.userId);
        return made;
      });
      reply.status(201);
      return { testUser: created.testUser };
    },
  }),
  route({
    method: 'GET',
    url: '/api/sandbox/test-users',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['sandbox'],
      summary: "The calling test-mode client's own test users, oldest first (offset pages with the total). A live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      querystring: sandboxTestUsersQuery,
      operationId: 'listSandboxTestUsers',
      response: {
        200: withExample(sandboxTestUserPublicPage, {
          testUsers: [exampleTestUser],
          pagination: { limit: 20, offset: 0, total: 1 },
          hasMore: false,
          nextCursor: null,
        }),
        400: problem,
        401: problem,
        403: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const client = testClientOf(request, 'reads its sandbox test users');
      const { limit, offset, cursor } = request.query;
      const page = await deps.internal.read(
        'users.test-users',
        { clientId: client.id, limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.testUsers.length) };
    },
  }),
];

export function registerSandboxTestUserRoutes(app: App, deps: SandboxEconomyDeps): void {
  registerRoutes(app, sandboxTestUserRoutes, deps);
}
