-- Shipping (issue 9; DESIGN.md "Shipping, documents and tendering"): labels as durable purchase jobs, idempotency keys
-- stored before any carrier call, documents stored once (bytes here, served by id), and tenders (manifests, end-of-day
-- closes). Replicas share these tables; due labels are handed out with FOR UPDATE SKIP LOCKED (label-worker.ts).

-- A label purchase: PENDING -> PURCHASED | FAILED | UNKNOWN -> PURCHASED | FAILED; PURCHASED -> CANCELLED.
CREATE TABLE labels (
  -- 'Label:<uuid>'
  id                  text PRIMARY KEY,
  kind                text NOT NULL CHECK (kind IN ('OUTBOUND', 'RETURN')),
  state               text NOT NULL CHECK (state IN ('PENDING', 'PURCHASED', 'FAILED', 'UNKNOWN', 'CANCELLED')),
  carrier             text NOT NULL,
  division            text,
  upstream            text NOT NULL,
  account_number      text NOT NULL,
  service_code        text NOT NULL,
  service_name        text,
  idempotency_key     text NOT NULL,
  -- Written into the shipment's customer references: how a lost answer is found again (never bought again).
  purchase_reference  text NOT NULL,
  order_id            text,
  -- Every reference value the caller put on the shipment (order id, further references), for shipmentsByReference.
  reference_values    text[] NOT NULL DEFAULT '{}',
  -- The checked ShipmentRequest (or ReturnRequest) as sent.
  request             jsonb NOT NULL,
  shipment_id         text,
  tracking_number     text,
  carrier_unique_id   text,
  carrier_code        text,
  pieces              jsonb NOT NULL DEFAULT '[]'::jsonb,
  total               jsonb,
  breakdown           jsonb NOT NULL DEFAULT '[]'::jsonb,
  quoted_total        jsonb,
  dispatch_confirmation_number text,
  links               jsonb NOT NULL DEFAULT '{"trackingUrl":null,"cancelPickupUrl":null,"onDemandDeliveryUrl":null}'::jsonb,
  warnings            jsonb NOT NULL DEFAULT '[]'::jsonb,
  failure             jsonb,
  job_id              text,
  tendered            boolean NOT NULL DEFAULT false,
  tender_by           text CHECK (tender_by IN ('MANIFEST', 'END_OF_DAY')),
  tender_id           text,
  tendered_at         timestamptz,
  cancelled_at        timestamptz,
  cancellation        jsonb,
  return_of           text REFERENCES labels (id),
  carrier_return_id   text,
  -- Claims made on the job (creation, polls, reconciliations); a claim's writes count only while it is the latest.
  attempts            integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- PENDING without job: the creating process's lease (past it, the process is presumed dead: UNKNOWN, reconcile);
  -- PENDING with job: next poll; UNKNOWN: next reconciliation; null: nothing due.
  next_attempt_at     timestamptz,
  -- Until when the job (async poll, reconciliation) is pursued; set when it starts.
  deadline_at         timestamptz,
  -- When the create call was sent (reconciliations ignore shipments made before it).
  sent_at             timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  -- Tracked from birth (the onPurchased hook: a watch or a push subscription) done; null until it succeeded. The
  -- worker retries a PURCHASED label whose follow is still missing (a process that died after the purchase).
  followed_at         timestamptz,
  follow_attempt_at   timestamptz
);
-- What the worker claims: PENDING and UNKNOWN labels whose next attempt is due.
CREATE INDEX labels_due ON labels (next_attempt_at) WHERE state IN ('PENDING', 'UNKNOWN') AND next_attempt_at IS NOT NULL;
CREATE INDEX labels_unfollowed ON labels (updated_at) WHERE state = 'PURCHASED' AND followed_at IS NULL;
CREATE INDEX labels_order_id ON labels (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX labels_reference_values ON labels USING gin (reference_values);
CREATE INDEX labels_shipment_id ON labels (shipment_id) WHERE shipment_id IS NOT NULL;
-- Labels the carrier does not expect yet, per carrier and account (untenderedLabels, tender eligibility).
CREATE INDEX labels_untendered ON labels (carrier, division, account_number, created_at)
  WHERE state = 'PURCHASED' AND NOT tendered AND tender_by IS NOT NULL;
-- Newest first pages.
CREATE INDEX labels_newest ON labels (created_at DESC, id DESC);
CREATE INDEX labels_return_of ON labels (return_of) WHERE return_of IS NOT NULL;

-- Idempotency keys (Stripe's semantics): stored with a hash of the input before the carrier is called.
CREATE TABLE idempotency_keys (
  -- createShipment, cancelShipment, tender, createReturn, cancelReturn
  scope         text NOT NULL,
  key           text NOT NULL,
  -- sha256 of the canonical input (purchase-key.ts)
  request_hash  text NOT NULL,
  -- What the key made: a label id or a tender id.
  resource_id   text NOT NULL,
  created_at    timestamptz NOT NULL,
  -- SHIPPING_IDEMPOTENCY_TTL_HOURS after created_at; an expired key is purged by the worker and is a new request.
  expires_at    timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- A manifest or end-of-day close.
CREATE TABLE tenders (
  -- 'Tender:<uuid>'
  id              text PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('MANIFEST', 'END_OF_DAY')),
  carrier         text NOT NULL,
  division        text,
  account_number  text NOT NULL,
  date            text NOT NULL,
  label_ids       jsonb NOT NULL,
  warnings        jsonb NOT NULL DEFAULT '[]'::jsonb,
  transaction_id  text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Documents stored once and served by id (labels, invoices, manifests, proof of delivery, tracking documents).
CREATE TABLE documents (
  -- 'doc_' || 128 random bits, base64url: unguessable
  id                    text PRIMARY KEY,
  label_id              text REFERENCES labels (id),
  tender_id             text REFERENCES tenders (id),
  kind                  text NOT NULL,
  native_type           text,
  format                text NOT NULL,
  content_type          text NOT NULL,
  size                  integer NOT NULL CHECK (size >= 0),
  sha256                text NOT NULL,
  content               bytea NOT NULL,
  piece_tracking_number text,
  -- Documents fetched on demand (proof of delivery, images, tracking documents): 'KIND:FORMAT', one per label.
  fetched_as            text,
  -- A document a tracking answer links to (Group A unified proof of delivery), stored once per shipment id and kind.
  shipment_id           text,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_label ON documents (label_id) WHERE label_id IS NOT NULL;
CREATE INDEX documents_tender ON documents (tender_id) WHERE tender_id IS NOT NULL;
CREATE UNIQUE INDEX documents_fetched_once ON documents (label_id, fetched_as) WHERE fetched_as IS NOT NULL;
CREATE UNIQUE INDEX documents_linked_once ON documents (shipment_id, fetched_as) WHERE shipment_id IS NOT NULL;
