import { topicNames, userCommand, type UserCommand, type UserEvent } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { inTransaction, insertOutbox, type OutboxRelay, type Pool } from '@coin/db';
import { replyAddressOf, replyBodyOf, sendReply, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { isPasswordHash } from '@coin/security';
import { randomUUID } from 'node:crypto';
import { insertUser } from '../db/users-repo';
import { findOutcome, storeOutcome, type StoredOutcome } from '../db/processed-commands';
import { normalizeEmail, toUser, type UserRow } from '../domain/users';

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
    const events: UserEvent[] = [];
    switch (command.type) {
      case 'user.register': {
        const { email, passwordHash, fullName } = command.data;
        if (!isPasswordHash(passwordHash)) throw new Error('register command without a password hash');
        const row = await insertUser(client, { email: email.trim(), emailNormalized: normalizeEmail(email), fullName, passwordHash });
        if (!row) {
          outcome = { ok: false, reply: new AppError('EMAIL_TAKEN', 'An account with this email already exists').toWire() };
        } else {
          events.push(userEventOf('user.registered', row, deps.now()) as UserEvent);
          outcome = { ok: true, reply: { user: toUser(row) } };
        }
        break;
      }
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
      const address = replyAddressOf(item.headers);
      if (address) {
        await sendReply(deps.producer, address, replyBodyOf(command.commandId, outcome));
      }
      log.info({ ok: outcome.ok }, 'user command applied');
    }
  };
}
