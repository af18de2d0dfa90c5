import { partitionKeyOf, type LedgerDraft } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import { keyPartitioner } from '@coin/kafka';

/**
 * Moving one partition's rows from one ledger shard to another (docs/operations/deployment.md "Changing the
 * shard map"), with every ledger stopped. Per table:
 *
 * - `wallets` of the partition (their key hashes to it, as Kafka's partitioner does): moved. A
 *   treasury's wallet is seeded on every shard with a random id, and only the shard owning its
 *   partition ever writes it; so the target's unused seed row is replaced by the moving row (its
 *   id, which clients see, kept) and the source gets a fresh empty seed row, so that both
 *   shards' `treasuries` rows still name a wallet.
 * - `entries` of those wallets (an entry lives with its wallet): moved.
 * - `transactions` the partition wrote (the payer's partition; MINT: the credited one; a return:
 *   the closed recipient's, its `from`): moved, with their hold and approval ids.
 * - `holds` and `mandates` (the payer's partition) and `approval_requests` (the partition of the command they
 *   would apply): moved.
 * - `processed_commands`: the stored outcomes cannot all be told apart by partition (a rejected
 *   command leaves no other row), and a retried request must find its outcome on the partition's
 *   new shard: every source outcome is copied (an outcome already there is kept), none deleted.
 *   An outcome is read only by a command with its id, so a copy on a shard changes nothing else.
 * - `outbox_batches`: nothing unpublished may be on the source (refused otherwise: a batch row
 *   holds messages of several partitions); the published rows are not read again and stay.
 * - `four_eyes_windows`: stay. Every shard keeps its part of each window and an apply judges the
 *   sum over shards, which the move does not change.
 *
 * The transactions and entries are append-only even for their owner (migration 008): the
 * source's rows are deleted with those triggers disabled inside the deleting transaction (they
 * are enabled again in it, and a failure rolls both back). The target's transaction commits
 * first, after its copy is checked against the source's rows; then the source's. If the second
 * fails, running the move again finds the complete copy and only deletes.
 */

export interface MoveShard {
  /** Position in the shard map, for messages (never the URL). */
  index: number;
  /** A connection acting as the schema's owner, the ledger's schema on its search path. */
  client: PoolClient;
}

/** Counts and sums of one partition's rows on one shard: equal on both sides of a move. */
export interface PartitionFigures {
  wallets: { count: number; balance: number; held: number };
  entries: { count: number; amount: number };
  transactions: { count: number; amount: number };
  holds: { count: number; amount: number };
  approvals: { count: number };
}

export interface MoveResult {
  moved: PartitionFigures;
  outcomesCopied: number;
  /** True when an earlier run had committed the copy and this one only deleted from the source. */
  resumed: boolean;
}

/** A refusal that changed nothing: the message says why and what to do. */
export class MoveRefused extends Error {
  override readonly name = 'MoveRefused';
}

interface PartitionRows {
  userIds: string[];
  /** Treasury codes whose wallet on this shard has been written (a balance, totals or entries). */
  treasuryCodes: string[];
  /** Seed treasury wallets of the partition that were never written here. */
  unusedTreasuries: Array<{ code: string; id: string }>;
  /** The user wallets' ids, then the written treasuries'. */
  walletIds: string[];
  userWalletIds: string[];
  approvalIds: string[];
}

const chunk = 2_000;

async function partitionRowsOf(client: PoolClient, partitionOf: (key: string) => number, partition: number): Promise<PartitionRows> {
  const wallets = await client.query<{
    id: string;
    wallet_key: string;
    user_id: string | null;
    treasury_code: string | null;
    used: boolean;
  }>(
    `SELECT w.id, w.wallet_key, w.user_id::text AS user_id, w.treasury_code,
            (w.balance <> 0 OR w.total_received <> 0 OR w.total_sent <> 0 OR w.held <> 0
             OR EXISTS (SELECT 1 FROM entries e WHERE e.wallet_id = w.id)) AS used
       FROM wallets w`,
  );
  const rows: PartitionRows = { userIds: [], treasuryCodes: [], unusedTreasuries: [], walletIds: [], userWalletIds: [], approvalIds: [] };
  const treasuryWalletIds: string[] = [];
  for (const w of wallets.rows) {
    if (partitionOf(w.wallet_key) !== partition) continue;
    if (w.user_id !== null) {
      rows.userIds.push(w.user_id);
      rows.userWalletIds.push(w.id);
    } else if (w.used) {
      rows.treasuryCodes.push(w.treasury_code!);
      treasuryWalletIds.push(w.id);
    } else {
      rows.unusedTreasuries.push({ code: w.treasury_code!, id: w.id });
    }
  }
  rows.walletIds = [...rows.userWalletIds, ...treasuryWalletIds];
  const approvals = await client.query<{ id: string; command: LedgerDraft }>('SELECT id, command FROM approval_requests');
  for (const a of approvals.rows) if (partitionOf(partitionKeyOf(a.command)) === partition) rows.approvalIds.push(a.id);
  return rows;
}

