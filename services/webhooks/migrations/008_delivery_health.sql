-- Webhook delivery health (docs/OPERATIONS.md "Webhook delivery health").
--
-- One row per delivery attempt, written in the statement that records the attempt's outcome on
-- its delivery: an endpoint's view counts its attempts and successes of the last 24 hours from
-- here. The pruning job deletes rows older than 2 days (the window and a day to look back on).
CREATE TABLE webhook_delivery_attempts (
  id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id  uuid        NOT NULL REFERENCES webhook_endpoints (id),
  attempted_at timestamptz NOT NULL DEFAULT now(),
  outcome      text        NOT NULL CHECK (outcome IN
                 ('success', 'client_error', 'server_error', 'unexpected_status', 'timeout', 'network_error', 'refused'))
);
-- An endpoint's attempts of the window, counted from the index alone (the outcome included).
CREATE INDEX webhook_delivery_attempts_endpoint_idx ON webhook_delivery_attempts (endpoint_id, attempted_at) INCLUDE (outcome);
-- The pruning job's scan.
CREATE INDEX webhook_delivery_attempts_attempted_idx ON webhook_delivery_attempts (attempted_at);

-- Read at every scrape of /metrics, once per enabled endpoint: its oldest pending delivery (the
-- first entry of its range) and its deliveries waiting for a retry (pending after a failed
-- attempt: at most one per wallet lane, as only a lane's oldest is tried).
CREATE INDEX webhook_deliveries_pending_age_idx ON webhook_deliveries (endpoint_id, created_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_retrying_idx ON webhook_deliveries (endpoint_id) WHERE status = 'PENDING' AND attempts > 0;
