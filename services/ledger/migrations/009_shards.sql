-- Ledger shards (docs/DESIGN.md "Shards"): a refund is written by its treasury's partition and a
-- return by the closed recipient's, while the transaction they name was written by the payer's
-- partition, which may live in another database. A foreign key cannot reach there, so these two
-- go; `npm run audit` checks refunds against their purchases over every shard instead.
ALTER TABLE transactions DROP CONSTRAINT IF EXISTS transactions_refund_of_fkey;
ALTER TABLE transactions DROP CONSTRAINT IF EXISTS transactions_returns_fkey;
