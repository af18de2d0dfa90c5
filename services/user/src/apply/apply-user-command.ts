import { registrationPersonalData, type RegistrationPersonalData, type UserCommand, type UserEventV2 } from '@coin/contracts';
import { openPersonalData } from '@coin/security';
import type { OutboxRow } from '@coin/db';
import {
  accountToRegister,
  apiKeyOwnerOf,
  authorize,
  decideAccountCommand,
  decideApiKeyCreation,
  decideApiKeyRevocation,
  decidePlatformClientCreation,
  decidePlatformClientRevocation,
  decideRegistration,
  needsSuperadminSet,
  platformClientToCreate,
  type DecisionContext,
  type Rejected,
} from '../domain/commands';
import type { StoredOutcome, UserCommandStore, UserCommandTransaction } from './store';
import { auditRecordOfApprovedAct, auditRecordOfCommand } from '../domain/audit-records';
import { sessionGrantOf } from '../domain/session-grants';
import {
  decidedRequest,
  deletionDecisionRefusal,
  deletionRequestView,
  deletionWait,
  newDeletionRequest,
  type DeletionPolicy,
} from '../domain/deletion-requests';
import {
  actsAlone,
  decidedGrant,
  grantDecisionRefusal,
  grantRequestView,
  newGrantRequest,
  personIdOf,
  rewardCapRefusal,
  roleChangeNeedsSecondPerson,
  type GrantPolicy,
  type GrantRequestRow,
  type StoredGrantAct,
} from '../domain/grant-requests';
import { AppError, InvariantViolation } from '@coin/errors';
import { requestStatusAt } from '../domain/two-person-requests';

export interface UserCommandClock {
  now: () => Date;
  newId: () => string;
  /** The keyed derivation of audit record ids (AuditRecordSigner.recordId); plain UUIDv5 when absent (tests). */
  auditRecordIdOf?: (name: string) => string;
}

export interface AppliedCommand {
  outcome: StoredOutcome;
  /** The outbox rows of the events it emitted, committed, for the caller to publish. */
  outbox: OutboxRow[];
}

export interface ApplyMeta {
  requestId?: string | undefined;
  /** Two-person acts (docs/DESIGN.md "Two-person acts"): how long their requests wait, and the ceiling of a client's cap. */
  grants: GrantPolicy;
  /** Large deletions wait for a second SUPERADMIN; absent: every deletion is immediate (the operator's). */
  deletionPolicy?: DeletionPolicy;
  /** The ledger's figure for a `user.delete`'s target (minor units, held coins included), read before the transaction. */
  balanceMinor?: number;
}

/** What a command came to once decided and written. */
type Settled = Rejected | { ok: true; result: unknown; events: UserEventV2[] };

/**
 * Applies one command in one transaction: load what it needs, decide, write. Its changes, its
 * outbox events and its outcome commit together, so a redelivered command finds the outcome and
 * changes nothing.
 */
export async function applyUserCommand(
  store: UserCommandStore,
  command: UserCommand,
  clock: UserCommandClock,
  meta: ApplyMeta,
): Promise<AppliedCommand> {
  return store.transaction(async (tx) => {
    const previous = await tx.findOutcome(command.commandId);
    if (previous) return { outcome: previous, outbox: [] };
    const now = clock.now();
    const settled = await decideAndWrite(tx, command, { now, newId: clock.newId }, meta);
    const outbox = settled.ok ? await tx.enqueueEvents(settled.events) : [];
    // An administrative command is recorded in the admin audit log, applied or rejected, with its outcome.
    const auditContext = {
      at: now,
      requestId: meta.requestId ?? null,
      ...(clock.auditRecordIdOf ? { idOf: clock.auditRecordIdOf } : {}),
    };
    const audit = auditRecordOfCommand(command, settled, auditContext);
    // An approved grant is also recorded as the act it applied, with who asked and who approved.
    const act = auditRecordOfApprovedAct(command, settled, auditContext);
    const records = [audit, act].filter((record) => record !== null);
    if (records.length > 0) outbox.push(...(await tx.enqueueAudit(records)));
    const outcome: StoredOutcome = settled.ok ? { ok: true, reply: settled.result } : { ok: false, reply: settled.error.toWire() };
    await tx.storeOutcome(command.commandId, command.type, outcome);
    return { outcome, outbox };
  });
}

