CREATE TABLE users (
  id               bigserial PRIMARY KEY,
  email            text        NOT NULL,
  email_normalized text        NOT NULL,
  full_name        text        NOT NULL,
  password_hash    text        NOT NULL,
  role             text        NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN')),
  is_verified      boolean     NOT NULL DEFAULT false,
  token_version    integer     NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_normalized_key ON users (email_normalized);
CREATE INDEX users_role_idx ON users (role);

CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY,
  user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id   uuid        NOT NULL,
  token_hash  text        NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- The outcome of every command, stored with its effects: a redelivered command gets it back.
CREATE TABLE processed_commands (
  command_id uuid PRIMARY KEY,
  type       text        NOT NULL,
  ok         boolean     NOT NULL,
  reply      jsonb       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id           bigserial PRIMARY KEY,
  topic        text        NOT NULL,
  key          text        NOT NULL,
  headers      jsonb       NOT NULL DEFAULT '{}',
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;
