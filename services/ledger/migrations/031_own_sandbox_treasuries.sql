-- A test-mode client's own sandbox treasuries (docs/decisions/0018-sandbox.md "Treasuries of each
-- test client's own"): in the sandbox a treasury code has one wallet per test client,
-- `treasury:<CODE>@<clientId>`, and a reset retires it under `treasury:<CODE>@<clientId>#<wallet
-- id>`, kept with its entries for the record; the next use opens a new one. So a code is unique
-- among the shared treasuries only (the four the first migration seeds, the only ones the live
-- ledger has), not among all wallets.
ALTER TABLE wallets DROP CONSTRAINT wallets_treasury_code_key;
CREATE UNIQUE INDEX wallets_shared_treasury_code_key ON wallets (treasury_code) WHERE wallet_key = 'treasury:' || treasury_code;
