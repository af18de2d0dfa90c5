-- Each payout provider's own callback secrets (docs/CONTRACT.md "Cash-out"): issued by an approved
-- grant request (a two-person act), one row per issue. The HMAC of a callback needs the secret
-- itself, so it is kept sealed (AES-256-GCM) under the gateway's CASHOUT_CALLBACK_ENCRYPTION_SECRET,
-- which this service never holds: a copy of this table reveals none. The newest verifies; the one
-- before it only for the gateway's overlap after the newest was issued; older ones never.
CREATE TABLE platform_client_callback_secrets (
  grant_request_id uuid        PRIMARY KEY,
  client_id        text        NOT NULL REFERENCES platform_clients (id),
  sealed_secret    text        NOT NULL,
  secret_hash      text        NOT NULL UNIQUE,
  requested_by     bigint,
  approved_by      bigint,
  issued_at        timestamptz NOT NULL
);
CREATE INDEX platform_client_callback_secrets_newest ON platform_client_callback_secrets (client_id, issued_at DESC);
