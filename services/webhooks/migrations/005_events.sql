-- Each platform client's events (docs/DESIGN.md "Webhooks", GET /api/events): every event its
-- grants let it see, the body exactly as its deliveries carry it, whether or not an endpoint of
-- it is healthy, so a platform backfills after an outage. One row per (client, event): a
-- redelivered Kafka event adds nothing. `seq` is the order of recording, the list's keyset.
-- Kept 30 days (eventRetentionDays in @coin/contracts): the pruning job deletes older rows.
CREATE TABLE webhook_events (
  seq        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id  text        NOT NULL CHECK (length(client_id) BETWEEN 1 AND 100),
  event_id   uuid        NOT NULL,
  event_type text        NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
  body       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, event_id)
);
-- A client's list (and its type filter), in recording order.
CREATE INDEX webhook_events_client_idx ON webhook_events (client_id, seq);
-- The pruning job's scan.
CREATE INDEX webhook_events_created_idx ON webhook_events (created_at);
