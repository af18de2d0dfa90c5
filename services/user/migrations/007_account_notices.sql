-- Notices for an account's owner, shown once at their next login (docs/DESIGN.md "Registration
-- does not reveal accounts"): a registration with the e-mail address of an existing account
-- answers as a new one does, and the owner hears of it here instead. One undelivered notice per
-- account and kind, counting the attempts, so repeated attempts cannot grow the table.
CREATE TABLE account_notices (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint      NOT NULL REFERENCES users (id),
  kind         text        NOT NULL CHECK (kind IN ('REGISTRATION_ATTEMPT')),
  attempts     integer     NOT NULL CHECK (attempts > 0),
  first_at     timestamptz NOT NULL,
  last_at      timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE UNIQUE INDEX account_notices_one_undelivered ON account_notices (user_id, kind) WHERE delivered_at IS NULL;
