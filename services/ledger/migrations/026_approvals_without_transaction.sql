-- A cash-out's reversal (docs/CONTRACT.md "Cash-out") is applied by an approval that moves no
-- coins: it releases the cash-out's hold to its payer, so its APPROVED request names no
-- transaction. 006 required a transaction of every APPROVED request; that stays the rule for every
-- other command a request holds, and a request names a transaction only once APPROVED.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_check;
ALTER TABLE approval_requests
  ADD CONSTRAINT approval_requests_transaction_when_approved CHECK (
    CASE
      WHEN status = 'APPROVED' THEN transaction_id IS NOT NULL OR (command->>'type') = 'ledger.reverse-cashout'
      ELSE transaction_id IS NULL
    END
  );