async function decideAndWrite(
  tx: UserCommandTransaction,
  command: UserCommand,
  context: DecisionContext,
  meta: ApplyMeta,
): Promise<Settled> {
  // Before anything is read: a refused actor takes no lock.
  const refusal = authorize(command);
  if (refusal) return { ok: false, error: refusal };
  switch (command.type) {
    case 'user.register': {
      const personal = await registrationDataOf(tx, command.data);
      if (!personal.ok) return personal;
      const admitted = accountToRegister(personal.data);
      if (!admitted.ok) return admitted;
      const decision = decideRegistration(await tx.insertUser(admitted.account), context);
      // The caller gets the same answer as for a new account (the gateway maps EMAIL_TAKEN to its
      // 202); the owner hears of the attempt instead, at their next login.
      if (!decision.ok && decision.error.code === 'EMAIL_TAKEN')
        await tx.noteRegistrationAttempt(admitted.account.emailNormalized, context.now);
      // The gateway's one-time grant for this account's first session, stored with the account.
      const grantHash = command.data.sessionGrantHash;
      if (decision.ok && grantHash) await tx.insertSessionGrant(sessionGrantOf(decision.result.user.id, grantHash, context.now));
      // The address is the account's that has it (new, or the one that had it): so is the key it was sealed under.
      if ('sealed' in command.data) await tx.bindPersonalDataKey(command.data.sealed.keyId, admitted.account.emailNormalized);
      return decision;
    }
    case 'user.delete':
      return deleteOrRequest(tx, command, context, meta);
    case 'user.approve-deletion':
    case 'user.reject-deletion':
      return decideDeletionRequest(tx, command, context);
    case 'user.change-role':
      return changeRoleOrRequest(tx, command, context, meta.grants);
    case 'user.revoke-sessions': {
      // The account's row first, then (only when a SUPERADMIN would go) the SUPERADMIN set.
      const user = await tx.lockUser(command.data.userId);
      const superadminCount = user && needsSuperadminSet(command, user) ? await tx.lockSuperadminSet() : undefined;
      const decision = decideAccountCommand(command, { user, superadminCount }, context);
      if (decision.ok) await tx.writeChanges(decision.changes);
      return decision;
    }
    case 'user.api-key.create': {
      // The owner's row, locked: a key is never issued to an account being demoted or deleted meanwhile.
      const ownerId = apiKeyOwnerOf(command);
      const decision = decideApiKeyCreation(command, ownerId === null ? null : await tx.lockUser(ownerId), context);
      if (!decision.ok) return decision;
      const key = decision.key;
      if (!actsAlone(command.actor)) {
        const act = {
          type: command.type,
          apiKeyId: key.id,
          name: key.name,
          scopes: key.scopes,
          keyHash: key.keyHash,
          ownerUserId: key.ownerUserId,
        };
        return { ok: true, result: { grantRequest: await requestGrant(tx, command, act, context, meta.grants) }, events: [] };
      }
      const inserted = await tx.insertApiKey(key);
      if (!inserted) return { ok: false, error: new AppError('COMMAND_FAILED', 'The new key is taken; retry with a new key') };
      return { ok: true, result: inserted, events: [] };
    }
    case 'user.api-key.revoke':
      return decideApiKeyRevocation(command.data.id, await tx.revokeApiKey(command.data.id));
    case 'user.platform-client.create': {
      const client = platformClientToCreate(command);
      const capRefusal = rewardCapRefusal(client.dailyRewardCap, meta.grants);
      if (capRefusal) return { ok: false, error: capRefusal };
      if (!actsAlone(command.actor)) {
        const { secretHash, requestHash } = command.data;
        const act = {
          type: command.type,
          clientId: client.id,
          name: client.name,
          treasuries: client.treasuries,
          dailyRewardCap: client.dailyRewardCap,
          secretHash,
          requestHash,
        };
        const grantRequest = await requestGrant(tx, command, act, context, meta.grants);
        return { ok: true, result: { grantRequest, secretHash, requestHash }, events: [] };
      }
      return decidePlatformClientCreation(command, await tx.insertPlatformClient(client));
    }
    case 'user.platform-client.revoke':
      return decidePlatformClientRevocation(await tx.revokePlatformClient(command.data.clientId, context.now));
    case 'user.approve-grant':
    case 'user.reject-grant':
      return decideGrantRequest(tx, command, context, meta.grants);
  }
}

