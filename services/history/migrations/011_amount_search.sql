-- The transaction search by amount (exact, or a range) across every transaction, newest first:
-- without this index such a search walks history_transactions_recent_idx until it has found a
-- page, which for a rare amount is the whole table. An exact amount reads this index in order; a
-- range reads its slice of it and sorts. A search by party, client or reference already narrows
-- by its own index, and the amount is then checked on those rows. The migrations runner applies
-- each file in one transaction, where CONCURRENTLY is refused: the projection's writes wait while
-- the index is built (the consumer catches up after; reads go on).
CREATE INDEX history_transactions_amount_recent_idx ON history_transactions (amount, created_at DESC, transaction_id DESC);
