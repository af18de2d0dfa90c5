import { headerNames, minorUnitsToCoins, type CoinMandateEvent, type MandatePeriod, type MandateStatus } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import type { Accepted, MandateChange, MandateState } from '../state';
import { integerOf, type StateModule } from './types';

/** A mandates row as the ledger reads and writes it (timestamps may arrive as ISO text inside JSON). */
export interface MandateDbRow {
  id: string;
  from_user_id: number;
  client_id: string;
  amount: number;
  max_per_period: number;
  period: MandatePeriod;
  reason: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  status: MandateStatus;
  next_period: number;
  next_charge_at: Date | string | null;
  failed_attempts: number;
  cancelled_by: 'user' | 'client' | 'admin' | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const mandateColumns =
  'id, from_user_id, client_id, amount, max_per_period, period, reason, starts_at, ends_at, status, next_period, next_charge_at, failed_attempts, cancelled_by, created_at, updated_at';

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The one mapping from a mandates row to the ledger's state of that mandate. */
export function mandateStateOf(row: MandateDbRow): MandateState {
  return {
    id: row.id,
    fromUserId: integerOf(row.from_user_id, 'payer id'),
    clientId: row.client_id,
    amount: integerOf(row.amount, 'mandate amount'),
    maxPerPeriod: integerOf(row.max_per_period, 'mandate maximum'),
    period: row.period,
    reason: row.reason,
    startsAt: new Date(row.starts_at),
    endsAt: dateOrNull(row.ends_at),
    status: row.status,
    nextPeriod: integerOf(row.next_period, 'mandate period'),
    nextChargeAt: dateOrNull(row.next_charge_at),
    failedAttempts: integerOf(row.failed_attempts, 'failed attempts'),
    cancelledBy: row.cancelled_by,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** A mandate as the batch write stores it. */
function mandateRowOf(m: MandateState): MandateDbRow {
  return {
    id: m.id,
    from_user_id: m.fromUserId,
    client_id: m.clientId,
    amount: m.amount,
    max_per_period: m.maxPerPeriod,
    period: m.period,
    reason: m.reason,
    starts_at: m.startsAt,
    ends_at: m.endsAt,
    status: m.status,
    next_period: m.nextPeriod,
    next_charge_at: m.nextChargeAt,
    failed_attempts: m.failedAttempts,
    cancelled_by: m.cancelledBy,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

/** The mandates an accepted decision granted, charged or stopped (its effects of this kind). */
export function mandateChangesOf(decision: Accepted): MandateChange[] {
  return decision.effects.filter((effect) => effect.kind === 'mandates');
}

/** A mandate's change as an effect of a decision. */
export function mandateEffect(change: MandateChange): MandateChange & { kind: 'mandates' } {
  return { kind: 'mandates', ...change };
}

/**
 * The event id of a mandate's change: the same on every publish of it. A mandate is granted,
 * cancelled, ended and made past due once each; it is charged once per period and fails once per
 * attempt, which the id names.
 */
export function mandateEventId(change: MandateChange): string {
  const step = change.charge ? `:${change.charge.period}` : change.failure ? `:${change.failure.period}:${change.failure.attempt}` : '';
  return uuidV5(`coin.mandate.${change.event}:${change.mandate.id}${step}`);
}

/** A command's reads of mandates. */
export interface MandateReads {
  /** Mandates by id. */
  mandateIds?: string[];
}

/**
 * Subscription mandates (docs/design/ledger.md "Mandates"), by id: read for the commands that name
 * them, granted, charged and stopped by their effects (a mandate is granted once, and changes only
 * while ACTIVE or PAST_DUE), each written once per batch as it stands at its end (the write takes
 * a row only while it is live, `assert_mandates_written`), each change published on coin.mandates,
 * keyed by the mandate so its events stay in order.
 */
export const mandates: StateModule<MandateState, Map<string, MandateState>, MandateChange, MandateDbRow, MandateReads> = {
  keysOf: (_command, reads) => reads.mandateIds ?? [],
  load: {
    sql: (keys) => `SELECT coalesce(json_agg(m), '[]') FROM (SELECT ${mandateColumns} FROM mandates WHERE id = ANY(${keys}::uuid[])) m`,
    loadedOf: (row) => {
      const mandate = mandateStateOf(row as unknown as MandateDbRow);
      return [mandate.id, mandate];
    },
  },
  stateOf: (loaded) => new Map([...loaded].map(([id, mandate]) => [id, { ...mandate }])),
  evolve(state, { effects }) {
    for (const { mandate, event } of effects) {
      const before = state.get(mandate.id);
      const live = before?.status === 'ACTIVE' || before?.status === 'PAST_DUE';
      if (event === 'granted' ? before !== undefined : !live) {
        throw new InvariantViolation(`mandate ${mandate.id}: ${event} from ${before?.status ?? 'nothing'}`);
      }
      state.set(mandate.id, mandate);
    }
    return effects.map((e) => e.mandate.id);
  },
  writesOf: (_loaded, state, changed) => [...changed].map((id) => mandateRowOf(state.get(id)!)),
  write: {
    ctes: (rows) => `mandates_in AS (
         SELECT * FROM json_to_recordset(${rows})
           AS m(id uuid, from_user_id bigint, client_id text, amount bigint, max_per_period bigint, period text, reason text,
                starts_at timestamptz, ends_at timestamptz, status text, next_period bigint, next_charge_at timestamptz,
                failed_attempts bigint, cancelled_by text, created_at timestamptz, updated_at timestamptz)),
       written_mandates AS (
         INSERT INTO mandates (${mandateColumns})
         SELECT ${mandateColumns} FROM mandates_in
         ON CONFLICT (id) DO UPDATE
            SET status = EXCLUDED.status, next_period = EXCLUDED.next_period, next_charge_at = EXCLUDED.next_charge_at,
                failed_attempts = EXCLUDED.failed_attempts, cancelled_by = EXCLUDED.cancelled_by, updated_at = EXCLUDED.updated_at
          WHERE mandates.status IN ('ACTIVE', 'PAST_DUE')
         RETURNING 1)`,
    check: (rows) =>
      `assert_mandates_written((SELECT count(*) FROM written_mandates), json_array_length(${rows})::bigint) AS mandates_written`,
    raceableKeys: ['mandates_pkey'],
  },
  messages(change, { topics, headers, views }) {
    const base = {
      eventId: mandateEventId(change),
      version: 1 as const,
      occurredAt: change.mandate.updatedAt.toISOString(),
      mandate: views.mandate(change.mandate),
    };
    const event: CoinMandateEvent =
      change.event === 'charged'
        ? { ...base, type: 'coin.mandate.charged', charge: { ...change.charge!, amount: minorUnitsToCoins(change.charge!.amount) } }
        : change.event === 'charge-failed' || change.event === 'past-due'
          ? { ...base, type: `coin.mandate.${change.event}`, failure: change.failure! }
          : { ...base, type: `coin.mandate.${change.event}` };
    return [
      {
        topic: topics.coinMandates,
        key: change.mandate.id,
        headers: { ...headers, [headerNames.type]: event.type },
        payload: JSON.stringify(event),
      },
    ];
  },
};
