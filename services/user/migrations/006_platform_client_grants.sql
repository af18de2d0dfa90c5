-- What a platform client may do with money (docs/DESIGN.md "Platform clients and their grants"):
-- the treasuries it may reward from (REWARDS) and settle holds for, and its own daily reward cap
-- in minor units (NULL: the ledger's PLATFORM_CLIENT_DAILY_REWARD_COINS). Its SYSTEM tokens carry
-- both as claims; the gateway and the ledger check them.
ALTER TABLE platform_clients
  ADD COLUMN treasuries text[] NOT NULL DEFAULT '{}'
    CHECK (treasuries <@ ARRAY['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS']::text[]),
  ADD COLUMN daily_reward_cap bigint CHECK (daily_reward_cap > 0);
-- Grants are fixed at registration (the audit record of the creation states them): to change
-- them, register a new client and revoke the old one. A client registered before grants existed
-- could reward and settle any hold: it keeps exactly that; new clients start with what they are given.
UPDATE platform_clients SET treasuries = ARRAY['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS']::text[];
