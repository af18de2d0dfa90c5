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
  decide: (command, _state, context) =>
    finding({ write: 'insert-test-user', clientId: command.data.clientId, name: command.data.name, at: context.now }, (testUser) =>
      // A proof verifies a token, not that its client is still registered: a revoked one makes none.
      testUser ? answered({ testUser, requestHash: command.data.requestHash }) : rejected('FORBIDDEN', 'The platform client is revoked'),
    ),
  audit: () => null,
};
