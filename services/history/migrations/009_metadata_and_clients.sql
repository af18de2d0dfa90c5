-- The projection keeps what the ledger's transaction carries since @coin/events 1.6.0: the
-- caller's metadata and the platform client whose request made it (docs/DESIGN.md "Platform
-- read-back"). Rows projected before stay without them; `npm run history:rebuild` repairs them
-- from the ledger's record. Both tables carry the columns so every read shows metadata without
-- a join.
ALTER TABLE history_transactions ADD COLUMN metadata jsonb, ADD COLUMN client_id text;
ALTER TABLE history_entries ADD COLUMN metadata jsonb, ADD COLUMN client_id text;
-- `metadata[key]=value` filters are containment (metadata @> '{"key":"value"}'), which this
-- index serves.
CREATE INDEX history_transactions_metadata_idx ON history_transactions USING gin (metadata jsonb_path_ops);
-- A platform client's own transactions, newest first; and a reference looked up exactly.
CREATE INDEX history_transactions_client_recent_idx ON history_transactions (client_id, created_at DESC, transaction_id DESC)
  WHERE client_id IS NOT NULL;
CREATE INDEX history_transactions_reference_idx ON history_transactions (reference, created_at DESC, transaction_id DESC)
  WHERE reference IS NOT NULL;
