-- An endpoint's pace (docs/DESIGN.md "Webhooks"): at most max_deliveries_per_second attempts a
-- second, set by its platform; NULL: no pace. The claim of a paced endpoint's delivery takes its
-- slot: pace_next_at moves 1/max_deliveries_per_second past the claim, and no delivery of the
-- endpoint is claimed before it. Deliveries beyond the pace wait in the queue, in order; none is
-- dropped.
ALTER TABLE webhook_endpoints
  ADD COLUMN max_deliveries_per_second integer CHECK (max_deliveries_per_second BETWEEN 1 AND 1000),
  ADD COLUMN pace_next_at timestamptz NOT NULL DEFAULT '-infinity';

-- The delivery whose failure disabled its endpoint says so in the delivery log: when, and the
-- coin.webhook-endpoint.disabled event sent to the client's other enabled endpoints.
ALTER TABLE webhook_deliveries
  ADD COLUMN endpoint_disabled_at       timestamptz,
  ADD COLUMN endpoint_disabled_event_id uuid,
  ADD COLUMN endpoint_disabled_told     integer CHECK (endpoint_disabled_told >= 0);

-- "Recover since T" (docs/DESIGN.md "Webhooks"): every delivery of an endpoint that FAILED, queued
-- from `since` to the task's creation, put back in the queue by a background task, in batches,
-- its progress kept here. `id` is the request's command id (its Idempotency-Key): a retry names
-- the same task. `after_id` is where the next batch starts.
CREATE TABLE webhook_recoveries (
  id          uuid        PRIMARY KEY,
  endpoint_id uuid        NOT NULL REFERENCES webhook_endpoints (id),
  client_id   text        NOT NULL CHECK (length(client_id) BETWEEN 1 AND 100),
  since       timestamptz NOT NULL,
  until       timestamptz NOT NULL,
  status      text        NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE')),
  total       integer     NOT NULL CHECK (total >= 0),
  requeued    integer     NOT NULL DEFAULT 0 CHECK (requeued >= 0),
  after_id    bigint      NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- The runner's scan: the tasks still running.
CREATE INDEX webhook_recoveries_running_idx ON webhook_recoveries (created_at) WHERE status = 'RUNNING';
-- A written task wakes the runner (notify_rows_written, migration 007).
CREATE TRIGGER webhook_recoveries_inserted AFTER INSERT ON webhook_recoveries
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_written();