/**
 * The transactions a partition wrote (`t` the alias of transactions, $1 its user ids, $2 its
 * treasury codes): the payer's partition writes a transaction, a MINT the credited wallet's
 * (libs/contracts partitionKeyOf), a return the closed recipient's, its `from`.
 */
const writtenBy = (t: string) => `((${t}.type = 'MINT' AND (${t}.to_user_id = ANY($1::bigint[]) OR ${t}.to_treasury = ANY($2::text[])))
                 OR (${t}.type <> 'MINT' AND (${t}.from_user_id = ANY($1::bigint[]) OR ${t}.from_treasury = ANY($2::text[]))))`;

async function figuresOf(client: PoolClient, rows: PartitionRows): Promise<PartitionFigures> {
  const n = (v: unknown) => Number(v);
  const w = await client.query(
    `SELECT count(*) AS count, coalesce(sum(balance), 0) AS balance, coalesce(sum(held), 0) AS held FROM wallets WHERE id = ANY($1::uuid[])`,
    [rows.walletIds],
  );
  const e = await client.query(
    'SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM entries WHERE wallet_id = ANY($1::uuid[])',
    [rows.walletIds],
  );
  const t = await client.query(`SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM transactions t WHERE ${writtenBy('t')}`, [
    rows.userIds,
    rows.treasuryCodes,
  ]);
  const h = await client.query(
    'SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM holds WHERE from_user_id = ANY($1::bigint[])',
    [rows.userIds],
  );
  const a = await client.query('SELECT count(*) AS count FROM approval_requests WHERE id = ANY($1::uuid[])', [rows.approvalIds]);
  return {
    wallets: { count: n(w.rows[0].count), balance: n(w.rows[0].balance), held: n(w.rows[0].held) },
    entries: { count: n(e.rows[0].count), amount: n(e.rows[0].amount) },
    transactions: { count: n(t.rows[0].count), amount: n(t.rows[0].amount) },
    holds: { count: n(h.rows[0].count), amount: n(h.rows[0].amount) },
    approvals: { count: n(a.rows[0].count) },
  };
}

const isEmpty = (f: PartitionFigures) => f.wallets.count + f.entries.count + f.transactions.count + f.holds.count + f.approvals.count === 0;
const same = (a: PartitionFigures, b: PartitionFigures) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Rows of `table` selected by `where` on the source, inserted as they are into the target (the
 * same migrations, so the same columns). Travels as JSON text: bigints stay exact.
 */
async function copyRows(from: PoolClient, to: PoolClient, table: string, where: string, values: unknown[]): Promise<number> {
  const { rows } = await from.query<{ rows: string; count: number }>(
    `SELECT coalesce(json_agg(r), '[]')::text AS rows, count(*)::int AS count FROM ${table} r WHERE ${where}`,
    values,
  );
  if (rows[0]!.count === 0) return 0;
  await to.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [rows[0]!.rows]);
  return rows[0]!.count;
}

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunk) out.push(items.slice(i, i + chunk));
  return out;
}

/** A treasury's seed row on `client` (unused) is replaced by `replacement` (a row of wallets as JSON text, or a fresh empty one). */
async function replaceTreasuryWallet(client: PoolClient, code: string, replacement: string | null): Promise<void> {
  const old = await client.query<{ wallet_id: string }>('SELECT wallet_id FROM treasuries WHERE code = $1', [code]);
  const oldId = old.rows[0]!.wallet_id;
  // The keys are unique: the old row steps aside before the new one is written.
  await client.query(`UPDATE wallets SET wallet_key = wallet_key || '#moved', treasury_code = treasury_code || '#moved' WHERE id = $1`, [
    oldId,
  ]);
  const inserted =
    replacement === null
      ? await client.query<{ id: string }>(
          'INSERT INTO wallets (id, wallet_key, treasury_code) VALUES (gen_random_uuid(), $1, $2) RETURNING id',
          [`treasury:${code}`, code],
        )
      : await client.query<{ id: string }>('INSERT INTO wallets SELECT * FROM json_populate_record(NULL::wallets, $1::json) RETURNING id', [
          replacement,
        ]);
  await client.query('UPDATE treasuries SET wallet_id = $1 WHERE code = $2', [inserted.rows[0]!.id, code]);
  await client.query('DELETE FROM wallets WHERE id = $1', [oldId]);
}

