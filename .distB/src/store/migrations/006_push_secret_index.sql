-- Webhook authentication looks a presented secret up by its SHA-256 digest (PushSubscriptionService.isValidSecret),
-- once per notification: an index keeps that one lookup cheap however many subscriptions are live.
CREATE INDEX push_subscriptions_secret ON push_subscriptions (secret_sha256) WHERE secret_sha256 IS NOT NULL;
