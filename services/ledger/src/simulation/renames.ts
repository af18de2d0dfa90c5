import type { HandledMessage } from './driver';

/**
 * Transaction ids across a run and its replays (docs/RELIABILITY.md "The whole-ledger
 * simulation"). Transaction ids come from a sequence, so a replay without some commands numbers
 * every later transaction differently, and a recorded refund of transaction 57 would name another
 * one. Holds, approval requests, mandates and rate versions need nothing of the kind: their ids
 * follow from the command that made them. So a run records the transactions each command made;
 * a replay learns what the same commands make now and renames the ids its commands name: to the
 * one the same command made now, or to one that does not exist when that command made none.
 */

/** The members of a command that name a transaction. */
const transactionFields: ReadonlySet<string> = new Set(['transactionId', 'purchaseId', 'refundId']);
/** Added to a recorded id whose maker made nothing in the replay: an id no transaction has. */
const missingOffset = 9_000_000_000_000;

/**
 * The transactions an answer says its command made, in order: its `transaction` and `commission`
 * (however deep: an approval's), a payout's lines, a credit's transaction and return. Not the
 * ids an answer only mentions (an approval request's view names the purchase its refund is of).
 */
export function transactionIdsIn(reply: unknown, depth = 0): number[] {
  if (depth > 4 || typeof reply !== 'object' || reply === null) return [];
  const ids: number[] = [];
  for (const [member, value] of Object.entries(reply)) {
    if ((member === 'transaction' || member === 'commission') && typeof (value as { id?: unknown } | null)?.id === 'number')
      ids.push((value as { id: number }).id);
    else if (depth === 0 && (member === 'transactionId' || member === 'returnTransactionId') && typeof value === 'number') ids.push(value);
    else if (member === 'lines' && Array.isArray(value))
      ids.push(
        ...value.flatMap((line) =>
          typeof (line as { transactionId?: unknown })?.transactionId === 'number'
            ? [(line as { transactionId: number }).transactionId]
            : [],
        ),
      );
    else if (member !== 'command' && typeof value === 'object') ids.push(...transactionIdsIn(value, depth + 1));
  }
  return ids;
}

/** The transactions each command made (first answer only): what a run records. */
export function recordTransactions(handled: readonly HandledMessage[], into: Record<string, number[]>): void {
  for (const h of handled) {
    if (h.result.kind !== 'decided' || !h.result.outcome.ok || !h.command || Object.hasOwn(into, h.command.commandId)) continue;
    // A dry run made no transaction: the ids in its answer name nothing.
    if (h.command.dryRun) continue;
    const ids = transactionIdsIn(h.result.outcome.reply);
    // own-key: a command id (a UUID, checked by the command schema)
    if (ids.length > 0) into[h.command.commandId] = ids;
  }
}

export class TransactionRenames {
  private readonly renamed = new Map<number, number>();
  private readonly recordedIds: ReadonlySet<number>;

  constructor(private readonly recorded: Readonly<Record<string, number[]>>) {
    this.recordedIds = new Set(Object.values(recorded).flat());
  }

  /** After a step of the replay: each command's transactions now, paired with those it made in the recorded run. */
  learn(handled: readonly HandledMessage[]): void {
    const now: Record<string, number[]> = {};
    recordTransactions(handled, now);
    for (const [commandId, ids] of Object.entries(now)) {
      const before = Object.hasOwn(this.recorded, commandId) ? (this.recorded[commandId] ?? []) : [];
      before.forEach((id, i) => {
        if (ids[i] !== undefined && !this.renamed.has(id)) this.renamed.set(id, ids[i]!);
      });
    }
  }

  /** A command as it is sent again, the transactions it names renamed. */
  rewrite(raw: unknown, depth = 0): unknown {
    if (depth > 6 || typeof raw !== 'object' || raw === null) return raw;
    if (Array.isArray(raw)) return raw.map((item) => this.rewrite(item, depth + 1));
    return Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [
        key,
        transactionFields.has(key) && typeof value === 'number' ? this.renameOf(value) : this.rewrite(value, depth + 1),
      ]),
    );
  }

  private renameOf(id: number): number {
    return this.renamed.get(id) ?? (this.recordedIds.has(id) ? id + missingOffset : id);
  }
}
