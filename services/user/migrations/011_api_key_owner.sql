-- A key is bound to the admin it was issued to (docs/DESIGN.md "API keys"): the gateway accepts it
-- with that admin's token only, and the ledger checks the owner in the key proof the user service
-- signs. Keys made before owners existed were issued by, and to, the SUPERADMIN who created them;
-- a key with no owner (made by no user) works for no one.
ALTER TABLE api_keys ADD COLUMN owner_user_id bigint;
UPDATE api_keys SET owner_user_id = created_by;
