-- Group A push (seed 000, "Push subscription lifecycle" and "Events").
-- push_subscriptions: one row per subscription we asked for. The validation secret is kept only as its SHA-256
-- (secret_sha256, hex), enough to check later notifications in constant time and never readable back.
CREATE TABLE push_subscriptions (
  id                      text PRIMARY KEY,
  scope                   text NOT NULL CHECK (scope IN ('TRACKING_NUMBER', 'CUSTOMER_ACCOUNT')),
  subject                 text NOT NULL,
  division                text,
  state                   text NOT NULL CHECK (state IN ('CREATED', 'PENDING_APPROVAL', 'ACTIVE', 'DELETED')),
  carrier_subscription_id text UNIQUE,
  secret_sha256           text,
  created_at              timestamptz NOT NULL DEFAULT now(),
  activated_at            timestamptz,
  deleted_at              timestamptz
);
CREATE INDEX push_subscriptions_state ON push_subscriptions (state);

-- webhook_inbox: every accepted notification body, written BEFORE the 200 (seed: "answer HTTP 200 within five
-- seconds; processing is to happen after acknowledgement"). processed_at stays null until its shipments are in the
-- status log; rows still null at start are processed then, so a crash after the 200 loses nothing.
CREATE TABLE webhook_inbox (
  id           bigserial PRIMARY KEY,
  source       text NOT NULL,
  body         jsonb NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  attempts     integer NOT NULL DEFAULT 0,
  last_error   text
);
CREATE INDEX webhook_inbox_unprocessed ON webhook_inbox (id) WHERE processed_at IS NULL;
