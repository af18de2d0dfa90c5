-- A deleted user's mobile money number is erased (docs/design/data.md "Erasure"): the close of
-- their wallet sets it to null in the terms of their cash-outs and in the stored replies of their
-- cash-out commands, in the close's own write (db/batch-write.ts). Everything else is kept: the
-- amounts, the rate, the XAF amount, the provider, the states and the times the reconciliation
-- and the supply audit read.

-- The terms' number is an MSISDN, or null once erased (the key stays).
ALTER TABLE holds DROP CONSTRAINT holds_cashout_check;
ALTER TABLE holds
  ADD CONSTRAINT holds_cashout_check
    CHECK (cashout IS NULL OR (
      jsonb_typeof(cashout) = 'object'
      AND octet_length(cashout::text) <= 2048
      AND (cashout->'msisdn' = 'null'::jsonb OR cashout->>'msisdn' ~ '^\+[1-9][0-9]{7,14}$')
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

-- The stored replies that show a cash-out, by its payer: the erasure finds a user's among them
-- without reading every stored outcome. Only these rows are indexed (the types of
-- apply/outcomes.ts `cashoutReplyTypes`), so other commands' writes pay nothing.
CREATE INDEX processed_commands_cashout_user_idx
  ON processed_commands (((reply::jsonb -> 'cashout' ->> 'userId')))
  WHERE ok AND type IN ('ledger.cashout', 'ledger.claim-cashout', 'ledger.settle-cashout', 'ledger.decide-cashout');

-- The runtime role holds only SELECT and INSERT on processed_commands (an outcome, once stored,
-- answers every retry): this function is its one way to change a stored outcome, and only this
-- way: the number of a cash-out reply of the users named becomes null. Returns the replies changed.
-- Bounded, since whoever holds the runtime role may call it: at most 10,000 users a call.
CREATE FUNCTION erase_cashout_accounts(user_ids bigint[]) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  erased bigint;
BEGIN
  IF cardinality(user_ids) > 10000 THEN
    RAISE EXCEPTION 'erase_cashout_accounts: % users in one call, at most 10000', cardinality(user_ids)
      USING ERRCODE = 'program_limit_exceeded';
  END IF;
  UPDATE processed_commands
     SET reply = jsonb_set(reply::jsonb, '{cashout,msisdn}', 'null'::jsonb)::text
   WHERE ok AND type IN ('ledger.cashout', 'ledger.claim-cashout', 'ledger.settle-cashout', 'ledger.decide-cashout')
     AND (reply::jsonb -> 'cashout' ->> 'userId') = ANY(user_ids::text[])
     AND reply::jsonb -> 'cashout' -> 'msisdn' <> 'null'::jsonb;
  GET DIAGNOSTICS erased = ROW_COUNT;
  RETURN erased;
END
$$;
