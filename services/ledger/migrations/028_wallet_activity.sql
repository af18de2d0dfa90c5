-- A wallet's activity (docs/design/ledger.md "Wallet activity"): how many times its balance rose
-- and fell and when it last did each, kept by the batch write from the balance changes it writes
-- (domain/kinds/wallet-activity.ts), so a dormancy report or a support question reads one row
-- instead of scanning the wallet's entries. The write adds each batch's counts to the row (it
-- never overwrites it), so it needs no version. Filled here from the entries written before.
CREATE TABLE wallet_activity (
  wallet_key     text        PRIMARY KEY,
  credits        bigint      NOT NULL DEFAULT 0 CHECK (credits >= 0),
  debits         bigint      NOT NULL DEFAULT 0 CHECK (debits >= 0),
  last_credit_at timestamptz,
  last_debit_at  timestamptz
);

INSERT INTO wallet_activity (wallet_key, credits, debits, last_credit_at, last_debit_at)
SELECT w.wallet_key,
       count(*) FILTER (WHERE e.amount > 0), count(*) FILTER (WHERE e.amount < 0),
       max(e.created_at) FILTER (WHERE e.amount > 0), max(e.created_at) FILTER (WHERE e.amount < 0)
  FROM entries e JOIN wallets w ON w.id = e.wallet_id
 GROUP BY w.wallet_key;
