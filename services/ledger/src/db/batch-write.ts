import { partyColumns } from '@coin/contracts';
import type { BatchWrite, LoadedWallet } from '../apply/store';
import type { WalletState } from '../domain/ledger';
import { kindModule, stateKinds } from '../domain/kinds/table';
import { walletRowColumns } from '../domain/kinds/wallet-row';
import { column, StatementParameters, type Columns } from './unnest-columns';

/**
 * The statement that writes a whole batch (db/batch-store.ts `writeBatch`), built from the named
 * columns of each table it writes. Its text is generated once, here, at module load; a batch only
 * computes the values.
 */

type NewTransaction = BatchWrite['transactions'][number];
type NewEntry = BatchWrite['entries'][number];

/**
 * The columns of the kinds kept in the wallet's row (domain/kinds/wallet-row.ts), each the JSON of
 * its field (null: SQL NULL), taken from the wallet `stateOf` a row gives.
 */
function partColumnsOf<R>(stateOf: (row: R) => WalletState): Columns<R> {
  return Object.fromEntries(
    walletRowColumns.map(({ column: name, field }) => [name, column.jsonbOrNull((row: R) => stateOf(row)[field] ?? null)]),
  );
}

/** The SET list of the parts' columns in the update of a changed wallet (`u`: its row). */
const partColumnsSet = walletRowColumns.map(({ column: name }) => `${name} = u.${name}::jsonb`).join(', ');

/** Wallets the batch opened, as they stand at its end. */
const openedWallets: Columns<WalletState> = {
  id: column.uuid((w) => w.id),
  wallet_key: column.text((w) => w.key),
  user_id: column.bigint((w) => partyColumns(w.party).userId),
  treasury_code: column.text((w) => partyColumns(w.party).treasury),
  balance: column.bigint((w) => w.balance),
  total_received: column.bigint((w) => w.totalReceived),
  total_sent: column.bigint((w) => w.totalSent),
  status: column.text((w) => w.status),
  created_at: column.timestamptz((w) => w.createdAt),
  updated_at: column.timestamptz((w) => w.updatedAt),
  held: column.bigint((w) => w.held),
  balance_sequence: column.bigint((w) => w.sequence),
  ...partColumnsOf((w) => w),
};

/** Existing wallets the batch changed, with the version each was read at (the row is updated only at that version). */
const changedWallets: Columns<LoadedWallet> = {
  id: column.uuid((w) => w.state.id),
  balance: column.bigint((w) => w.state.balance),
  total_received: column.bigint((w) => w.state.totalReceived),
  total_sent: column.bigint((w) => w.state.totalSent),
  status: column.text((w) => w.state.status),
  updated_at: column.timestamptz((w) => w.state.updatedAt),
  version: column.bigint((w) => w.version),
  held: column.bigint((w) => w.state.held),
  balance_sequence: column.bigint((w) => w.state.sequence),
  ...partColumnsOf((w) => w.state),
};

const newTransactions: Columns<NewTransaction> = {
  id: column.bigint((t) => t.row.id),
  type: column.text((t) => t.row.type),
  amount: column.bigint((t) => t.row.amount),
  from_user_id: column.bigint((t) => t.row.from_user_id),
  to_user_id: column.bigint((t) => t.row.to_user_id),
  from_treasury: column.text((t) => t.row.from_treasury),
  to_treasury: column.text((t) => t.row.to_treasury),
  reason: column.text((t) => t.row.reason),
  reference: column.text((t) => t.row.reference),
  refund_of: column.bigint((t) => t.row.refund_of),
  split_of: column.bigint((t) => t.row.split_of ?? null),
  returns: column.bigint((t) => t.returns),
  command_id: column.uuid((t) => t.commandId),
  created_at: column.timestamptz((t) => t.row.created_at),
  hold_id: column.uuid((t) => t.holdId),
  approval_id: column.uuid((t) => t.approval?.id ?? null),
  requested_by: column.bigint((t) => t.approval?.requestedBy ?? null),
  approved_by: column.bigint((t) => t.approval?.approvedBy ?? null),
  approval_leg: column.bigint((t) => t.approval?.leg ?? null),
  metadata: column.jsonbOrNull((t) => t.row.metadata ?? null),
  client_id: column.text((t) => t.row.client_id ?? null),
};

