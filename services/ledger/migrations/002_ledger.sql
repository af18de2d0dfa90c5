-- The ledger proper: transactions, their entries, and what the exactly-once apply needs.

-- Only the wallet's own partition consumer writes a wallet row. `version` makes that checkable:
-- every batch update says which version it read, so a stale consumer (a zombie after a
-- rebalance) fails its transaction instead of overwriting a newer balance.
ALTER TABLE wallets ADD COLUMN version bigint NOT NULL DEFAULT 0;
-- Balance updates touch no indexed column; free space on each page lets them stay HOT (no
-- index writes), which matters when a batch rewrites thousands of wallets.
ALTER TABLE wallets SET (fillfactor = 70);

-- Amounts are positive integer minor units. Ids come from the sequence (transaction ids are
-- integers, docs/CONTRACT.md "Resources"); the apply stage reserves them with nextval before it writes.
CREATE TABLE transactions (
  id            bigserial   PRIMARY KEY,
  type          text        NOT NULL CHECK (type IN ('MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND')),
  amount        bigint      NOT NULL CHECK (amount > 0),
  from_user_id  bigint,
  to_user_id    bigint,
  from_treasury text,
  to_treasury   text,
  reason        text        NOT NULL,
  reference     text,
  -- REFUND: the purchase it refunds. The sum of refunds of one purchase never exceeds it.
  refund_of     bigint      REFERENCES transactions (id),
  -- A return of coins a closed wallet could not take: the transaction that was returned.
  returns       bigint      REFERENCES transactions (id),
  command_id    uuid        NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX transactions_refund_of_idx ON transactions (refund_of) WHERE refund_of IS NOT NULL;

-- One row per (transaction, wallet): the debit side and the credit side of a transaction are
-- written by the partitions of their wallets, and the primary key makes a credit leg that is
-- delivered twice apply once. amount is signed: negative debits, positive credits.
-- No foreign keys here: each would add a lookup and a KEY SHARE row lock on the hot path for
-- every entry; the apply stage writes only ids it just loaded or created, and `npm run audit`
-- checks that every wallet's balance is the sum of its entries.
CREATE TABLE entries (
  transaction_id bigint      NOT NULL,
  wallet_id      uuid        NOT NULL,
  amount         bigint      NOT NULL CHECK (amount <> 0),
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (transaction_id, wallet_id)
);

-- Identifies the request behind a command id (route + canonical body): the same
-- Idempotency-Key with another body is refused instead of answered with the old outcome.
ALTER TABLE processed_commands ADD COLUMN request_hash text;

-- Outbox payloads and stored replies are kept as the exact JSON text that is published or
-- replayed: the apply stage writes thousands per batch, and parsing each into jsonb cost about
-- four times as much as storing the text (measured; see docs/DESIGN.md "Performance"). Nothing
-- queries inside them; `reply::json` still works for an operator.
ALTER TABLE outbox ALTER COLUMN headers DROP DEFAULT;
ALTER TABLE outbox ALTER COLUMN headers TYPE text USING headers::text;
ALTER TABLE outbox ALTER COLUMN headers SET DEFAULT '{}';
ALTER TABLE outbox ALTER COLUMN payload TYPE text USING payload::text;
ALTER TABLE processed_commands ALTER COLUMN reply TYPE text USING reply::text;
