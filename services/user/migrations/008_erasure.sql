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
