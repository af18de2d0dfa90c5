-- Admin sign-in (docs/DESIGN.md "Admin sign-in: second factor and step-up").
-- TOTP: the secret sealed with MFA_ENCRYPTION_SECRET (never in the database in clear); pending until the
-- first code confirms it. The last accepted time step refuses a code used before (replay); wrong
-- codes are counted per account and window (MFA_FAILURES_MAX per MFA_FAILURE_WINDOW_S).
ALTER TABLE users ADD COLUMN mfa_secret_sealed text;
ALTER TABLE users ADD COLUMN mfa_pending_secret_sealed text;
ALTER TABLE users ADD COLUMN mfa_enrolled_at timestamptz;
ALTER TABLE users ADD COLUMN mfa_last_step bigint;
ALTER TABLE users ADD COLUMN mfa_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN mfa_failures_since timestamptz;
ALTER TABLE users ADD CONSTRAINT users_mfa_enrolled CHECK ((mfa_secret_sealed IS NULL) = (mfa_enrolled_at IS NULL));

-- One-time recovery codes: SHA-256 of 80 random bits each; used_at set by their one use.
CREATE TABLE mfa_recovery_codes (
  user_id    bigint      NOT NULL REFERENCES users (id),
  code_hash  text        NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- The challenge a password sign-in of an enrolled account answers with (5 minutes, one use).
CREATE TABLE mfa_challenges (
  challenge_hash text        PRIMARY KEY CHECK (challenge_hash ~ '^[0-9a-f]{64}$'),
  user_id        bigint      NOT NULL REFERENCES users (id),
  expires_at     timestamptz NOT NULL
);
CREATE INDEX mfa_challenges_expires_at ON mfa_challenges (expires_at);

-- Password reset through a one-time code an operator issues (`npm run admin -- reset-password`):
-- SHA-256 of 100 random bits, expiring, one use; a new code replaces the user's previous ones.
CREATE TABLE password_reset_codes (
  code_hash  text        PRIMARY KEY CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  user_id    bigint      NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_reset_codes_user ON password_reset_codes (user_id);

-- Absolute session lifetime: when the session (refresh-token family) began, carried by each
-- rotation; and when its second factor was given (null: password only), for the access tokens
-- its refreshes sign.
ALTER TABLE refresh_tokens ADD COLUMN session_started_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE refresh_tokens ADD COLUMN mfa_at timestamptz;
UPDATE refresh_tokens t SET session_started_at = f.started
  FROM (SELECT family_id, min(created_at) AS started FROM refresh_tokens GROUP BY family_id) f
 WHERE t.family_id = f.family_id;
