-- After a restore from a backup (docs/OPERATIONS.md "Restoring from a backup"), `npm run
-- restore:rewind` moves the transaction id sequence past every id the ledger published before the
-- loss (docs/DESIGN.md "Ids across a restore"). The runtime role holds USAGE on the sequence
-- (nextval), which cannot setval; this function is its one way to move the sequence, and only
-- forward: `next_id` becomes the next id when it is above the sequence's next one. Returns the next id.
-- Bounded, since whoever holds the runtime role may call it: at most 10^9 ids skipped in one call
-- and never past 2^53 - 1 (ids are JSON numbers), so it cannot be used to use up the id space.
CREATE FUNCTION advance_transaction_ids(next_id bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  current_next bigint;
BEGIN
  SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END INTO current_next FROM transactions_id_seq;
  IF next_id > 9007199254740991 OR next_id - current_next > 1000000000 THEN
    RAISE EXCEPTION 'advance_transaction_ids: % is more than 10^9 past the next id % or past 2^53 - 1', next_id, current_next
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  IF next_id > current_next THEN
    PERFORM setval('transactions_id_seq', next_id - 1, true);
    RETURN next_id;
  END IF;
  RETURN current_next;
END
$$;
