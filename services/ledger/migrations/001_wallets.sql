-- Amounts are integer minor units (1 coin = 100). A balance can never go negative: the serial
-- apply makes that true by construction, and the CHECK makes a bug fail loudly instead.
CREATE TABLE wallets (
  id             uuid PRIMARY KEY,
  wallet_key     text        NOT NULL UNIQUE,
  user_id        bigint      UNIQUE,
  treasury_code  text        UNIQUE,
  balance        bigint      NOT NULL DEFAULT 0 CHECK (balance >= 0),
  total_received bigint      NOT NULL DEFAULT 0 CHECK (total_received >= 0),
  total_sent     bigint      NOT NULL DEFAULT 0 CHECK (total_sent >= 0),
  status         text        NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (treasury_code IS NULL))
);

CREATE TABLE treasuries (
  code      text PRIMARY KEY,
  name      text NOT NULL,
  wallet_id uuid NOT NULL UNIQUE REFERENCES wallets (id)
);

-- The four system treasuries exist from first start (docs/CONTRACT.md "Treasuries").
WITH seeded AS (
  INSERT INTO wallets (id, wallet_key, treasury_code)
  VALUES (gen_random_uuid(), 'treasury:COURSE_FEES', 'COURSE_FEES'),
         (gen_random_uuid(), 'treasury:SUBSCRIPTIONS', 'SUBSCRIPTIONS'),
         (gen_random_uuid(), 'treasury:REWARDS', 'REWARDS'),
         (gen_random_uuid(), 'treasury:OPERATIONS', 'OPERATIONS')
  RETURNING id, treasury_code
)
INSERT INTO treasuries (code, name, wallet_id)
SELECT treasury_code,
       CASE treasury_code WHEN 'COURSE_FEES' THEN 'Course fees'
                          WHEN 'SUBSCRIPTIONS' THEN 'Subscriptions'
                          WHEN 'REWARDS' THEN 'Rewards'
                          ELSE 'General operations' END,
       id
FROM seeded;

-- The outcome of every command, committed with its effects: the exactly-once record.
CREATE TABLE processed_commands (
  command_id uuid PRIMARY KEY,
  type       text        NOT NULL,
  ok         boolean     NOT NULL,
  reply      jsonb       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id           bigserial PRIMARY KEY,
  topic        text        NOT NULL,
  key          text        NOT NULL,
  headers      jsonb       NOT NULL DEFAULT '{}',
  payload      jsonb       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;
