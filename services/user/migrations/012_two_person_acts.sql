-- Two-person acts (docs/DESIGN.md "Two-person acts"): granting ADMIN or SUPERADMIN, demoting a
-- SUPERADMIN, issuing an API key and registering a platform client are requests a second,
-- pre-existing SUPERADMIN approves. The id is UUIDv5 of the requesting command's id, so a
-- redelivered or retried command finds its row. `act` is what the approval applies, hashes of
-- the new secrets included (never a secret); the API shows it without them.
CREATE TABLE grant_requests (
  id               uuid        PRIMARY KEY,
  act              jsonb       NOT NULL,
  requested_by     jsonb       NOT NULL,
  status           text        NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  decided_by       jsonb,
  decided_at       timestamptz,
  rejection_reason text
);
CREATE INDEX grant_requests_created_at ON grant_requests (created_at DESC);

-- Since when an account has its role: an approver must have been a SUPERADMIN before the request
-- they approve was made. Rows already here count from now (no request is older than this column).
ALTER TABLE users ADD COLUMN role_since timestamptz NOT NULL DEFAULT now();

-- Who asked for and who approved a key or a client: no payment made with it goes to them. NULL:
-- an operator's (the CLI), or one made before approvals existed.
ALTER TABLE api_keys ADD COLUMN approved_by bigint;
ALTER TABLE platform_clients ADD COLUMN created_by bigint, ADD COLUMN approved_by bigint;

-- The deletions each SUPERADMIN made alone, with the balance they burned: counted in a rolling
-- day per requester (DELETION_WINDOW_DAILY_COINS / _COUNT); past it, deletions wait for a second
-- SUPERADMIN like large ones. Approved deletions had their second person and are not counted.
CREATE TABLE deletions_alone (
  user_id       bigint      PRIMARY KEY REFERENCES users (id),
  deleted_by    text        NOT NULL,
  balance_minor bigint      NOT NULL CHECK (balance_minor >= 0),
  deleted_at    timestamptz NOT NULL
);
CREATE INDEX deletions_alone_by_requester ON deletions_alone (deleted_by, deleted_at);
