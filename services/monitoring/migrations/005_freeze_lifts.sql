-- Lifting the freezes of one rule (docs/design/monitoring.md "Freezes"): one ADMIN+ asks, listing the
-- rule's freezes (a pending change `monitoring-freeze-lift:<rule id>`), a different ADMIN+ approves.
-- An approved lift marks the listed cases' freezes lifted, under every rule that counted them, so
-- the next request lists only what is still frozen.
ALTER TABLE monitoring_rule_freezes ADD COLUMN lifted_at timestamptz;
CREATE INDEX monitoring_rule_freezes_unlifted_idx ON monitoring_rule_freezes (rule_id, frozen_at) WHERE lifted_at IS NULL;
