-- Webhook inbox rows that could not be processed after WEBHOOK_INBOX_MAX_ATTEMPTS attempts (DESIGN.md, "Real time":
-- "a row that cannot be processed goes to a dead letter after bounded attempts and never blocks others"). A row is
-- moved here, in the transaction that deletes it from webhook_inbox, with its body, its attempts and its last error,
-- for an operator to read (and, once the cause is fixed, to put back into webhook_inbox). Retention never deletes here.
CREATE TABLE webhook_dead_letters (
  id               bigint PRIMARY KEY,
  source           text NOT NULL,
  body             jsonb NOT NULL,
  received_at      timestamptz NOT NULL,
  attempts         integer NOT NULL,
  last_error       text,
  dead_lettered_at timestamptz NOT NULL DEFAULT now()
);
