-- The durable status-change log fed by Group A's push webhook and by our polling watchers (DESIGN.md, "Real time").
-- `cursor` is the log position a subscriber resumes after. Appends take a transaction-scoped advisory lock before
-- inserting (StatusLog.append), so cursors become visible in their own order: a reader that has seen cursor N never
-- later finds a committed row below N.
CREATE TABLE status_changes (
  cursor          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the seeds' identity of a change: (id, status.timestamp, status.statusCode) for push, (tracking number, scan date,
  -- eventType, locationId) for polled scans; a second delivery inserts nothing
  dedup_key       text NOT NULL UNIQUE,
  shipment_id     text NOT NULL,
  carrier         text NOT NULL,
  division        text,
  tracking_number text NOT NULL,
  status          text NOT NULL,
  native_code     text,
  native_text     text,
  -- the carrier's time as it wrote it (CarrierTime), and its parts for ordering and queries
  time            jsonb,
  time_instant    timestamptz,
  time_local      text,
  description     text,
  location        jsonb,
  source          text NOT NULL CHECK (source IN ('PUSH', 'POLL')),
  -- ShipmentReference[] known for the shipment, for the subscription's `reference` filter
  shipment_references jsonb NOT NULL DEFAULT '[]'::jsonb,
  recorded_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX status_changes_tracking_number ON status_changes (tracking_number, cursor);
CREATE INDEX status_changes_carrier ON status_changes (carrier, cursor);

-- The latest status of each shipment, and the last full answer we had for it, so that tracking queries can answer
-- from here while fresh instead of spending Group A's quota (250 calls a day).
CREATE TABLE shipment_latest (
  shipment_id     text PRIMARY KEY,
  carrier         text NOT NULL,
  division        text,
  tracking_number text NOT NULL,
  status          text,
  native_code     text,
  native_text     text,
  status_time     jsonb,
  -- sortKeyOf(status_time): epoch ms of the instant, or of a local time read as UTC; ordering only
  status_sort_ms  double precision,
  shipment_references jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- the full domain Shipment when one was fetched, and when
  snapshot        jsonb,
  snapshot_at     timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipment_latest_tracking_number ON shipment_latest (tracking_number, carrier);
