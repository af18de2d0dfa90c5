-- Statements and balances as of a time (docs/DESIGN.md "History", "Statements and balances as of a
-- time"): each entry's signed change to its party's balance, derived by PostgreSQL from the row
-- itself (received minus sent), so every writer (the consumer, the rebuild's repair) gets it
-- without a change and it can never disagree with the row's amount and parties.
ALTER TABLE history_entries ADD COLUMN delta bigint GENERATED ALWAYS AS (
  (CASE WHEN (party_kind = 'user' AND to_user_id::text = party_id) OR (party_kind = 'treasury' AND to_treasury = party_id)
        THEN amount ELSE 0 END)
  - (CASE WHEN (party_kind = 'user' AND from_user_id::text = party_id) OR (party_kind = 'treasury' AND from_treasury = party_id)
          THEN amount ELSE 0 END)
) STORED;

-- The per-party index carries the change too, so a party's balance at an instant is one
-- index-only range scan (Σ delta over (party, created_at, id) up to the instant) and a statement's
-- lines are read in order from the same index. It replaces the index of the same name and keys,
-- so history writes still maintain one per-party index.
DROP INDEX history_entries_party_recent_idx;
CREATE INDEX history_entries_party_recent_idx ON history_entries (party_kind, party_id, created_at DESC, transaction_id DESC) INCLUDE (delta);
