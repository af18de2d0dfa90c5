import { topicNames, userCommand, type Actor, type UserCommand, type UserEvent } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { inTransaction, insertOutbox, type OutboxRelay, type Pool, type PoolClient } from '@coin/db';
import { replyAddressOf, replyBodyOf, sendReply, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { isPasswordHash } from '@coin/security';
import { randomUUID } from 'node:crypto';
import { insertApiKey, revokeApiKey } from '../db/api-keys-repo';
import { revokeAllOfUser } from '../db/sessions-repo';
import { bumpTokenVersion, eraseUser, insertUser, lockSuperadminSet, lockUser, setRole } from '../db/users-repo';
import { findOutcome, storeOutcome, type StoredOutcome } from '../db/processed-commands';
import { normalizeEmail, removesLastSuperadmin, removesSuperadmin, toUser, type UserRow } from '../domain/users';

export { userCommand };

export interface UserCommandDeps {
  pool: Pool;
  producer: BatchingProducer;
  outbox: OutboxRelay;
  topicPrefix: string;
  logger: Logger;
  now: () => Date;
}

export function userEventOf(type: UserEvent['type'], row: UserRow, now: Date): Omit<UserEvent, 'previousRole'> {
  return {
    eventId: randomUUID(),
    type,
    version: 1,
    occurredAt: now.toISOString(),
    user: { id: row.id, email: row.email, role: row.role, tokenVersion: row.token_version },
  } as UserEvent;
}

/** The gateway checked roles before sending; the user service checks again (defence in depth). */
function isSuperadminOrOperator(actor: Actor): boolean {
  return actor.kind === 'operator' || (actor.kind === 'user' && actor.role === 'SUPERADMIN');
}

function rejected(error: AppError): StoredOutcome {
  return { ok: false, reply: error.toWire() };
}

type Effects = { outcome: StoredOutcome; events: UserEvent[] };

/** The effects of one command inside its transaction. Identity commands that are not register. */
async function applyAdminCommand(client: PoolClient, command: Exclude<UserCommand, { type: 'user.register' }>, now: Date): Promise<Effects> {
  const forbidden = rejected(new AppError('FORBIDDEN', 'Only a SUPERADMIN may do this'));
  switch (command.type) {
    case 'user.change-role': {
      if (!isSuperadminOrOperator(command.actor)) return { outcome: forbidden, events: [] };
      const { userId, role } = command.data;
      const current = await lockUser(client, userId);
      if (!current) return { outcome: rejected(new AppError('USER_NOT_FOUND', 'No such user')), events: [] };
      if (current.role === role) {
        return { outcome: { ok: true, reply: { user: { id: current.id, role }, tokenVersion: current.token_version } }, events: [] };
      }
      if (removesSuperadmin(current.role, role) && removesLastSuperadmin(current.role, role, await lockSuperadminSet(client))) {
        return { outcome: rejected(new AppError('LAST_SUPERADMIN', 'The last SUPERADMIN cannot be demoted')), events: [] };
      }
      const updated = await setRole(client, userId, role);
      const event = { ...userEventOf('user.role-changed', updated, now), previousRole: current.role } as UserEvent;
      return { outcome: { ok: true, reply: { user: { id: updated.id, role: updated.role }, tokenVersion: updated.token_version } }, events: [event] };
    }
    case 'user.delete': {
      if (!isSuperadminOrOperator(command.actor)) return { outcome: forbidden, events: [] };
      const { userId } = command.data;
      const current = await lockUser(client, userId);
      if (!current) return { outcome: rejected(new AppError('USER_NOT_FOUND', 'No such user')), events: [] };
      if (removesSuperadmin(current.role, null) && removesLastSuperadmin(current.role, null, await lockSuperadminSet(client))) {
        return { outcome: rejected(new AppError('LAST_SUPERADMIN', 'The last SUPERADMIN cannot be deleted')), events: [] };
      }
      const erased = await eraseUser(client, userId);
      await revokeAllOfUser(client, userId);
      // The event names the account as it was: consumers may need the email to notify or audit.
      const event = userEventOf('user.deleted', { ...erased, email: current.email }, now) as UserEvent;
      return { outcome: { ok: true, reply: { userId, tokenVersion: erased.token_version } }, events: [event] };
    }
    case 'user.revoke-sessions': {
      const { userId } = command.data;
      const self = command.actor.kind === 'user' && command.actor.id === String(userId);
      if (!self && !isSuperadminOrOperator(command.actor)) return { outcome: forbidden, events: [] };
      const current = await lockUser(client, userId);
      if (!current) return { outcome: rejected(new AppError('USER_NOT_FOUND', 'No such user')), events: [] };
      const bumped = await bumpTokenVersion(client, userId);
      await revokeAllOfUser(client, userId);
      const event = userEventOf('user.sessions-revoked', bumped, now) as UserEvent;
      return { outcome: { ok: true, reply: { userId, tokenVersion: bumped.token_version } }, events: [event] };
    }
    case 'user.api-key.create': {
      if (!isSuperadminOrOperator(command.actor)) return { outcome: forbidden, events: [] };
      const createdBy = /^[1-9][0-9]{0,15}$/.test(command.actor.id) ? Number(command.actor.id) : null;
      const key = await insertApiKey(client, { id: randomUUID(), ...command.data, createdBy });
      return { outcome: { ok: true, reply: key }, events: [] };
    }
    case 'user.api-key.revoke': {
      if (!isSuperadminOrOperator(command.actor)) return { outcome: forbidden, events: [] };
      const revoked = await revokeApiKey(client, command.data.id);
      if (!revoked) return { outcome: rejected(new AppError('NOT_FOUND', 'No such API key')), events: [] };
      return { outcome: { ok: true, reply: { id: command.data.id, keyHash: revoked.keyHash } }, events: [] };
    }
  }
}

/**
 * Applies one command in one transaction: its effects, its outbox events and its outcome
 * commit together, so a redelivered command finds the outcome and changes nothing.
 */
async function applyCommand(deps: UserCommandDeps, command: UserCommand) {
  const topics = topicNames(deps.topicPrefix);
  return inTransaction(deps.pool, async (client) => {
    const previous = await findOutcome(client, command.commandId);
    if (previous) return { outcome: previous, outboxIds: [] as number[], events: [] };
    let outcome: StoredOutcome;
    let events: UserEvent[] = [];
    if (command.type === 'user.register') {
      const { email, passwordHash, fullName } = command.data;
      // Only the gateway hashes passwords; anything else on the topic is refused, not retried.
      const row = isPasswordHash(passwordHash)
        ? await insertUser(client, { email: email.trim(), emailNormalized: normalizeEmail(email), fullName, passwordHash })
        : undefined;
      if (row === undefined) {
        outcome = rejected(new AppError('VALIDATION_FAILED', 'A register command must carry a password hash'));
      } else if (!row) {
        outcome = rejected(new AppError('EMAIL_TAKEN', 'An account with this email already exists'));
      } else {
        events.push(userEventOf('user.registered', row, deps.now()) as UserEvent);
        outcome = { ok: true, reply: { user: toUser(row) } };
      }
    } else {
      ({ outcome, events } = await applyAdminCommand(client, command, deps.now()));
    }
    const outboxIds = await insertOutbox(
      client,
      events.map((e) => ({ topic: topics.userEvents, key: String(e.user.id), headers: { type: e.type }, payload: e })),
    );
    await storeOutcome(client, command.commandId, command.type, outcome);
    return { outcome, outboxIds, events };
  });
}

export function handleUserCommands(deps: UserCommandDeps) {
  const topics = topicNames(deps.topicPrefix);
  return async (items: Delivered<UserCommand>[]): Promise<void> => {
    for (const item of items) {
      const command = item.value;
      const log = deps.logger.child({ commandId: command.commandId, type: command.type });
      const { outcome, outboxIds, events } = await applyCommand(deps, command);
      await deps.outbox.publishCommitted(
        events.map((e, i) => ({ id: outboxIds[i]!, topic: topics.userEvents, key: String(e.user.id), headers: { type: e.type }, payload: e })),
      );
      const address = replyAddressOf(item.headers, topics.gatewayReplies);
      if (address) {
        await sendReply(deps.producer, address, replyBodyOf(command.commandId, outcome));
      }
      log.info({ ok: outcome.ok }, 'user command applied');
    }
  };
}
