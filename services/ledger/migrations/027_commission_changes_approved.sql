-- A commission rule is changed by two people (docs/CONTRACT.md "Affiliate splits"): an approval
-- request holds the change, and its approval sets the rule and moves no coins, so its APPROVED
-- request names no transaction, like a cash-out's reversal (026). Every other command a request
-- holds still names one once APPROVED, and none before.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_transaction_when_approved;
ALTER TABLE approval_requests
  ADD CONSTRAINT approval_requests_transaction_when_approved CHECK (
    CASE
      WHEN status = 'APPROVED' THEN transaction_id IS NOT NULL OR (command->>'type') IN ('ledger.reverse-cashout', 'ledger.set-commission')
      ELSE transaction_id IS NULL
    END
  );