/** Stores a two-person act as a request for a second SUPERADMIN; its view is the command's answer. */
async function requestGrant(
  tx: UserCommandTransaction,
  command: Extract<UserCommand, { type: 'user.change-role' | 'user.api-key.create' | 'user.platform-client.create' }>,
  act: StoredGrantAct,
  context: DecisionContext,
  policy: GrantPolicy,
) {
  const request = newGrantRequest(command, act, policy, context.now);
  await tx.insertGrantRequest(request);
  return grantRequestView(request, context.now);
}

/**
 * A role change: decided as always first (so the last SUPERADMIN's demotion is refused at once),
 * then, when it grants ADMIN or SUPERADMIN or takes a SUPERADMIN away and a person asked, stored
 * as a request for a second SUPERADMIN instead of applied.
 */
async function changeRoleOrRequest(
  tx: UserCommandTransaction,
  command: Extract<UserCommand, { type: 'user.change-role' }>,
  context: DecisionContext,
  policy: GrantPolicy,
): Promise<Settled> {
  // The account's row first, then (only when a SUPERADMIN would go) the SUPERADMIN set.
  const user = await tx.lockUser(command.data.userId);
  const superadminCount = user && needsSuperadminSet(command, user) ? await tx.lockSuperadminSet() : undefined;
  const decision = decideAccountCommand(command, { user, superadminCount }, context);
  if (!decision.ok) return decision;
  if (user && !actsAlone(command.actor) && roleChangeNeedsSecondPerson(user.role, command.data.role)) {
    const act = { type: command.type, userId: user.id, role: command.data.role, previousRole: user.role };
    return { ok: true, result: { grantRequest: await requestGrant(tx, command, act, context, policy) }, events: [] };
  }
  await tx.writeChanges(decision.changes);
  return decision;
}

/**
 * A second SUPERADMIN's approval applies the act exactly as the requester's command would have
 * without the rule (the same role change and event; the key or client with who asked and who
 * approved recorded on it) and marks the request APPROVED in the same transaction; a rejection only
 * marks it REJECTED. A refused approval leaves the request PENDING (an expired one is marked EXPIRED).
 */
async function decideGrantRequest(
  tx: UserCommandTransaction,
  command: Extract<UserCommand, { type: 'user.approve-grant' | 'user.reject-grant' }>,
  context: DecisionContext,
  policy: GrantPolicy,
): Promise<Settled> {
  const request = await tx.lockGrantRequest(command.data.requestId);
  const approving = command.type === 'user.approve-grant';
  const approverId = personIdOf(command.actor);
  const requesterId = request ? personIdOf(request.requestedBy) : null;
  const people = {
    approver: approving && approverId !== null ? await tx.findUser(approverId) : null,
    requester: approving && requesterId !== null ? await tx.findUser(requesterId) : null,
  };
  const refusal = grantDecisionRefusal(command, request, people, context.now);
  if (refusal) {
    if (request?.status === 'PENDING' && requestStatusAt(request, context.now) === 'EXPIRED') {
      await tx.updateGrantRequest({ ...request, status: 'EXPIRED' });
    }
    return { ok: false, error: refusal };
  }
  if (!request) throw new InvariantViolation('a grant request was decided without its row');
  const decided = decidedGrant(request, command, context.now);
  if (!approving) {
    await tx.updateGrantRequest(decided);
    return { ok: true, result: { grantRequest: grantRequestView(decided, context.now) }, events: [] };
  }
  const applied = await applyGrant(tx, request, command.actor, { requesterId, approverId }, context, policy);
  if (!applied.ok) return applied;
  await tx.updateGrantRequest(decided);
  return {
    ok: true,
    result: { grantRequest: grantRequestView(decided, context.now), tokenVersion: applied.tokenVersion },
    events: applied.events,
  };
}

