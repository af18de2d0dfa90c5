-- A person's reward (POST /api/admin/reward) needs an API key with the `reward` scope, like
-- mint, burn and refund (docs/DESIGN.md "API keys"): the scope joins the allowed list.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check
  CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['mint', 'burn', 'refund', 'reward']);
