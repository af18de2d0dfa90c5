-- After a restore from a backup (docs/OPERATIONS.md "Restoring from a backup"), `npm run
-- restore:rewind` moves the transaction id sequence past every id the ledger published before the
-- loss (docs/DESIGN.md "Ids across a restore"). The runtime role holds USAGE on the sequence
-- (nextval), which cannot setval; this function is its one way to move the sequence, and only
-- forward: `next_id` becomes the next id when it is above the sequence's next one. Returns the next id.
CREATE FUNCTION advance_transaction_ids(next_id bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  current_next bigint;
BEGIN
  SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END INTO current_next FROM transactions_id_seq;
  IF next_id > current_next THEN
    PERFORM setval('transactions_id_seq', next_id - 1, true);
    RETURN next_id;
  END IF;
  RETURN current_next;
END
$$;
