-- Balance monitors a platform client sets on the treasuries it was granted (docs/DESIGN.md
-- "Balance monitors"): a monitor is an ADMIN+'s (created_by) or a client's (client_id), never
-- both. A client's crossings go to its own endpoints and events only.
ALTER TABLE balance_monitors ALTER COLUMN created_by DROP NOT NULL;
ALTER TABLE balance_monitors ADD COLUMN client_id text CHECK (client_id ~ '^[A-Za-z0-9_-]{1,100}$');
ALTER TABLE balance_monitors ADD CONSTRAINT balance_monitors_one_owner CHECK ((created_by IS NULL) <> (client_id IS NULL));
-- A client's list and its bound (clientBalanceMonitorsMax) read its live monitors.
CREATE INDEX balance_monitors_client_idx ON balance_monitors (client_id, created_at) WHERE deleted_at IS NULL AND client_id IS NOT NULL;
