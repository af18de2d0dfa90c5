-- The HTTP API version a platform client is pinned to (docs/VERSIONING.md "Pinning a version"):
-- the version the API had when the client was created, written by the insert; its SYSTEM tokens
-- carry it (`coin_version`) and the gateway answers it in that version's shape unless a request
-- names another in Coin-Version. Clients created before the column are pinned to 3.0.0, the
-- version current when it was added.
ALTER TABLE platform_clients
  ADD COLUMN api_version text NOT NULL DEFAULT '3.0.0'
    CHECK (api_version ~ '^(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})$');
