-- Deletions that wait for a second SUPERADMIN (docs/DESIGN.md "Deleting a user"): a user.delete
-- of a user whose wallet holds DELETION_APPROVAL_MIN_COINS or more is stored here instead of
-- applied. The id is UUIDv5 of the command id, so a redelivered or retried command finds its row.
CREATE TABLE deletion_requests (
  id               uuid        PRIMARY KEY,
  user_id          bigint      NOT NULL REFERENCES users (id),
  requested_by     jsonb       NOT NULL,
  balance_minor    bigint      NOT NULL CHECK (balance_minor >= 0),
  status           text        NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  decided_by       jsonb,
  decided_at       timestamptz,
  rejection_reason text
);
-- One pending request per user: a second deletion of the user answers the pending one.
CREATE UNIQUE INDEX deletion_requests_one_pending ON deletion_requests (user_id) WHERE status = 'PENDING';
CREATE INDEX deletion_requests_created_at ON deletion_requests (created_at DESC);
