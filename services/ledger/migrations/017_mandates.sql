-- Subscription mandates (docs/design/ledger.md "Mandates"): a user's standing permission for one
-- platform client to charge their wallet into SUBSCRIPTIONS once per period. A mandate lives in its
-- payer's partition, like a hold: rows are written by that partition only (the batch write), so a
-- grant, a cancel and every charge of one mandate are applied one after the other.
CREATE TABLE mandates (
  id              uuid        PRIMARY KEY,
  from_user_id    bigint      NOT NULL,
  client_id       text        NOT NULL CHECK (client_id ~ '^[A-Za-z0-9_-]{1,100}$'),
  amount          bigint      NOT NULL CHECK (amount > 0),
  max_per_period  bigint      NOT NULL CHECK (max_per_period >= amount),
  period          text        NOT NULL CHECK (period IN ('DAY', 'WEEK', 'MONTH')),
  reason          text        NOT NULL,
  starts_at       timestamptz NOT NULL,
  ends_at         timestamptz CHECK (ends_at > starts_at),
  status          text        NOT NULL CHECK (status IN ('ACTIVE', 'PAST_DUE', 'CANCELLED', 'ENDED')),
  -- Every period before next_period is paid; the durable schedule is next_charge_at.
  next_period     bigint      NOT NULL CHECK (next_period >= 0),
  next_charge_at  timestamptz,
  failed_attempts bigint      NOT NULL CHECK (failed_attempts >= 0),
  cancelled_by    text        CHECK (cancelled_by IN ('user', 'client')),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  -- Only an ACTIVE mandate is scheduled; only a CANCELLED one names who cancelled it.
  CHECK ((status = 'ACTIVE') = (next_charge_at IS NOT NULL)),
  CHECK ((status = 'CANCELLED') = (cancelled_by IS NOT NULL))
);
-- The scheduler reads the due ACTIVE mandates; the lists read a payer's (or a client's) newest first.
CREATE INDEX mandates_due_idx ON mandates (next_charge_at) WHERE status = 'ACTIVE';
CREATE INDEX mandates_payer_idx ON mandates (from_user_id, created_at DESC, id);
CREATE INDEX mandates_client_idx ON mandates (client_id, created_at DESC, id);

-- The batch write changes a mandate only while ACTIVE or PAST_DUE (ON CONFLICT … WHERE): fewer rows
-- written than the batch decided means another writer stopped it first (never expected with one
-- consumer per partition), so the statement fails and the batch is redone from fresh state.
CREATE FUNCTION assert_mandates_written(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written <> expected THEN
    RAISE EXCEPTION 'mandates changed under the batch: % of % rows written', written, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
