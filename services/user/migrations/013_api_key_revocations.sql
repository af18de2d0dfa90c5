-- An API key's revocation is a revocation of authority too (docs/DESIGN.md "API keys", "Who
-- asks"): recorded by a trigger in the transaction that revokes the key, whatever path revokes
-- it, so the revocation relay writes it into every partition of ledger.commands (subject
-- apikey:<id>, revoked for good) before the revocation is answered, and the ledger refuses the
-- key's proofs written after it even while they have not expired.
CREATE FUNCTION authority_revocations_of_api_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO authority_revocations (subject) VALUES ('apikey:' || NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER api_keys_revocation
  AFTER UPDATE OF revoked_at ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION authority_revocations_of_api_keys();