/** What an approved request does, decided again against the rows as they are now. */
async function applyGrant(
  tx: UserCommandTransaction,
  request: GrantRequestRow,
  approver: UserCommand['actor'],
  people: { requesterId: number | null; approverId: number | null },
  context: DecisionContext,
  policy: GrantPolicy,
): Promise<Rejected | { ok: true; tokenVersion: number | null; events: UserEventV2[] }> {
  const act = request.act;
  switch (act.type) {
    case 'user.change-role': {
      const user = await tx.lockUser(act.userId);
      if (user && user.role !== act.previousRole) {
        return { ok: false, error: new AppError('GRANT_REQUEST_OUTDATED', `The account is ${user.role} now, not ${act.previousRole}`) };
      }
      const change = { type: act.type, actor: approver, data: { userId: act.userId, role: act.role } };
      const superadminCount = user && needsSuperadminSet(change, user) ? await tx.lockSuperadminSet() : undefined;
      const decision = decideAccountCommand(change, { user, superadminCount }, context);
      if (!decision.ok) return decision;
      await tx.writeChanges(decision.changes);
      return { ok: true, tokenVersion: decision.result.tokenVersion, events: decision.events };
    }
    case 'user.api-key.create': {
      // The owner must still be an ADMIN+ when the key comes to exist (locked, like at the request).
      const owner = await tx.lockUser(act.ownerUserId);
      if (!owner || (owner.role !== 'ADMIN' && owner.role !== 'SUPERADMIN')) {
        return {
          ok: false,
          error: new AppError('GRANT_REQUEST_OUTDATED', `The key's owner ${act.ownerUserId} is no ADMIN or SUPERADMIN now`),
        };
      }
      const key = {
        id: act.apiKeyId,
        name: act.name,
        scopes: act.scopes,
        keyHash: act.keyHash,
        createdBy: people.requesterId,
        approvedBy: people.approverId,
        ownerUserId: act.ownerUserId,
      };
      if (!(await tx.insertApiKey(key))) return { ok: false, error: new AppError('COMMAND_FAILED', 'The key is taken; ask for a new one') };
      return { ok: true, tokenVersion: null, events: [] };
    }
    case 'user.platform-client.create': {
      // The ceiling may have come down since the request was made.
      const capRefusal = rewardCapRefusal(act.dailyRewardCap, policy);
      if (capRefusal) return { ok: false, error: capRefusal };
      const { clientId: id, name, secretHash, treasuries, dailyRewardCap } = act;
      const inserted = await tx.insertPlatformClient({
        id,
        name,
        secretHash,
        treasuries,
        dailyRewardCap,
        createdBy: people.requesterId,
        approvedBy: people.approverId,
      });
      if (!inserted) return { ok: false, error: new AppError('COMMAND_FAILED', 'The client id is taken; ask for a new client') };
      return { ok: true, tokenVersion: null, events: [] };
    }
  }
}

/**
 * A registration's personal data: in clear from a gateway of an earlier version, else opened with
 * the key the user service made for it. Refused (never retried: it will not get better) when the
 * key is unknown, already used or erased, or the data does not open or is no registration.
 */
async function registrationDataOf(
  tx: UserCommandTransaction,
  data: Extract<UserCommand, { type: 'user.register' }>['data'],
): Promise<{ ok: false; error: AppError } | { ok: true; data: RegistrationPersonalData }> {
  if (!('sealed' in data)) return { ok: true, data };
  const unreadable = { ok: false as const, error: new AppError('VALIDATION_FAILED', 'The registration data cannot be read') };
  const key = await tx.lockUnboundPersonalDataKey(data.sealed.keyId);
  if (!key) return unreadable;
  let opened: unknown;
  try {
    opened = openPersonalData(key, data.sealed);
  } catch {
    return unreadable;
  }
  const parsed = registrationPersonalData.safeParse(opened);
  return parsed.success ? { ok: true, data: parsed.data } : unreadable;
}

/**
 * A deletion: decided as always (so a deletion the rules refuse, the last SUPERADMIN's, is refused
 * at once), then, when a person asks and the user's balance is at or above the threshold, or the
 * user is a SUPERADMIN, or the requester's rolling window would be reached, stored as a request for
 * a second SUPERADMIN instead of applied. A user with a pending request gets that request again. A
 * deletion applied alone is counted in its requester's window, in the same transaction.
 */
