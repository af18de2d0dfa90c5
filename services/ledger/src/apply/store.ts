import type { TransactionRow } from '@coin/contracts';
import type { KindKeys, LoadedKinds, WrittenKinds } from '../domain/kinds/table';
import type { Entry, NewTransaction } from '../domain/ledger';
import type { OutboxBatchMessage } from '../domain/outbox-message';

export type { OutboxBatchMessage };
export type { LoadedWallet } from '../domain/kinds/wallets';

/**
 * What the apply use case needs from storage (db/batch-store.ts implements it with PostgreSQL):
 * one read of everything a batch needs, one write of everything it decided. Nothing is locked in
 * between: only the consumer of a partition writes its wallets, and the write proves it.
 */
export interface LedgerStore {
  read(request: BatchReadRequest): Promise<BatchRead>;
  /**
   * Writes the batch atomically and returns the id of its outbox row (null without messages).
   * Rejects with a LostRaceError when another writer got there first: StaleWalletError when a
   * wallet (or a row of a kind of the state table: a hold, an approval request, a four-eyes window, …) changed or appeared since the read,
   * ApplyConflictError when a row the batch inserts (a command id) exists already. Nothing is
   * written then; the use case redoes the batch from a fresh read (apply/apply-commands.ts).
   */
  write(batch: BatchWrite): Promise<number | null>;
}

/**
 * The store lost a race it should never be in (a second consumer on the partition, a zombie
 * during a rebalance): not the command's fault, and gone on a redo from fresh state.
 */
export abstract class LostRaceError extends Error {
  /** A serialization failure: consumers retry it (libs/errors failures.ts), it is not the command's. */
  readonly code = '40001';
}

/** A row the batch updates changed, or one it inserts appeared, since the batch read it. */
export class StaleWalletError extends LostRaceError {
  constructor(detail: string) {
    super(detail);
    this.name = 'StaleWalletError';
  }
}

/** A row the batch inserts with a key of its own (a command id) was written first by another writer. */
export class ApplyConflictError extends LostRaceError {
  constructor(detail: string) {
    super(detail);
    this.name = 'ApplyConflictError';
  }
}

export interface BatchReadRequest {
  /**
   * The keys of each kind of the state table (domain/kinds/table.ts) to read (absent: none): the
   * wallets the commands name, the transactions refunds name and the batch's command ids (the
   * processed commands) among them; the wallets a kind's rows name (a hold's payee, a refunded
   * purchase's payer: `load.wallets`) are loaded too.
   */
  kindKeys?: KindKeys;
  /** Transaction ids to take from the sequence (ascending). */
  idsToReserve: number;
}

/** A read of nothing, to name only what a partial read needs (`{ ...emptyReadRequest, kindKeys: { approvals } }`). */
export const emptyReadRequest: Readonly<BatchReadRequest> = {
  idsToReserve: 0,
};

export interface BatchRead {
  /**
   * What was read of each kind of the state table, by key (absent: none): the wallets, with the
   * version each is written against, and the stored outcomes of the batch's command ids among them.
   */
  kinds?: LoadedKinds;
  /** The platform clients revoked for good among those the mandates read name (absent: no mandate read). */
  revokedClients?: ReadonlySet<string>;
  reservedIds: number[];
}

/** A write of nothing yet, each list its own: what a batch's write is gathered into (apply/apply-batch.ts `writeOf`). */
export function emptyBatchWrite(): BatchWrite {
  return { transactions: [], entries: [], outbox: [] };
}

export interface BatchWrite {
  transactions: Array<{
    row: TransactionRow;
    returns: number | null;
    holdId: string | null;
    approval: NewTransaction['approval'];
    commandId: string;
  }>;
  /**
   * What the batch writes of each kind of the state table, as its rows stand at the batch's end
   * (absent: none): the wallets it opened or changed (each with the version it was read at) and
   * the outcome of every command it decided (the processed commands) among them.
   */
  kinds?: WrittenKinds;
  /** `sequence` and `balanceAfter`: the wallet's balance change this entry is (docs/design/ledger.md "Balance changes"). */
  entries: Array<Entry & { walletId: string; createdAt: Date; sequence: number; balanceAfter: number }>;
  /**
   * Deleted users whose mobile money number the write erases from the rows it does not write itself
   * (the kinds' `erase.ctes`): their cash-outs' terms and the stored replies of their cash-out
   * commands (absent: none).
   */
  erasedUsers?: number[];
  /** Every message the batch produced, in publish order: one outbox_batches row (migration 004). */
  outbox: OutboxBatchMessage[];
}

/** One outbox_batches row: the messages one applied batch produced, in publish order. */
export interface OutboxBatch {
  id: number;
  messages: OutboxBatchMessage[];
}
