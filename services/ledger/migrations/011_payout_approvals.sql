-- A person's payout past the four-eyes window waits as an approval request (docs/DESIGN.md
-- "Payouts"), and its approval applies every line: one transaction per line, each naming the
-- request. transactions_approval_id_idx (006) admitted one transaction per approval; it becomes
-- one transaction per approval and reference. A payout's lines are referenced `<reference>#<i>`,
-- so they differ; any other approved command writes one transaction with no reference, and
-- NULLS NOT DISTINCT (PostgreSQL 15) keeps a second one of the same approval out as before. An
-- approval is still applied at most once: its request is decided only while PENDING
-- (assert_approvals_written), and a second write of a line would repeat its reference.
CREATE UNIQUE INDEX transactions_approval_reference_idx
  ON transactions (approval_id, reference) NULLS NOT DISTINCT
  WHERE approval_id IS NOT NULL;
DROP INDEX transactions_approval_id_idx;
