import { InvariantViolation } from '@coin/errors';
import type { StateModule } from './types';

/** The stored outcome of a command: what every later delivery or retry of it gets back. */
export interface StoredOutcome {
  ok: boolean;
  reply: unknown;
  requestHash: string | null;
}

/** A processed command as a batch holds it: its type (the erasure reads it) and the outcome it is answered with. */
export interface ProcessedCommand extends StoredOutcome {
  type: string;
}

/** A processed_commands row as the ledger reads and writes it (migrations 001, 002). */
export interface ProcessedCommandDbRow {
  command_id: string;
  type: string;
  ok: boolean;
  /** The reply's exact JSON text: what a retry is answered with, byte for byte (stored as text, never parsed by PostgreSQL). */
  reply: string;
  request_hash: string | null;
}

/**
 * Whether a stored outcome answers this command as a redelivery or a retry would be answered: the
 * same command type and the same request hash. Another type under the id is another request
 * whatever the hashes say: the gateway puts the route in the command id, so no retry changes
 * type, and a command with no request hash (the ledger's own, a sender with Kafka credentials and
 * no gateway) is told from another only by its type. It is refused IDEMPOTENCY_KEY_REUSED, never
 * answered with an outcome of another command's result schema.
 */
export function answersCommand(stored: Pick<ProcessedCommand, 'type' | 'requestHash'>, type: string, requestHash: string | null): boolean {
  return stored.type === type && stored.requestHash === requestHash;
}

/** The one mapping from a stored outcome's columns to the outcome (the batch read's rows and the set-aside store's). */
export function storedOutcomeOf(row: Pick<ProcessedCommandDbRow, 'ok' | 'reply' | 'request_hash'>): StoredOutcome {
  return { ok: row.ok, reply: JSON.parse(row.reply) as unknown, requestHash: row.request_hash };
}

/** A processed_commands row as read, as the batch holds it. */
export function processedCommandOf(row: ProcessedCommandDbRow): ProcessedCommand {
  return { type: row.type, ...storedOutcomeOf(row) };
}

/** A processed command as the batch write stores it; its reply's JSON text taken as the batch ends, when the write is built. */
export function processedCommandRowOf(commandId: string, processed: ProcessedCommand): ProcessedCommandDbRow {
  return {
    command_id: commandId,
    type: processed.type,
    ok: processed.ok,
    reply: JSON.stringify(processed.reply),
    request_hash: processed.requestHash,
  };
}

/**
 * The command types whose replies show a cash-out (`{ cashout, … }`), and so its account: a
 * cash-out's own, and the approval and rejection of a request about one (its second person's, a
 * claimed one's reversal). The close of a deleted user's wallet erases the number from theirs
 * (docs/design/data.md "Erasure"): from those the batch writes here, from those stored before by
 * `erase_cashout_accounts` (migration 034), whose list and index must name the same types (a new
 * one: a migration of both). `ledger.decide-cashout` is no command now: its stored replies stay.
 */
const cashoutReplyTypes: readonly string[] = [
  'ledger.cashout',
  'ledger.claim-cashout',
  'ledger.settle-cashout',
  'ledger.decide-cashout',
  'ledger.approve',
  'ledger.reject-approval',
];

/** A cash-out command's reply with the account of an erased user's cash-out set to null; any other reply as it is. */
function withoutCashoutAccountIn(reply: unknown, erasedUsers: ReadonlySet<number>): unknown {
  if (typeof reply !== 'object' || reply === null) return reply;
  const cashout = (reply as { cashout?: unknown }).cashout;
  if (typeof cashout !== 'object' || cashout === null) return reply;
  const { userId, msisdn } = cashout as { userId?: unknown; msisdn?: unknown };
  if (typeof userId !== 'number' || !erasedUsers.has(userId) || msisdn === null) return reply;
  return { ...reply, cashout: { ...cashout, msisdn: null } };
}

