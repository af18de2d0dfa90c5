-- One row per (party, transaction): a transfer appears in both parties' histories. Treasury
-- sides are kept too (party_kind 'treasury') for admin queries.
CREATE TABLE history_entries (
  party_kind     text        NOT NULL CHECK (party_kind IN ('user', 'treasury')),
  party_id       text        NOT NULL,
  transaction_id bigint      NOT NULL,
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
  recorded_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (party_kind, party_id, transaction_id)
);
-- Newest-first pages per party, keyset on (created_at, transaction_id).
CREATE INDEX history_entries_party_recent_idx ON history_entries (party_kind, party_id, created_at DESC, transaction_id DESC);
