-- Two people (docs/design/monitoring.md "Two people"): a loosening of a rule, or the closing of a
-- case that asked for a freeze, proposed by one ADMIN and waiting for a different ADMIN+ to make
-- the same change. One pending change per target (`monitoring-rule:<id>`, `monitoring-case:<id>`):
-- a new proposal replaces it. Applied, it is deleted in the same transaction.
CREATE TABLE monitoring_pending_changes (
  target      text        PRIMARY KEY CHECK (length(target) BETWEEN 1 AND 120),
  change      jsonb       NOT NULL,
  proposed_by bigint      NOT NULL,
  proposed_at timestamptz NOT NULL DEFAULT now()
);
