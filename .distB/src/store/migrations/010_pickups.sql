-- Pickups (issue 10 item 1): a pickup booked by schedulePickup, or inside an express shipment creation, stored with
-- everything the carrier needs to update or cancel it (seed 001: cancellation needs pickupConfirmationCode, the
-- location for express, scheduledDate and carrierCode; seed 000: the dispatch confirmation number is the handle), so
-- the caller gives only our id. Idempotency keys are the shipping ones (idempotency_keys, scopes schedulePickup,
-- updatePickup, cancelPickup), stored in the same transaction as the PENDING pickup before the one carrier call.

-- PENDING -> SCHEDULED | FAILED | UNKNOWN; SCHEDULED -> CANCELLED.
CREATE TABLE pickups (
  -- 'Pickup:<uuid>'
  id                   text PRIMARY KEY,
  state                text NOT NULL CHECK (state IN ('PENDING', 'SCHEDULED', 'FAILED', 'UNKNOWN', 'CANCELLED')),
  source               text NOT NULL CHECK (source IN ('SCHEDULE_PICKUP', 'WITH_SHIPMENT')),
  carrier              text NOT NULL,
  division             text,
  account_number       text NOT NULL,
  network              text NOT NULL CHECK (network IN ('GROUND', 'EXPRESS')),
  -- Carrier B pickupConfirmationCode; express dispatchConfirmationNumbers[0] (the handle for update and cancel).
  confirmation_number  text,
  other_confirmation_numbers text[] NOT NULL DEFAULT '{}',
  -- Carrier B output.location (express network): needed to cancel.
  location             text,
  -- Local date of the pickup (Carrier B cancellation's scheduledDate).
  scheduled_date       text,
  carrier_code         text,
  -- The pickup address's country (PickupHandle.countryCode).
  country_code         text,
  ready_by_time        text,
  next_pickup_date     text,
  cancel_url           text,
  message              text,
  -- The checked PickupRequest as sent (null for a pickup booked inside a shipment creation).
  request              jsonb,
  warnings             jsonb NOT NULL DEFAULT '[]'::jsonb,
  failure              jsonb,
  idempotency_key      text,
  -- The carrier's answer to the cancellation (cancelled, message, warnings): a second cancel answers it again.
  cancellation         jsonb,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  cancelled_at         timestamptz
);
-- One row per booking at a carrier: a pickup booked inside a shipment creation is recorded once however often its
-- label is stored or replayed.
CREATE UNIQUE INDEX pickups_confirmation ON pickups (carrier, confirmation_number) WHERE confirmation_number IS NOT NULL;
-- Newest first pages, optionally by carrier and state.
CREATE INDEX pickups_newest ON pickups (created_at DESC, id DESC);

-- The labels a pickup collects (linked by the caller, or the label whose creation booked it).
CREATE TABLE pickup_labels (
  pickup_id  text NOT NULL REFERENCES pickups (id),
  label_id   text NOT NULL REFERENCES labels (id),
  PRIMARY KEY (pickup_id, label_id)
);
CREATE INDEX pickup_labels_label ON pickup_labels (label_id);
