-- Cash-out rate versions set by two people (docs/CONTRACT.md "Cash-out", docs/decisions/0015):
-- an ADMIN+ proposes XAF per coin from a time ahead, a different ADMIN+ approves or rejects it.
-- Written only by the partition of the key `cashout-rates` (the batch write), so every step is
-- applied in order; read by every cash-out's apply from every shard. A decided version never
-- changes: the batch write updates a row only while PROPOSED, and the trigger below refuses any
-- other change from any writer. The checks are the last line behind the command schema.
CREATE TABLE cashout_rates (
  id              uuid        PRIMARY KEY,
  xaf_per_coin    integer     NOT NULL CHECK (xaf_per_coin BETWEEN 1 AND 1000000),
  effective_from  timestamptz NOT NULL,
  status          text        NOT NULL CHECK (status IN ('PROPOSED', 'APPROVED', 'REJECTED')),
  proposed_by     jsonb       NOT NULL CHECK (jsonb_typeof(proposed_by) = 'object' AND octet_length(proposed_by::text) <= 256),
  proposed_at     timestamptz NOT NULL,
  decided_by      jsonb       CHECK (decided_by IS NULL OR (jsonb_typeof(decided_by) = 'object' AND octet_length(decided_by::text) <= 256)),
  decided_at      timestamptz,
  -- A version takes effect after it was proposed; a decided one names who decided it and when.
  CHECK (effective_from > proposed_at),
  CHECK ((status = 'PROPOSED') = (decided_by IS NULL)),
  CHECK ((decided_by IS NULL) = (decided_at IS NULL)),
  -- Two people: the proposer never approves their own version.
  CHECK (status <> 'APPROVED' OR decided_by <> proposed_by)
);
-- The apply reads the waiting versions and the newest approved ones by effective time.
CREATE INDEX cashout_rates_approved_idx ON cashout_rates (effective_from DESC) WHERE status = 'APPROVED';
CREATE INDEX cashout_rates_proposed_idx ON cashout_rates (proposed_at) WHERE status = 'PROPOSED';

-- A decided version is immutable, and no version is ever deleted: the record of who set which rate.
CREATE FUNCTION cashout_rates_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'PROPOSED' OR NEW.id <> OLD.id OR NEW.xaf_per_coin <> OLD.xaf_per_coin
     OR NEW.effective_from <> OLD.effective_from OR NEW.proposed_by <> OLD.proposed_by OR NEW.proposed_at <> OLD.proposed_at THEN
    RAISE EXCEPTION 'a cash-out rate version is changed only from PROPOSED to its decision, and never deleted';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER cashout_rates_immutable BEFORE UPDATE OR DELETE ON cashout_rates
  FOR EACH ROW EXECUTE FUNCTION cashout_rates_immutable();

-- The batch write changes a version only while PROPOSED (ON CONFLICT … WHERE): fewer rows written
-- than the batch decided means another writer decided it first, so the statement fails and the
-- batch is redone from fresh state.
CREATE FUNCTION assert_cashout_rates_written(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written <> expected THEN
    RAISE EXCEPTION 'cash-out rates changed under the batch: % of % rows written', written, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
