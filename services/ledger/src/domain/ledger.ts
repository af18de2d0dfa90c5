import { walletKeyOf, walletKeyOfUser, type LedgerCommand, type TransactionType } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { frozenDebitRefusal } from './freezes';
import { moduleOf } from './commands/table';
import { holdChangesOf } from './kinds/holds';
import { evolveKinds, kindKeysOf } from './kinds/loops';
import { evolveWalletRows } from './kinds/wallet-row';
import type { KindKeys } from './kinds/table';
import type { CommandReads, DecideContext, TransactionDraft } from './commands/types';
import {
  defaultPolicy,
  emptyWallet,
  type Accepted,
  type BalanceChange,
  type Decision,
  type Entry,
  type HoldChange,
  type HoldState,
  type LedgerPolicy,
  type LedgerState,
  type NewTransaction,
} from './state';

/**
 * The ledger's pure core (docs/DESIGN.md "Code conventions"): `decide` turns a command and the state it reads into
 * a decision, `evolve` applies an accepted decision to that state. No I/O, no clock, no ids of
 * its own: the apply stage loads the state, passes `now` and an id allocator, and persists.
 * What each command reads and how it is decided is its module's (domain/commands/, one per
 * command type, in commandTable).
 *
 * Every command is applied in the partition of the wallet it debits (MINT: credits), so the
 * only balances a decision changes are of wallets that partition owns; the credit side of a
 * transaction that lands elsewhere is a *credit leg*, its own command keyed by the credited
 * wallet. A balance check therefore never races, and no balance can go negative.
 */

export {
  activeOf,
  defaultPolicy,
  emptyWallet,
  holdIdOf,
  walletAmountMax,
  walletIdOf,
  type Accepted,
  type BalanceChange,
  type ClawbackLeg,
  type CreditLeg,
  type CreditResolution,
  type Decision,
  type Entry,
  type HoldChange,
  type HoldEvent,
  type CashoutTerms,
  type CashoutRate,
  type CashoutPolicy,
  type HoldState,
  type LedgerPolicy,
  type LedgerState,
  type MandateChange,
  type MandateEvent,
  type MandateState,
  type NewTransaction,
  type RefundTarget,
  type WalletState,
} from './state';
export type { FreezeChange, FreezeEvent, FreezeState } from './kinds/freezes';

function readsOf(command: LedgerCommand): CommandReads {
  return moduleOf(command).reads(command);
}

/** The wallet keys a command reads; the apply stage loads exactly these (plus refund payers and capture recipients). */
export function walletKeysOf(command: LedgerCommand): string[] {
  return readsOf(command).walletKeys ?? [];
}

/** The purchase a refund names, directly or as the command an approval applies. */
export function refundTargetOf(command: LedgerCommand): number | null {
  return readsOf(command).refundTarget ?? null;
}

/** The mandates a command reads by id. */
export function mandateIdsOf(command: LedgerCommand): string[] {
  return readsOf(command).mandateIds ?? [];
}

/** The keys of each kind of the state table (domain/kinds/table.ts) a batch's commands read. */
export function kindKeysOfBatch(commands: readonly LedgerCommand[]): KindKeys {
  return kindKeysOf(commands, readsOf);
}

/** How many transaction ids the apply reserves for a command: one per transaction it may create (a payout: one per line). */
export function transactionIdsOf(command: LedgerCommand): number {
  const module = moduleOf(command);
  return module.transactionsOf?.(command) ?? (module.createsTransaction ? 1 : 0);
}

/**
 * Decides one command against the state of its partition, by its module. `nextId` hands out
 * the id of the transaction the decision creates, if any.
 */
export function decide(
  state: LedgerState,
  command: LedgerCommand,
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy = defaultPolicy,
): Decision {
  const decision = moduleOf(command).decide(command, contextOf(command, state, now, nextId, policy, false));
  return decision.ok ? (frozenDebitRefusal(command, decision, state) ?? decision) : decision;
}

/**
 * What every transaction a command makes carries of the command itself: the caller's metadata
 * (checked by the command schema) and, when a platform client sent it, that client's id, which
 * is what lets the client read the transaction back (docs/DESIGN.md "Platform read-back").
 */
function provenanceOf(command: LedgerCommand): Pick<NewTransaction, 'metadata' | 'clientId'> {
  const given = 'metadata' in command.data ? command.data.metadata : undefined;
  const metadata = given && Object.keys(given).length > 0 ? given : null;
  return { metadata, clientId: command.actor.kind === 'system' ? command.actor.id : null };
}

/** `approved`: the command is applied by an approval (its second person), so no window stops or counts it. */
function contextOf(
  command: LedgerCommand,
  state: LedgerState,
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy,
  approved: boolean,
): DecideContext {
  const provenance = provenanceOf(command);
  return {
    state,
    now,
    policy,
    approved,
    wallet: (key) => state.wallets.get(key),
    newTransaction: (draft: TransactionDraft) =>
      ({
        reference: null,
        refundOf: null,
        returns: null,
        holdId: null,
        approval: null,
        ...provenance,
        ...draft,
        id: nextId(),
        createdAt: now,
      }) as NewTransaction,
    decideApproved: (inner) => moduleOf(inner).decide(inner, contextOf(inner, state, now, nextId, policy, true)),
  };
}

