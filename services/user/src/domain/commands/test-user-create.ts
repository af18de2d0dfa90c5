import { sandboxTestUsersPerClientMax } from '@coin/contracts';
import { rejected } from '@coin/errors';
import { testUserCreator } from '../rules';
import { answered, finding } from './shared';
import type { UserCommandModule } from './types';

/**
 * `user.test-user.create`: a test-mode client makes a test user of its own
 * (docs/decisions/0018-sandbox.md "Test users of a client's own"), its id from the test users'
 * range. Answered with the request's hash, so the gateway tells a retry with another body from a
 * true retry. Sandbox play, no administrative act: the admin audit log records none.
 */
export const createTestUser: UserCommandModule<'user.test-user.create'> = {
  type: 'user.test-user.create',
  revokes: false,
  authorize: testUserCreator,
  loads: [],
  decide: (command, _state, context) => {
    const { clientId, name, requestHash } = command.data;
    const write = { write: 'insert-test-user' as const, clientId, name, at: context.now, max: sandboxTestUsersPerClientMax };
    return finding(write, (testUser) => {
      // A proof verifies a token, not that its client is still registered: a revoked one makes none.
      if (testUser === 'revoked') return rejected('FORBIDDEN', 'The platform client is revoked');
      if (testUser === 'full') {
        return rejected(
          'TEST_USERS_LIMIT',
          `A test-mode client keeps at most ${sandboxTestUsersPerClientMax} test users; deleting its test data (POST /api/sandbox/reset) deletes them`,
        );
      }
      return answered({ testUser, requestHash });
    });
  },
  audit: () => null,
};
