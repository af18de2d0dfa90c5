-- Signed checkpoints of the admin audit log (docs/DESIGN.md "Admin audit log"): at an interval the
-- history service signs the (seq, hash) of the log's last entry with its checkpoint key (Ed25519)
-- and appends it here. A chain recomputed or cut short after a checkpoint no longer has that hash
-- at that seq, which `npm run audit` verifies with the public key: whoever can rewrite the log's
-- rows still cannot sign a checkpoint for the rewritten chain. Append-only, like the log: the
-- runtime role holds SELECT and INSERT only, and the triggers refuse changes to the owner too.
CREATE TABLE admin_audit_checkpoints (
  seq        bigint      NOT NULL CHECK (seq > 0),
  hash       text        NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  signed_at  timestamptz NOT NULL,
  -- base64url of the first 16 bytes of sha256(the public key, SPKI DER): which key signed it.
  key_id     text        NOT NULL CHECK (key_id ~ '^[A-Za-z0-9_-]{22}$'),
  -- base64url Ed25519 signature of the canonical JSON {"hash","keyId","seq","signedAt"}.
  signature  text        NOT NULL CHECK (signature ~ '^[A-Za-z0-9_-]{86}$'),
  PRIMARY KEY (seq, key_id)
);

CREATE TRIGGER admin_audit_checkpoints_no_update_delete
  BEFORE UPDATE OR DELETE ON admin_audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_refuse_change();
CREATE TRIGGER admin_audit_checkpoints_no_truncate
  BEFORE TRUNCATE ON admin_audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_refuse_change();
