-- The monitoring service's store (docs/design/monitoring.md).

-- Every transaction it has seen, once (a redelivered event inserts nothing and is not evaluated
-- again), with its score and the rules that fired: what a back-test replays and a case links to.
-- Pruned past MONITORING_RETENTION_DAYS.
CREATE TABLE monitoring_transactions (
  transaction_id bigint      PRIMARY KEY,
  type           text        NOT NULL,
  amount_minor   bigint      NOT NULL CHECK (amount_minor >= 0),
  from_wallet    text,
  to_wallet      text,
  client_id      text,
  occurred_at    timestamptz NOT NULL,
  score          smallint    NOT NULL DEFAULT 0 CHECK (score BETWEEN 0 AND 100),
  hits           jsonb       NOT NULL DEFAULT '[]'
);
CREATE INDEX monitoring_transactions_time_idx ON monitoring_transactions (occurred_at);

-- When each wallet was first and last seen moving: the age (first-day, fan-in) and dormancy rules.
CREATE TABLE monitoring_wallets (
  wallet_key    text        PRIMARY KEY,
  first_seen_at timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL
);

-- The rules as deployed: a preset's tuned thresholds and mode, or a new rule. A preset without a row runs as shipped.
CREATE TABLE monitoring_rules (
  id         text        PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9-]{1,60}$'),
  definition jsonb       NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint      NOT NULL
);

-- Cases for ADMIN+: at most one open case per subject (a wallet or a platform client); a later
-- flagged transaction about it joins the open case.
CREATE TABLE monitoring_cases (
  id          uuid        PRIMARY KEY,
  subject     text        NOT NULL CHECK (length(subject) BETWEEN 1 AND 120),
  status      text        NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED')),
  score       smallint    NOT NULL CHECK (score BETWEEN 0 AND 100),
  rules       text[]      NOT NULL,
  assignee    bigint,
  opened_at   timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by bigint,
  resolution  text        CHECK (resolution IS NULL OR resolution IN ('CONFIRMED', 'FALSE_POSITIVE')),
  reason      text        CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 1000),
  -- The automatic freeze asked of the ledger for the highest scores: when, and its outcome.
  freeze_requested_at timestamptz,
  freeze_outcome      text,
  CHECK ((status = 'RESOLVED') = (resolved_at IS NOT NULL AND resolution IS NOT NULL AND reason IS NOT NULL))
);
CREATE UNIQUE INDEX monitoring_cases_open_subject_idx ON monitoring_cases (subject) WHERE status = 'OPEN';
CREATE INDEX monitoring_cases_opened_idx ON monitoring_cases (opened_at DESC, id);

CREATE TABLE monitoring_case_transactions (
  case_id        uuid        NOT NULL REFERENCES monitoring_cases (id),
  transaction_id bigint      NOT NULL,
  -- null: linked by the service when the transaction was flagged; else the ADMIN+ who linked it.
  linked_by      bigint,
  linked_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (case_id, transaction_id)
);

CREATE TABLE monitoring_case_notes (
  id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id    uuid        NOT NULL REFERENCES monitoring_cases (id),
  author     bigint      NOT NULL,
  body       text        NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monitoring_case_notes_case_idx ON monitoring_case_notes (case_id, id);

-- Its outbox: the cases it opens (coin.monitoring-cases) and the admin audit records of the steps on them.
CREATE TABLE outbox (
  id           bigserial   PRIMARY KEY,
  topic        text        NOT NULL,
  key          text        NOT NULL,
  headers      jsonb       NOT NULL DEFAULT '{}',
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;
