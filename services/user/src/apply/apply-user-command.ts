import type { UserCommand, UserEvent } from '@coin/contracts';
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

export interface UserCommandClock {
  now: () => Date;
  newId: () => string;
}

export interface AppliedCommand {
  outcome: StoredOutcome;
  /** The outbox rows of the events it emitted, committed, for the caller to publish. */
  outbox: OutboxRow[];
}

/** What a command came to once decided and written. */
type Settled = Rejected | { ok: true; result: unknown; events: UserEvent[] };

/**
 * Applies one command in one transaction: load what it needs, decide, write. Its changes, its
 * outbox events and its outcome commit together, so a redelivered command finds the outcome and
 * changes nothing.
 */
export async function applyUserCommand(
  store: UserCommandStore,
  command: UserCommand,
  clock: UserCommandClock,
  meta: { requestId?: string | undefined } = {},
): Promise<AppliedCommand> {
  return store.transaction(async (tx) => {
    const previous = await tx.findOutcome(command.commandId);
    if (previous) return { outcome: previous, outbox: [] };
    const now = clock.now();
    const settled = await decideAndWrite(tx, command, { now, newId: clock.newId });
    const outbox = settled.ok ? await tx.enqueueEvents(settled.events) : [];
    // An administrative command is recorded in the admin audit log, applied or rejected, with its outcome.
    const audit = auditRecordOfCommand(command, settled, { at: now, requestId: meta.requestId ?? null });
    if (audit) outbox.push(...(await tx.enqueueAudit([audit])));
    const outcome: StoredOutcome = settled.ok ? { ok: true, reply: settled.result } : { ok: false, reply: settled.error.toWire() };
    await tx.storeOutcome(command.commandId, command.type, outcome);
    return { outcome, outbox };
  });
}

async function decideAndWrite(tx: UserCommandTransaction, command: UserCommand, context: DecisionContext): Promise<Settled> {
  // Before anything is read: a refused actor takes no lock.
  const refusal = authorize(command);
  if (refusal) return { ok: false, error: refusal };
  switch (command.type) {
    case 'user.register': {
      const admitted = accountToRegister(command);
      if (!admitted.ok) return admitted;
      const decision = decideRegistration(await tx.insertUser(admitted.account), context);
      // The gateway's one-time grant for this account's first session, stored with the account.
      const grantHash = command.data.sessionGrantHash;
      if (decision.ok && grantHash) await tx.insertSessionGrant(sessionGrantOf(decision.result.user.id, grantHash, context.now));
      return decision;
    }
    case 'user.change-role':
    case 'user.delete':
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