const newEntries: Columns<NewEntry> = {
  transaction_id: column.bigint((e) => e.transactionId),
  wallet_id: column.uuid((e) => e.walletId),
  amount: column.bigint((e) => e.amount),
  created_at: column.timestamptz((e) => e.createdAt),
  sequence: column.bigint((e) => e.sequence),
  balance_after: column.bigint((e) => e.balanceAfter),
};

const p = new StatementParameters<BatchWrite>();
const opened = p.rows('o', openedWallets, (b) => b.opened);
const updated = p.rows('u', changedWallets, (b) => b.wallets);
const transactions = p.rows('t', newTransactions, (b) => b.transactions);
const entries = p.rows('e', newEntries, (b) => b.entries);
/** Every message the batch produced, as one outbox_batches row; none: no row. */
const outbox = p.value('text', (b) => (b.outbox.length > 0 ? JSON.stringify(b.outbox) : null));
const walletsExpected = p.value('bigint', (b) => b.wallets.length + b.opened.length);
/** Deleted users whose mobile money number the batch erases (apply-batch.ts `eraseCashoutAccounts`). */
const erasedUsers = p.value('bigint[]', (b) => b.erasedUsers ?? []);
/**
 * Each kind of the state table (domain/kinds/table.ts): its rows as one JSON parameter, its CTEs
 * (with, after them, those of its erasure of the deleted users' rows stored before) and its guard.
 */
const kinds = stateKinds.map((kind) => {
  const rows = p.value('json', (b) => JSON.stringify(b.kinds?.[kind] ?? []));
  const { write, erase } = kindModule(kind);
  return { ctes: [write.ctes(rows), ...(erase ? [erase.ctes(erasedUsers)] : [])].join(',\n       '), check: write.check(rows) };
});

/**
 * One statement, which PostgreSQL runs as one transaction; each `assert_*` guard fails it as a
 * whole (serialization_failure) when fewer rows were written than the batch read (a race).
 */
const text = `WITH opened AS (
         INSERT INTO wallets (${opened.names})
         SELECT ${opened.select}
           FROM ${opened.from}
         ON CONFLICT DO NOTHING
         RETURNING 1),
       updated AS (
         UPDATE wallets w
            SET balance = u.balance, total_received = u.total_received, total_sent = u.total_sent, status = u.status,
                updated_at = u.updated_at, version = w.version + 1,
                held = u.held, balance_sequence = u.balance_sequence, ${partColumnsSet}
           FROM ${updated.from}
          WHERE w.id = u.id AND w.version = u.version
          RETURNING 1),
       new_transactions AS (
         INSERT INTO transactions (${transactions.names})
         SELECT ${transactions.select}
           FROM ${transactions.from}),
       new_entries AS (
         INSERT INTO entries (${entries.names})
         SELECT ${entries.select}
           FROM ${entries.from}),
       new_outbox AS (
         INSERT INTO outbox_batches (messages) SELECT ${outbox} WHERE ${outbox} IS NOT NULL
         RETURNING id),
       ${kinds.map((k) => k.ctes).join(',\n       ')}
     SELECT assert_wallets_current((SELECT count(*) FROM updated) + (SELECT count(*) FROM opened), ${walletsExpected}) AS wallets_current,
            ${kinds.map((k) => `${k.check},`).join('\n            ')}
            (SELECT id FROM new_outbox) AS outbox_id`;

/** The batch's write as a named prepared statement: each connection parses and plans it once. */
export function writeBatchQuery(batch: BatchWrite): { name: string; text: string; values: unknown[] } {
  return { name: 'ledger-write-batch', text, values: p.valuesOf(batch) };
}
