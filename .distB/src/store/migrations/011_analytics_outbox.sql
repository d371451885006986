-- The analytics outbox (issue 11; DESIGN.md "Analytics export"): one row per shipment lifecycle event, written in the
-- transaction that records the happening (a status change, a label or pickup state), exported later by the analytics
-- exporter (src/services/analytics/exporter.ts), which claims due rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE analytics_outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- an open set (`shipment_status_changed`, `label_purchased`, ...): a new kind needs no schema change
  kind            text NOT NULL,
  -- what makes the event itself: the same happening written twice, replayed or backfilled is one row, and its
  -- `$insert_id` (derived from it) is one event at the bridge
  identity        text NOT NULL UNIQUE,
  occurred_at     timestamptz NOT NULL,
  distinct_id     text NOT NULL,
  -- in our words, most useful first: `json`, not `jsonb`, because it keeps the members in their order (the shaping
  -- keeps the first 40)
  properties      json NOT NULL,
  state           text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'EXPORTED', 'DEAD')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  dead_reason     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  exported_at     timestamptz
);
-- What an exporter pass claims: due PENDING rows in export order.
CREATE INDEX analytics_outbox_due ON analytics_outbox (next_attempt_at, id) WHERE state = 'PENDING';
CREATE INDEX analytics_outbox_dead ON analytics_outbox (id) WHERE state = 'DEAD';