async function copyPartition(source: PoolClient, target: PoolClient, rows: PartitionRows, targetRows: PartitionRows): Promise<number> {
  for (const code of rows.treasuryCodes) {
    const { rows: found } = await source.query<{ row: string }>(
      `SELECT row_to_json(w)::text AS row FROM wallets w WHERE treasury_code = $1`,
      [code],
    );
    if (!targetRows.unusedTreasuries.some((t) => t.code === code)) {
      throw new MoveRefused(`the target shard has no unused seed wallet of treasury ${code}: is it migrated?`);
    }
    await replaceTreasuryWallet(target, code, found[0]!.row);
  }
  for (const ids of slices(rows.userWalletIds)) await copyRows(source, target, 'wallets', 'id = ANY($1::uuid[])', [ids]);
  for (const ids of slices(rows.walletIds)) await copyRows(source, target, 'entries', 'wallet_id = ANY($1::uuid[])', [ids]);
  for (const users of slices(rows.userIds)) {
    await copyRows(source, target, 'transactions', writtenBy('r'), [users, []]);
    await copyRows(source, target, 'holds', 'from_user_id = ANY($1::bigint[])', [users]);
    await copyRows(source, target, 'mandates', 'from_user_id = ANY($1::bigint[])', [users]);
  }
  if (rows.treasuryCodes.length > 0) await copyRows(source, target, 'transactions', writtenBy('r'), [[], rows.treasuryCodes]);
  for (const ids of slices(rows.approvalIds)) await copyRows(source, target, 'approval_requests', 'id = ANY($1::uuid[])', [ids]);
  // Every stored outcome, in pages by id; one already on the target is kept.
  let copied = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const page = await source.query<{ rows: string; count: number; last: string | null }>(
      `SELECT coalesce(json_agg(r), '[]')::text AS rows, count(*)::int AS count, max(command_id::text) AS last
         FROM (SELECT * FROM processed_commands WHERE command_id > $1::uuid ORDER BY command_id LIMIT ${chunk}) r`,
      [after],
    );
    if (page.rows[0]!.count === 0) break;
    const inserted = await target.query(
      `INSERT INTO processed_commands SELECT * FROM json_populate_recordset(NULL::processed_commands, $1::json) ON CONFLICT (command_id) DO NOTHING`,
      [page.rows[0]!.rows],
    );
    copied += inserted.rowCount ?? 0;
    after = page.rows[0]!.last!;
  }
  return copied;
}

async function deletePartition(source: PoolClient, rows: PartitionRows): Promise<void> {
  // Append-only for everyone (migration 008): only this transaction, as the owner, gets past it.
  await source.query('ALTER TABLE entries DISABLE TRIGGER entries_no_update_delete');
  await source.query('ALTER TABLE transactions DISABLE TRIGGER transactions_no_update_delete');
  for (const ids of slices(rows.walletIds)) await source.query('DELETE FROM entries WHERE wallet_id = ANY($1::uuid[])', [ids]);
  for (const users of slices(rows.userIds)) {
    await source.query(`DELETE FROM transactions t WHERE ${writtenBy('t')}`, [users, []]);
    await source.query('DELETE FROM holds WHERE from_user_id = ANY($1::bigint[])', [users]);
    await source.query('DELETE FROM mandates WHERE from_user_id = ANY($1::bigint[])', [users]);
    await source.query('DELETE FROM wallets WHERE user_id = ANY($1::bigint[])', [users]);
  }
  if (rows.treasuryCodes.length > 0) await source.query(`DELETE FROM transactions t WHERE ${writtenBy('t')}`, [[], rows.treasuryCodes]);
  for (const code of rows.treasuryCodes) await replaceTreasuryWallet(source, code, null);
  for (const ids of slices(rows.approvalIds)) await source.query('DELETE FROM approval_requests WHERE id = ANY($1::uuid[])', [ids]);
  await source.query('ALTER TABLE entries ENABLE TRIGGER entries_no_update_delete');
  await source.query('ALTER TABLE transactions ENABLE TRIGGER transactions_no_update_delete');
}

async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/**
 * Whether the target already holds exactly the source's rows of `partition`: an earlier move
 * committed its copy and stopped before deleting from the source. The shards then hold those rows
 * twice, so the audit over them cannot be exact until the move is finished.
 */
export async function copyLeftOnTarget(options: {
  source: MoveShard;
  target: MoveShard;
  partition: number;
  partitionCount: number;
}): Promise<boolean> {
  const partitionOf = keyPartitioner(options.partitionCount);
  const rows = await partitionRowsOf(options.source.client, partitionOf, options.partition);
  const targetRows = await partitionRowsOf(options.target.client, partitionOf, options.partition);
  const moving = await figuresOf(options.source.client, rows);
  return !isEmpty(moving) && same(await figuresOf(options.target.client, targetRows), moving);
}

