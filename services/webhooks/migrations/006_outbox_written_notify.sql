-- Committed writes announced (docs/PERFORMANCE.md "An idle stack"): a statement trigger NOTIFYs
-- `<schema>.<table>` once per INSERT statement, and PostgreSQL delivers it (once per transaction
-- and channel) when the transaction commits, nothing when it rolls back. The relay that publishes the rows LISTENs
-- (TableWatch in libs/db) instead of asking every second whether there are any. The payload is
-- empty: a notification is a hint to read the table, never the record.
CREATE FUNCTION notify_table_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A channel name is at most 63 bytes; TableWatch cuts the same way.
  PERFORM pg_notify(left(TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, 63), '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER outbox_written AFTER INSERT ON outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_written();
