-- Cash-out of coins to XAF (docs/CONTRACT.md "Cash-out"). A cash-out is a hold of the payer's
-- coins carrying its terms: the mobile money account, the provider (also the hold's settler), the
-- XAF amount and the rate that fixed it, and once settled the provider's word, the callback id that
-- carried it and the provider's reference. NULL: a hold that is no cash-out. The checks are the
-- last line behind the command schema: no writer that skipped it stores another shape.
ALTER TABLE holds
  ADD COLUMN cashout jsonb
    CHECK (cashout IS NULL OR (
      jsonb_typeof(cashout) = 'object'
      AND octet_length(cashout::text) <= 2048
      AND cashout->>'msisdn' ~ '^\+[1-9][0-9]{7,14}$'
      AND jsonb_typeof(cashout->'xafAmount') = 'number'
      AND (cashout->>'xafAmount')::numeric >= 0
      AND jsonb_typeof(cashout->'xafPerCoin') = 'number'
      AND (cashout->>'xafPerCoin')::numeric > 0
      AND coalesce(cashout->>'outcome', 'NONE') IN ('NONE', 'CONFIRMED', 'FAILED')
      -- A cash-out's coins stay with its payer until they are burned: it pays no one.
      AND to_user_id = from_user_id
      AND settler_client_id = cashout->>'providerClientId'
    ));

-- The reconciliation read: a provider's cash-outs by the day they were asked for.
CREATE INDEX holds_cashout_provider_idx ON holds ((cashout->>'providerClientId'), created_at) WHERE cashout IS NOT NULL;

-- What one user cashed out in a rolling day is a window like the four-eyes ones (scope `cashout:user:<id>`).
ALTER TABLE four_eyes_windows DROP CONSTRAINT four_eyes_windows_scope_check;
ALTER TABLE four_eyes_windows ADD CONSTRAINT four_eyes_windows_scope_check CHECK (scope ~ '^(actor|recipient|client|cashout):');
