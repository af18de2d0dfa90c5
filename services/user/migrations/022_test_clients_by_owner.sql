-- The test clients a live platform client made itself, found by their owner: counted when it makes
-- another (at most TEST_CLIENTS_PER_OWNER_MAX unrevoked) and revoked with it when it is revoked
-- (docs/decisions/0018-sandbox.md "Self-serve test clients").
CREATE INDEX platform_clients_owner ON platform_clients (owner_client_id, id) WHERE owner_client_id IS NOT NULL;
