import type { LedgerCommand, TopicNames } from '@coin/contracts';
import type { OutboxBatchMessage } from '../outbox-message';
import type { ReplyViews } from '../commands/types';
import type { Accepted, BalanceChange, RefundTarget } from '../state';

/**
 * One kind of the ledger's state (docs/DESIGN.md "Adding a kind of state"), in one module: the
 * keys a command reads of it, how the batch read loads it, how it evolves by each accepted
 * decision (or by each command the apply answers), what the batch write stores of it. The table
 * (domain/kinds/table.ts) holds one module per kind; the batch read (db/batch-store.ts), the
 * decision's state (apply/apply-batch.ts), the evolve (domain/ledger.ts) and the batch write
 * (db/batch-write.ts) loop over it instead of naming each kind.
 *
 * Its SQL is data here, as a command module's schema is: the module only names the statement's
 * pieces; the adapter (db/) runs them, so the domain stays pure.
 *
 * - `Loaded`: a row as the batch read returns it (with the version its write is checked against);
 * - `State`: what the decisions of a batch read and evolve (LedgerState[kind]);
 * - `Effect`: what an accepted decision asks of this kind (Accepted.effects, tagged with the kind);
 * - `Row`: what the batch write stores, as the JSON record its statement reads;
 * - `Reads`: the fields of a command's reads (CommandReads, domain/kinds/table.ts) that name keys of
 *   this kind: CommandReads is every kind's `Reads` together, so a new kind's fields join it from
 *   its module.
 */
