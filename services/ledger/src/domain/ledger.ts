import { ownTreasuryOfKey, type LedgerCommand } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { frozenDebitRefusal } from './freezes';
import { moduleOf } from './commands/table';
import { evolveKinds, kindKeysOf } from './kinds/loops';
import { evolveWallets } from './kinds/wallets';
import type { KindKeys } from './kinds/table';
import type { ApprovalApplying, CommandReads, DecideContext, TransactionDraft } from './commands/types';
import {
  defaultPolicy,
  emptyWallet,
  type Accepted,
  type BalanceChange,
  type Decision,
  type LedgerPolicy,
  type LedgerState,
  type NewTransaction,
  type WalletState,
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
  const decision = moduleOf(command).decide(command, contextOf(command, state, now, nextId, policy, null));
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

/**
 * A test-mode client's own sandbox treasury that has no wallet yet (never used, or retired by its
 * reset): an empty one, as the sandbox opens it on first use (docs/decisions/0018-sandbox.md
 * "Treasuries of each test client's own"). Kept in the batch's state only for a key this very
 * command reads, so its absence is the store's (the batch read every key its commands read): the
 * batch inserts it when a decision moves its coins or changes its row, and a decision that only
 * reads it leaves nothing behind. Any other (a hold's payee read beside the hold, for a capture's
 * checks) is shown as new and kept nowhere: an entry on it would be a bug the apply throws on. The
 * live ledger never gets here: it refuses every command naming one (authority.ts).
 */
function ownTreasuryOpened(command: LedgerCommand, state: LedgerState, key: string, now: Date): WalletState | undefined {
  const party = ownTreasuryOfKey(key);
  if (!party) return undefined;
  // Its id is of this opening, not of the key alone as a user's is: a retired treasury's wallet keeps the id of its own.
  const wallet: WalletState = { ...emptyWallet(party, now), id: uuidV5(`wallet:${key}:${command.commandId}`) };
  if ((moduleOf(command).reads(command).walletKeys ?? []).includes(key)) state.wallets.set(key, wallet);
  return wallet;
}

/**
 * The test-mode client whose own sandbox treasury a transaction moves (docs/decisions/0018-sandbox.md
 * "Treasuries of each test client's own"), or undefined. Such a transaction names that client as
 * its `clientId`, a movement the ledger itself makes for it (a clawback into the treasury a refund
 * was paid from) too: that is how history keys its entries by the client's own treasury
 * (treasuryEntryIdOf) and how the client reads it back. Only the owner's commands move its own.
 */
function ownTreasuryOwnerOf({ from, to }: Pick<NewTransaction, 'from' | 'to'>): string | undefined {
  return (from?.kind === 'treasury' ? from.clientId : undefined) ?? (to?.kind === 'treasury' ? to.clientId : undefined);
}

/** `approved`: the approval applying the command (its second person), so no window stops or counts it; null: sent. */
function contextOf(
  command: LedgerCommand,
  state: LedgerState,
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy,
  approved: ApprovalApplying | null,
): DecideContext {
  const provenance = provenanceOf(command);
  return {
    state,
    now,
    policy,
    approved,
    wallet: (key) => state.wallets.get(key) ?? ownTreasuryOpened(command, state, key, now),
    newTransaction: (draft: TransactionDraft) => {
      const made = {
        reference: null,
        refundOf: null,
        returns: null,
        holdId: null,
        approval: null,
        ...provenance,
        ...draft,
        id: nextId(),
        createdAt: now,
      } as NewTransaction;
      return { ...made, clientId: ownTreasuryOwnerOf(made) ?? made.clientId };
    },
    decideApproved: (inner, approval) => moduleOf(inner).decide(inner, contextOf(inner, state, now, nextId, policy, approval)),
  };
}

/**
 * Applies an accepted decision to the state and returns the balance changes it made, one per
 * entry, each numbered by its wallet's sequence: first to the wallets (domain/kinds/wallets.ts
 * `evolveWallets`: the coins, held coins and parts of their rows it moves), then to every other
 * kind of the state table (the purchase it refunds among them), each given those balance changes. A negative
 * balance here is a bug in `decide`, not a condition of the world: it throws (docs/DESIGN.md "Code
 * conventions") and the batch rolls back.
 */
export function evolve(state: LedgerState, decision: Accepted, now: Date): BalanceChange[] {
  const changes = evolveWallets(state, decision, now);
  evolveKinds(state, decision, changes, now);
  return changes;
}
