-- Four-eyes approval of large money commands (docs/DESIGN.md "Approvals"). A request is written
-- by the partition that would apply its command, like every later step of it; an approval applies
-- the command in the same batch write that marks the request APPROVED.
CREATE TABLE approval_requests (
  id               uuid        PRIMARY KEY,
  -- The command as its request asked for it ({type, data}, minor units); parsed again when read.
  command          jsonb       NOT NULL,
  requested_by     jsonb       NOT NULL,
  status           text        NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  decided_by       jsonb,
  rejection_reason text,
  transaction_id   bigint,
  CHECK ((status = 'APPROVED') = (transaction_id IS NOT NULL)),
  CHECK ((status IN ('APPROVED', 'REJECTED')) = (decided_by IS NOT NULL))
);
CREATE INDEX approval_requests_pending_expiry_idx ON approval_requests (expires_at) WHERE status = 'PENDING';
CREATE INDEX approval_requests_created_idx ON approval_requests (created_at DESC, id);

-- A transaction an approval applied names the request, who asked and who approved (user ids).
ALTER TABLE transactions
  ADD COLUMN approval_id  uuid,
  ADD COLUMN requested_by bigint,
  ADD COLUMN approved_by  bigint;
CREATE UNIQUE INDEX transactions_approval_id_idx ON transactions (approval_id) WHERE approval_id IS NOT NULL;

-- As for holds: a request is decided only while PENDING; fewer rows written than decided means a
-- second writer got there first, and the batch is redone from fresh state.
CREATE FUNCTION assert_approvals_written(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written <> expected THEN
    RAISE EXCEPTION 'approval requests changed under the batch: % of % rows written', written, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
