-- Messages of the outbox the broker refused for good (too large, invalid: the record's own failure,
-- isRecordRefusal in libs/errors), set aside by the outbox relay (libs/db outbox.ts) instead of
-- published: sending one again fails the same way, and before, the relay failed on that row at every
-- sweep, so neither it nor any row after it left the outbox (docs/RELIABILITY.md "The outbox: a
-- message the broker refuses"). Here with the broker's reason and the message's size in bytes (key, value
-- and headers). A row of outbox is one message: it is marked published like any, and keeps its
-- payload.
-- Counted in coin_outbox_set_aside_total (alert CoinOutboxMessagesSetAside). Written once per
-- message: a sweep after a crash that sets the same message aside again keeps the first.
CREATE TABLE outbox_set_aside (
  outbox_id     bigint      NOT NULL,
  message_index integer     NOT NULL CHECK (message_index >= 0),
  topic         text        NOT NULL,
  key           text        NOT NULL,
  bytes         integer     NOT NULL CHECK (bytes >= 0),
  reason        text        NOT NULL,
  set_aside_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (outbox_id, message_index)
);