// biome-ignore lint/complexity/noBannedTypes: a kind that no command names by key reads no field.
export interface StateModule<Loaded, State, Effect, Row, Reads extends object = {}> {
  /** The keys of this kind a command reads (the batch loads the union over its commands). */
  keysOf(command: LedgerCommand, reads: Reads): readonly string[];
  /**
   * How the batch read loads it. Absent: the batch reads none of it (a kind no decision reads,
   * whose write adds to what is stored: the wallet activity); its state starts empty.
   */
  load?: {
    /**
     * A scalar subquery of the batch read returning a JSON array of rows; `keys` is the text[]
     * parameter of the batch's keys, `relations` the batch read's own relations it may name (the
     * only ones besides the kind's tables).
     */
    sql(keys: string, relations: BatchReadRelations): string;
    /** One row of that array, by its key. */
    loadedOf(row: Record<string, unknown>): [string, Loaded];
    /**
     * The keys `sql` reads for one refund target through `relations.refundTargets`, for a store that
     * finds a target elsewhere than in that statement (db/sharded-store.ts: a purchase on another
     * shard) and reads them by key. Absent: `sql` names no refund target.
     */
    keysOfRefundTarget?(target: RefundTarget): string[];
    /**
     * For a kind whose rows name wallets the batch reads with them, in the same statement (a hold's
     * payee, which its capture credits; a refunded purchase's payer): `rows` selects the kind's rows (`keys` as for `sql`) as a
     * relation of the batch read, which db/batch-store.ts names `read_<kind>` and gives `sql` as
     * `relations.rows` (for `sql` to aggregate); `keysSql` is the text[] of the wallet keys those
     * rows name, over that relation, which the core read of the wallets adds to the keys it loads;
     * `keysOf` the same keys of one row as loaded, for a store that reads a wallet elsewhere than in
     * that statement (db/sharded-store.ts: a payee on another shard). Absent: the kind's rows name
     * no wallet the batch reads.
     */
    wallets?: {
      rows(keys: string, relations: BatchReadRelations): string;
      keysSql(rows: string): string;
      keysOf(loaded: Loaded): readonly string[];
    };
  };
  /**
   * Rows of this kind live on whichever shard wrote them while any shard's batch reads them (one
   * partition writes the kind, all read it; or, with `ownPart`, every shard keeps a part of each
   * row): the sharded store (db/sharded-store.ts) then loads it on every shard and merges what
   * each loaded into one (`parts[0]`: the batch's own shard). Absent: a batch reads it on its own
   * shard only, where the partitions that write it are.
   */
  overShards?: (parts: ReadonlyArray<ReadonlyMap<string, Loaded>>) => Map<string, Loaded>;
  /**
   * With `overShards`, for a kind every shard keeps its own part of while a batch decides over
   * their sum (the four-eyes windows: a person's movements land on every shard): the sharded store
   * writes back only its own shard's part. At the read it keeps, for each key merged, the other
   * shards' part (`overShards` of their parts alone) under the read's tag; at the write it takes
   * the part kept under a row's tag out of that row. What it keeps is bounded: a read need not be
   * followed by a write. Absent: a batch writes its rows as they stand.
   */
  ownPart?: {
    /** Names one read of a key (the key and the version read), so that only a write decided from that read takes its part. */
    readTag(key: string, loaded: Loaded): string;
    /** The same name for a written row (its key and the version it was read at). */
    writeTag(row: Row): string;
    /** The row this shard writes: `row` (decided over the sum) less `others` (the other shards' part, kept at the read; undefined: none kept). */
    minus(row: Row, others: Loaded | undefined): Row;
  };
  /** The state the decisions start from: what was loaded. */
  stateOf(loaded: ReadonlyMap<string, Loaded>): State;
  /**
   * Evolves the state by one accepted decision (`effects`: its effects of this kind; `changes`:
   * the balance changes it made) and returns the keys it changed.
   */
  evolve(state: State, step: EvolveStep<Effect>): readonly string[];
  /**
   * For a kind the apply records for every command it answers by a decision, accepted or refused,
   * rather than by an accepted decision's effects: the processed commands, whose outcome answers
   * every later delivery of the command (the exactly-once check of domain/batch.ts `runBatch`
   * reads their state, not `decide`). The apply (apply/apply-batch.ts) calls it once for each
   * command it decided, in the batch's order, after the decisions, with what the command is
   * answered with; never for a command answered from what was stored, a repeat inside the batch or
   * a credit leg the apply credits itself (no one sent it). Returns the keys it changed, written like
   * those `evolve` changed. Absent: only the accepted decisions' effects change the kind.
   */
  recordAnswer?(state: State, answer: AnsweredCommand): readonly string[];
  /** What the batch writes of the keys its decisions changed, as they stand at its end. */
  writesOf(loaded: ReadonlyMap<string, Loaded>, state: State, changed: ReadonlySet<string>): Row[];
  /**
   * How the batch write stores them. Absent: nothing is stored of the kind (the refund targets,
   * whose change a refund makes is the transaction the journal appends); its `writesOf` gives none.
   */
  write?: {
    /** The batch write's CTEs for these rows (`rows`: a json parameter, an array of `Row`), comma-separated. */
    ctes(rows: string): string;
    /**
     * The guard over what the CTEs wrote, a select-list expression (failing the statement when a row
     * changed under the batch). A kind whose rows are only inserted, under a key a second writer can
     * have taken first (`raceableKeys`), has that key for guard: its expression then names what
     * else the statement must read, such as a CTE of its `erase` that changes rows only through a
     * function (a SELECT, which PostgreSQL runs only when the statement reads it).
     */
    check(rows: string): string;
    /**
     * The unique keys of the kind's tables a second writer of the same partition (a zombie consumer
     * during a rebalance) can have inserted first: their violation is a lost race, redone from a
     * fresh read (db/batch-store.ts `writeBatch`). Absent: none.
     */
    raceableKeys?: readonly string[];
  };
  /**
   * What the erasure of a deleted user's personal data (docs/design/data.md "Erasure") takes from
   * this kind, in the batch that closes their wallet: `row` from a row the batch writes (`users`:
   * the users erased), `ctes` from the rows stored before that the batch does not write itself
   * (`users`: the batch write's bigint[] parameter of those users; CTEs of the batch write, after
   * the kind's `write.ctes`, whose relations they may name). Absent: the kind keeps nothing to erase.
   */
  erase?: {
    row(row: Row, users: ReadonlySet<number>): Row;
    ctes(users: string): string;
  };
  /**
   * What the whole-ledger simulation (and any audit) checks of this kind against the rest of the
   * ledger: a query returning one row `{ key, detail }` per discrepancy, none when it holds.
   * Absent: nothing to check beyond the write's guard.
   */
  audit?: string;
  /**
   * The outbox messages of one effect of this kind, built with the views the apply passes in (as
   * a command's reply is). Absent: the kind publishes nothing.
   */
  messages?(effect: Effect, context: KindMessageContext): OutboxBatchMessage[];
}

