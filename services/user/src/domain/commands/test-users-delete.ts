import { testUsersDeleter } from '../rules';
import { answered, finding } from './shared';
import type { UserCommandModule } from './types';

/**
 * `user.test-users.delete`: a test-mode client's test users are all marked deleted, the last step
 * of deleting its sandbox data (docs/decisions/0018-sandbox.md "Deleting a client's test data"):
 * from then on no route takes them (linkedUsersOf reads undeleted ones only), as no id the client
 * never made. Marking them again finds none, so a retry or a second reset changes nothing. Sandbox
 * play, no administrative act: the admin audit log records none.
 */
export const deleteTestUsers: UserCommandModule<'user.test-users.delete'> = {
  type: 'user.test-users.delete',
  revokes: false,
  authorize: testUsersDeleter,
  loads: [],
  decide: (command, _state, context) =>
    finding({ write: 'delete-test-users', clientId: command.data.clientId, at: context.now }, (found) =>
      answered({ deleted: found?.deleted ?? 0 }),
    ),
  audit: () => null,
};
