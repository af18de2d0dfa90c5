-- The apply stage writes a whole batch with one statement (its reads are one statement too), so
-- the check that no wallet changed since the batch read it runs inside that statement: it
-- raises serialization_failure when fewer wallet rows were updated than the batch read, which
-- rolls the whole statement back. The apply stage then redoes the batch from fresh state.
CREATE FUNCTION assert_wallets_current(updated bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF updated <> expected THEN
    RAISE EXCEPTION 'wallet versions changed under the batch: % of % rows updated', updated, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
