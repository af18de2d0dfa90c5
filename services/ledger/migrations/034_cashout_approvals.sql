-- A cash-out above the four-eyes threshold waits for its second person as every four-eyes request
-- of the ledger does (docs/design/ledger.md "Approvals"): the cash-out makes an approval request
-- holding a ledger.clear-cashout, in its payer's name, under the cash-out's id read as a request's
-- (its digit R set to 0: a request kept in the payer's partition, holding no payout), lapsing with
-- its hold. Its approval moves no coins, so its APPROVED request names no transaction (as 032).
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_transaction_when_approved;
ALTER TABLE approval_requests
  ADD CONSTRAINT approval_requests_transaction_when_approved CHECK (
    CASE
      WHEN status = 'APPROVED' THEN transaction_id IS NOT NULL
        OR (command->>'type') IN ('ledger.reverse-cashout', 'ledger.set-commission', 'ledger.lift-freeze', 'ledger.clear-cashout')
      ELSE transaction_id IS NULL
    END
  );

-- The cash-outs that waited for their second person before: each gets its request, as the cash-out
-- would make it now. One whose id names no payer (issued before ids did) gets none: no route could
-- decide it by its id before either, and it lapses with its hold.
INSERT INTO approval_requests
       (id, command, requested_by, status, created_at, expires_at, updated_at, decided_by, rejection_reason, transaction_id)
SELECT overlay(h.id::text PLACING '0' FROM 21 FOR 1)::uuid,
       jsonb_build_object(
         'type', 'ledger.clear-cashout',
         'data', jsonb_build_object('holdId', h.id::text, 'fromUserId', h.from_user_id, 'amount', h.amount)),
       jsonb_build_object('kind', 'user', 'id', h.from_user_id::text),
       'PENDING', h.created_at, h.expires_at, h.created_at, NULL, NULL, NULL
  FROM holds h
 WHERE h.status = 'PENDING'
   AND h.cashout IS NOT NULL
   AND jsonb_typeof(h.cashout->'secondPerson') = 'object'
   AND h.cashout->'secondPerson'->'approvedBy' = 'null'::jsonb
   AND h.id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$'
ON CONFLICT (id) DO NOTHING;

-- A cash-out's second person answers with the cash-out (its approval and its rejection, as a
-- claimed cash-out's reversal's approval always did), and so with its account: the erasure of a
-- deleted user's number reaches those stored replies too (docs/design/data.md "Erasure"; the
-- types of domain/kinds/processed-commands.ts `cashoutReplyTypes`). The decision of before, kept
-- for the replies stored under it.
DROP INDEX processed_commands_cashout_user_idx;
CREATE INDEX processed_commands_cashout_user_idx
  ON processed_commands (((reply::jsonb -> 'cashout' ->> 'userId')))
  WHERE ok AND type IN ('ledger.cashout', 'ledger.claim-cashout', 'ledger.settle-cashout', 'ledger.decide-cashout',
                        'ledger.approve', 'ledger.reject-approval');

CREATE OR REPLACE FUNCTION erase_cashout_accounts(user_ids bigint[]) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  erased bigint;
BEGIN
  IF cardinality(user_ids) > 10000 THEN
    RAISE EXCEPTION 'erase_cashout_accounts: % users in one call, at most 10000', cardinality(user_ids)
      USING ERRCODE = 'program_limit_exceeded';
  END IF;
  UPDATE processed_commands
     SET reply = jsonb_set(reply::jsonb, '{cashout,msisdn}', 'null'::jsonb)::text
   WHERE ok AND type IN ('ledger.cashout', 'ledger.claim-cashout', 'ledger.settle-cashout', 'ledger.decide-cashout',
                         'ledger.approve', 'ledger.reject-approval')
     AND (reply::jsonb -> 'cashout' ->> 'userId') = ANY(user_ids::text[])
     AND reply::jsonb -> 'cashout' -> 'msisdn' <> 'null'::jsonb;
  GET DIAGNOSTICS erased = ROW_COUNT;
  RETURN erased;
END
$$;
