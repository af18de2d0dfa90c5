-- The holds one platform client settles, newest first (GET /api/platform/holds, docs/CONTRACT.md
-- "A platform's own money"): read by the settler the payer named (or the test client whose
-- sandbox hold it is) without scanning every payer's holds. Holds naming no settler are left out.
-- The migrations runner applies each file in one transaction, where CONCURRENTLY is refused: the
-- writes to holds wait while the index is built (one pass over the table).
CREATE INDEX holds_settler_idx ON holds (settler_client_id, created_at DESC, id) WHERE settler_client_id IS NOT NULL;
