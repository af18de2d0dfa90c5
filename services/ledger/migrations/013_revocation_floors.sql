-- Revocation floors (docs/DESIGN.md "Who asks"): the user service's signed revocation records, as
-- the ledger met them in each partition of ledger.commands. From a record's offset on, in its
-- partition, a proof of `subject` below `min_token_version` (or any proof, when it is null: a
-- platform client revoked for good) is refused. Written before the batch's offsets commit and
-- loaded at start; a redelivered record inserts nothing new. Kept in the home shard.
CREATE TABLE revocation_floors (
  partition         integer     NOT NULL,
  record_offset     bigint      NOT NULL,
  subject           text        NOT NULL,
  min_token_version integer,
  revoked_at        timestamptz NOT NULL,
  recorded_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partition, record_offset)
);
