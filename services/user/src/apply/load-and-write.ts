import type { Findings, FindingWrite, LoadStep, UserRead, UserState, UserWrite, DecideContext } from '../domain/commands/types';
import type { UserCommand, UserCommandType } from '@coin/contracts';
import type { UserCommandTransaction } from './store';

/**
 * The store side of a command module: its reads, in the order its loads ask for them (the
 * locks), and its decision's writes, in order. Each read and write is one call of the port; what
 * to read and write is the module's (domain/commands/).
 */

export async function loadState(
  tx: UserCommandTransaction,
  loads: LoadStep<UserCommandType>[],
  command: UserCommand,
  context: DecideContext,
): Promise<UserState> {
  const state: UserState = { users: new Map() };
  for (const step of loads) {
    const read = step(command, state, context);
    if (read) await readInto(tx, read, state);
  }
  return state;
}

async function readInto(tx: UserCommandTransaction, read: UserRead, state: UserState): Promise<void> {
  switch (read.read) {
    case 'lock-user':
      state.users.set(read.userId, await tx.lockUser(read.userId));
      return;
    case 'find-user':
      state.users.set(read.userId, await tx.findUser(read.userId));
      return;
    case 'superadmin-set':
      state.superadminCount = await tx.lockSuperadminSet();
      return;
    case 'deletion-window':
      state.deletionWindow = await tx.lockDeletionWindow(read.requester, read.now);
      return;
    case 'pending-deletion-request':
      state.pendingDeletionRequest = await tx.lockPendingDeletionRequest(read.userId);
      return;
    case 'deletion-request':
      state.deletionRequest = await tx.lockDeletionRequest(read.id);
      return;
    case 'grant-request':
      state.grantRequest = await tx.lockGrantRequest(read.id);
      return;
    case 'personal-data-key':
      state.personalDataKey = await tx.lockUnboundPersonalDataKey(read.keyId);
      return;
    case 'live-client':
      state.liveClient = await tx.lockLiveClient(read.id);
      return;
    case 'owner-client': {
      const owner = await tx.lockOwnerClient(read.id);
      state.ownerClientGrants = owner?.grants ?? null;
      state.ownerTestClients = owner?.testClients ?? 0;
      return;
    }
  }
}

export async function writeAll(tx: UserCommandTransaction, writes: UserWrite[]): Promise<void> {
  for (const write of writes) await writeOne(tx, write);
}

async function writeOne(tx: UserCommandTransaction, write: UserWrite): Promise<void> {
  switch (write.write) {
    case 'account-changes':
      return tx.writeChanges(write.changes);
    case 'registration-attempt':
      return tx.noteRegistrationAttempt(write.emailNormalized, write.at);
    case 'session-grant':
      return tx.insertSessionGrant(write.grant);
    case 'bind-personal-data-key':
      return tx.bindPersonalDataKey(write.keyId, write.emailNormalized);
    case 'insert-deletion-request':
      return tx.insertDeletionRequest(write.request);
    case 'update-deletion-request':
      return tx.updateDeletionRequest(write.request);
    case 'insert-grant-request':
      return tx.insertGrantRequest(write.request);
    case 'update-grant-request':
      return tx.updateGrantRequest(write.request);
    case 'deletion-alone':
      return tx.recordDeletionAlone(write.deletion);
  }
}

/** Makes a write whose decision goes on from what it finds, and hands the finding back. */
export async function find(tx: UserCommandTransaction, write: FindingWrite): Promise<Findings[keyof Findings]> {
  switch (write.write) {
    case 'insert-user':
      return tx.insertUser(write.account);
    case 'insert-api-key':
      return tx.insertApiKey(write.key);
    case 'revoke-api-key':
      return tx.revokeApiKey(write.id);
    case 'insert-platform-client':
      return tx.insertPlatformClient(write.client);
    case 'revoke-platform-client':
      return tx.revokePlatformClient(write.id, write.at, write.ownerClientId);
    case 'insert-callback-secret':
      return tx.insertCallbackSecret(write.secret);
    case 'set-reward-cap':
      return tx.setRewardCap(write.clientId, write.dailyRewardCap);
    case 'insert-test-user':
      return tx.insertTestUser(write.clientId, write.name, write.at, write.max);
    case 'delete-test-users':
      return { deleted: await tx.deleteTestUsersOf(write.clientId, write.at) };
  }
}
