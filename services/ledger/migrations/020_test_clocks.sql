-- A sandbox test clock per test-mode platform client (docs/decisions/0018-sandbox.md "The test
-- clock"): how many seconds ahead of wall time the client's time runs, moved forward only by the
-- client's `ledger.advance-clock`, which the sandbox ledger alone applies. Written by the batch
-- statement against the version it read, like a four-eyes window. The live ledger never writes a
-- row (it refuses the command); the checks bound what any writer may store.
CREATE TABLE test_clocks (
  client_id      text   PRIMARY KEY CHECK (client_id ~ '^test_[A-Za-z0-9_-]{0,95}$'),
  offset_seconds bigint NOT NULL CHECK (offset_seconds BETWEEN 0 AND 31536000),
  version        bigint NOT NULL DEFAULT 1
);

CREATE FUNCTION assert_clocks_current(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written <> expected THEN
    RAISE EXCEPTION 'test clocks changed under the batch: % of % rows written', written, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
