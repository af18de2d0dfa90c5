-- Lifting a freeze is a four-eyes act like every other of the ledger (docs/design/ledger.md
-- "Freezes"): its request is an approval request holding a ledger.lift-freeze, and its approval
-- lifts the freeze and moves no coins, so its APPROVED request names no transaction (as 027).
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_transaction_when_approved;
ALTER TABLE approval_requests
  ADD CONSTRAINT approval_requests_transaction_when_approved CHECK (
    CASE
      WHEN status = 'APPROVED' THEN transaction_id IS NOT NULL
        OR (command->>'type') IN ('ledger.reverse-cashout', 'ledger.set-commission', 'ledger.lift-freeze')
      ELSE transaction_id IS NULL
    END
  );

-- A frozen wallet's standing request is found by its wallet (db/freeze-reads.ts).
CREATE INDEX approval_requests_lift_freeze_idx
  ON approval_requests (((command->'data'->>'userId')::bigint), created_at DESC)
  WHERE command->>'type' = 'ledger.lift-freeze';

-- The freeze kept its pending request inside itself before; such a request is not carried over
-- (it would lapse within the approval expiry anyway, and the audit log keeps it): its ADMIN+ asks
-- again. Every freeze stays as it was.
UPDATE wallets SET freeze_state = freeze_state - 'unfreezeRequest' WHERE freeze_state ? 'unfreezeRequest';
