/**
 * What each recorded happening becomes as an analytics lifecycle event (issue 11; docs/assumptions.md AX1-AX6): its
 * kind, identity, time, distinct id and properties in our unified words, most useful first. Pure; the writers call
 * these inside the transaction that records the happening (status-log.ts, label-records.ts, tendering.ts,
 * pickups-service.ts) and the backfill calls the same ones, so a live and a backfilled event are the same event.
 *
 * Never here (AX3): charges, rates and quoted totals of any label (express rating data must never leave, seed 000; one
 * rule for every carrier so a misfiled label cannot leak it), credentials, account numbers, names, phones, e-mails and
 * street lines. The only personal members are `recipient_city` and `recipient_postal_code`, which the shaping drops
 * unless the operator's allow-list names them.
 */
import type { LifecycleEvent } from './analytics.js';
import { formatShipmentId, parseShipmentId } from './ids.js';
import type { Label } from './shipping.js';
import type { StatusChange } from './status-change.js';

/**
 * The bridge's `distinct_id` of a shipment (AX10): its id without the carrier's uniqueness suffix
 * (`CARRIER_B:-:570000000001`, not `CARRIER_B:-:570000000001:<uniqueId>`). A label stores its shipment's id from the
 * creation answer, which has no Carrier B unique id, while tracking adds it: the short form is the one both know, so a
 * label's events and its shipment's status changes share one distinct id. `shipment_id` keeps the full id.
 */
export function shipmentDistinctId(shipmentId: string): string {
  const parts = parseShipmentId(shipmentId);
  return parts ? formatShipmentId({ ...parts, carrierUniqueId: null }) : shipmentId;
}

/** Status changes are identified by the seeds' dedup key, as the status log is (AX2): a duplicate is the same event. */
export function statusChangeIdentity(dedupKey: string): string {
  return `status:${dedupKey}`;
}

/** A change recorded in the status log. */
export function statusChangeEvent(change: StatusChange): LifecycleEvent {
  const address = change.location?.address ?? null;
  // The bridge's `time` must be stable and an instant: the carrier's instant when it gave one, else when we recorded
  // it (a local time without offset is never read in a guessed zone; it travels as `event_time_local`).
  const occurredAt = new Date(change.time?.instant ?? change.recordedAt);
  return {
    kind: 'shipment_status_changed',
    identity: statusChangeIdentity(change.dedupKey),
    occurredAt,
    distinctId: shipmentDistinctId(change.shipmentId),
    properties: {
      status: change.status.status,
      native_code: change.status.nativeCode,
      native_text: change.status.nativeText,
      carrier: change.carrier,
      division: change.division,
      tracking_number: change.trackingNumber,
      shipment_id: change.shipmentId,
      event_time: change.time?.instant ?? null,
      event_time_local: change.time?.localDateTime ?? null,
      description: change.description,
      location_city: address?.locality ?? null,
      location_country_code: address?.countryCode ?? null,
      location_region: address?.region ?? null,
      location_postal_code: address?.postalCode ?? null,
      location_id: change.location?.id ?? null,
      location_type: change.location?.type ?? null,
      location_description: change.location?.description ?? null,
      // The order context the platform joins on (shipment references: order ids, customer references).
      references: change.references.map((r) => ({ type: r.type, value: r.value })),
      source: change.source,
      recorded_at: change.recordedAt,
      status_log_cursor: change.cursor,
    },
  };
}

export type LabelEventState = 'PURCHASED' | 'FAILED' | 'CANCELLED' | 'TENDERED';

const LABEL_KIND: Record<LabelEventState, string> = {
  PURCHASED: 'label_purchased',
  FAILED: 'label_failed',
  CANCELLED: 'label_cancelled',
  TENDERED: 'label_tendered',
};

/** What a label event reads of the label. */
export type LabelEventFacts = Pick<
  Label,
  'id' | 'kind' | 'carrier' | 'division' | 'upstream' | 'serviceCode' | 'serviceName' | 'orderId' | 'returnOf' | 'request' | 'shipmentId' | 'trackingNumber' | 'pieces' | 'tenderBy' | 'tenderId' | 'failure'
>;

/** A label reaching a state (as stored, read in the transaction that wrote it); `at` is when it was written. */
export function labelEvent(label: LabelEventFacts, state: LabelEventState, at: Date): LifecycleEvent {
  const recipient = label.request.recipient.address;
  return {
    kind: LABEL_KIND[state],
    identity: `label:${label.id}:${state}`,
    occurredAt: at,
    distinctId: label.shipmentId ? shipmentDistinctId(label.shipmentId) : label.id,
    properties: {
      label_state: state,
      carrier: label.carrier,
      division: label.division,
      tracking_number: label.trackingNumber,
      service_code: label.serviceCode,
      service_name: label.serviceName,
      order_id: label.orderId,
      label_id: label.id,
      shipment_id: label.shipmentId,
      label_kind: label.kind,
      return_of: label.returnOf,
      failure_code: state === 'FAILED' ? (label.failure?.code ?? null) : null,
      failure_message: state === 'FAILED' ? (label.failure?.message ?? null) : null,
      carrier_error_code: state === 'FAILED' ? (label.failure?.carrierCode ?? null) : null,
      tender_by: label.tenderBy,
      tender_id: state === 'TENDERED' ? label.tenderId : null,
      ship_date: label.request.shipDate,
      package_count: label.request.packages.length,
      piece_tracking_numbers: label.pieces.map((p) => p.trackingNumber),
      origin_country_code: label.request.shipper.address.countryCode,
      destination_country_code: recipient.countryCode,
      recipient_city: recipient.city,
      recipient_postal_code: recipient.postalCode,
      upstream: label.upstream,
    },
  };
}

/** What a pickup event reads of a stored pickup (src/services/pickups/pickups-api.ts `Pickup`). */
export interface PickupFacts {
  id: string;
  source: string;
  carrier: string;
  division: string | null;
  network: string;
  confirmationNumber: string | null;
  scheduledDate: string | null;
  readyByTime: string | null;
  countryCode: string | null;
  location: string | null;
  labelIds: readonly string[];
  request: { readyAt: string; packageCount: number | null; trackingNumbers: readonly string[] } | null;
}

export type PickupEventState = 'SCHEDULED' | 'CANCELLED';

/** A pickup reaching a state; distinct id is the pickup's own (it may collect several shipments). */
export function pickupEvent(pickup: PickupFacts, state: PickupEventState, at: Date): LifecycleEvent {
  return {
    kind: state === 'SCHEDULED' ? 'pickup_scheduled' : 'pickup_cancelled',
    identity: `pickup:${pickup.id}:${state}`,
    occurredAt: at,
    distinctId: pickup.id,
    properties: {
      pickup_state: state,
      carrier: pickup.carrier,
      division: pickup.division,
      network: pickup.network,
      confirmation_number: pickup.confirmationNumber,
      scheduled_date: pickup.scheduledDate,
      ready_at: pickup.request?.readyAt || null,
      ready_by_time: pickup.readyByTime,
      country_code: pickup.countryCode,
      pickup_location: pickup.location,
      package_count: pickup.request?.packageCount ?? null,
      label_ids: [...pickup.labelIds],
      tracking_numbers: [...(pickup.request?.trackingNumbers ?? [])],
      pickup_source: pickup.source,
      pickup_id: pickup.id,
    },
  };
}
