-- Who may settle a hold (docs/DESIGN.md "Holds"): the platform client its payer named when placing
-- it, which alone may capture or void it (an ADMIN+ may then only void it). NULL: none named. Holds
-- placed before this column existed are NULL too, which is the conservative reading: a hold paying
-- a treasury stays settleable by the clients granted that treasury, as before, while one paying a
-- user, which any client could settle before, is now settled by no client (an ADMIN+ may, and it
-- expires by itself within HOLD_EXPIRY_MAX_S).
ALTER TABLE holds ADD COLUMN settler_client_id text CHECK (settler_client_id ~ '^[A-Za-z0-9_-]{1,100}$');
