import type { TransactionRecorded } from '@coin/contracts';
import { minorUnitsPerCoin } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { Delivered } from '@coin/kafka';

interface PartyRow {
  partyKind: 'user' | 'treasury';
  partyId: string;
  event: TransactionRecorded;
}

function partiesOf(event: TransactionRecorded): PartyRow[] {
  const t = event.transaction;
  const rows: PartyRow[] = [];
  if (t.fromUserId !== null) rows.push({ partyKind: 'user', partyId: String(t.fromUserId), event });
  if (t.toUserId !== null && t.toUserId !== t.fromUserId) rows.push({ partyKind: 'user', partyId: String(t.toUserId), event });
  if (t.fromTreasury !== null) rows.push({ partyKind: 'treasury', partyId: t.fromTreasury, event });
  if (t.toTreasury !== null && t.toTreasury !== t.fromTreasury) rows.push({ partyKind: 'treasury', partyId: t.toTreasury, event });
  return rows;
}

/** Upserts one row per party; a redelivered event hits the primary key and changes nothing. */
export function handleTransactionEvents(deps: { pool: Pool }) {
  return async (items: Delivered<TransactionRecorded>[]): Promise<void> => {
    const rows = items.flatMap((i) => partiesOf(i.value));
    if (rows.length === 0) return;
    const col = <T>(f: (r: PartyRow) => T) => rows.map(f);
    await deps.pool.query(
      `INSERT INTO history_entries (party_kind, party_id, transaction_id, type, amount, from_user_id, to_user_id,
                                    from_treasury, to_treasury, reason, reference, refund_of, created_at, event_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[],
                            $8::text[], $9::text[], $10::text[], $11::text[], $12::bigint[], $13::timestamptz[], $14::uuid[])
       ON CONFLICT DO NOTHING`,
      [
        col((r) => r.partyKind),
        col((r) => r.partyId),
        col((r) => r.event.transaction.id),
        col((r) => r.event.transaction.type),
        col((r) => Math.round(r.event.transaction.amount * minorUnitsPerCoin)),
        col((r) => r.event.transaction.fromUserId),
        col((r) => r.event.transaction.toUserId),
        col((r) => r.event.transaction.fromTreasury),
        col((r) => r.event.transaction.toTreasury),
        col((r) => r.event.transaction.reason),
        col((r) => r.event.transaction.reference),
        col((r) => r.event.transaction.refundOf),
        col((r) => r.event.transaction.createdAt),
        col((r) => r.event.eventId),
      ],
    );
  };
}
