-- Revocations of authority (docs/DESIGN.md "Who asks"): every rise of an account's token version
-- (logout-all, a password change or reset, a role change, a deletion, whatever path makes it: the
-- API, the consumer, the operator CLI) and every platform client's revocation, recorded by a
-- trigger in the transaction that makes it, so no path can forget it.
--
-- Two readers: the user.commands consumer judges a command's proof against the token version an
-- account had at the time the broker appended the command (the highest `version_after` at or
-- before it), and the revocation relay signs each row not yet published and writes it into every
-- partition of ledger.commands (the ledger's revocation floors), then marks it published.
CREATE TABLE authority_revocations (
  id             bigserial   PRIMARY KEY,
  -- user:<id> or client:<id>
  subject        text        NOT NULL,
  -- People only: the token version before and after (tokens below version_after stop proving).
  version_before integer,
  version_after  integer,
  -- When the change was made (the clock at the statement, not the transaction's start).
  at             timestamptz NOT NULL DEFAULT clock_timestamp(),
  published_at   timestamptz,
  CHECK ((subject LIKE 'user:%') = (version_after IS NOT NULL))
);
CREATE INDEX authority_revocations_subject ON authority_revocations (subject, at);
CREATE INDEX authority_revocations_unpublished ON authority_revocations (id) WHERE published_at IS NULL;

CREATE FUNCTION authority_revocations_of_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO authority_revocations (subject, version_before, version_after)
    VALUES ('user:' || NEW.id, OLD.token_version, NEW.token_version);
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_token_version_revocation
  AFTER UPDATE OF token_version ON users
  FOR EACH ROW WHEN (NEW.token_version > OLD.token_version)
  EXECUTE FUNCTION authority_revocations_of_users();

CREATE FUNCTION authority_revocations_of_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO authority_revocations (subject) VALUES ('client:' || NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER platform_clients_revocation
  AFTER UPDATE OF revoked_at ON platform_clients
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION authority_revocations_of_clients();
