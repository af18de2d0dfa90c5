-- A user wallet's freeze (docs/design/ledger.md "Freezes"): while set, the ledger refuses the
-- wallet's debits and lets its credits land. The ledger writes it from a validated freeze command
-- and parses it again on every read; the checks here are the last line, so that no writer that
-- skipped the schema stores a freeze of another shape, an unbounded size, or one on a treasury.
ALTER TABLE wallets
  ADD COLUMN freeze_state jsonb
    CHECK (freeze_state IS NULL OR (jsonb_typeof(freeze_state) = 'object' AND octet_length(freeze_state::text) <= 4096 AND user_id IS NOT NULL));
