-- A test-mode client's balance monitor in the sandbox watches its own treasury (docs/decisions/
-- 0018-sandbox.md "Treasuries of each test client's own"): its wallet key is that treasury's,
-- `treasury:<CODE>@<clientId>`, and only that client's own monitor may name it.
ALTER TABLE balance_monitors DROP CONSTRAINT balance_monitors_wallet_key_check;
ALTER TABLE balance_monitors ADD CONSTRAINT balance_monitors_wallet_key_check CHECK (
  wallet_key ~ '^(user:[1-9][0-9]{0,15}|treasury:[A-Z_]{1,32})$'
  OR (client_id IS NOT NULL AND wallet_key ~ '^treasury:[A-Z_]{1,32}@test_' AND split_part(wallet_key, '@', 2) = client_id)
);
