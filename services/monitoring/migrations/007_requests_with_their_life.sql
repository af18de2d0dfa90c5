-- Two people (docs/design/monitoring.md "Two people"): every request a second ADMIN+ decides (a
-- rule's change, a case's resolution, a rule's freeze lift) is kept with its life, as the ledger's
-- and the user service's requests are: PENDING, then APPROVED or REJECTED by a person, or EXPIRED
-- (MONITORING_PROPOSAL_EXPIRY_S after it was made; stored as such once something reads it so).
-- Never deleted: the list shows each status. One request of a target pends at a time; a newer one
-- rejects it in its proposer's name (a replacement is a decision, recorded like one).
CREATE TABLE monitoring_requests (
  id           uuid        PRIMARY KEY,
  target       text        NOT NULL CHECK (length(target) BETWEEN 1 AND 120),
  change       jsonb       NOT NULL,
  status       text        NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
  requested_by bigint      NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by   bigint,
  decided_at   timestamptz,
  reason       text        CHECK (reason IS NULL OR length(reason) <= 500),
  CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CHECK ((status IN ('APPROVED', 'REJECTED')) = (decided_by IS NOT NULL))
);
CREATE UNIQUE INDEX monitoring_requests_one_pending_idx ON monitoring_requests (target) WHERE status = 'PENDING';
CREATE INDEX monitoring_requests_newest_idx ON monitoring_requests (requested_at DESC, id);

-- The pending changes carried over as they were: each still PENDING (or EXPIRED when read so).
INSERT INTO monitoring_requests (id, target, change, requested_by, requested_at)
SELECT gen_random_uuid(), target, change, proposed_by, proposed_at FROM monitoring_pending_changes;
DROP TABLE monitoring_pending_changes;
