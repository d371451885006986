-- A label failed by a reconciliation ("not created") is still looked up for a while, in case the carrier's shipment
-- appears late (label-jobs.ts watchLate): such a FAILED label has a next attempt, and the worker claims it like the
-- PENDING and UNKNOWN ones. The index of due labels covers it.
DROP INDEX IF EXISTS labels_due;
CREATE INDEX labels_due ON labels (next_attempt_at) WHERE state IN ('PENDING', 'UNKNOWN', 'FAILED') AND next_attempt_at IS NOT NULL;
