-- A test-mode client's own test users (docs/decisions/0018-sandbox.md "Test users of a client's
-- own"): sandbox-only identities a test client makes for itself, never accounts. Their ids come
-- from their own sequence, in a range account ids (users.id, counting up from 1) never reach and
-- still within a JSON number's safe integers, so a test user's id is never a live account's: it
-- signs in nowhere, no admin list shows it, and the live ledger refuses to open a wallet for it.
-- A creation is applied as a user command, idempotent by its command id (processed_commands).
-- Deleting a client's test data marks its test users deleted; a deleted one is named by no one.
CREATE SEQUENCE sandbox_test_user_ids START WITH 8000000000000000 MINVALUE 8000000000000000 MAXVALUE 9007199254740991 NO CYCLE;

CREATE TABLE sandbox_test_users (
  id          bigint      PRIMARY KEY DEFAULT nextval('sandbox_test_user_ids')
                          CHECK (id BETWEEN 8000000000000000 AND 9007199254740991),
  client_id   text        NOT NULL REFERENCES platform_clients (id),
  name        text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  created_at  timestamptz NOT NULL,
  deleted_at  timestamptz
);
ALTER SEQUENCE sandbox_test_user_ids OWNED BY sandbox_test_users.id;
-- A client's list, oldest first, and the judgement of the users a client names.
CREATE INDEX sandbox_test_users_client ON sandbox_test_users (client_id, id);
