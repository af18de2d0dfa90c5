-- One-time session grants (docs/DESIGN.md "Internal HTTP credentials"): the gateway's register
-- route makes a random grant and sends only its SHA-256 in the user.register command; the
-- registration stores it here with the account, and POST /internal/sessions issues the new
-- account's first session only against the grant, once, before it expires.
CREATE TABLE session_grants (
  grant_hash  text        PRIMARY KEY CHECK (grant_hash ~ '^[0-9a-f]{64}$'),
  user_id     bigint      NOT NULL REFERENCES users (id),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX session_grants_expires_at ON session_grants (expires_at);
