-- An ADMIN+ may cancel a mandate for its payer (docs/CONTRACT.md "Mandates"): a cancelled mandate
-- names who cancelled it as `user` (the payer), `client` (the platform) or `admin`; the admin and
-- the reason are in the admin audit log. Migration 017's check on cancelled_by gains `admin`.
DO $$
DECLARE
  found text;
BEGIN
  FOR found IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'mandates'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%cancelled_by = ANY%'
  LOOP
    EXECUTE format('ALTER TABLE mandates DROP CONSTRAINT %I', found);
  END LOOP;
END
$$;

ALTER TABLE mandates ADD CONSTRAINT mandates_cancelled_by_check CHECK (cancelled_by IN ('user', 'client', 'admin'));
