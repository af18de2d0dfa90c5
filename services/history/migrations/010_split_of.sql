-- The projection keeps what the ledger's transaction carries since @coin/events 1.7.0: the
-- PURCHASE an affiliate's commission, its fronted refund or its clawback was split from
-- (docs/CONTRACT.md "Affiliate splits"), so a statement links each leg to its purchase. Rows
-- projected before stay without it; `npm run history:rebuild` repairs them from the ledger's record.
ALTER TABLE history_transactions ADD COLUMN split_of bigint;
ALTER TABLE history_entries ADD COLUMN split_of bigint;
