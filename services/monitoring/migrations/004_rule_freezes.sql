-- The automatic freezes each rule asked for (docs/design/monitoring.md "Freezes"): one row per rule
-- whose hits a freeze counted, counted per rule over the last hour against
-- MONITORING_RULE_FREEZES_PER_HOUR_MAX. A case's freeze is asked (again, at a sweep) only if it
-- has rows: a freeze the bound withheld is never asked later.
CREATE TABLE monitoring_rule_freezes (
  rule_id   text        NOT NULL CHECK (rule_id ~ '^[A-Za-z0-9-]{1,60}$'),
  case_id   uuid        NOT NULL REFERENCES monitoring_cases (id),
  wallet    text        NOT NULL CHECK (length(wallet) BETWEEN 1 AND 120),
  frozen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, case_id)
);
CREATE INDEX monitoring_rule_freezes_recent_idx ON monitoring_rule_freezes (rule_id, frozen_at);
CREATE INDEX monitoring_rule_freezes_case_idx ON monitoring_rule_freezes (case_id);

-- A rule the service paused itself (past its bound) was last changed by no person: updated_by is null.
ALTER TABLE monitoring_rules ALTER COLUMN updated_by DROP NOT NULL;
