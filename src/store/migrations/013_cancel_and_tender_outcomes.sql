-- Cancellations whose answer was lost, and tenders whose answer was lost (DESIGN.md "Shipping": "a cancellation whose
-- answer was lost is settled by the carrier's own 'already cancelled'"; a close or manifest is never sent twice).

-- Where a label's cancellation is: SENT (asked, answer awaited; past cancel_next_attempt_at the asking process is
-- presumed dead), UNKNOWN (the answer was lost: asked again until the carrier answers), REFUSED (the carrier said no;
-- the label stays PURCHASED), CONFIRMED (the label is CANCELLED). Null: never asked.
ALTER TABLE labels ADD COLUMN cancel_state text CHECK (cancel_state IN ('SENT', 'UNKNOWN', 'REFUSED', 'CONFIRMED'));
-- The idempotency key of the cancellation being settled: held (never expiring) until it is settled.
ALTER TABLE labels ADD COLUMN cancel_key text;
ALTER TABLE labels ADD COLUMN cancel_reason text;
ALTER TABLE labels ADD COLUMN cancel_attempts integer NOT NULL DEFAULT 0 CHECK (cancel_attempts >= 0);
-- When the label worker asks the carrier again; null: nothing due (settled, or past cancel_deadline_at).
ALTER TABLE labels ADD COLUMN cancel_next_attempt_at timestamptz;
ALTER TABLE labels ADD COLUMN cancel_deadline_at timestamptz;
-- What the label worker claims: unsettled cancellations whose next attempt is due.
CREATE INDEX labels_cancel_due ON labels (cancel_next_attempt_at)
  WHERE cancel_state IN ('SENT', 'UNKNOWN') AND cancel_next_attempt_at IS NOT NULL;

-- TENDERED: the carrier answered 2xx; UNKNOWN: the request was sent and its answer lost (never sent again by its key).
ALTER TABLE tenders ADD COLUMN outcome text NOT NULL DEFAULT 'TENDERED' CHECK (outcome IN ('TENDERED', 'UNKNOWN'));
