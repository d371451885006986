import { createHash } from 'node:crypto';

/**
 * Shipment lifecycle events exported to the analytics bridge (issue 11; seed 002 part B; DESIGN.md "Analytics
 * export"). An event is written to the outbox in the transaction that records what it describes, and exported later
 * (src/services/analytics/). DRAFT contract (branch issue11).
 */

/**
 * What happened. An open set: a new kind needs no change to the outbox, the exporter or the shaping (the bridge's
 * event name is the kind as given, e.g. `shipment_status_changed`).
 */
export type LifecycleEventKind =
  | 'shipment_status_changed'
  | 'label_purchased'
  | 'label_failed'
  | 'label_cancelled'
  | 'label_tendered'
  | 'pickup_scheduled'
  | 'pickup_cancelled'
  | (string & {});

/** One event as recorded (an outbox row's content), in our unified words, not yet shaped for the bridge. */
export interface LifecycleEvent {
  kind: LifecycleEventKind;
  /**
   * What makes the event itself (not its row): the same happening written twice, replayed or backfilled has the same
   * identity, e.g. `status:<status log cursor>`, `label:<label id>:PURCHASED`, `pickup:<pickup id>:SCHEDULED`.
   * `$insert_id` is derived from it (insertIdOf), so a replay changes nothing at the bridge.
   */
  identity: string;
  /** When it happened (the bridge's `time`): the status change's event time, the label's purchase time... Stable. */
  occurredAt: Date;
  /** The bridge's `distinct_id`: the shipment id (`Shipment.id`) when there is one, else the label's or pickup's id. */
  distinctId: string;
  /**
   * The event's properties in our words, most useful first (the shaping keeps at most 40, in this order, after the
   * reserved ones). Values may be nested (kept as compact JSON strings by the shaping). Never express rating data,
   * credentials, or personal data outside the operator's allow-list: the shaping drops what is not allowed, but a
   * writer should not put it here in the first place.
   */
  properties: Record<string, unknown>;
}

/**
 * Every property name of personal data an event may carry (snake_case; the shaping compares names after turning
 * camelCase into snake_case). ExportPolicy.personalDataAllowList names a subset; the others never leave, at any
 * depth (docs/assumptions.md AB14). A masked member is absent from the event, never sent empty.
 */
export const PERSONAL_PROPERTY_NAMES = [
  'recipient_name',
  'recipient_company',
  'recipient_email',
  'recipient_phone',
  'recipient_street_lines',
  'recipient_city',
  'recipient_postal_code',
  'recipient_state_or_province',
  'shipper_name',
  'shipper_company',
  'shipper_email',
  'shipper_phone',
  'shipper_street_lines',
  'shipper_city',
  'shipper_postal_code',
  'shipper_state_or_province',
  'pickup_contact_name',
  'pickup_contact_phone',
  'pickup_street_lines',
  'pickup_city',
  'pickup_postal_code',
  'signed_by',
] as const;
export type PersonalPropertyName = (typeof PERSONAL_PROPERTY_NAMES)[number];

/** An outbox row: the event and its export state. */
export interface OutboxEntry extends LifecycleEvent {
  /** The row's id (a bigint, as a decimal string): the export order. */
  id: string;
  state: 'PENDING' | 'EXPORTED' | 'DEAD';
  attempts: number;
  nextAttemptAt: Date;
  /** Why it was dead-lettered (the bridge's reason, or ours). */
  deadReason: string | null;
  createdAt: Date;
  exportedAt: Date | null;
}

/** A record as sent to `/bridge/import` (JSON array body): the other vendor's shape, `event` + flat `properties`. */
export interface BridgeRecord {
  event: string;
  properties: {
    /** At most 36 characters of letters, digits and `-` (insertIdOf). */
    $insert_id: string;
    /** Seconds since the epoch (the vendor's import `time`), from `occurredAt`. */
    time: number;
    distinct_id: string;
    [name: string]: string | number | boolean | null;
  };
}

/**
 * `$insert_id` from an event's identity: the first 128 bits of its SHA-256 written as a UUID (36 characters, hex digits
 * and `-`), so the same identity always gives the same id and different identities practically never collide.
 */
export function insertIdOf(identity: string): string {
  const hex = createHash('sha256').update(identity, 'utf8').digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