/**
 * Moves `partition`'s rows from `source` to `target` (see the top of this file). Refuses, changing
 * nothing, while the source has unpublished outbox rows or the target already holds rows of the
 * partition (unless they are exactly a copy an earlier run committed). Returns the moved figures.
 */
/** Refused while the source shard has outbox batches not published: they would be lost with its rows. */
async function refuseUnpublished(source: MoveShard): Promise<void> {
  const unpublished = await source.client.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM outbox_batches WHERE published_at IS NULL',
  );
  if (unpublished.rows[0]!.count > 0) {
    throw new MoveRefused(
      `shard ${source.index} has ${unpublished.rows[0]!.count} unpublished outbox batch(es): start the ledger until coin_outbox_backlog_rows is 0, then stop it again`,
    );
  }
}

/**
 * A debit of the partition's wallets in a transaction the rule above does not give to the
 * partition would be left behind: refused rather than guessed.
 */
async function refuseStrayDebits(source: MoveShard, rows: PartitionRows, partition: number): Promise<void> {
  const stray = await source.client.query<{ id: string }>(
    `SELECT t.id::text AS id FROM entries e JOIN transactions t ON t.id = e.transaction_id
      WHERE e.wallet_id = ANY($3::uuid[]) AND e.amount < 0 AND NOT ${writtenBy('t')} LIMIT 5`,
    [rows.userIds, rows.treasuryCodes, rows.walletIds],
  );
  if (stray.rows.length > 0) {
    throw new MoveRefused(
      `transactions ${stray.rows.map((r) => r.id).join(', ')} debit partition ${partition}'s wallets but were not written by it: nothing done`,
    );
  }
}

export async function movePartition(options: {
  source: MoveShard;
  target: MoveShard;
  partition: number;
  partitionCount: number;
  log: (line: string) => void;
}): Promise<MoveResult> {
  const { source, target, partition, log } = options;
  const partitionOf = keyPartitioner(options.partitionCount);
  await refuseUnpublished(source);
  const rows = await partitionRowsOf(source.client, partitionOf, partition);
  const targetRows = await partitionRowsOf(target.client, partitionOf, partition);
  const moving = await figuresOf(source.client, rows);
  await refuseStrayDebits(source, rows, partition);
  // The target's rows of the partition, by its own wallets and by the source's (a transaction
  // names users whose wallets may be missing there).
  const already = await figuresOf(target.client, {
    ...targetRows,
    userIds: [...new Set([...targetRows.userIds, ...rows.userIds])],
    treasuryCodes: [...new Set([...targetRows.treasuryCodes, ...rows.treasuryCodes])],
    approvalIds: targetRows.approvalIds,
  });
  log(
    `partition ${partition} on shard ${source.index}: ${moving.wallets.count} wallets (balances ${moving.wallets.balance}), ` +
      `${moving.entries.count} entries, ${moving.transactions.count} transactions, ${moving.holds.count} holds, ${moving.approvals.count} approvals`,
  );
  let resumed = false;
  let outcomesCopied = 0;
  if (!isEmpty(already)) {
    if (isEmpty(moving))
      throw new MoveRefused(
        `partition ${partition} has no rows on shard ${source.index} and some on shard ${target.index}: moved already?`,
      );
    if (!same(already, moving)) {
      throw new MoveRefused(
        `shard ${target.index} already holds rows of partition ${partition} that are not a copy of shard ${source.index}'s: nothing done (${JSON.stringify(already)})`,
      );
    }
    log(`shard ${target.index} holds a complete copy (an earlier run stopped before deleting): deleting from shard ${source.index} only`);
    resumed = true;
  } else {
    outcomesCopied = await inTransaction(target.client, async () => {
      const copied = await copyPartition(source.client, target.client, rows, targetRows);
      const landed = await figuresOf(target.client, rows);
      if (!same(landed, moving)) throw new Error(`the copy on shard ${target.index} differs: ${JSON.stringify({ landed, moving })}`);
      return copied;
    });
    log(`copied to shard ${target.index} (and ${outcomesCopied} stored outcomes)`);
  }
  await inTransaction(source.client, async () => {
    await deletePartition(source.client, rows);
    const left = await figuresOf(source.client, rows);
    if (!isEmpty(left)) throw new Error(`rows of partition ${partition} left on shard ${source.index}: ${JSON.stringify(left)}`);
  });
  log(`deleted from shard ${source.index}`);
  return { moved: moving, outcomesCopied, resumed };
}
