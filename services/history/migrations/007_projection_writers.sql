-- The tables statements, balances and daily series are read from (docs/DESIGN.md "Database
-- roles"): the live projection only inserts into them, and the service's runtime role holds
-- SELECT and INSERT only (the roles and grants table, scripts/stack/services.ts). Repairing a row
-- that differs from the ledger's record (UPDATE) and resetting the projection (TRUNCATE) are the
-- rebuild's, which runs as a role of its own, coin_history_rebuild; no one deletes a row. These
-- triggers refuse UPDATE and TRUNCATE to every other role, the migration role included, and
-- DELETE to all, short of a superuser or the owner disabling them on purpose (ALTER TABLE); the
-- rebuild's count check against the ledger then shows what was changed.
CREATE FUNCTION history_projection_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND current_user = 'coin_history_rebuild' THEN
    RETURN CASE WHEN TG_OP = 'UPDATE' THEN NEW ELSE NULL END;
  END IF;
  RAISE EXCEPTION '% is written by the history projection and its rebuild only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER history_entries_no_update_delete
  BEFORE UPDATE OR DELETE ON history_entries
  FOR EACH ROW EXECUTE FUNCTION history_projection_refuse_change();
CREATE TRIGGER history_entries_no_truncate
  BEFORE TRUNCATE ON history_entries
  FOR EACH STATEMENT EXECUTE FUNCTION history_projection_refuse_change();
CREATE TRIGGER history_transactions_no_update_delete
  BEFORE UPDATE OR DELETE ON history_transactions
  FOR EACH ROW EXECUTE FUNCTION history_projection_refuse_change();
CREATE TRIGGER history_transactions_no_truncate
  BEFORE TRUNCATE ON history_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION history_projection_refuse_change();
