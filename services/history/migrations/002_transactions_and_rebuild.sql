-- One row per transaction, whoever the parties: the admin search over all transactions reads it,
-- and the rebuild's count check compares it with the ledger's record.
CREATE TABLE history_transactions (
  transaction_id bigint      PRIMARY KEY,
  type           text        NOT NULL,
  amount         bigint      NOT NULL CHECK (amount > 0),
  from_user_id   bigint,
  to_user_id     bigint,
  from_treasury  text,
  to_treasury    text,
  reason         text        NOT NULL,
  reference      text,
  refund_of      bigint,
  created_at     timestamptz NOT NULL,
  event_id       uuid        NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT now()
);
-- Admin search newest first, unfiltered or by type, keyset on (created_at, transaction_id).
CREATE INDEX history_transactions_recent_idx ON history_transactions (created_at DESC, transaction_id DESC);
CREATE INDEX history_transactions_type_recent_idx ON history_transactions (type, created_at DESC, transaction_id DESC);

-- Where `npm run history:rebuild` stands: one row, so a rerun resumes after the last page it stored.
CREATE TABLE history_rebuild_checkpoint (
  id           smallint    PRIMARY KEY CHECK (id = 1),
  after_id     bigint      NOT NULL,
  ledger_count bigint      NOT NULL,
  started_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  completed_at timestamptz
);

-- Rows re-created by `npm run history:rebuild` come from the ledger's record, not from an event,
-- so they have no event id.
ALTER TABLE history_entries ALTER COLUMN event_id DROP NOT NULL;
ALTER TABLE history_transactions ALTER COLUMN event_id DROP NOT NULL;
