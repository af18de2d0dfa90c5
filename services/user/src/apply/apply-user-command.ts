import { registrationPersonalData, type RegistrationPersonalData, type UserCommand, type UserEventV2 } from '@coin/contracts';
import { openPersonalData } from '@coin/security';
import type { OutboxRow } from '@coin/db';
import {
  accountToRegister,
  apiKeyToCreate,
  authorize,
  decideAccountCommand,
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
import { auditRecordOfCommand } from '../domain/audit-records';
import { sessionGrantOf } from '../domain/session-grants';
import {
  decidedRequest,
  deletionDecisionRefusal,
  deletionNeedsApproval,
  deletionRequestView,
  newDeletionRequest,
  statusAt,
  type DeletionPolicy,
} from '../domain/deletion-requests';
import { AppError, InvariantViolation } from '@coin/errors';

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
  meta: ApplyMeta = {},
): Promise<AppliedCommand> {
  return store.transaction(async (tx) => {
    const previous = await tx.findOutcome(command.commandId);
    if (previous) return { outcome: previous, outbox: [] };
    const now = clock.now();
    const settled = await decideAndWrite(tx, command, { now, newId: clock.newId }, meta);
    const outbox = settled.ok ? await tx.enqueueEvents(settled.events) : [];
    // An administrative command is recorded in the admin audit log, applied or rejected, with its outcome.
    const audit = auditRecordOfCommand(command, settled, {
      at: now,
      requestId: meta.requestId ?? null,
      ...(clock.auditRecordIdOf ? { idOf: clock.auditRecordIdOf } : {}),
    });
    if (audit) outbox.push(...(await tx.enqueueAudit([audit])));
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
    case 'user.revoke-sessions': {
      // The account's row first, then (only when a SUPERADMIN would go) the SUPERADMIN set.
      const user = await tx.lockUser(command.data.userId);
      const superadminCount = user && needsSuperadminSet(command, user) ? await tx.lockSuperadminSet() : undefined;
      const decision = decideAccountCommand(command, { user, superadminCount }, context);
      if (decision.ok) await tx.writeChanges(decision.changes);
      return decision;
    }
    case 'user.api-key.create':
      return { ok: true, result: await tx.insertApiKey(apiKeyToCreate(command, context)), events: [] };
    case 'user.api-key.revoke':
      return decideApiKeyRevocation(command.data.id, await tx.revokeApiKey(command.data.id));
    case 'user.platform-client.create':
      return decidePlatformClientCreation(command, await tx.insertPlatformClient(platformClientToCreate(command)));
    case 'user.platform-client.revoke':
      return decidePlatformClientRevocation(await tx.revokePlatformClient(command.data.clientId, context.now));
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
 * at once), then, when the user's balance is at or above the threshold, stored as a request for a
 * second SUPERADMIN instead of applied. A user with a pending request gets that request again.
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
  if (policy && policy.approvalMinMinor > 0) {
    if (meta.balanceMinor === undefined) throw new InvariantViolation('a deletion was decided without the ledger balance of its user');
    if (deletionNeedsApproval(meta.balanceMinor, policy)) {
      const pending = await tx.lockPendingDeletionRequest(command.data.userId);
      if (pending && statusAt(pending, context.now) === 'PENDING') {
        return { ok: true, result: { deletionRequest: deletionRequestView(pending, context.now) }, events: [] };
      }
      // An expired request makes room for the new one (one PENDING row per user).
      if (pending) await tx.updateDeletionRequest({ ...pending, status: 'EXPIRED' });
      const request = newDeletionRequest(command, meta.balanceMinor, policy, context.now);
      await tx.insertDeletionRequest(request);
      return { ok: true, result: { deletionRequest: deletionRequestView(request, context.now) }, events: [] };
    }
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
  const refusal = deletionDecisionRefusal(command, request, context.now);
  if (refusal) {
    if (request?.status === 'PENDING' && statusAt(request, context.now) === 'EXPIRED') {
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
