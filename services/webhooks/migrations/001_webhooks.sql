-- Webhook endpoints of platform clients (docs/DESIGN.md "Webhooks").
CREATE TABLE webhook_endpoints (
  id                        uuid        PRIMARY KEY,
  client_id                 text        NOT NULL CHECK (length(client_id) BETWEEN 1 AND 100),
  url                       text        NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  event_types               text[]      NOT NULL CHECK (cardinality(event_types) BETWEEN 1 AND 20),
  -- A copy of the client's grants when the endpoint was registered: grants are immutable
  -- (a changed grant is a new client), so the copy cannot go stale.
  treasuries                text[]      NOT NULL,
  -- AES-256-GCM under WEBHOOKS_ENCRYPTION_SECRET: the HMAC needs the secret itself, so it cannot be hashed.
  secret_sealed             bytea       NOT NULL,
  -- The secret before the last rotation, valid (it signs too) until previous_secret_expires_at.
  previous_secret_sealed    bytea,
  previous_secret_expires_at timestamptz,
  status                    text        NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
  disabled_reason           text,
  disabled_at               timestamptz,
  created_at                timestamptz NOT NULL DEFAULT now(),
  deleted_at                timestamptz
);
CREATE INDEX webhook_endpoints_client_idx ON webhook_endpoints (client_id) WHERE deleted_at IS NULL;

-- One row per (endpoint, event): a redelivered event hits the unique key and adds nothing.
-- `id` is the order of consumption; one endpoint's deliveries of one wallet go out in that order.
CREATE TABLE webhook_deliveries (
  id                 bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id        uuid        NOT NULL REFERENCES webhook_endpoints (id),
  event_id           uuid        NOT NULL,
  event_type         text        NOT NULL,
  wallet_key         text        NOT NULL,
  -- The exact bytes sent (and signed) on every attempt.
  body               text        NOT NULL,
  status             text        NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts           integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at    timestamptz NOT NULL DEFAULT now(),
  last_attempt_at    timestamptz,
  last_response_code integer,
  last_error         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  delivered_at       timestamptz,
  UNIQUE (endpoint_id, event_id)
);
-- The worker's scan: pending deliveries by due time.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
-- "Is an earlier delivery of this wallet still pending?" and the delivery log, newest first.
CREATE INDEX webhook_deliveries_wallet_idx ON webhook_deliveries (endpoint_id, wallet_key, id) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, id DESC);
