-- Holds and spending limits (docs/DESIGN.md "Holds", "Spending limits"). Both live in the payer's
-- wallet row and its partition, like the balance: `held` is Σ of the wallet's PENDING holds and
-- never passes the balance, `spending` counts the outgoing debits the limits judge, `limits`
-- holds the wallet's own overrides of its role's defaults.
ALTER TABLE wallets
  ADD COLUMN held     bigint NOT NULL DEFAULT 0 CHECK (held >= 0),
  ADD COLUMN spending jsonb  NOT NULL DEFAULT '[]',
  ADD COLUMN limits   jsonb,
  ADD CONSTRAINT wallets_held_within_balance CHECK (held <= balance);

-- A hold: coins of a payer reserved for a recipient until captured, voided or expired. Rows are
-- written by the payer's partition only (the batch write), which also bumps the wallet's version.
CREATE TABLE holds (
  id              uuid        PRIMARY KEY,
  from_user_id    bigint      NOT NULL,
  to_user_id      bigint,
  to_treasury     text,
  amount          bigint      NOT NULL CHECK (amount > 0),
  reason          text        NOT NULL,
  reference       text,
  status          text        NOT NULL CHECK (status IN ('PENDING', 'CAPTURED', 'VOIDED', 'EXPIRED')),
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  captured_amount bigint      CHECK (captured_amount > 0 AND captured_amount <= amount),
  transaction_id  bigint,
  CHECK ((to_user_id IS NULL) <> (to_treasury IS NULL)),
  -- Captured ⇔ a transaction and an amount are recorded.
  CHECK ((status = 'CAPTURED') = (transaction_id IS NOT NULL AND captured_amount IS NOT NULL))
);
-- The expiry sweep reads the due pending holds; the lists read a payer's holds newest first.
CREATE INDEX holds_pending_expiry_idx ON holds (expires_at) WHERE status = 'PENDING';
CREATE INDEX holds_payer_idx ON holds (from_user_id, created_at DESC, id);
CREATE INDEX holds_created_idx ON holds (created_at DESC, id);

-- A capture's transaction names its hold; one hold is captured by at most one transaction.
ALTER TABLE transactions ADD COLUMN hold_id uuid;
CREATE UNIQUE INDEX transactions_hold_id_idx ON transactions (hold_id) WHERE hold_id IS NOT NULL;

-- The batch write resolves a hold only while it is PENDING (ON CONFLICT … WHERE): fewer rows
-- written than the batch decided means another writer resolved it first (never expected with one
-- consumer per partition), so the statement fails and the batch is redone from fresh state.
CREATE FUNCTION assert_holds_written(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written <> expected THEN
    RAISE EXCEPTION 'holds changed under the batch: % of % rows written', written, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
