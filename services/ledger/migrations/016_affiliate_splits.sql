-- Affiliate splits (docs/CONTRACT.md "Affiliate splits"). A treasury's wallet row keeps its
-- commission rules, one per platform client, so the purchase that names an affiliate reads the
-- rule in the batch read that already loads the treasury's wallet, and the rule is written by the
-- treasury's own partition like its limits. The command schema bounds a rule (a share of at most
-- 5000 basis points, or a fixed amount of at most 1,000,000 minor units) and the ledger parses the
-- stored value again; the CHECK bounds the size, so no writer that skipped both stores an
-- unbounded value (100 rules of a client id of 100 characters and a rule fit far below 64 KiB).
ALTER TABLE wallets
  ADD COLUMN commissions jsonb
    CHECK (commissions IS NULL OR (treasury_code IS NOT NULL AND jsonb_typeof(commissions) = 'object' AND octet_length(commissions::text) <= 65536));

-- An affiliate's commission (a TRANSFER from the buyer to the affiliate) and the clawback of it
-- at a refund name the PURCHASE they were split from.
ALTER TABLE transactions ADD COLUMN split_of bigint CHECK (split_of IS NULL OR split_of > 0);
CREATE INDEX transactions_split_of ON transactions (split_of) WHERE split_of IS NOT NULL;
