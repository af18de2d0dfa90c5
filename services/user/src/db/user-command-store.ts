import type { TopicNames } from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import type { UserCommandStore, UserCommandTransaction } from '../apply/store';
import { writeAccountChanges } from './account-changes';
import { insertApiKey, revokeApiKey } from './api-keys-repo';
import {
  insertCallbackSecret,
  insertNewPlatformClient,
  lockLiveClient,
  lockOwnerClient,
  platformClientOf,
  revokePlatformClient,
  setRewardCap,
} from './clients-repo';
import { findOutcome, storeOutcome } from './processed-commands';
import { insertAuditRecords, insertUserEvents } from './user-events-outbox';
import { findUserById, insertUser, lockSuperadminSet, lockUser } from './users-repo';
import { insertGrantRequest, lockGrantRequest, updateGrantRequest } from './grant-requests-repo';
import { lockDeletionWindow, recordDeletionAlone } from './deletion-window-repo';
import { insertSessionGrant } from './sessions-repo';
import { noteRegistrationAttempt } from './account-notices-repo';
import { bindPersonalDataKey, lockUnboundPersonalDataKey } from './personal-data-keys-repo';
import { insertDeletionRequest, lockDeletionRequest, lockPendingDeletionRequest, updateDeletionRequest } from './deletion-requests-repo';
import { deleteTestUsersOf, insertTestUser } from './test-users-repo';

/** The user-command store on PostgreSQL: one transaction per command, on one pooled connection. */
export function userCommandStore(pool: Pool, topics: Pick<TopicNames, 'userEventsV2' | 'adminAudit'>): UserCommandStore {
  return { transaction: (work) => inTransaction(pool, (client) => work(userCommandTransaction(client, topics))) };
}

function userCommandTransaction(client: PoolClient, topics: Pick<TopicNames, 'userEventsV2' | 'adminAudit'>): UserCommandTransaction {
  return {
    findOutcome: (commandId) => findOutcome(client, commandId),
    storeOutcome: (commandId, type, outcome) => storeOutcome(client, commandId, type, outcome),
    lockUser: (userId) => lockUser(client, userId),
    findUser: (userId) => findUserById(client, userId),
    lockSuperadminSet: () => lockSuperadminSet(client),
    insertUser: (account) => insertUser(client, account),
    noteRegistrationAttempt: (emailNormalized, at) => noteRegistrationAttempt(client, emailNormalized, at),
    insertSessionGrant: (grant) => insertSessionGrant(client, grant),
    lockUnboundPersonalDataKey: (keyId) => lockUnboundPersonalDataKey(client, keyId),
    bindPersonalDataKey: (keyId, emailNormalized) => bindPersonalDataKey(client, keyId, emailNormalized),
    writeChanges: (changes) => writeAccountChanges(client, changes),
    insertApiKey: (key) => insertApiKey(client, key),
    revokeApiKey: (id) => revokeApiKey(client, id),
    lockOwnerClient: (id) => lockOwnerClient(client, id),
    insertPlatformClient: (input) => insertNewPlatformClient(client, input),
    revokePlatformClient: async (id, now, ownerClientId) => {
      const result = await revokePlatformClient(client, id, now, ownerClientId);
      if (!result) return null;
      const { row, ...rest } = result;
      return { client: platformClientOf(row), ...rest };
    },
    insertCallbackSecret: (secret) => insertCallbackSecret(client, secret),
    lockLiveClient: (id) => lockLiveClient(client, id),
    setRewardCap: (clientId, dailyRewardCap) => setRewardCap(client, clientId, dailyRewardCap),
    insertTestUser: (clientId, name, now, max) => insertTestUser(client, clientId, name, now, max),
    deleteTestUsersOf: (clientId, now) => deleteTestUsersOf(client, clientId, now),
    lockPendingDeletionRequest: (userId) => lockPendingDeletionRequest(client, userId),
    lockDeletionRequest: (id) => lockDeletionRequest(client, id),
    insertDeletionRequest: (request) => insertDeletionRequest(client, request),
    updateDeletionRequest: (request) => updateDeletionRequest(client, request),
    lockGrantRequest: (id) => lockGrantRequest(client, id),
    insertGrantRequest: (request) => insertGrantRequest(client, request),
    updateGrantRequest: (request) => updateGrantRequest(client, request),
    lockDeletionWindow: (requester, now) => lockDeletionWindow(client, requester, now),
    recordDeletionAlone: (deletion) => recordDeletionAlone(client, deletion),
    enqueueEvents: (events) => insertUserEvents(client, topics, events),
    enqueueAudit: (records) => insertAuditRecords(client, topics, records),
  };
}