/** A row the batch writes with an erased user's cash-out account left out of its reply (the row itself when there is none). */
function withoutCashoutAccountInRow(row: ProcessedCommandDbRow, users: ReadonlySet<number>): ProcessedCommandDbRow {
  // Only a cash-out reply can show an account: no other reply's text is parsed again.
  if (!cashoutReplyTypes.includes(row.type)) return row;
  const reply = JSON.parse(row.reply) as unknown;
  const erased = withoutCashoutAccountIn(reply, users);
  return erased === reply ? row : { ...row, reply: JSON.stringify(erased) };
}

const processedCommandColumns = 'command_id, type, ok, reply, request_hash';

/**
 * The processed commands (docs/design/ledger.md "Exactly once"), by command id, table
 * processed_commands (migration 001): the outcome of every command the ledger answered, committed
 * with its effects, the exactly-once record. A command reads its own id; the batch loads the
 * outcomes stored before of its commands' ids, and `runBatch` (domain/batch.ts) answers each of
 * those from its outcome (or refuses it, IDEMPOTENCY_KEY_REUSED, when another request is behind the
 * id) before deciding anything. Unlike the other kinds it does not evolve by decisions' effects:
 * the apply records the outcome of every command it answers by a decision, accepted or refused
 * (`recordAnswer`; not a credit leg it credits itself, which no one sent), and the write inserts
 * them. It has no guard of its own: a command id written twice fails on the primary key, a race
 * redone from a fresh read. A close erases its user's mobile money number from the stored replies
 * of their cash-out commands (`erase`, docs/design/data.md "Erasure"). A command's outcome lives
 * on the shard of the partition that answered it, and is read there only.
 */
export const processedCommands: StateModule<ProcessedCommand, Map<string, ProcessedCommand>, never, ProcessedCommandDbRow> = {
  keysOf: (command) => [command.commandId],
  load: {
    sql: (keys) => `SELECT coalesce(json_agg(json_build_object('command_id', command_id, 'type', type, 'ok', ok, 'reply', reply,
                                                             'request_hash', request_hash)), '[]')
          FROM processed_commands WHERE command_id = ANY(${keys}::uuid[])`,
    loadedOf: (row) => {
      const stored = row as unknown as ProcessedCommandDbRow;
      return [stored.command_id, processedCommandOf(stored)];
    },
  },
  stateOf: (loaded) => new Map(loaded),
  // No decision's effects change an outcome: the apply records each answer (`recordAnswer`).
  evolve: () => [],
  recordAnswer(state, { command, ok, reply, requestHash }) {
    // runBatch answers a command processed before from its outcome and a repeat like its first: neither is answered again.
    if (state.has(command.commandId)) throw new InvariantViolation(`answering command ${command.commandId} twice`);
    state.set(command.commandId, { type: command.type, ok, reply, requestHash });
    return [command.commandId];
  },
  writesOf: (_loaded, state, changed) => [...changed].map((id) => processedCommandRowOf(id, state.get(id)!)),
  write: {
    ctes: (rows) => `new_outcomes AS (
         INSERT INTO processed_commands (${processedCommandColumns})
         SELECT ${processedCommandColumns} FROM json_to_recordset(${rows})
           AS p(command_id uuid, type text, ok boolean, reply text, request_hash text))`,
    // No guard of its own (the primary key is one: raceableKeys); what the statement must name for the erasure to run.
    check: () => '(SELECT count(*) FROM erased_outcomes) AS erasures',
    // A command id is the command's: a second writer of the partition stores the same outcome first.
    raceableKeys: ['processed_commands_pkey'],
  },
  erase: {
    row: withoutCashoutAccountInRow,
    ctes: (users) => `erased_outcomes AS (
         -- A deleted user's number leaves the stored replies of their cash-out commands (what a retry of one is answered with),
         -- through the one function that may change a stored outcome (migration 024), a SELECT: run only as the statement names it
         -- (the kind's check). The rows this statement writes carry none already.
         SELECT erase_cashout_accounts(${users}) AS replies WHERE cardinality(${users}) > 0)`,
  },
};
