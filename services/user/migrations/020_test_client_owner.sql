-- The live platform client that made a test-mode client itself (docs/decisions/0018-sandbox.md
-- "Self-serve test clients"); null for a client an operator or an ADMIN+ made. Only the owner (or
-- a SUPERADMIN) revokes such a client, and no live account can link it: its test users are the
-- sandbox's alone.
ALTER TABLE platform_clients ADD COLUMN owner_client_id text REFERENCES platform_clients (id);
