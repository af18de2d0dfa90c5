-- The admin audit log (docs/DESIGN.md "Admin audit log"): one row per admin.action.recorded
-- record, in the order of the admin.audit topic (one partition). Append-only, hash-chained:
-- hash = sha256(prev_hash || canonical JSON of record), prev_hash of the first row 64 zeros;
-- `npm run audit` recomputes the chain. seq is given by the one writer (1, 2, 3… without gaps,
-- under an advisory lock); the filter columns are copies of the record's fields.
CREATE TABLE admin_audit_log (
  seq        bigint      PRIMARY KEY CHECK (seq > 0),
  id         uuid        NOT NULL UNIQUE,
  at         timestamptz NOT NULL,
  actor_kind text        NOT NULL,
  actor_id   text        NOT NULL,
  action     text        NOT NULL,
  target     text        NOT NULL,
  result     text        NOT NULL CHECK (result IN ('applied', 'rejected')),
  record     jsonb       NOT NULL,
  prev_hash  text        NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash       text        NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_actor_idx ON admin_audit_log (actor_id, seq DESC);
CREATE INDEX admin_audit_log_action_idx ON admin_audit_log (action, seq DESC);
CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target, seq DESC);
CREATE INDEX admin_audit_log_at_idx ON admin_audit_log (at);

-- Append-only. The service's role owns the table (migrations run as it), so the triggers are the
-- enforcement that holds for it: an owner could grant itself back the privileges revoked below,
-- but no statement the service runs can update, delete or truncate a row. Disabling a trigger
-- takes ALTER TABLE, which the service never runs; the hash chain shows what a superuser changed.
CREATE FUNCTION admin_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER admin_audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_refuse_change();
CREATE TRIGGER admin_audit_log_no_truncate
  BEFORE TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_refuse_change();
-- Defence in depth: the service's role keeps only SELECT and INSERT on its own table.
REVOKE UPDATE, DELETE, TRUNCATE ON admin_audit_log FROM CURRENT_USER;
