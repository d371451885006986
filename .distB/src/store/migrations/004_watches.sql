-- Shipments our polling watchers follow: the carriers without push (Carrier B, Group A express and e-commerce).
-- Seed 001: "Status changes are therefore obtained by polling the tracking operation". Replicas share this table:
-- each claims due rows with FOR UPDATE SKIP LOCKED and pushes next_poll_at forward (a lease) before polling, so one
-- due shipment is polled by one replica (ShipmentWatcher).
CREATE TABLE shipment_watches (
  -- formatShipmentId of the watched lookup (docs/assumptions.md S2)
  shipment_id       text PRIMARY KEY,
  carrier           text NOT NULL,
  division          text,
  tracking_number   text NOT NULL,
  -- how to ask again: Carrier B disambiguation of a reused number, e-commerce id type
  carrier_code      text,
  carrier_unique_id text,
  ecommerce_id_type text,
  -- the latest status seen; null before the first successful poll
  last_status       text,
  last_native_code  text,
  last_native_text  text,
  last_polled_at    timestamptz,
  -- when the next poll is due; null once polling stopped (terminal status or unwatched)
  next_poll_at      timestamptz,
  active            boolean NOT NULL DEFAULT true,
  -- consecutive failed polls, for the backoff
  failures          integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- ShipmentReference[] last seen on the shipment, carried onto the status changes we record
  shipment_references jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX shipment_watches_due ON shipment_watches (next_poll_at) WHERE active;
