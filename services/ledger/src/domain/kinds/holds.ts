import {
  headerNames,
  partyOfColumns,
  walletKeyOf,
  type CoinHoldEvent,
  type HoldStatus,
  type TopicNames,
  type TreasuryCode,
  partyColumns,
  treasuryOf,
  type Party,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import type { OutboxBatchMessage } from '../outbox-message';
import type { ReplyViews } from '../commands/types';
import type { Accepted, CashoutTerms, HoldChange, HoldState } from '../state';
import type { StateModule } from './types';

/** A holds row as the ledger reads and writes it (timestamps may arrive as ISO text inside JSON). */
export interface HoldDbRow {
  id: string;
  from_user_id: number;
  to_user_id: number | null;
  to_treasury: TreasuryCode | null;
  amount: number;
  reason: string;
  reference: string | null;
  status: HoldStatus;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  captured_amount: number | null;
  transaction_id: number | null;
  settler_client_id: string | null;
  cashout: CashoutDbTerms | null;
}

/** A cash-out's terms as the holds row stores them (jsonb; dates as ISO text). */
export interface CashoutDbTerms {
  /** Null once the payer was deleted (the close of their wallet erases it). */
  msisdn: string | null;
  /** Null or absent: no provider named (any granted provider may claim it). */
  providerClientId: string | null;
  /** Absent on no row written since migration 022, which set it on every earlier one. */
  claimedBy?: string | null;
  claimedAt?: string | null;
  xafAmount: number;
  xafPerCoin: number;
  rateEffectiveFrom: string;
  outcome: 'CONFIRMED' | 'FAILED' | null;
  callbackId: string | null;
  providerReference: string | null;
  /** Absent (a cash-out stored before four-eyes) or null: no second person needed. */
  secondPerson?: { approvedBy: number | null; approvedAt: string | null } | null;
  /** Absent or null: not overdue (a claimed cash-out the sweep found past its window). */
  overdueAt?: string | null;
  /** The sandbox's test cash-outs: the outcome its test provider settles it with, and when (its client's clock). */
  test?: { outcome: 'CONFIRMED' | 'FAILED'; settleAt: string } | null;
}

/** A whole number of a holds row as read: refused beyond the safe integer range (a BIGINT arrives as a number). */
function wholeOf(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} ${value} exceeds the safe integer range`);
  return value;
}

/** The terms as stored: the one mapping both ways (the write calls `cashoutColumnOf`). */
export function cashoutColumnOf(terms: CashoutTerms | null): CashoutDbTerms | null {
  if (!terms) return null;
  const { test, ...rest } = terms;
  const second = terms.secondPerson;
  return {
    ...rest,
    rateEffectiveFrom: terms.rateEffectiveFrom.toISOString(),
    claimedAt: terms.claimedAt?.toISOString() ?? null,
    secondPerson: second ? { approvedBy: second.approvedBy, approvedAt: second.approvedAt?.toISOString() ?? null } : null,
    overdueAt: terms.overdueAt?.toISOString() ?? null,
    // Only a test cash-out carries the key: every other's terms are stored as before.
    ...(test ? { test: { outcome: test.outcome, settleAt: test.settleAt.toISOString() } } : {}),
  };
}

function cashoutTermsOf(stored: CashoutDbTerms | null): CashoutTerms | null {
  if (stored === null) return null;
  return {
    msisdn: stored.msisdn,
    providerClientId: stored.providerClientId ?? null,
    claimedBy: stored.claimedBy ?? null,
    claimedAt: stored.claimedAt ? new Date(stored.claimedAt) : null,
    xafAmount: wholeOf(stored.xafAmount, 'cash-out XAF amount'),
    xafPerCoin: wholeOf(stored.xafPerCoin, 'cash-out rate'),
    rateEffectiveFrom: new Date(stored.rateEffectiveFrom),
    outcome: stored.outcome ?? null,
    callbackId: stored.callbackId ?? null,
    providerReference: stored.providerReference ?? null,
    secondPerson: stored.secondPerson
      ? {
          approvedBy: stored.secondPerson.approvedBy === null ? null : wholeOf(stored.secondPerson.approvedBy, 'cash-out approver'),
          approvedAt: stored.secondPerson.approvedAt === null ? null : new Date(stored.secondPerson.approvedAt),
        }
      : null,
    overdueAt: stored.overdueAt ? new Date(stored.overdueAt) : null,
    ...(stored.test ? { test: { outcome: stored.test.outcome, settleAt: new Date(stored.test.settleAt) } } : {}),
  };
}

export const holdColumns =
  'id, from_user_id, to_user_id, to_treasury, amount, reason, reference, status, expires_at, created_at, updated_at, captured_amount, transaction_id, settler_client_id, cashout';

/**
 * A hold's payee as its row names it: a user, or a treasury, which in the sandbox is its settler's
 * own (docs/decisions/0018-sandbox.md "Treasuries of each test client's own": the sandbox admits a
 * test client's hold only for its own treasury, and only it settles the hold).
 */
function payeeOf(row: Pick<HoldDbRow, 'to_user_id' | 'to_treasury' | 'settler_client_id'>): Party {
  const party = partyOfColumns(row.to_user_id, row.to_treasury);
  return party.kind === 'treasury' ? treasuryOf(party.code, row.settler_client_id) : party;
}

/** The one mapping from a holds row to the ledger's state of that hold. */
export function holdStateOf(row: HoldDbRow): HoldState {
  return {
    id: row.id,
    fromUserId: wholeOf(row.from_user_id, 'payer id'),
    to: payeeOf(row),
    amount: wholeOf(row.amount, 'hold amount'),
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    capturedAmount: row.captured_amount === null ? null : wholeOf(row.captured_amount, 'captured amount'),
    transactionId: row.transaction_id,
    settlerClientId: row.settler_client_id,
    cashout: cashoutTermsOf(row.cashout ?? null),
  };
}

/** A hold as the batch write stores it. */
export function holdRowOf(h: HoldState): HoldDbRow {
  const to = partyColumns(h.to);
  return {
    id: h.id,
    from_user_id: h.fromUserId,
    to_user_id: to.userId,
    to_treasury: to.treasury,
    amount: h.amount,
    reason: h.reason,
    reference: h.reference,
    status: h.status,
    expires_at: h.expiresAt,
    created_at: h.createdAt,
    updated_at: h.updatedAt,
    captured_amount: h.capturedAmount,
    transaction_id: h.transactionId,
    settler_client_id: h.settlerClientId,
    cashout: cashoutColumnOf(h.cashout),
  };
}

/** A hold's change as an effect of a decision. */
export type HoldEffect = HoldChange & { kind: 'holds' };

/** A hold's change (created, resolved, or its cash-out's terms changed) as an effect of a decision. */
export function holdEffect(change: HoldChange): HoldEffect {
  return { kind: 'holds', ...change };
}

/** The holds an accepted decision created, resolved or changed the terms of (its effects of this kind), in order. */
export function holdChangesOf(decision: Accepted): HoldEffect[] {
  return decision.effects.filter((effect) => effect.kind === 'holds');
}

/** What one batch reads of the PENDING holds of a user (a close voids them): a key of the kind beside hold ids. */
const pendingOfPrefix = 'pending:user:';

/** The key naming every PENDING hold of a user. */
export function pendingHoldsKey(userId: number): string {
  return `${pendingOfPrefix}${userId}`;
}

/** A hold's change that has an event: its creation or resolution. */
type ResolvedHoldChange = HoldChange & { event: NonNullable<HoldChange['event']> };

/** The event id of a hold's change: the same on every publish of it (a hold is created once and resolved once). */
export function holdEventId(change: ResolvedHoldChange): string {
  return uuidV5(`coin.hold.${change.event}:${change.hold.id}`);
}

/**
 * The platform client party to a hold, which alone sees its events (docs/EVENTS.md "Who sees an
 * event"): the settler its payer named (a claimed cash-out's provider is its settler), else the
 * provider a cash-out names; none when neither.
 */
export function holdPartyClient(hold: HoldState): { clientId?: string } {
  const clientId = hold.settlerClientId ?? hold.cashout?.providerClientId ?? null;
  return clientId === null ? {} : { clientId };
}

/** The coin.holds event of a hold's change, keyed by the hold id so one hold's events stay in order. */
export function holdEventMessage(
  topics: TopicNames,
  change: ResolvedHoldChange,
  views: Pick<ReplyViews, 'hold'>,
  headers?: Record<string, string>,
): OutboxBatchMessage {
  const event: CoinHoldEvent = {
    eventId: holdEventId(change),
    type: `coin.hold.${change.event}`,
    version: 1,
    occurredAt: change.hold.updatedAt.toISOString(),
    hold: { ...views.hold(change.hold), ...holdPartyClient(change.hold) },
  };
  return {
    topic: topics.coinHolds,
    key: change.hold.id,
    headers: { ...headers, [headerNames.type]: event.type },
    payload: JSON.stringify(event),
  };
}

/** Checks one change of a hold against the hold before it (undefined: none loaded or created). */
function checkHoldChange({ hold, event }: HoldChange, before: HoldState | undefined): void {
  if (event === null) {
    // A cash-out claimed or approved: still pending, the same coins held; only its terms (and settler) change.
    if (before?.status !== 'PENDING' || hold.status !== 'PENDING' || hold.amount !== before.amount) {
      throw new InvariantViolation(`changing hold ${hold.id}, which is not pending, or changing its amount or status`);
    }
  } else if (event === 'created') {
    if (before) throw new InvariantViolation(`creating hold ${hold.id}, which exists`);
  } else if (before?.status !== 'PENDING') {
    throw new InvariantViolation(`resolving hold ${hold.id}, which is not pending`);
  }
}

/** A command's reads of holds. */
export interface HoldReads {
  /** Holds by id (a capture's recipient is loaded once the hold is read). */
  holdIds?: string[];
  /** Users whose pending holds are all read (a close voids them). */
  pendingHoldOwners?: number[];
}

/**
 * Holds (docs/design/ledger.md "Holds"), cash-outs among them (holds with cash-out terms,
 * docs/CONTRACT.md "Cash-out"), by id, table holds (migration 005). A hold lives in its payer's
 * partition. A command reads the holds it names (`holdIds`) and, for a close, every PENDING hold
 * of the user closed (`pendingHoldOwners`, the key `pending:user:<id>`); the batch read holds them
 * as a relation of its own (`read_holds`) and loads, in the same statement, the wallet each pays
 * (a capture credits it: `load.wallets`). A decision's holds are its effects
 * (`{ kind: 'holds', hold, event }`): created once, resolved once from PENDING, or (event null) a
 * cash-out's terms changed while it stays PENDING; the coins they reserve are the payer wallet's
 * `held` (domain/ledger.ts). Each hold is written once per batch as it stands at its end, taken
 * only while it is PENDING (`assert_holds_written`, SQLSTATE 40001), each creation and resolution
 * published on coin.holds, keyed by the hold. A close erases its user's mobile money number from
 * the cash-outs' terms (`erase`, docs/design/data.md "Erasure").
 */
export const holds: StateModule<HoldState, Map<string, HoldState>, HoldChange, HoldDbRow, HoldReads> = {
  keysOf: (_command, reads) => [...(reads.holdIds ?? []), ...(reads.pendingHoldOwners ?? []).map(pendingHoldsKey)],
  load: {
    sql: (_keys, relations) => `SELECT coalesce(json_agg(h), '[]') FROM ${relations.rows} h`,
    loadedOf: (row) => {
      const hold = holdStateOf(row as unknown as HoldDbRow);
      return [hold.id, hold];
    },
    wallets: {
      rows: (keys) => `SELECT ${holdColumns} FROM holds
        WHERE id = ANY(ARRAY(SELECT k::uuid FROM unnest(${keys}) k WHERE k NOT LIKE '${pendingOfPrefix}%'))
       UNION
       SELECT ${holdColumns} FROM holds
        WHERE status = 'PENDING'
          AND from_user_id = ANY(ARRAY(SELECT substr(k, ${pendingOfPrefix.length + 1})::bigint FROM unnest(${keys}) k
                                        WHERE k LIKE '${pendingOfPrefix}%'))`,
      // The payee's key as walletKeyOf(payeeOf(row)) makes it: a test-mode settler's own treasury in the sandbox.
      keysSql: (rows) =>
        `ARRAY(SELECT coalesce('user:' || to_user_id, 'treasury:' || to_treasury ||
           CASE WHEN settler_client_id ~ '^test_[A-Za-z0-9_-]{0,95}$' THEN '@' || settler_client_id ELSE '' END) FROM ${rows})`,
      keysOf: (hold) => [walletKeyOf(hold.to)],
    },
  },
  stateOf: (loaded) => new Map([...loaded].map(([id, hold]) => [id, { ...hold }])),
  evolve(state, { effects }) {
    for (const change of effects) {
      checkHoldChange(change, state.get(change.hold.id));
      state.set(change.hold.id, change.hold);
    }
    return effects.map((e) => e.hold.id);
  },
  writesOf: (_loaded, state, changed) => [...changed].map((id) => holdRowOf(state.get(id)!)),
  write: {
    ctes: (rows) => `holds_in AS (
         SELECT ${holdColumns} FROM json_to_recordset(${rows})
           AS h(id uuid, from_user_id bigint, to_user_id bigint, to_treasury text, amount bigint, reason text, reference text,
                status text, expires_at timestamptz, created_at timestamptz, updated_at timestamptz, captured_amount bigint,
                transaction_id bigint, settler_client_id text, cashout jsonb)),
       written_holds AS (
         INSERT INTO holds (${holdColumns})
         SELECT ${holdColumns} FROM holds_in
         ON CONFLICT (id) DO UPDATE
            SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, captured_amount = EXCLUDED.captured_amount,
                transaction_id = EXCLUDED.transaction_id, cashout = EXCLUDED.cashout,
                settler_client_id = EXCLUDED.settler_client_id
          WHERE holds.status = 'PENDING'
         RETURNING 1)`,
    check: (rows) => `assert_holds_written((SELECT count(*) FROM written_holds), json_array_length(${rows})::bigint) AS holds_written`,
    // A hold's id follows from its command; a capture's transaction names its hold (one capture per hold).
    raceableKeys: ['holds_pkey', 'transactions_hold_id_idx'],
  },
  erase: {
    row: (row, users) =>
      users.has(row.from_user_id) && row.cashout && row.cashout.msisdn !== null
        ? { ...row, cashout: { ...row.cashout, msisdn: null } }
        : row,
    ctes: (users) => `erased_holds AS (
         -- A deleted user's number leaves their cash-outs' terms; the rows this statement writes carry none already.
         UPDATE holds SET cashout = jsonb_set(cashout, '{msisdn}', 'null'::jsonb)
          WHERE from_user_id = ANY(${users}) AND cashout IS NOT NULL AND cashout->'msisdn' <> 'null'::jsonb
            AND id <> ALL(ARRAY(SELECT id FROM holds_in))
         RETURNING 1)`,
  },
  messages(change, { topics, headers, views }) {
    // A claim or a cash-out's approval changes only a cash-out's terms: written, no coin.holds event.
    return change.event === null ? [] : [holdEventMessage(topics, { ...change, event: change.event }, views, headers)];
  },
};
