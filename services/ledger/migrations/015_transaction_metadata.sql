-- A transaction keeps the caller's key-value metadata (docs/CONTRACT.md "Metadata") and, when a
-- platform client's command made it, that client's id (docs/DESIGN.md "Platform read-back"): the
-- client reads back only the transactions that name it. The command schema bounds metadata (20
-- keys, keys of 40 characters, values of 500); the checks here are the last line, so that no writer
-- that skipped the schema can store a value of another shape or an unbounded size. 32 KiB is
-- above the largest metadata the schema admits (20 × (40 + 3 × 500) bytes of UTF-8 plus JSON).
ALTER TABLE transactions
  ADD COLUMN metadata jsonb
    CHECK (metadata IS NULL OR (jsonb_typeof(metadata) = 'object' AND octet_length(metadata::text) <= 32768)),
  ADD COLUMN client_id text CHECK (client_id IS NULL OR length(client_id) BETWEEN 1 AND 100);
