import type { BatchWrite } from '../apply/store';
import { kindModule, stateKinds } from '../domain/kinds/table';
import { column, StatementParameters, type Columns } from './unnest-columns';
import { encodeOutboxMessages } from './outbox-messages';

/**
 * The statement that writes a whole batch (db/batch-store.ts `writeBatch`), built from the named
 * columns of each table it writes. Its text is generated once, here, at module load; a batch only
 * computes the values.
 */

type NewTransaction = BatchWrite['transactions'][number];
type NewEntry = BatchWrite['entries'][number];

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
const transactions = p.rows('t', newTransactions, (b) => b.transactions);
const entries = p.rows('e', newEntries, (b) => b.entries);
/** Every message the batch produced, as one outbox_batches row; none: no row. */
const outbox = p.value('text', (b) => (b.outbox.length > 0 ? encodeOutboxMessages(b.outbox) : null));
/** Deleted users whose mobile money number the batch erases (apply-batch.ts `eraseCashoutAccounts`). */
const erasedUsers = p.value('bigint[]', (b) => b.erasedUsers ?? []);
/**
 * Each kind of the state table (domain/kinds/table.ts): its rows as one JSON parameter, its CTEs
 * (with, after them, those of its erasure of the deleted users' rows stored before) and its guard.
 */
const kinds = stateKinds.flatMap((kind) => {
  const { write, erase } = kindModule(kind);
  if (!write) return [];
  const rows = p.value('json', (b) => JSON.stringify(b.kinds?.[kind] ?? []));
  return [{ ctes: [write.ctes(rows), ...(erase ? [erase.ctes(erasedUsers)] : [])].join(',\n       '), check: write.check(rows) }];
});

/**
 * One statement, which PostgreSQL runs as one transaction; each `assert_*` guard fails it as a
 * whole (serialization_failure) when fewer rows were written than the batch read (a race).
 */
const text = `WITH new_transactions AS (
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
     SELECT ${kinds.map((k) => `${k.check},`).join('\n            ')}
            (SELECT id FROM new_outbox) AS outbox_id`;

/** The batch's write as a named prepared statement: each connection parses and plans it once. */
export function writeBatchQuery(batch: BatchWrite): { name: string; text: string; values: unknown[] } {
  return { name: 'ledger-write-batch', text, values: p.valuesOf(batch) };
}
