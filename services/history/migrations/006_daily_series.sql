-- Daily series (docs/DESIGN.md "Daily series"): the daily volume groups every transaction of a
-- range by UTC day and type, and the supply sums the MINT and BURN transactions. The two indexes
-- over history_transactions carry the type and the amount, so both reads are index-only range
-- scans. Each replaces the index of the same name and keys (as migration 005 did for the
-- per-party index): history writes maintain as many indexes as before.
DROP INDEX history_transactions_recent_idx;
CREATE INDEX history_transactions_recent_idx ON history_transactions (created_at DESC, transaction_id DESC) INCLUDE (type, amount);
DROP INDEX history_transactions_type_recent_idx;
CREATE INDEX history_transactions_type_recent_idx ON history_transactions (type, created_at DESC, transaction_id DESC) INCLUDE (amount);
