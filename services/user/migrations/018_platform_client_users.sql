-- The users of each platform client (docs/CONTRACT.md "Platform links"): a user links a client they
-- use, with their own token, once (linking again changes nothing). A client names only these users
-- where its word alone would speak or act in someone's name: the referrals it attests, and what a
-- test-mode client does for a test user in the sandbox. Naming anyone else, an existing account or
-- an id no account has, is answered alike. Read by (client, users named): the primary key.
CREATE TABLE platform_client_users (
  client_id  text        NOT NULL REFERENCES platform_clients (id),
  user_id    bigint      NOT NULL REFERENCES users (id),
  linked_at  timestamptz NOT NULL,
  PRIMARY KEY (client_id, user_id)
);