async function deleteOrRequest(
  tx: UserCommandTransaction,
  command: Extract<UserCommand, { type: 'user.delete' }>,
  context: DecisionContext,
  meta: ApplyMeta,
): Promise<Settled> {
  const user = await tx.lockUser(command.data.userId);
  const superadminCount = user && needsSuperadminSet(command, user) ? await tx.lockSuperadminSet() : undefined;
  const decision = decideAccountCommand(command, { user, superadminCount }, context);
  if (!decision.ok) return decision;
  const policy = meta.deletionPolicy;
  if (policy && user && !actsAlone(command.actor)) {
    if (meta.balanceMinor === undefined) throw new InvariantViolation('a deletion was decided without the ledger balance of its user');
    const balanceMinor = meta.balanceMinor;
    // Taken for every person's deletion, so concurrent deletions of one requester count one after the other.
    const requester = `${command.actor.kind}:${command.actor.id}`;
    const window = await tx.lockDeletionWindow(requester, context.now);
    if (deletionWait(user, balanceMinor, window, policy)) {
      const pending = await tx.lockPendingDeletionRequest(command.data.userId);
      if (pending && requestStatusAt(pending, context.now) === 'PENDING') {
        return { ok: true, result: { deletionRequest: deletionRequestView(pending, context.now) }, events: [] };
      }
      // An expired request makes room for the new one (one PENDING row per user).
      if (pending) await tx.updateDeletionRequest({ ...pending, status: 'EXPIRED' });
      const request = newDeletionRequest(command, balanceMinor, policy, context.now);
      await tx.insertDeletionRequest(request);
      return { ok: true, result: { deletionRequest: deletionRequestView(request, context.now) }, events: [] };
    }
    await tx.recordDeletionAlone({ userId: user.id, requester, balanceMinor, at: context.now });
  }
  await tx.writeChanges(decision.changes);
  return decision;
}

/**
 * A second SUPERADMIN's approval deletes the user exactly as a direct deletion does (same
 * decision, same user.deleted event) and marks the request APPROVED in the same transaction; a
 * rejection only marks it REJECTED. A request met past its expiry is marked EXPIRED.
 */
async function decideDeletionRequest(
  tx: UserCommandTransaction,
  command: Extract<UserCommand, { type: 'user.approve-deletion' | 'user.reject-deletion' }>,
  context: DecisionContext,
): Promise<Settled> {
  // The user's row first, then the request: the order user.delete takes them in.
  const user = command.type === 'user.approve-deletion' ? await tx.lockUser(command.data.userId) : null;
  const request = await tx.lockDeletionRequest(command.data.requestId);
  const approverId = command.type === 'user.approve-deletion' ? personIdOf(command.actor) : null;
  const approver = approverId !== null ? await tx.findUser(approverId) : null;
  const refusal = deletionDecisionRefusal(command, request, context.now, approver);
  if (refusal) {
    if (request?.status === 'PENDING' && requestStatusAt(request, context.now) === 'EXPIRED') {
      await tx.updateDeletionRequest({ ...request, status: 'EXPIRED' });
    }
    return { ok: false, error: refusal };
  }
  if (!request) throw new InvariantViolation('a deletion request was decided without its row');
  const decided = decidedRequest(request, command, context.now);
  if (command.type === 'user.reject-deletion') {
    await tx.updateDeletionRequest(decided);
    return { ok: true, result: { deletionRequest: deletionRequestView(decided, context.now) }, events: [] };
  }
  const deletion = { type: 'user.delete' as const, actor: command.actor, data: { userId: command.data.userId } };
  const superadminCount = user && needsSuperadminSet(deletion, user) ? await tx.lockSuperadminSet() : undefined;
  const decision = decideAccountCommand(deletion, { user, superadminCount }, context);
  if (!decision.ok) return decision;
  await tx.writeChanges(decision.changes);
  await tx.updateDeletionRequest(decided);
  return {
    ok: true,
    result: {
      userId: command.data.userId,
      tokenVersion: decision.result.tokenVersion,
      deletionRequest: deletionRequestView(decided, context.now),
    },
    events: decision.events,
  };
}
