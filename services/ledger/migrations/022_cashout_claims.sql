-- A payout provider claims a cash-out before its callback settles it (docs/CONTRACT.md "Cash-out",
-- docs/decisions/0015-cash-out-as-a-hold.md). The terms gain `claimedBy` (the platform client,
-- granted `cashout`, that took it to pay) and `claimedAt`; `providerClientId` is now the provider
-- the user named, or null when any granted provider may claim it. The hold's settler is its
-- claimer, none before the claim: migration 018's check, which tied the settler to the provider
-- named, becomes one that ties it to the claimer.
DO $$
DECLARE
  found text;
BEGIN
  FOR found IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'holds'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%providerClientId%'
  LOOP
    EXECUTE format('ALTER TABLE holds DROP CONSTRAINT %I', found);
  END LOOP;
END
$$;

-- Cash-outs asked for before claims existed went to the provider they named, which settled them
-- directly: each counts as claimed by it when it was asked for, so that provider still settles it.
UPDATE holds
   SET cashout = cashout || jsonb_build_object('claimedBy', cashout->'providerClientId', 'claimedAt', to_jsonb(created_at))
 WHERE cashout IS NOT NULL AND NOT cashout ? 'claimedBy';

ALTER TABLE holds
  ADD CONSTRAINT holds_cashout_check
    CHECK (cashout IS NULL OR (
      jsonb_typeof(cashout) = 'object'
      AND octet_length(cashout::text) <= 2048
      AND cashout->>'msisdn' ~ '^\+[1-9][0-9]{7,14}$'
      AND jsonb_typeof(cashout->'xafAmount') = 'number'
      AND (cashout->>'xafAmount')::numeric >= 0
      AND jsonb_typeof(cashout->'xafPerCoin') = 'number'
      AND (cashout->>'xafPerCoin')::numeric > 0
      AND coalesce(cashout->>'outcome', 'NONE') IN ('NONE', 'CONFIRMED', 'FAILED')
      AND to_user_id = from_user_id
      -- Named or not; claimed only by the provider named, when one was.
      AND coalesce(jsonb_typeof(cashout->'providerClientId'), 'null') IN ('null', 'string')
      AND coalesce(jsonb_typeof(cashout->'claimedBy'), 'null') IN ('null', 'string')
      AND (cashout->>'providerClientId' IS NULL OR cashout->>'claimedBy' IS NULL OR cashout->>'claimedBy' = cashout->>'providerClientId')
      -- The claimer alone settles it; before a claim, no client does.
      AND settler_client_id IS NOT DISTINCT FROM cashout->>'claimedBy'
      -- Settled by a provider's word only once claimed.
      AND (cashout->>'outcome' IS NULL OR cashout->>'claimedBy' IS NOT NULL)
    ));

-- The queue and the reconciliation read a cash-out under its claimer, else the provider named.
DROP INDEX IF EXISTS holds_cashout_provider_idx;
CREATE INDEX holds_cashout_provider_idx
  ON holds ((coalesce(cashout->>'claimedBy', cashout->>'providerClientId')), created_at) WHERE cashout IS NOT NULL;
