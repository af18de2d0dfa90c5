-- A cash-out rate proposal lapses, as every four-eyes request does (docs/CONTRACT.md "Cash-out"):
-- at `expires_at`, APPROVAL_EXPIRY_S after it was proposed or a minute before its effective time,
-- whichever comes first; from then it reads EXPIRED, nobody decides it, and it no longer holds a
-- place among the waiting versions. Fixed when proposed, never changed (the trigger below).
ALTER TABLE cashout_rates ADD COLUMN expires_at timestamptz;
-- The versions made before: the default expiry (24 h) or a minute before their effective time.
ALTER TABLE cashout_rates DISABLE TRIGGER cashout_rates_immutable;
UPDATE cashout_rates
   SET expires_at = LEAST(proposed_at + interval '24 hours', effective_from - interval '60 seconds');
ALTER TABLE cashout_rates ENABLE TRIGGER cashout_rates_immutable;
ALTER TABLE cashout_rates ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE cashout_rates ADD CONSTRAINT cashout_rates_expires_after_proposal CHECK (expires_at >= proposed_at);

-- The apply reads the proposals that expire last (domain/kinds/cashout-rates.ts).
DROP INDEX cashout_rates_proposed_idx;
CREATE INDEX cashout_rates_proposed_idx ON cashout_rates (expires_at DESC) WHERE status = 'PROPOSED';

CREATE OR REPLACE FUNCTION cashout_rates_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'PROPOSED' OR NEW.id <> OLD.id OR NEW.xaf_per_coin <> OLD.xaf_per_coin
     OR NEW.effective_from <> OLD.effective_from OR NEW.proposed_by <> OLD.proposed_by OR NEW.proposed_at <> OLD.proposed_at
     OR NEW.expires_at <> OLD.expires_at THEN
    RAISE EXCEPTION 'a cash-out rate version is changed only from PROPOSED to its decision, and never deleted';
  END IF;
  RETURN NEW;
END
$$;
