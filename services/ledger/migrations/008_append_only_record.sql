-- The ledger's record is append-only (docs/DESIGN.md "Database roles"): a transaction and its
-- entries never change once written; a correction is a new transaction (a refund, a return).
-- The runtime role holds only SELECT and INSERT on both tables (the roles and grants table,
-- scripts/stack/services.ts); these triggers refuse UPDATE, DELETE and TRUNCATE to everyone
-- else too, the owner included, short of a superuser or the owner disabling them on purpose
-- (ALTER TABLE, which shows in the database's log and which `npm run audit` then catches as
-- balances that no longer add up).
CREATE FUNCTION ledger_record_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER transactions_no_update_delete
  BEFORE UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_record_refuse_change();
CREATE TRIGGER transactions_no_truncate
  BEFORE TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_record_refuse_change();
CREATE TRIGGER entries_no_update_delete
  BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION ledger_record_refuse_change();
CREATE TRIGGER entries_no_truncate
  BEFORE TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_record_refuse_change();
