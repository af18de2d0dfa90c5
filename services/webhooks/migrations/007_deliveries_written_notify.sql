-- The delivery worker sleeps while nothing is due (docs/PERFORMANCE.md "An idle stack"): rows of
-- the deliveries written (queued, put back by a redelivery, made due, leased, their outcome
-- recorded) and a change of an endpoint's status (enabled again) NOTIFY `<schema>.<table>` at
-- commit and wake it (TableWatch in libs/db); it then claims what is due and sleeps until the
-- next due time. A statement that wrote no row NOTIFYs nothing: the worker's own claim finds none
-- when nothing is due, and must not wake it again (a statement trigger fires for zero rows too,
-- so these read the statement's rows, REFERENCING NEW TABLE, where notify_table_written does not).
CREATE FUNCTION notify_rows_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM written) THEN
    -- A channel name is at most 63 bytes; TableWatch cuts the same way.
    PERFORM pg_notify(left(TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, 63), '');
  END IF;
  RETURN NULL;
END;
$$;

-- One event each: a trigger with transition tables takes one event.
CREATE TRIGGER webhook_deliveries_inserted AFTER INSERT ON webhook_deliveries
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_written();
CREATE TRIGGER webhook_deliveries_updated AFTER UPDATE ON webhook_deliveries
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_written();
CREATE TRIGGER webhook_endpoints_updated AFTER UPDATE ON webhook_endpoints
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_written();
