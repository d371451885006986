import type { Carrier, CarrierInterface } from './carrier.js';
import type { StatusReading } from './status.js';
import type { CarrierTime } from './time.js';
import type { Money } from './money.js';

/**
 * An address as far as the caller is entitled to see it. Masked members stay absent (null): absent means "not
 * entitled", not "empty". `policy` carries the carrier's marker (Group A `@policy`, e.g. `postal-code`).
 */
export interface PartyAddress {
  policy: string | null;
  streetLines: string[] | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  countryCode: string | null;
}

export interface Party {
  /** Person or organisation name; null when masked or not given. */
  name: string | null;
  organizationName: string | null;
  policy: string | null;
  address: PartyAddress | null;
}

export interface Location {
  id: string | null;
  type: string | null;
  description: string | null;
  address: PartyAddress | null;
}

export interface TrackingEvent {
  time: CarrierTime | null;
  status: StatusReading;
  description: string | null;
  /** Carrier's exception indicator (Carrier B exceptionCode, Group A express typeCode); null when none. */
  exceptionCode: string | null;
  exceptionDescription: string | null;
  location: Location | null;
  /**
   * The carrier's own event type exactly as sent (Carrier B `scanEvents[].eventType`), part of the seed's dedup key;
   * `status.nativeCode` may hold another code when this one is unknown to our table. Absent where the carrier has none.
   */
  nativeEventType?: string | null;
  /** Group A: "`pieceIds` linking the event to particular pieces of a multi-piece shipment". */
  pieceIds: string[];
  signedBy: string | null;
  remark: string | null;
  nextSteps: string | null;
}

export interface Measure {
  value: number;
  unit: string;
}

export interface Dimensions {
  length: Measure | null;
  width: Measure | null;
  height: Measure | null;
}

export interface Piece {
  id: string;
  trackingNumber: string | null;
  sequenceNumber: number | null;
  typeCode: string | null;
  weight: Measure | null;
  dimensions: Dimensions | null;
  events: TrackingEvent[];
}

export interface ProofOfDelivery {
  time: CarrierTime | null;
  signedBy: string | null;
  receivedBy: string | null;
  documentUrl: string | null;
  signatureUrl: string | null;
  /** Group A `proofOfDeliverySignedAvailable`: a signed version exists before the link is followed. */
  signedAvailable: boolean | null;
}

export interface ShipmentReference {
  type: string;
  value: string;
  scope: string | null;
}

export interface DeliveryWindow {
  from: CarrierTime | null;
  to: CarrierTime | null;
  /** Carrier's remark or window type (Carrier B `estimatedDeliveryTimeWindow.type`). */
  remark: string | null;
}

export type DelayStatus = 'ON_TIME' | 'EARLY' | 'DELAYED';

export interface Delay {
  status: DelayStatus | null;
  type: string | null;
  subType: string | null;
}

export interface AvailableDocument {
  type: string;
  size: string | null;
}

/** A soft failure returned beside a successful answer (express `warnings[]`, Carrier B `alerts[]`). */
export interface CarrierWarning {
  code: string | null;
  message: string;
  type: string | null;
}

export interface ServiceInfo {
  code: string | null;
  name: string | null;
}

export interface Shipment {
  /** `<carrier>:<division or ->:<tracking number>[:<carrier's unique id>]`, see docs/assumptions.md S2. */
  id: string;
  carrier: Carrier;
  /** Group A division (the unified interface's `service`), null for other carriers. */
  division: string | null;
  source: CarrierInterface;
  trackingNumber: string;
  /** Carrier-side disambiguation of a reused number (Carrier B trackingNumberUniqueId). */
  carrierUniqueId: string | null;
  /** Carrier B carrier code (express or ground network). */
  carrierCode: string | null;
  status: StatusReading;
  statusTime: CarrierTime | null;
  statusDescription: string | null;
  statusLocation: Location | null;
  service: ServiceInfo | null;
  origin: Party | null;
  destination: Party | null;
  shipper: Party | null;
  recipient: Party | null;
  pickedUpAt: CarrierTime | null;
  shippedAt: CarrierTime | null;
  deliveredAt: CarrierTime | null;
  estimatedDelivery: DeliveryWindow | null;
  delay: Delay | null;
  isReturn: boolean | null;
  pieceCount: number | null;
  totalWeight: Measure | null;
  pieces: Piece[];
  /** Events newest first; null when the carrier was asked for the latest status only. */
  events: TrackingEvent[] | null;
  proofOfDelivery: ProofOfDelivery | null;
  references: ShipmentReference[];
  documentsAvailable: AvailableDocument[];
  declaredValue: Money | null;
  deliveryAttempts: number | null;
  serviceUrl: string | null;
  rerouteUrl: string | null;
  warnings: CarrierWarning[];
}
