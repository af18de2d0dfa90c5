-- Balance changes (docs/DESIGN.md "Balance changes"): every entry is one change of one wallet's
-- balance, numbered per wallet 1, 2, 3… with no gap, and it keeps the balance it left, so the
-- coin.balance.changed event of any change can be rebuilt from the entry alone
-- (`GET /internal/wallets/by-user/:userId/balance-changes`). The wallet row keeps the number of
-- its last change; the apply writes both with the batch, so they move together.
ALTER TABLE wallets ADD COLUMN balance_sequence bigint NOT NULL DEFAULT 0 CHECK (balance_sequence >= 0);
ALTER TABLE entries ADD COLUMN sequence bigint, ADD COLUMN balance_after bigint;

-- Entries written before this migration are numbered here, per wallet in the order they were
-- applied as far as the record tells it (commit time, then transaction id within one apply), and
-- their balances after are the running sums: the chain ends at the wallet's balance, which
-- `npm run audit` checks. The record is append-only (migration 008); the owner lifts the guard for
-- this one statement, inside the migration's transaction.
ALTER TABLE entries DISABLE TRIGGER entries_no_update_delete;
UPDATE entries e
   SET sequence = n.sequence, balance_after = n.balance_after
  FROM (SELECT transaction_id, wallet_id,
               row_number() OVER w AS sequence,
               sum(amount) OVER w AS balance_after
          FROM entries
        WINDOW w AS (PARTITION BY wallet_id ORDER BY created_at, transaction_id)) n
 WHERE e.transaction_id = n.transaction_id AND e.wallet_id = n.wallet_id;
ALTER TABLE entries ENABLE TRIGGER entries_no_update_delete;
UPDATE wallets w SET balance_sequence = c.changes
  FROM (SELECT wallet_id, count(*) AS changes FROM entries GROUP BY wallet_id) c
 WHERE w.id = c.wallet_id;

-- From here every entry has both: a ledger of the previous version, still running during a
-- rollout, cannot write an entry without them (its batches fail and are retried until its
-- partitions move to a new ledger), so no change goes unnumbered.
ALTER TABLE entries ALTER COLUMN sequence SET NOT NULL,
                    ALTER COLUMN balance_after SET NOT NULL,
                    ADD CONSTRAINT entries_sequence_positive CHECK (sequence > 0),
                    ADD CONSTRAINT entries_balance_after_nonnegative CHECK (balance_after >= 0);
-- One change per number per wallet, and the read of a wallet's changes after a sequence.
CREATE UNIQUE INDEX entries_wallet_sequence_idx ON entries (wallet_id, sequence);
