-- The records of the service's own actions on their way to admin.audit (docs/DESIGN.md
-- "Webhooks"): an endpoint disabled after persistent failure, or re-enabled. Written in the
-- transaction of the action, published by the outbox relay (libs/db outbox.ts), so the log gets
-- each action once its transaction commits, even if the service stops right after.
CREATE TABLE outbox (
  id           bigserial   PRIMARY KEY,
  topic        text        NOT NULL,
  key          text        NOT NULL,
  headers      jsonb       NOT NULL DEFAULT '{}',
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;
