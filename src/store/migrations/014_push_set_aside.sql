-- Pushed shipments outside the subscription whose validation secret the push carried (another tracking number, or
-- another division) are never recorded as a status: they are kept here, beside the notifications that failed
-- processing, told apart by `reason`, with the subscription they arrived under, for an operator to read.
-- PROCESSING_FAILED rows are kept until an operator acts; OUTSIDE_SUBSCRIPTION rows are pruned with the webhook
-- inbox's retention (WEBHOOK_INBOX_RETENTION_HOURS), since whoever holds a secret could send them without end.
ALTER TABLE webhook_dead_letters
  ADD COLUMN reason text NOT NULL DEFAULT 'PROCESSING_FAILED' CHECK (reason IN ('PROCESSING_FAILED', 'OUTSIDE_SUBSCRIPTION')),
  ADD COLUMN push_subscription_id text;
CREATE INDEX webhook_dead_letters_set_aside ON webhook_dead_letters (dead_lettered_at) WHERE reason = 'OUTSIDE_SUBSCRIPTION';
