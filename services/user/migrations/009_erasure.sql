-- Erasure (docs/DESIGN.md "Erasure"): `npm run admin -- erase --user-id N` erases what deletion
-- left of a deleted account's personal data and records when; a second run finds it done.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_erased_deleted CHECK (erased_at IS NULL OR deleted_at IS NOT NULL);

-- Registration replies are stored to answer a redelivered command, which needs the new id only;
-- from now on they carry nothing else. The ones stored before lose the e-mail address and name.
UPDATE processed_commands
   SET reply = jsonb_set(reply, '{user}', (reply -> 'user') - 'email' - 'fullName')
 WHERE type = 'user.register' AND ok AND jsonb_typeof(reply -> 'user') = 'object';

-- Events of user.events (version 1) named the account's e-mail address. A sent row is history
-- nobody reads; its copy of the address goes. A row not sent yet keeps it until it is sent (its
-- consumers need version 1 whole), and the erasure of its account removes it then.
UPDATE outbox
   SET payload = jsonb_set(payload, '{user}', (payload -> 'user') - 'email')
 WHERE published_at IS NOT NULL AND jsonb_typeof(payload -> 'user') = 'object' AND (payload -> 'user') ? 'email';

-- Crypto-shredding of registrations (docs/DESIGN.md "Erasure"): the gateway seals a registration's
-- e-mail, name and password hash (AES-256-GCM) under a key made here for it, so user.commands
-- carries ciphertext only; the key goes to the account the address belongs to, and the account's
-- erasure deletes it. A key no registration used is purged once its command is too old to apply.
CREATE TABLE personal_data_keys (
  id         uuid        PRIMARY KEY,
  key        bytea       NOT NULL CHECK (octet_length(key) = 32),
  user_id    bigint      REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX personal_data_keys_user ON personal_data_keys (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX personal_data_keys_unbound ON personal_data_keys (created_at) WHERE user_id IS NULL;
