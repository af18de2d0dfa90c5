-- Each transaction an approval applies has a place of its own (docs/design/ledger.md
-- "Approvals"): 0 for the command's transaction, then 1, 2, ... for the transactions it writes
-- beside it (a payout's lines, a split purchase's refunded commission). transactions_approval_reference_idx
-- (011) keyed them by reference, NULLS NOT DISTINCT, so an approved refund of a split purchase,
-- whose REFUND and commission TRANSFER both carry no reference, was refused by the index. An
-- approval is still applied at most once: a second write repeats place 0.
ALTER TABLE transactions ADD COLUMN approval_leg integer CHECK (approval_leg >= 0);

-- The transactions written so far: their places in id order (the order each apply wrote them).
UPDATE transactions t
   SET approval_leg = numbered.leg
  FROM (SELECT id, row_number() OVER (PARTITION BY approval_id ORDER BY id) - 1 AS leg
          FROM transactions WHERE approval_id IS NOT NULL) numbered
 WHERE t.id = numbered.id;

ALTER TABLE transactions
  ADD CONSTRAINT transactions_approval_leg_with_id CHECK ((approval_id IS NULL) = (approval_leg IS NULL));

CREATE UNIQUE INDEX transactions_approval_leg_idx ON transactions (approval_id, approval_leg) WHERE approval_id IS NOT NULL;
DROP INDEX transactions_approval_reference_idx;
