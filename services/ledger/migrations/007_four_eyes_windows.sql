-- Four-eyes by window (docs/DESIGN.md "Four-eyes windows"): what one person moved alone, what one
-- wallet received from admins and what one platform client rewarded, each in a rolling day counted
-- by the hour (the same JSON as wallets.spending). Written by the batch statement against the
-- version it read, like a wallet: two partitions counting one person at once cannot both pass.
CREATE TABLE four_eyes_windows (
  scope    text   PRIMARY KEY CHECK (scope ~ '^(actor|recipient|client):'),
  spending jsonb  NOT NULL,
  version  bigint NOT NULL DEFAULT 1
);

CREATE FUNCTION assert_windows_current(written bigint, expected bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF written <> expected THEN
    RAISE EXCEPTION 'four-eyes windows changed under the batch: % of % rows written', written, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN true;
END
$$;
