-- Deleted users keep a tombstone row (id, role, timestamps) with every personal field erased:
-- transactions keep pointing at a real id, and the email can be registered again.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ALTER COLUMN email_normalized DROP NOT NULL;
ALTER TABLE users ALTER COLUMN full_name DROP NOT NULL;
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_deleted_erased CHECK (
  deleted_at IS NULL OR (email IS NULL AND email_normalized IS NULL AND full_name IS NULL AND password_hash IS NULL)
);
ALTER TABLE users ADD CONSTRAINT users_live_complete CHECK (
  deleted_at IS NOT NULL OR (email IS NOT NULL AND email_normalized IS NOT NULL AND full_name IS NOT NULL AND password_hash IS NOT NULL)
);

-- API keys for mint/burn/refund (docs/CONTRACT.md "Authentication and roles"). Only the SHA-256 of the 256-bit secret is stored.
CREATE TABLE api_keys (
  id          uuid PRIMARY KEY,
  name        text        NOT NULL,
  scopes      text[]      NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['mint', 'burn', 'refund']),
  key_hash    text        NOT NULL UNIQUE,
  created_by  bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);

-- Platform clients (client credentials -> SYSTEM tokens). Only the secret's SHA-256 is stored.
CREATE TABLE platform_clients (
  id          text PRIMARY KEY,
  name        text        NOT NULL,
  secret_hash text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
