import {
  closeWalletReason,
  changeRoleBody,
  deletionPending,
  grantPending,
  ledgerDraft,
  messageBody,
  minorUnitsPerCoin,
  minorUnitsToCoins,
  problem,
  roleChanged,
  userDetail,
  userDraft,
  userIdParam,
  userListPublicPage,
  userListPublicQuery,
  userSessionList,
  type UserDraft,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { randomIdNonce, uuidV5 } from '@coin/security';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf } from '../plugins/auth';
import type { TokenVersionStore } from '../plugins/token-version';
import { pageLinks, startOf } from './paging';
import { exampleDeletionRequest } from './four-eyes/deletion';
import { exampleGrantRequest, exampleUser, exampleUserId, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
export const exampleChangeRole = { role: 'ADMIN' } as const;
const exampleDeleted = { message: 'User deleted' };
const exampleDeletionPending = { deletionRequest: exampleDeletionRequest };
const exampleRoleChanged = { message: 'Role updated', user: { id: exampleUserId, role: 'ADMIN' } } as const;
const exampleRoleGrantPending = {
  grantRequest: exampleGrantRequest({
    type: 'user.change-role' as const,
    userId: exampleUserId,
    role: 'ADMIN' as const,
    previousRole: 'USER' as const,
  }),
};
const exampleUserDetail = {
  ...exampleUser,
  wallet: { balance: 150.5, held: 20, activeCoins: 130.5, totalReceived: 200, totalSent: 49.5, frozen: false },
};
const exampleUserList = { users: [exampleUser], pagination: { page: 1, pageSize: 20, total: 1 }, hasMore: false, nextCursor: null };

const exampleSessions = {
  sessions: [
    {
      id: '0b7e4f2a-6c1d-4e8b-9a3f-5d2c1b0a9e8f',
      createdAt: '2026-01-15T09:30:00.000Z',
      lastUsedAt: '2026-01-15T10:12:00.000Z',
      expiresAt: '2026-02-14T10:12:00.000Z',
      revokedAt: null,
      status: 'ACTIVE' as const,
    },
  ],
};

export interface AdminUserRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 503: problem, 504: problem };
const idParams = z.object({ id: userIdParam });

const route = routeOf<AdminUserRouteDeps>();

