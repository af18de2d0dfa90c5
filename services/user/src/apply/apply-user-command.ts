import type { UserCommand } from '@coin/contracts';
import type { OutboxRow } from '@coin/db';
import { wireOf } from '@coin/errors';
import { auditRecordsOf } from '../domain/commands/audit';
import { userModuleOf } from '../domain/commands/table';
import type { DecideContext, Settled, UserDecision } from '../domain/commands/types';
import type { DeletionPolicy } from '../domain/deletion-requests';
import type { GrantPolicy } from '../domain/grant-requests';
import { find, loadState, writeAll } from './load-and-write';
import type { StoredOutcome, UserCommandStore, UserCommandTransaction } from './store';

export interface UserCommandClock {
  now: () => Date;
  newId: () => string;
  /** The keyed derivation of audit record ids (AuditRecordSigner.recordId); plain UUIDv5 when absent (tests). */
  auditRecordIdOf?: (name: string) => string;
}

export interface AppliedCommand {
  /** `replayed`: answered from the outcome an earlier delivery stored (a retry): the gateway's Idempotent-Replayed. */
  outcome: StoredOutcome & { replayed?: true };
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

/**
 * Applies one command in one transaction, through its module (domain/commands/): load what it
 * needs, decide, write. Its changes, its outbox events, its audit records and its outcome commit
 * together, so a redelivered command finds the outcome and changes nothing.
 */
export async function applyUserCommand(
  store: UserCommandStore,
  command: UserCommand,
  clock: UserCommandClock,
  meta: ApplyMeta,
): Promise<AppliedCommand> {
  return store.transaction(async (tx) => {
    const previous = await tx.findOutcome(command.commandId);
    if (previous) return { outcome: { ...previous, replayed: true }, outbox: [] };
    const now = clock.now();
    const context: DecideContext = {
      now,
      newId: clock.newId,
      grants: meta.grants,
      deletionPolicy: meta.deletionPolicy,
      balanceMinor: meta.balanceMinor,
    };
    const settled = await decideAndWrite(tx, command, context);
    const outbox = settled.ok ? await tx.enqueueEvents(settled.events) : [];
    // An administrative command is recorded in the admin audit log, applied or rejected, with its outcome.
    const auditContext = {
      at: now,
      requestId: meta.requestId ?? null,
      ...(clock.auditRecordIdOf ? { idOf: clock.auditRecordIdOf } : {}),
    };
    const records = auditRecordsOf(command, settled, auditContext);
    if (records.length > 0) outbox.push(...(await tx.enqueueAudit(records)));
    const outcome: StoredOutcome = settled.ok ? { ok: true, reply: settled.result } : { ok: false, reply: wireOf(settled) };
    await tx.storeOutcome(command.commandId, command.type, outcome);
    return { outcome, outbox };
  });
}

/**
 * Authorise (before anything is read: a refused actor takes no lock), load, decide, write; a
 * decision that goes on from what a write finds is handed the finding and decided on.
 */
async function decideAndWrite(tx: UserCommandTransaction, command: UserCommand, context: DecideContext): Promise<Settled> {
  const module = userModuleOf(command);
  const refusal = module.authorize(command);
  if (refusal) return refusal;
  const state = await loadState(tx, module.loads, command, context);
  let decision: UserDecision<UserCommand['type']> = module.decide(command, state, context);
  while (decision.ok === 'finding') {
    await writeAll(tx, decision.writes);
    const then = decision.then as (found: unknown) => UserDecision<UserCommand['type']>;
    decision = then(await find(tx, decision.find));
  }
  await writeAll(tx, decision.writes ?? []);
  if (!decision.ok)
    return { ok: false, code: decision.code, detail: decision.detail, ...(decision.extra ? { extra: decision.extra } : {}) };
  return { ok: true, result: decision.result, events: decision.events };
}
