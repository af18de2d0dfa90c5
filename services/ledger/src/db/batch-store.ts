import type { Pool, PoolClient } from '@coin/db';
import {
  ApplyConflictError,
  StaleWalletError,
  type BatchRead,
  type BatchReadRequest,
  type BatchWrite,
  type LedgerStore,
} from '../apply/store';
import { kindModule, stateKinds, type LoadedKinds, type StateKind } from '../domain/kinds/table';
import { answersCommand, storedOutcomeOf, type StoredOutcome } from '../domain/kinds/processed-commands';
import { reusedError } from '../domain/batch';
import { clientIdsOfMandates, revokedClientsAmong } from './revocation-floors';
import { writeBatchQuery } from './batch-write';
import { integerOf, type BatchReadRelations } from '../domain/kinds/types';

/**
 * The SQL of the batch apply: one statement reads what a batch needs, one statement writes all
 * it changed (its text built from named columns, db/batch-write.ts). Every column travels whole
 * (the transactions' and entries' as `unnest` arrays, each kind's rows as one JSON parameter), so
 * a batch of thousands of commands costs the same two round trips as a batch of one. Both are
 * named prepared statements: each connection parses them once instead of on every batch. The
 * write runs on the generic plan PostgreSQL caches after five; the read is planned again for each
 * batch (PostgreSQL judges its plan for the given arrays cheaper than the generic one), about
 * 0.5 ms of PostgreSQL's CPU an apply. Forcing the generic plan
 * (`plan_cache_mode`) saved that in PostgreSQL and nothing for the whole system: the applies came
 * faster and smaller, and the ledger and Kafka spent it (docs/PERFORMANCE.md "Planning the batch
 * read once").
 */

type Queryable = Pick<PoolClient, 'query'>;

/** SQLSTATE of the `assert_*_current` / `assert_*_written` guards (migrations 003, 005-007): a row changed under the batch. */
const serializationFailure = '40001';
/** SQLSTATE of a unique key the batch inserts that is there already. */
const uniqueViolation = '23505';
/**
 * The unique keys a second writer of the same partition (a zombie consumer during a rebalance)
 * can have inserted first: keys that follow from the commands and wallets both writers apply.
 * A violation of any other unique key (a command writing two rows under one key of its own, such
 * as two transactions of one approval in one place) is the command's defect, not a race: redoing
 * it fails the same way, so it is thrown as it is and the consumer sets that command aside.
 */
const raceableKeys: ReadonlySet<string> = new Set([
  'entries_wallet_sequence_idx',
  // And those of each kind of the state table (its module's `write.raceableKeys`: a wallet's keys and a command id among them).
  ...stateKinds.flatMap((kind) => kindModule(kind).write?.raceableKeys ?? []),
]);

/** The one row the batch read returns. */
interface BatchReadRow {
  ids: string[];
  /** Each kind of the state table's rows, by the kind's name (kindsRead). */
  [kind: string]: unknown;
}

/** The parameters before the kinds' keys in the batch read. */
const readParametersBeforeKinds = 1;

/** The relation of the batch read a kind's rows are, for a kind whose load gives them as one (`load.wallets.rows`). */
const rowsRelationOf = (kind: StateKind) => `read_${kind}`;

/**
 * The refund targets' rows, their kind's relation of the read (domain/kinds/refund-targets.ts,
 * second in the table, so that the relations after it may name it): what the other kinds' loads
 * are given as `relations.refundTargets`.
 */
const targetsRelation: BatchReadRelations = { refundTargets: rowsRelationOf('refundTargets') };

/**
 * The kinds of the state table (domain/kinds/table.ts) the batch reads: those with a `load`, each
 * with its keys' text[] parameter and, for a kind whose rows name wallets the batch reads
 * (`load.wallets`), the name of its rows' relation in the statement.
 */
const readKinds = stateKinds
  .flatMap((kind) => {
    const load = kindModule(kind).load;
    return load ? [{ kind, load }] : [];
  })
  .map(({ kind, load }, i) => ({
    kind,
    load,
    keys: `$${readParametersBeforeKinds + i + 1}::text[]`,
    rows: load.wallets ? rowsRelationOf(kind) : undefined,
  }));

/** The rows of each kind whose rows name wallets, as relations of the batch read, in the table's order. */
const kindRowsRead = readKinds
  .flatMap(({ load, keys, rows }) => (load.wallets && rows ? [`${rows} AS (${load.wallets.rows(keys, targetsRelation)})`] : []))
  .join(',\n     ');

/** The wallet keys the kinds' rows name, each a text[] the wallets' read adds to its keys (each preceded by `||`). */
const kindWalletsRead = readKinds
  .map(({ load, rows }) => (load.wallets && rows ? `\n                                || ${load.wallets.keysSql(rows)}` : ''))
  .join('');

/**
 * The batch read's own relations a kind's load may name (StateModule.load.sql), as `readBatch`'s
 * statement names them; the wallets' load is also given the wallet keys the kinds' rows name.
 */
const readRelations: BatchReadRelations = { ...targetsRelation, walletsNamed: kindWalletsRead };

/** Each kind the batch reads as one column of the batch read, named by its kind, its keys a text[] parameter (each followed by a comma). */
const kindsRead = readKinds
  .map(({ kind, load, keys, rows }) => `(${load.sql(keys, rows ? { ...readRelations, rows } : readRelations)}) AS "${kind}",\n       `)
  .join('');