/** What a kind's messages are built with: the topics, the event headers of the command that made the effect, and the views. */
export interface KindMessageContext {
  topics: TopicNames;
  headers: Record<string, string> | undefined;
  views: ReplyViews;
}

/**
 * The relations of the batch read (db/batch-store.ts) a kind's load may name, by their names in
 * that statement.
 */
export interface BatchReadRelations {
  /**
   * The transactions the batch's refunds name (and the credit legs' transactions), one row each,
   * with at least the columns `id` and `from_user_id` (the payer's user id; null: a treasury): the
   * refund targets' rows, their kind's relation of the read (domain/kinds/refund-targets.ts).
   */
  refundTargets: string;
  /** The kind's own rows, when its load selects them as a relation of the batch read (`load.wallets.rows`). */
  rows?: string;
  /**
   * For the wallets' load (domain/kinds/wallets.ts): the wallet keys the other kinds' rows name
   * (their `load.wallets.keysSql`), each a text[] preceded by `||`, to add to its keys; '' for none.
   */
  walletsNamed?: string;
}

/** A command the apply answered by a decision (StateModule.recordAnswer): the command, its outcome and the request behind its id. */
export interface AnsweredCommand {
  command: LedgerCommand;
  ok: boolean;
  /** The reply it is answered with, in the API's units, as the apply sends it. */
  reply: unknown;
  /** What ties the command id to the request behind it (domain/batch.ts `requestHashOf`). */
  requestHash: string | null;
}

/** What one accepted decision brings to a kind. */
export interface EvolveStep<Effect> {
  effects: readonly Effect[];
  decision: Accepted;
  changes: readonly BalanceChange[];
  now: Date;
}

/**
 * A whole number of a loaded row: a JSON number (a BIGINT of the one read's JSON) or the decimal
 * text pg gives a BIGINT or a sum. Anything else is refused, not read as a number: null, an empty
 * string or a boolean would otherwise pass as 0 or 1, and a value beyond the safe integer range
 * would lose its last digits.
 */
export function integerOf(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,20}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`${what} ${String(value)} is not an integer within the safe range`);
  return n;
}

/** Any module of the table, for its loops. */
// biome-ignore lint/suspicious/noExplicitAny: the loops handle every kind alike; each kind's types are checked in its own module.
export type AnyStateModule = StateModule<any, any, any, any, any>;

/**
 * A kind of state kept in columns of the wallet's own row (docs/DESIGN.md "Adding a kind of
 * state"): a freeze, spending limits, a treasury's commission rules. It moves with its wallet: the
 * wallets' read loads its columns with the rest of the row, the decisions read it as fields of
 * `WalletState`, the wallet's version-checked write stores it. So it has no read, write or guard
 * of its own (one row is updated once per statement); it names its fields, their columns, how a
 * stored value is read back, a new wallet's value and how each of its effects evolves the fields.
 * The parts sit in their own table (domain/kinds/wallet-row.ts), whose kinds the effect union
 * (`Effect`) holds beside those of `stateTable`.
 *
 * - `Fields`: its fields of `WalletState`, each stored as JSON in one column of `wallets`;
 * - `Effect`: what an accepted decision asks of it, naming the wallet (`walletKey`).
 */
export interface WalletRowPart<Fields extends object, Effect extends { walletKey: string }> {
  /** The `wallets` column (jsonb) of each field. */
  columns: { readonly [F in keyof Fields]-?: string };
  /**
   * Its fields from the row as read (`row`: its columns by name, as JSON values). Parsed again on
   * every read: the ledger alone writes them, from validated commands, so a hand-edited row that
   * does not parse stops the read rather than passing for a freeze, a limit or a rule it is not.
   */
  fieldsOf(row: Readonly<Record<string, unknown>>): Fields;
  /** A wallet's fields as it is opened. */
  opened: Fields;
  /** Its fields after one of its effects (`now`: the decision's time). */
  evolve(fields: Readonly<Fields>, effect: Effect, now: Date): Fields;
}

/** Any part of the wallet's row, for its loops. */
// biome-ignore lint/suspicious/noExplicitAny: the loops handle every part alike; each part's types are checked in its own module.
export type AnyWalletRowPart = WalletRowPart<any, any>;
