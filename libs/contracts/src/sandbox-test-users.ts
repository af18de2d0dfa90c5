import { z } from 'zod';
import { platformClientId } from '@coin/events';
import { isoDateTime, singleLineText, userId } from './common';
import { historyPaging, queryInt } from './history';
import { commandSchema } from './messaging';
import { withCursorParam, withPageLinks } from './paging';

/**
 * A test-mode client's own test users (docs/decisions/0018-sandbox.md "Test users of a client's
 * own"): sandbox-only identities it makes itself, kept by the user service apart from accounts,
 * with ids drawn from a range no account's id reaches, so a test user's id is never a live
 * account's: it cannot sign in, no admin list shows it, and the live ledger opens no wallet for it.
 */

/** The first id of a test user (user migration 021's sequence); account ids count up from 1 and never reach it. */
export const sandboxTestUserIdMin = 8_000_000_000_000_000;

/**
 * How many test users a test-mode client keeps at once (those not deleted): a bound on the rows
 * one client's requests make, well above a team's fixtures; deleting its test data
 * (POST /api/sandbox/reset) frees them.
 */
export const sandboxTestUsersPerClientMax = 1_000;

/** Whether an id is in the test users' range: the live ledger refuses to open a wallet for one. */
export function isSandboxTestUserId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= sandboxTestUserIdMin;
}

/** A test user's display label: a name the team chooses, shown back only to the client that made it. */
const testUserName = singleLineText(1, 100).describe(
  "A display label for the test user (1–100 characters, one line), the client's to choose",
);

/** `POST /api/sandbox/test-users`. */
export const createTestUserBody = z.strictObject({ name: testUserName });

/** A test user as its client reads it. */
export const sandboxTestUser = z.object({
  userId: userId.describe('Its id, named as `userId` wherever the sandbox takes a test user; never a live account’s'),
  name: z.string(),
  createdAt: isoDateTime,
});
export type SandboxTestUser = z.infer<typeof sandboxTestUser>;

/** The 201 of a creation (a retry with the same Idempotency-Key answers the same user). */
export const sandboxTestUserResult = z.object({ testUser: sandboxTestUser });

/** `GET /api/sandbox/test-users`: offset pages, oldest first, with the total. */
export const sandboxTestUsersQuery = withCursorParam(
  z.strictObject({ limit: queryInt(1, 100, 20), offset: queryInt(0, historyPaging.offsetMax, 0) }),
  'offset',
);
export const sandboxTestUserPage = z.object({
  testUsers: z.array(sandboxTestUser),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
export const sandboxTestUserPublicPage = withPageLinks(sandboxTestUserPage);

/** The user service's internal list: the client the gateway verified, and the page. */
export const internalTestUsersQuery = z.strictObject({
  clientId: platformClientId,
  limit: queryInt(1, 100, 20),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});

/**
 * `user.test-user.create`: the test-mode client named (the command's actor, whose proof the user
 * service verifies) makes a test user. `requestHash` comes back in the result, so a retry with the
 * same Idempotency-Key and another body is told apart from a true retry.
 */
export const createTestUserCommand = commandSchema(
  'user.test-user.create',
  z.object({ clientId: platformClientId, name: testUserName, requestHash: z.string().regex(/^[0-9a-f]{64}$/) }),
);
export const createdTestUser = sandboxTestUserResult.extend({ requestHash: z.string().regex(/^[0-9a-f]{64}$/) });
/**
 * `user.test-users.delete`: the test-mode client named (the command's actor) has all its test users
 * marked deleted, as the last step of deleting its sandbox test data (docs/decisions/0018-sandbox.md
 * "Deleting a client's test data"); keyed like their creations, so it applies after those sent before.
 */
export const deleteTestUsersCommand = commandSchema(
  'user.test-users.delete',
  z.object({
    clientId: platformClientId,
    requestHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
);
/** How many test users the deletion marked deleted (none the second time). */
export const deletedTestUsers = z.object({ deleted: z.number().int().min(0) });