/** What the batch read of each kind, by key (a kind it does not read: nothing). */
function loadedKindsOf(row: BatchReadRow): LoadedKinds {
  const loaded: Record<string, Map<string, unknown>> = {};
  for (const { kind, load } of readKinds) {
    const rows = row[kind] as Array<Record<string, unknown>>;
    loaded[kind] = new Map(rows.map((r) => load.loadedOf(r)));
  }
  return loaded as LoadedKinds;
}

/**
 * Everything a batch reads, in one round trip: each kind of the state table (the wallets its
 * commands name and those its kinds' rows name: a hold's payee, a refunded purchase's payer; the
 * transactions its refunds name with what has been refunded of each so far; the stored outcomes of
 * its command ids, the approval requests, the holds, …), and fresh transaction ids.
 * No transaction is needed around it: only this partition's consumer writes these rows, and the
 * batch write proves that (wallet versions, command-id primary key) or fails as a whole.
 */
export async function readBatch(db: Queryable, request: BatchReadRequest): Promise<BatchRead> {
  const result = await db.query<BatchReadRow>({
    name: 'ledger-read-batch',
    text: `${kindRowsRead ? `WITH ${kindRowsRead}\n     ` : ''}SELECT
       ${kindsRead}ARRAY(SELECT nextval('transactions_id_seq') FROM generate_series(1, $1::int)) AS ids`,
    values: [request.idsToReserve, ...readKinds.map(({ kind }) => request.kindKeys?.[kind] ?? [])],
  });
  const read = batchReadOf(result.rows[0]!);
  // A second round trip only for a batch holding a mandate: is its platform client revoked?
  const mandates = read.kinds?.mandates;
  const revokedClients = mandates && mandates.size > 0 ? await revokedClientsAmong(db, clientIdsOfMandates(mandates)) : undefined;
  return { ...read, ...(revokedClients ? { revokedClients } : {}) };
}

/** The batch read's row as the apply's state: the one mapping of its columns. */
function batchReadOf(row: BatchReadRow): BatchRead {
  return {
    kinds: loadedKindsOf(row),
    // bigint[] arrives as text elements (the pool's BIGINT parser covers scalars only).
    reservedIds: row.ids.map((id) => integerOf(id, 'transaction id')).sort((a, b) => a - b),
  };
}

/**
 * Stores the outcome of a command the apply could not take (set aside by the consumer), unless an
 * outcome is stored already, and returns the one that stands: a redelivery or a retry with the
 * same Idempotency-Key is answered with it, like any rejected command. One stored for another
 * request under the id (another type or request hash: `answersCommand`) is not this command's:
 * IDEMPOTENCY_KEY_REUSED, as the apply answers it.
 */
export async function storeSetAsideOutcome(
  db: Queryable,
  outcome: { commandId: string; type: string; requestHash: string | null; reply: unknown },
): Promise<StoredOutcome> {
  const result = await db.query<{ type: string; ok: boolean; reply: string; request_hash: string | null }>(
    `WITH inserted AS (
       INSERT INTO processed_commands (command_id, type, ok, reply, request_hash) VALUES ($1, $2, false, $3, $4)
       ON CONFLICT (command_id) DO NOTHING
       RETURNING type, ok, reply, request_hash)
     SELECT type, ok, reply, request_hash FROM inserted
     UNION ALL
     SELECT type, ok, reply, request_hash FROM processed_commands WHERE command_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
    [outcome.commandId, outcome.type, JSON.stringify(outcome.reply), outcome.requestHash],
  );
  const row = result.rows[0]!;
  return answersCommand({ type: row.type, requestHash: row.request_hash }, outcome.type, outcome.requestHash)
    ? storedOutcomeOf(row)
    : { ok: false, reply: reusedError, requestHash: outcome.requestHash };
}

/**
 * Writes a whole batch with one statement, which PostgreSQL runs as one transaction: the wallets
 * it opened, the new balances (each row names the version it was read at), transactions,
 * entries, each kind's rows (the outcomes among them) and outbox rows. If any wallet changed or
 * appeared since the batch read it (never expected with one consumer per partition), `assert_wallets_current` fails the
 * statement, nothing is written, and StaleWalletError tells the caller to redo the batch from
 * fresh state. A command id (or another key a second writer can have written: `raceableKeys`)
 * written twice fails on its unique key (23505): ApplyConflictError, redone the same way; any
 * other unique violation is the command's and is thrown as PostgreSQL's error. PostgreSQL's error codes stop here; the use case sees the domain's errors.
 * Returns the id of the batch's outbox row (null when it produced no messages).
 */
export async function writeBatch(db: Queryable, batch: BatchWrite): Promise<number | null> {
  try {
    const result = await db.query<{ outbox_id: number | null }>(writeBatchQuery(batch));
    return result.rows[0]?.outbox_id ?? null;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === serializationFailure) throw new StaleWalletError((err as Error).message);
    const constraint = (err as { constraint?: unknown }).constraint;
    if (code === uniqueViolation && typeof constraint === 'string' && raceableKeys.has(constraint))
      throw new ApplyConflictError((err as Error).message);
    throw err;
  }
}

/** The PostgreSQL implementation of the apply's store. */
export function batchStore(pool: Pool): LedgerStore {
  return { read: (request) => readBatch(pool, request), write: (batch) => writeBatch(pool, batch) };
}
