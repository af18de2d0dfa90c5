import {
  ownTreasuryOfKey,
  partyColumns,
  partyOfColumns,
  walletKeyOf,
  walletKeyOfUser,
  type TransactionType,
  type TreasuryCode,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import {
  emptyWallet,
  type Accepted,
  type BalanceChange,
  type Entry,
  type HoldChange,
  type HoldState,
  type LedgerState,
  type WalletState,
} from '../state';
import { holdChangesOf } from './holds';
import { integerOf, type StateModule } from './types';
import { evolveWalletRows, walletRowColumns, walletRowFieldsOf, walletsChangedByParts } from './wallet-row';

/** A wallet as read, with the version its update is checked against. */
export interface LoadedWallet {
  state: WalletState;
  version: number;
}

/**
 * A wallet as the batch write stores it: its core columns, the columns of the kinds kept in its
 * row (domain/kinds/wallet-row.ts, as JSON), and the version it was read at (null: the batch
 * opened it, and it is inserted).
 */
export interface WalletRow {
  id: string;
  wallet_key: string;
  user_id: number | null;
  treasury_code: TreasuryCode | null;
  balance: number;
  total_received: number;
  total_sent: number;
  held: number;
  status: 'OPEN' | 'CLOSED';
  balance_sequence: number;
  created_at: Date;
  updated_at: Date;
  version: number | null;
  /** The columns of the kinds kept in the row (`freeze_state`, `limits`, `spending`, `commissions`, …). */
  [partColumn: string]: unknown;
}

/** The core columns of a wallets row, each with its SQL type (the parts' columns are jsonb). */
const coreColumns = {
  id: 'uuid',
  wallet_key: 'text',
  user_id: 'bigint',
  treasury_code: 'text',
  balance: 'bigint',
  total_received: 'bigint',
  total_sent: 'bigint',
  held: 'bigint',
  status: 'text',
  balance_sequence: 'bigint',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

/** Every column of a wallets row the ledger reads and writes: its core's, then its parts'. */
const columnTypes: ReadonlyArray<[string, string]> = [
  ...Object.entries(coreColumns),
  ...walletRowColumns.map(({ column }): [string, string] => [column, 'jsonb']),
];

/** The columns a wallets row is read with (db/reads.ts reads single wallets with them too). */
export const walletColumns = columnTypes.map(([name]) => name).join(', ');

/**
 * The one mapping from a wallets row (its columns by name, as the pool or JSON gives them:
 * timestamps may be ISO text) to the ledger's state of that wallet; each part of the row maps its
 * own columns.
 */
export function walletStateOf(row: Readonly<Record<string, unknown>>): WalletState {
  return {
    id: String(row.id),
    key: String(row.wallet_key),
    // A test-mode client's own sandbox treasury names its owner as its key does (`treasury:<CODE>@<clientId>`).
    party:
      ownTreasuryOfKey(String(row.wallet_key)) ??
      partyOfColumns(row.user_id === null ? null : integerOf(row.user_id, 'user id'), (row.treasury_code ?? null) as TreasuryCode | null),
    balance: integerOf(row.balance, 'balance'),
    totalReceived: integerOf(row.total_received, 'total received'),
    totalSent: integerOf(row.total_sent, 'total sent'),
    held: integerOf(row.held, 'held'),
    status: row.status as WalletState['status'],
    sequence: integerOf(row.balance_sequence, 'balance sequence'),
    createdAt: new Date(row.created_at as string | Date),
    updatedAt: new Date(row.updated_at as string | Date),
    ...walletRowFieldsOf(row),
  };
}

function walletRowOf(wallet: WalletState, version: number | null): WalletRow {
  const { userId, treasury } = partyColumns(wallet.party);
  const parts = Object.fromEntries(walletRowColumns.map(({ column, field }) => [column, wallet[field] ?? null]));
  return {
    id: wallet.id,
    wallet_key: wallet.key,
    user_id: userId,
    treasury_code: treasury,
    balance: wallet.balance,
    total_received: wallet.totalReceived,
    total_sent: wallet.totalSent,
    held: wallet.held,
    status: wallet.status,
    balance_sequence: wallet.sequence,
    created_at: wallet.createdAt,
    updated_at: wallet.updatedAt,
    ...parts,
    version,
  };
}

/** A wallets row as the batch read returns it, one JSON object: every column and the version. */
const readFields = [...columnTypes.map(([name]) => name), 'version'].map((name) => `'${name}', ${name}`).join(', ');

const insertedColumns = columnTypes.map(([name]) => name).join(', ');
/** What the update of a changed wallet sets: every column but its id, key, party and creation. */
const updatedColumns = columnTypes
  .map(([name]) => name)
  .filter((name) => !['id', 'wallet_key', 'user_id', 'treasury_code', 'created_at'].includes(name));

/**
 * The key a wallet keeps as it is written: its own, but a test-mode client's own sandbox treasury
 * that closes (retired by its reset, commands/retire-treasury.ts) moves to a key of its own
 * (`…#<wallet id>`) with its entries and totals, so the treasury's next use opens a new wallet
 * under its key. No other treasury ever closes (the shared ones, the only ones live, have no `@`).
 */
const retiredKeySql = `CASE WHEN u.status = 'CLOSED' AND w.treasury_code IS NOT NULL AND position('@' in w.wallet_key) > 0
                  THEN w.wallet_key || '#' || w.id ELSE w.wallet_key END`;

/** A command's reads of wallets. */
export interface WalletReads {
  /** Wallets by key (`user:<id>`, `treasury:<CODE>`). */
  walletKeys?: string[];
}

/**
 * The wallets and treasuries (docs/design/ledger.md "Batch apply"): the core every decision
 * reads. The batch reads the wallets its commands name and those other kinds' rows name (a hold's
 * payee, a refunded purchase's payer: `relations.walletsNamed`); the decisions move their coins (`evolveWallets`, run by
 * domain/ledger.ts before every other kind, which are given the balance changes it made); the
 * write inserts the wallets the batch opened and updates each it changed at the version it was read
 * at, the guard `assert_wallets_current` failing the statement when one changed or appeared since
 * the read (a second writer of the partition). The sharded store (db/sharded-store.ts) reads a
 * wallet from the shard that owns its partition. The kinds kept in a wallet's row (a freeze, the
 * limits, a treasury's commission rules) are its parts (domain/kinds/wallet-row.ts); its entries
 * are the apply's, written beside its transactions.
 */
export const wallets: StateModule<LoadedWallet, Map<string, WalletState>, never, WalletRow, WalletReads> = {
  keysOf: (_command, reads) => reads.walletKeys ?? [],
  load: {
    sql: (keys, relations) => `SELECT coalesce(json_agg(json_build_object(${readFields})), '[]')
          FROM wallets
         WHERE wallet_key = ANY(${keys}${relations.walletsNamed ?? ''})`,
    loadedOf: (row) => [String(row.wallet_key), { version: integerOf(row.version, 'wallet version'), state: walletStateOf(row) }],
  },
  stateOf: (loaded) => new Map([...loaded].map(([key, wallet]) => [key, { ...wallet.state }])),
  evolve: (_wallets, { decision, changes }) => walletsChangedBy(decision, changes),
  writesOf: (loaded, state, changed) =>
    [...changed].map((key) => {
      const wallet = state.get(key);
      if (!wallet) throw new InvariantViolation(`writing unloaded wallet ${key}`);
      return walletRowOf(wallet, loaded.get(key)?.version ?? null);
    }),
  write: {
    ctes: (rows) => `wallets_in AS (
         SELECT * FROM json_to_recordset(${rows}) AS wallet(${columnTypes.map(([name, type]) => `${name} ${type}`).join(', ')}, version bigint)),
       opened_wallets AS (
         INSERT INTO wallets (${insertedColumns})
         SELECT ${insertedColumns} FROM wallets_in WHERE version IS NULL
         ON CONFLICT DO NOTHING
         RETURNING 1),
       updated_wallets AS (
         UPDATE wallets w
            SET ${updatedColumns.map((name) => `${name} = u.${name}`).join(', ')}, version = w.version + 1,
                wallet_key = ${retiredKeySql}
           FROM wallets_in u
          WHERE u.version IS NOT NULL AND w.id = u.id AND w.version = u.version
          RETURNING 1)`,
    check: () =>
      `assert_wallets_current((SELECT count(*) FROM updated_wallets) + (SELECT count(*) FROM opened_wallets), (SELECT count(*) FROM wallets_in)) AS wallets_current`,
    raceableKeys: ['wallets_pkey', 'wallets_wallet_key_key', 'wallets_user_id_key', 'wallets_shared_treasury_code_key'],
  },
};

/** The payer wallets whose held coins a decision's holds changed (domain/kinds/holds.ts): created, resolved, or their terms changed. */
function heldWalletsOf(decision: Accepted): string[] {
  return holdChangesOf(decision).map((change) => walletKeyOfUser(change.hold.fromUserId));
}

/**
 * The wallets a decision changed, which the batch writes: those it opened or closed, each its
 * entries moved (`changes`), those whose held coins its holds changed and those a part of whose row
 * its effects changed (a payer's spending, a wallet's limits, a treasury's commission rules, a freeze).
 */
function walletsChangedBy(decision: Accepted, changes: readonly BalanceChange[]): string[] {
  return [
    ...decision.opens.map(walletKeyOf),
    ...changes.map((change) => change.walletKey),
    ...heldWalletsOf(decision),
    ...walletsChangedByParts(decision),
    ...decision.closes,
  ];
}

/** An entry is of the decision's own transaction, or names its transaction's type (a credit leg's). */
function transactionTypeOf(entry: Entry, decision: Accepted): TransactionType {
  if (entry.transactionType) return entry.transactionType;
  if (entry.transactionId === decision.transaction?.id) return decision.transaction.type;
  throw new InvariantViolation(`entry of transaction ${entry.transactionId} without its type`);
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

/** Moves each entry's coins and returns the balance changes, one per entry, each numbered by its wallet's sequence. */
function evolveEntries(state: LedgerState, decision: Accepted, now: Date): BalanceChange[] {
  const changes: BalanceChange[] = [];
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
      walletId: wallet.id,
      party: wallet.party,
      transactionId: entry.transactionId,
      transactionType: transactionTypeOf(entry, decision),
      amount: entry.amount,
      sequence: wallet.sequence,
      balance: wallet.balance,
      previousBalance: wallet.balance - entry.amount,
    });
  }
  return changes;
}

/**
 * Applies an accepted decision to the wallets and returns the balance changes it made: the wallets
 * it opens, its entries, the coins its holds reserve or release, the parts of the rows its effects
 * change, the wallets it closes. Run before every other kind evolves (domain/ledger.ts `evolve`),
 * which are given these changes. A negative balance, or more held than the balance, is a bug in
 * `decide`, not a condition of the world: it throws and the batch rolls back.
 */
export function evolveWallets(state: LedgerState, decision: Accepted, now: Date): BalanceChange[] {
  for (const party of decision.opens) {
    const key = walletKeyOf(party);
    if (state.wallets.has(key)) throw new InvariantViolation(`opening ${key}, which exists`);
    state.wallets.set(key, emptyWallet(party, now));
  }
  const changes = evolveEntries(state, decision, now);
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
  return changes;
}
