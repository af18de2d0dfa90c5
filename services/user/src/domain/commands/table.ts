import type { UserCommand, UserCommandType } from '@coin/contracts';
import { createApiKey } from './api-key-create';
import { revokeApiKey } from './api-key-revoke';
import { approveDeletion } from './approve-deletion';
import { approveGrantWith } from './approve-grant';
import { changeRole } from './change-role';
import { deleteUser } from './delete';
import { issueCallbackSecret } from './platform-client-callback-secret';
import { createPlatformClient } from './platform-client-create';
import { revokePlatformClient } from './platform-client-revoke';
import { setRewardCap } from './platform-client-set-reward-cap';
import { register } from './register';
import { rejectDeletion } from './reject-deletion';
import { rejectGrant } from './reject-grant';
import { revokeSessions } from './revoke-sessions';
import { setVerification } from './set-verification';
import { createTestUser } from './test-user-create';
import { deleteTestUsers } from './test-users-delete';
import type { GrantApproval, UserCommandModule } from './types';
import type { Rejected } from '@coin/errors';

/**
 * The user service's commands, one module each (docs/DESIGN.md "Adding a command"). The use case
 * authorises, reads, decides, writes and audits through this table; a command type of the
 * contract without its module here is a compile error.
 */
export const userCommandTable: { [T in UserCommandType]: UserCommandModule<T> } = {
  'user.register': register,
  'user.change-role': changeRole,
  'user.delete': deleteUser,
  'user.revoke-sessions': revokeSessions,
  'user.set-verification': setVerification,
  'user.approve-deletion': approveDeletion,
  'user.reject-deletion': rejectDeletion,
  'user.api-key.create': createApiKey,
  'user.api-key.revoke': revokeApiKey,
  'user.platform-client.create': createPlatformClient,
  'user.platform-client.revoke': revokePlatformClient,
  'user.platform-client.callback-secret': issueCallbackSecret,
  'user.platform-client.set-reward-cap': setRewardCap,
  // Reads each act's approval from the module of the command that asks for it (its `grantApproval`).
  'user.approve-grant': approveGrantWith((type) => userCommandTable[type].grantApproval as GrantApproval<typeof type>),
  'user.reject-grant': rejectGrant,
  'user.test-user.create': createTestUser,
  'user.test-users.delete': deleteTestUsers,
};

/**
 * The module of a command. The one cast of the dispatch: the table's type pairs each type with
 * the module of that type, which TypeScript cannot carry through an index by a union.
 */
export function userModuleOf(command: UserCommand): UserCommandModule<UserCommandType> {
  return userCommandTable[command.type] as UserCommandModule<UserCommandType>;
}

/** Why the actor may not send this command (its module's rule), or null when they may. */
export function authorizeUserCommand<C extends Pick<UserCommand, 'type' | 'actor' | 'data'>>(command: C): Rejected | null {
  return (userCommandTable[command.type] as UserCommandModule<UserCommandType>).authorize(
    command as Pick<UserCommand, 'type' | 'actor' | 'data'>,
  );
}
