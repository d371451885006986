-- Every filter the schema offers is served by an index (test/retention/filter-plans.test.ts asserts the plans on
-- PostgreSQL), so a list stays a few index steps however many rows months of use leave behind.

-- statusChanges(filter: {reference}) and the subscription's reference filter: containment of {"value": ...} in the
-- shipment's references.
CREATE INDEX status_changes_references ON status_changes USING gin (shipment_references jsonb_path_ops);
-- A shipment's changes in log order: the retention job keeps each shipment's latest change by looking for a newer one.
CREATE INDEX status_changes_shipment ON status_changes (shipment_id, cursor);

-- labels(filter: {carrier}) and labels(filter: {state}), newest first (orderId has labels_order_id).
CREATE INDEX labels_carrier_newest ON labels (carrier, created_at DESC, id DESC);
CREATE INDEX labels_state_newest ON labels (state, created_at DESC, id DESC);

-- pickups(carrier:) and pickups(state:), newest first.
CREATE INDEX pickups_carrier_newest ON pickups (carrier, created_at DESC, id DESC);
CREATE INDEX pickups_state_newest ON pickups (state, created_at DESC, id DESC);

-- watches(activeOnly: true) pages in watch order over the active ones only.
CREATE INDEX shipment_watches_active_serial ON shipment_watches (watch_serial) WHERE active;
