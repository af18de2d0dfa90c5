-- A test-mode client's own sandbox treasuries (docs/decisions/0018-sandbox.md "Treasuries of each
-- test client's own"): in the sandbox's history a treasury's entries are keyed by its entry id,
-- the code of a shared treasury or `<CODE>@<clientId>` of a client's own (the tail of its wallet
-- key; treasuryEntryIdOf, libs/contracts own-treasuries.ts), while the transaction names the code
-- alone. So an entry's change compares the transaction's treasury with the code part of the id
-- (the whole id when it has no `@`, as every live one): the same figures as before for every
-- shared treasury and user. PostgreSQL 15 cannot change a generated column's expression in place:
-- the column and the per-party index that carries it are made again, as migration 005 made them.
DROP INDEX history_entries_party_recent_idx;
ALTER TABLE history_entries DROP COLUMN delta;
ALTER TABLE history_entries ADD COLUMN delta bigint GENERATED ALWAYS AS (
  (CASE WHEN (party_kind = 'user' AND to_user_id::text = party_id) OR (party_kind = 'treasury' AND to_treasury = split_part(party_id, '@', 1))
        THEN amount ELSE 0 END)
  - (CASE WHEN (party_kind = 'user' AND from_user_id::text = party_id) OR (party_kind = 'treasury' AND from_treasury = split_part(party_id, '@', 1))
          THEN amount ELSE 0 END)
) STORED;
CREATE INDEX history_entries_party_recent_idx ON history_entries (party_kind, party_id, created_at DESC, transaction_id DESC) INCLUDE (delta);