/** User administration (docs/CONTRACT.md "Resources", "Authentication and roles"): listing and reading for ADMIN+, role change and deletion for SUPERADMIN. */
export const adminUserRoutes: RouteDef<AdminUserRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/users',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'List users, paged (page from 1; pageSize default 20, max 100); filter by role, search email or name with q',
      operationId: 'listUsers',
      querystring: userListPublicQuery,
      response: { 200: withExample(userListPublicPage, exampleUserList), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { page, pageSize, role, q, cursor } = request.query;
      const list = await deps.internal.read(
        'users.users',
        { page: startOf(request, 'page', page, cursor), pageSize, role, q },
        String(request.id),
      );
      return { ...list, ...pageLinks(request, list.pagination) };
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/users/:id',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'One user with their wallet: balance, coins held by pending holds, activeCoins (balance − held), totals received and sent',
      params: idParams,
      operationId: 'getUser',
      response: { 200: withExample(userDetail, exampleUserDetail), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { id } = request.params;
      const { tokenVersion: _omitted, ...user } = await deps.internal.read('users.user', { id }, String(request.id));
      let wallet = { balance: 0, held: 0, activeCoins: 0, totalReceived: 0, totalSent: 0, frozen: false };
      try {
        const { balance, activeCoins, totalReceived, totalSent, frozen } = await deps.internal.read(
          'ledger.wallet',
          { userId: id },
          String(request.id),
        );
        // Held is what pending holds reserve: balance − activeCoins, subtracted in minor units (no float residue).
        const heldMinor = Math.round(balance * minorUnitsPerCoin) - Math.round(activeCoins * minorUnitsPerCoin);
        wallet = { balance, held: minorUnitsToCoins(heldMinor), activeCoins, totalReceived, totalSent, frozen };
      } catch (err) {
        // A user created outside the gateway gets the wallet from user.registered a moment later.
        if (!(err instanceof AppError && err.code === 'WALLET_NOT_FOUND')) throw err;
      }
      return { ...user, wallet };
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/users/:id/sessions',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: "A user's sessions (one per login, with its refreshes): started, last used, expiry, revoked; never a token",
      params: idParams,
      operationId: 'listUserSessions',
      response: { 200: withExample(userSessionList, exampleSessions), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('users.sessions', { id: request.params.id }, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/admin/users/:id/sessions/revoke',
    config: { access: 'superadmin' },
    schema: {
      tags: ['admin'],
      summary: "End every session of a user: their refresh tokens and access tokens stop working now (as the CLI's revoke-sessions)",
      params: idParams,
      operationId: 'revokeUserSessions',
      response: { 204: z.null().describe('All their sessions ended'), 404: problem, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { id } = request.params;
      const { tokenVersion } = await deps.commands.user(userDraft('user.revoke-sessions', { userId: id }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      await deps.tokenVersions.remember(id, tokenVersion);
      return reply.status(204).send(null);
    },
  }),

  route({
    method: 'PATCH',
    url: '/api/admin/users/:id/role',
    config: { access: 'superadmin', stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        "Change a user's role; their current tokens stop working at once (the last SUPERADMIN cannot be demoted). Granting ADMIN or SUPERADMIN, or taking SUPERADMIN away, changes nothing yet: 202 with a request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve)",
      params: idParams,
      operationId: 'changeUserRole',
      body: withExample(changeRoleBody, exampleChangeRole),
      response: {
        200: withExample(roleChanged, exampleRoleChanged),
        202: withExample(grantPending, exampleRoleGrantPending),
        404: problem,
        409: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { id } = request.params;
      const draft = userDraft('user.change-role', { userId: id, role: request.body.role, idNonce: randomIdNonce() });
      const result = await deps.commands.user(draft, { ...authorityOf(request), requestId: String(request.id) });
      // A grant waits for a second SUPERADMIN (docs/DESIGN.md "Two-person acts"): nothing changed, no token ends.
      if ('grantRequest' in result) return reply.status(202).send({ grantRequest: result.grantRequest });
      await deps.tokenVersions.remember(id, result.tokenVersion);
      return { message: 'Role updated', user: result.user };
    },
  }),

  route({
    method: 'DELETE',
    url: '/api/admin/users/:id',
    config: { access: 'superadmin', stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        'Delete a user: personal data erased, tokens revoked, wallet closed and remaining coins burned before it answers (the last SUPERADMIN cannot be deleted). A user holding DELETION_APPROVAL_MIN_COINS or more (10,000 by default, held coins included) is not deleted: 202 with a deletion request another SUPERADMIN approves',
      params: idParams,
      operationId: 'deleteUser',
      response: {
        200: withExample(messageBody, exampleDeleted),
        202: withExample(deletionPending, exampleDeletionPending),
        404: problem,
        409: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { id } = request.params;
      const deleteCommandId = randomUUID();
      // Deleted means closed when this answers (docs/CONTRACT.md "Deletion"): the close runs in the wallet's own
      // partition, so every transfer decided after it sees the wallet closed and is refused, and
      // no one's coin is burned with the deleted user's balance. The ledger's user.deleted
      // consumer sends the same close later; the second finds the wallet closed and does nothing.
      // The close's id is derived from this request's deletion, never from the user id alone: a
      // close of an id with no wallet yet must not be remembered as that user's close.
      const closeWallet = () =>
        deps.commands.ledger(ledgerDraft('ledger.close-wallet', { userId: id, reason: closeWalletReason(id) }), {
          ...authorityOf(request),
          commandId: uuidV5(`ledger.close-wallet:${deleteCommandId}`),
          requestId: String(request.id),
        });
      let result: Awaited<ReturnType<typeof deps.commands.user<UserDraft<'user.delete'>>>>;
      try {
        result = await deps.commands.user(userDraft('user.delete', { userId: id, idNonce: randomIdNonce() }), {
          ...authorityOf(request),
          commandId: deleteCommandId,
          requestId: String(request.id),
        });
      } catch (err) {
        // A retry after an unconfirmed deletion (504) finds the user gone: its wallet may still be
        // open, waiting for the user.deleted event. It is closed before the 404 too, so "gone"
        // also means closed (a wallet without a user is a deleted user's; with none, a no-op).
        if (err instanceof AppError && err.code === 'USER_NOT_FOUND') await closeWallet();
        throw err;
      }
      // A large balance: nothing was deleted, the wallet stays open until a second SUPERADMIN approves.
      if ('deletionRequest' in result) return reply.status(202).send({ deletionRequest: result.deletionRequest });
      await deps.tokenVersions.rememberDeleted(id);
      await closeWallet();
      return { message: 'User deleted' };
    },
  }),
];

export function registerAdminUserRoutes(app: App, deps: AdminUserRouteDeps): void {
  registerRoutes(app, adminUserRoutes, deps);
}
