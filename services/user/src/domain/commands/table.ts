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
import { rejectGrantWith } from './reject-grant';
import { revokeSessions } from './revoke-sessions';
import { setVerification } from './set-verification';
import { createTestUser } from './test-user-create';
import { deleteTestUsers } from './test-users-delete';
import type { GrantKind, ShownGrantAct, StoredGrantAct } from '../grant-kinds/types';
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
  // Read each act's approval and kind from the module of the command that asks for it (its `grantApproval`, its `grantKind`).
  'user.approve-grant': approveGrantWith({
    approvalOf: (type) => userCommandTable[type].grantApproval as GrantApproval<typeof type, never>,
    kindOf: grantKindOf,
  }),
  'user.reject-grant': rejectGrantWith(grantKindOf),
  'user.test-user.create': createTestUser,
  'user.test-users.delete': deleteTestUsers,
};

/**
 * The kind of a grant request's act (grant-kinds/<kind>.ts), found by its type: the module of the
 * command that asks for it carries it (`grantKind`), so a kind is listed nowhere but on its asking
 * command's line above. One cast: the table pairs each act type with its own asking command.
 */
export function grantKindOf<A extends StoredGrantAct>(act: A): GrantKind<A, ShownGrantAct> {
  return userCommandTable[act.type].grantKind as unknown as GrantKind<A, ShownGrantAct>;
}

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