/** An entry is of the decision's own transaction, or names its transaction's type (a credit leg's). */
function transactionTypeOf(entry: Entry, decision: Accepted): TransactionType {
  if (entry.transactionType) return entry.transactionType;
  if (entry.transactionId === decision.transaction?.id) return decision.transaction.type;
  throw new InvariantViolation(`entry of transaction ${entry.transactionId} without its type`);
}

/** The payer wallets whose held coins a decision's holds changed (domain/kinds/holds.ts): created, resolved, or their terms changed. */
export function heldWalletsOf(decision: Accepted): string[] {
  return holdChangesOf(decision).map((change) => walletKeyOfUser(change.hold.fromUserId));
}

/**
 * The coins a decision's hold changes reserve or release in their payers' wallets (`held`), one
 * change after the other: a creation holds its amount, a resolution releases what the PENDING hold
 * held (the hold as the decision found it, or as an earlier change of the same decision left it);
 * a change of a cash-out's terms (null event) moves no coins. The holds themselves are the kind
 * `holds` (domain/kinds/holds.ts), which checks each change against the hold before it.
 */
function evolveHeld(state: LedgerState, changes: readonly HoldChange[], now: Date): void {
  const changed = new Map<string, HoldState>();
  for (const { hold, event } of changes) {
    const wallet = state.wallets.get(walletKeyOfUser(hold.fromUserId));
    if (!wallet) throw new InvariantViolation(`hold ${hold.id} of unloaded wallet user:${hold.fromUserId}`);
    const before = changed.get(hold.id) ?? state.holds?.get(hold.id);
    changed.set(hold.id, hold);
    if (event === null) continue;
    if (event === 'created') {
      if (before) throw new InvariantViolation(`creating hold ${hold.id}, which exists`);
      wallet.held += hold.amount;
    } else {
      if (before?.status !== 'PENDING') throw new InvariantViolation(`resolving hold ${hold.id}, which is not pending`);
      wallet.held -= before.amount;
    }
    wallet.updatedAt = now;
  }
}

/**
 * Applies an accepted decision to the state and returns the balance changes it made, one per
 * entry, each numbered by its wallet's sequence. A negative balance here is a bug in `decide`, not
 * a condition of the world: it throws (docs/DESIGN.md "Code conventions") and the batch rolls back.
 */
export function evolve(state: LedgerState, decision: Accepted, now: Date): BalanceChange[] {
  const changes: BalanceChange[] = [];
  for (const party of decision.opens) {
    const key = walletKeyOf(party);
    if (state.wallets.has(key)) throw new InvariantViolation(`opening ${key}, which exists`);
    state.wallets.set(key, emptyWallet(party, now));
  }
  for (const entry of decision.entries) {
    const wallet = state.wallets.get(entry.walletKey);
    if (!wallet) throw new InvariantViolation(`entry for unloaded wallet ${entry.walletKey}`);
    wallet.balance += entry.amount;
    if (entry.amount > 0) wallet.totalReceived += entry.amount;
    else wallet.totalSent -= entry.amount;
    wallet.updatedAt = now;
    if (wallet.balance < 0 || !Number.isSafeInteger(wallet.balance)) {
      throw new InvariantViolation(`balance of ${wallet.key} would be ${wallet.balance}`);
    }
    wallet.sequence += 1;
    changes.push({
      walletKey: wallet.key,
      party: wallet.party,
      transactionId: entry.transactionId,
      transactionType: transactionTypeOf(entry, decision),
      amount: entry.amount,
      sequence: wallet.sequence,
      balance: wallet.balance,
      previousBalance: wallet.balance - entry.amount,
    });
  }
  evolveHeld(state, holdChangesOf(decision), now);
  evolveWalletRows(state, decision, now);
  for (const key of new Set([...decision.entries.map((e) => e.walletKey), ...heldWalletsOf(decision)])) {
    const wallet = state.wallets.get(key)!;
    if (wallet.held < 0 || wallet.held > wallet.balance) {
      throw new InvariantViolation(`${key} would hold ${wallet.held} of a balance of ${wallet.balance}`);
    }
  }
  for (const key of decision.closes) {
    const wallet = state.wallets.get(key);
    if (!wallet) throw new InvariantViolation(`closing unloaded wallet ${key}`);
    if (wallet.balance !== 0) throw new InvariantViolation(`closing ${key} with balance ${wallet.balance}`);
    if (wallet.held !== 0) throw new InvariantViolation(`closing ${key} with ${wallet.held} held`);
    wallet.status = 'CLOSED';
    wallet.updatedAt = now;
  }
  if (decision.refund) evolveRefund(state, decision.refund);
  evolveKinds(state, decision, changes, now);
  return changes;
}

function evolveRefund(state: LedgerState, refund: NonNullable<Accepted['refund']>): void {
  const target = state.refundTargets.get(refund.of);
  if (!target) throw new InvariantViolation(`refund of unloaded transaction ${refund.of}`);
  target.refunded += refund.amount;
  if (target.refunded > target.amount) throw new InvariantViolation(`transaction ${target.id} refunded beyond its amount`);
}
