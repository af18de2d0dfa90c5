-- The ledger's outbox keeps one row per applied batch, holding all the messages the batch
-- produced (transaction events and credit legs) as one JSON array. A batch of thousands of
-- commands used to write thousands of outbox rows, and update every one of them again when it
-- was published; now it is one insert and one update. Delivery stays at least once: the sweeper
-- republishes a whole batch a crash left unpublished, and consumers dedupe by id.
--
-- messages: JSON text, [{"topic", "key", "headers": {name: value}, "payload": "<the published value>"}].
-- EXTERNAL storage keeps a large value out of line without compressing it: the apply stage is
-- CPU-bound, and the value is read back only by a sweep after a crash.
CREATE TABLE outbox_batches (
  id           bigserial   PRIMARY KEY,
  messages     text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
ALTER TABLE outbox_batches ALTER COLUMN messages SET STORAGE EXTERNAL;
CREATE INDEX outbox_batches_unpublished_idx ON outbox_batches (id) WHERE published_at IS NULL;

-- Messages still unpublished in the old per-message outbox move over as one batch, in order.
INSERT INTO outbox_batches (messages)
SELECT json_agg(json_build_object('topic', topic, 'key', key, 'headers', headers::json, 'payload', payload) ORDER BY id)::text
  FROM outbox WHERE published_at IS NULL
HAVING count(*) > 0;
DROP TABLE outbox;
