-- Balance monitors (docs/DESIGN.md "Balance monitors"): a wallet's balance crossing a threshold.
CREATE TABLE balance_monitors (
  id              uuid        PRIMARY KEY,
  -- `user:<id>` or `treasury:<CODE>`: the key coin.balances is keyed by.
  wallet_key      text        NOT NULL CHECK (wallet_key ~ '^(user:[1-9][0-9]{0,15}|treasury:[A-Z_]{1,32})$'),
  -- Minor units (1 coin = 100), as the ledger keeps money.
  threshold_minor bigint      NOT NULL CHECK (threshold_minor >= 0),
  direction       text        NOT NULL CHECK (direction IN ('down', 'up', 'both')),
  enabled         boolean     NOT NULL DEFAULT true,
  created_by      bigint      NOT NULL CHECK (created_by > 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_crossed_at timestamptz,
  deleted_at      timestamptz
);
-- The consumer's look-up: the live monitors of the wallets of a batch.
CREATE INDEX balance_monitors_wallet_idx ON balance_monitors (wallet_key) WHERE deleted_at IS NULL AND enabled;

-- One row per (monitor, balance event): the crossing's unique key. A redelivered or late copy of
-- the balance event hits it and fires nothing.
CREATE TABLE balance_monitor_crossings (
  monitor_id       uuid        NOT NULL REFERENCES balance_monitors (id),
  balance_event_id uuid        NOT NULL,
  -- The crossed event's id, derived from the two above.
  event_id         uuid        NOT NULL UNIQUE,
  direction        text        NOT NULL CHECK (direction IN ('down', 'up')),
  balance_minor    bigint      NOT NULL,
  previous_minor   bigint      NOT NULL,
  transaction_id   bigint      NOT NULL,
  sequence         bigint      NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (monitor_id, balance_event_id)
);

-- The service's transactional outbox (libs/db outbox.ts): the crossings' Kafka messages, written
-- with the crossing, published after the commit, swept if a crash left them. The same table
-- carries the service's admin audit records (numbered 003 and IF NOT EXISTS: the audit's
-- migration 002 may have made it already).
CREATE TABLE IF NOT EXISTS outbox (
  id           bigserial   PRIMARY KEY,
  topic        text        NOT NULL,
  key          text        NOT NULL,
  headers      jsonb       NOT NULL DEFAULT '{}',
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;
