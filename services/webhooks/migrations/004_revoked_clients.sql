-- Platform clients revoked (docs/DESIGN.md "Webhooks"), as the gateways report them: their
-- endpoints were disabled when the row was written, and no endpoint of theirs is added or enabled
-- again. A revocation is final, so a row is never removed.
CREATE TABLE webhook_revoked_clients (
  client_id  text        PRIMARY KEY CHECK (length(client_id) BETWEEN 1 AND 100),
  revoked_at timestamptz NOT NULL DEFAULT now()
);
