-- A cash-out rate is asked for as every four-eyes act of the ledger is (docs/design/ledger.md
-- "Cash-out"): an approval request holding a ledger.set-cashout-rate, kept in the rate table's
-- partition (`cashout-rates`, named by its id's digit K = 5), which its approval applies: the
-- version is written then, under the request's id, and never changes. cashout_rates keeps the
-- approved versions only; the requests keep the rest (waiting, rejected, expired). An approved
-- request moves no coins, so it names no transaction (as 032, 034).
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_transaction_when_approved;
ALTER TABLE approval_requests
  ADD CONSTRAINT approval_requests_transaction_when_approved CHECK (
    CASE
      WHEN status = 'APPROVED' THEN transaction_id IS NOT NULL
        OR (command->>'type') IN ('ledger.reverse-cashout', 'ledger.set-commission', 'ledger.lift-freeze', 'ledger.clear-cashout',
                                  'ledger.set-cashout-rate')
      ELSE transaction_id IS NULL
    END
  );

-- The apply reads the requests waiting for a version, those that expire last first; the list reads
-- them all, newest first (domain/kinds/cashout-rates.ts, db/cashout-rate-rows.ts).
CREATE INDEX approval_requests_rate_pending_idx
  ON approval_requests (expires_at DESC) WHERE status = 'PENDING' AND command->>'type' = 'ledger.set-cashout-rate';
CREATE INDEX approval_requests_rate_idx
  ON approval_requests (created_at DESC, id) WHERE command->>'type' = 'ledger.set-cashout-rate';

-- The versions proposed or rejected before: kept as the requests they were, under their ids (of the
-- earlier layout, which name no route: listed, never decided again). A proposal still waiting
-- lapses now, as an unfreeze's did with 032: its ADMIN+ asks again.
INSERT INTO approval_requests
       (id, command, requested_by, status, created_at, expires_at, updated_at, decided_by, rejection_reason, transaction_id)
SELECT r.id,
       jsonb_build_object(
         'type', 'ledger.set-cashout-rate',
         'data', jsonb_build_object(
           'xafPerCoin', r.xaf_per_coin,
           'effectiveFrom', to_char(r.effective_from AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
       r.proposed_by,
       CASE r.status WHEN 'REJECTED' THEN 'REJECTED' ELSE 'EXPIRED' END,
       r.proposed_at,
       CASE r.status WHEN 'REJECTED' THEN r.expires_at ELSE LEAST(r.expires_at, greatest(now(), r.proposed_at)) END,
       CASE r.status WHEN 'REJECTED' THEN r.decided_at ELSE greatest(now(), r.proposed_at) END,
       CASE r.status WHEN 'REJECTED' THEN r.decided_by END,
       NULL, NULL
  FROM cashout_rates r
 WHERE r.status <> 'APPROVED'
ON CONFLICT (id) DO NOTHING;

ALTER TABLE cashout_rates DISABLE TRIGGER cashout_rates_immutable;
DELETE FROM cashout_rates WHERE status <> 'APPROVED';
ALTER TABLE cashout_rates ENABLE TRIGGER cashout_rates_immutable;
DROP INDEX cashout_rates_proposed_idx;
ALTER TABLE cashout_rates ADD CONSTRAINT cashout_rates_approved_only CHECK (status = 'APPROVED' AND decided_by IS NOT NULL);

-- A version, once written, never changes and is never deleted.
CREATE OR REPLACE FUNCTION cashout_rates_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a cash-out rate version is written once, approved, and never changed or deleted';
END
$$;
