-- Audit records bound to their writer (docs/DESIGN.md "Admin audit log"). Each record of the log
-- was signed by the service that wrote it; `signer` names that service (the one whose public key
-- verified it), NULL for the rows stored before records were signed. It is outside the hash chain:
-- the chain covers the record as the API returns it.
ALTER TABLE admin_audit_log ADD COLUMN signer text CHECK (signer IS NULL OR signer ~ '^[a-z][a-z0-9-]{0,39}$');

-- A record whose id the log already holds with other content: a collision (a writer that took the
-- id of another's record, or a writer's bug). Both are kept: the first in the chain, this one
-- here, never silently dropped, and counted by coin_history_audit_id_conflicts_total (alert
-- CoinAuditIdConflict). Keyed by where it came from, so a redelivery adds nothing.
CREATE TABLE admin_audit_conflicts (
  topic       text        NOT NULL,
  partition   integer     NOT NULL CHECK (partition >= 0),
  "offset"    bigint      NOT NULL CHECK ("offset" >= 0),
  id          uuid        NOT NULL,
  signer      text        NOT NULL,
  record      jsonb       NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, partition, "offset")
);
CREATE INDEX admin_audit_conflicts_id_idx ON admin_audit_conflicts (id);

CREATE TRIGGER admin_audit_conflicts_no_update_delete
  BEFORE UPDATE OR DELETE ON admin_audit_conflicts
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_refuse_change();
CREATE TRIGGER admin_audit_conflicts_no_truncate
  BEFORE TRUNCATE ON admin_audit_conflicts
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_refuse_change();
