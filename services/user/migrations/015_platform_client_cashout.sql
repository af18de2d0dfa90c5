-- The `cashout` grant (docs/CONTRACT.md "Cash-out", docs/decisions/0015-cash-out-as-a-hold.md): a
-- platform client granted it is a payout provider, which claims users' cash-outs and settles them
-- by its signed callback. Given when the client is registered (a two-person act for a live client),
-- never changed after, like the treasuries; its SYSTEM tokens carry it (`cashout: true`) and the
-- ledger judges a provider by that verified claim. Clients made before the column are no providers.
ALTER TABLE platform_clients ADD COLUMN cashout boolean NOT NULL DEFAULT false;
