import type { Carrier, CarrierInterface } from './carrier.js';
import type { Money } from './money.js';
import type { ChargeLine } from './rating.js';
import type { CarrierWarning, ShipmentReference } from './shipment.js';
import type { LabelFormat, ShipmentPackage, ShipmentRequest, ShippingParty } from './shipment-request.js';

/**
 * Shipping in the unified model (DESIGN.md "Shipping, documents and tendering"): what a caller asks a carrier to
 * create, what the carrier answered, and the label's durable lifecycle. Connectors build their wire requests from these
 * types and map answers back into them; services and resolvers never see a wire shape. Every value here is already
 * validated at the GraphQL edge by src/graphql/inputs/shipment.ts (and by the connector's own `check` for carrier-specific rules).
 */

/* The request side (addresses, parties, packages, ShipmentRequest) is in shipment-request.ts, re-exported here. */
export type {
  LabelDelivery,
  LabelFormat,
  PickupInShipment,
  ShipmentPackage,
  ShipmentRequest,
  ShippingAddress,
  ShippingParty,
} from './shipment-request.js';

/** The kinds of document we store and serve. */
export type DocumentKind =
  | 'LABEL'
  | 'INVOICE'
  | 'WAYBILL'
  | 'QR_CODE'
  | 'COMMERCIAL_INVOICE'
  | 'RETURN_LABEL'
  | 'MANIFEST'
  | 'END_OF_DAY_MANIFEST'
  /** A carrier's answer kept as received (JSON), for support. */
  | 'CARRIER_ANSWER'
  | 'PROOF_OF_DELIVERY'
  | 'SHIPMENT_IMAGE'
  | 'BILL_OF_LADING'
  | 'FREIGHT_BILLING_DOCUMENT'
  | 'OTHER';

/** A document as a carrier gave it: bytes (inline base64, decoded) or a URL to fetch once. */
export interface CarrierDocument {
  kind: DocumentKind;
  /** The carrier's own type code (express `typeCode`, Carrier B `contentType`). */
  nativeType: string | null;
  /** `PDF`, `PNG`, ... as the carrier names it. */
  format: string;
  /** Decoded content when the carrier sent it inline. */
  content: Buffer | null;
  /** Where to fetch it when the carrier sent a link. */
  url: string | null;
  /** Piece tracking number the document belongs to; null for the whole shipment. */
  pieceTrackingNumber: string | null;
  copiesToPrint: number | null;
}

/** One piece (package) of a created shipment. */
export interface CreatedPiece {
  /** 1-based, in request order. */
  sequence: number;
  trackingNumber: string;
  /** E-commerce: the caller's `packageId`, the carrier's `carrierPackageId` (the tracking id is `trackingNumber`). */
  packageId: string | null;
  carrierPackageId: string | null;
  /** Carrier B per-piece net charge, when given. */
  netCharge: Money | null;
  cashOnDelivery: Money | null;
  references: ShipmentReference[];
}

/** What a carrier answered to a creation (or to the results call of an async job, or to a reconciliation). */
export interface CreatedShipment {
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  /** The shipment-level number (express waybill, Carrier B master, e-commerce tracking id of the single package). */
  trackingNumber: string;
  /** Carrier B `trackingNumberUniqueId` when known (part of the shipment id); null elsewhere. */
  carrierUniqueId: string | null;
  /** Carrier B express or ground network code of the created shipment (`CBXE`/`CBXG` in the sandbox); null elsewhere. */
  carrierCode: string | null;
  serviceCode: string | null;
  serviceName: string | null;
  pieces: CreatedPiece[];
  documents: CarrierDocument[];
  /** Total charged (express `shipmentCharges[]` BILLC; Carrier B sum of net charges); null when not given. */
  total: Money | null;
  breakdown: ChargeLine[];
  /** Express: a pickup booked in the same call. */
  dispatchConfirmationNumber: string | null;
  /** Ready-formed URLs the carrier returns (express `trackingUrl`, `cancelPickupUrl`, `onDemandDeliveryURL`). */
  links: { trackingUrl: string | null; cancelPickupUrl: string | null; onDemandDeliveryUrl: string | null };
  /** Express `warnings[]`, Carrier B `alerts[]`: soft failures reach the client. */
  warnings: CarrierWarning[];
  /** Whether the carrier expects the parcels without a further tender (false: e-commerce until manifested, Carrier B ground until closed). */
  tendered: boolean;
  /** Which tender makes it expected: MANIFEST (e-commerce), END_OF_DAY (Carrier B ground), null when none is needed. */
  tenderBy: TenderKind | null;
  /** The carrier's transaction id of the exchange, when it gives one. */
  transactionId: string | null;
}

/** Carrier B asynchronous processing: the creation was accepted, documents come later from the results operation. */
export interface AcceptedShipmentJob {
  jobId: string;
  warnings: CarrierWarning[];
  transactionId: string | null;
}

export type CreateShipmentAnswer =
  | { kind: 'CREATED'; shipment: CreatedShipment }
  | { kind: 'ACCEPTED'; job: AcceptedShipmentJob };

/** The results operation's answer for an async job: still running, or the created shipment. */
export type ShipmentJobResult = { kind: 'RUNNING' } | { kind: 'CREATED'; shipment: CreatedShipment };

/**
 * What a reconciliation found for a purchase whose answer was lost: the shipment the carrier created with our
 * reference, proof that none exists, or nothing conclusive yet (try later).
 */
export type ReconcileResult =
  | { kind: 'FOUND'; shipment: CreatedShipment }
  | { kind: 'NOT_CREATED' }
  | { kind: 'INCONCLUSIVE'; reason: string };

/** Identifies a stored label to a connector (everything a carrier needs to cancel, tender, return or fetch documents). */
export interface LabelHandle {
  carrier: Carrier;
  division: string | null;
  accountNumber: string;
  trackingNumber: string;
  pieceTrackingNumbers: string[];
  carrierUniqueId: string | null;
  carrierCode: string | null;
  /** E-commerce carrier package ids of the pieces. */
  carrierPackageIds: string[];
  serviceCode: string;
  shipperCountryCode: string;
  shipDate: string;
}

export interface CancelResult {
  /** The carrier cancelled it, now or before ("already cancelled" counts: the shipment is cancelled either way). */
  cancelled: boolean;
  message: string | null;
  warnings: CarrierWarning[];
  /** The carrier answered that it was already cancelled (a second request, e.g. after a lost answer). */
  alreadyCancelled?: boolean;
}

/**
 * Where a label's cancellation is: SENT (asked, answer awaited), UNKNOWN (the answer was lost: asked again until the
 * carrier answers), REFUSED (the carrier said no; the label stays PURCHASED), CONFIRMED (the label is CANCELLED).
 */
export type CancellationState = 'SENT' | 'UNKNOWN' | 'REFUSED' | 'CONFIRMED';

/** A validation's answer: the carrier's alerts and ours; nothing is created. */
export interface ValidationResult {
  valid: boolean;
  alerts: CarrierWarning[];
}

export type TenderKind = 'MANIFEST' | 'END_OF_DAY';

/** What a manifest or end-of-day close produced. */
export interface TenderResult {
  kind: TenderKind;
  /**
   * The labels' tracking numbers the carrier now expects; null when its answer does not say (a 2xx close or manifest
   * then tenders every label it was asked to tender).
   */
  tenderedTrackingNumbers: string[] | null;
  documents: CarrierDocument[];
  warnings: CarrierWarning[];
  transactionId: string | null;
  /** The carrier's answer as received (parsed JSON, or the text), kept for support whatever its shape. */
  carrierAnswer?: unknown;
}

/** TENDERED: the carrier answered the close or manifest; UNKNOWN: it was sent and its answer lost. */
export type TenderOutcome = 'TENDERED' | 'UNKNOWN';

/** A return label (e-commerce) or return tag (Carrier B) request, for a stored outbound label. */
export interface ReturnRequest {
  outbound: LabelHandle;
  /** Who sends the return (by default the outbound's recipient) and where it goes (the outbound's shipper). */
  from: ShippingParty;
  to: ShippingParty;
  packages: ShipmentPackage[];
  serviceCode: string | null;
  /** Carrier B tag: when the courier collects, local `YYYY-MM-DDTHH:MM:SS`; null = the connector's default. */
  pickupReadyAt: string | null;
  reason: string | null;
  labelFormat: LabelFormat;
  purchaseReference: string;
}

export interface CreatedReturn {
  /** Return tag / return label number. */
  trackingNumber: string;
  /** Carrier B return tag: the shipment id to cancel it by. */
  carrierReturnId: string | null;
  documents: CarrierDocument[];
  warnings: CarrierWarning[];
  /** The carrier linked it to the outbound (Carrier B `/track/v1/associatedshipments`). */
  linkedToOutbound: boolean;
  /** E-commerce return label: the package's own ids beside its tracking id (`trackingNumber`): all three are stored. */
  packageId?: string | null;
  carrierPackageId?: string | null;
}

/** A document fetched from the carrier for a shipment: proof of delivery, images, tracking documents. */
export interface FetchedDocument {
  kind: DocumentKind;
  nativeType: string | null;
  format: string;
  contentType: string;
  content: Buffer;
}

/** Label purchase lifecycle (issue 9 item 3). CANCELLED follows PURCHASED when the carrier confirmed a cancellation. */
export type LabelState = 'PENDING' | 'PURCHASED' | 'FAILED' | 'UNKNOWN' | 'CANCELLED';

/** Whether a label is an outbound shipment or a return (e-commerce return label, Carrier B return tag). */
export type LabelKind = 'OUTBOUND' | 'RETURN';

/** Why a purchase failed, or what its last attempt met (kept on the label; never an orphan without a reason). */
export interface LabelFailure {
  /** `CARRIER_REFUSED`, an UPSTREAM_* code, `JOB_DEADLINE_PASSED`, `NOT_CREATED` (a reconciliation proved it). */
  code: string;
  message: string;
  /** The carrier's own code (Carrier B `errors[].code`, a problem `type`). */
  carrierCode: string | null;
  transactionId: string | null;
}

/** A document we stored, as listed (the bytes are read apart, by id). */
export interface StoredDocument {
  /** Unguessable: `doc_<128 random bits, base64url>`; served only behind a signed URL. */
  id: string;
  labelId: string | null;
  tenderId: string | null;
  kind: DocumentKind;
  nativeType: string | null;
  /** `PDF`, `PNG`, ... */
  format: string;
  contentType: string;
  size: number;
  /** Piece the document belongs to; null for the whole shipment. */
  pieceTrackingNumber: string | null;
  createdAt: Date;
  /** When retention removed the bytes (the record stays); null or absent while they are kept. */
  contentExpiredAt?: Date | null;
}

/** A label purchase as stored: the durable job and, once purchased, everything the carrier answered. */
export interface Label {
  /** `Label:<uuid>`. */
  id: string;
  kind: LabelKind;
  state: LabelState;
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  accountNumber: string;
  serviceCode: string;
  serviceName: string | null;
  idempotencyKey: string;
  purchaseReference: string;
  orderId: string | null;
  /** The checked request as sent (for reconciliation, returns and tendering); personal data as the caller gave it. */
  request: ShipmentRequest;
  /** The Shipment id (same id everywhere) once the carrier gave a number; null before. */
  shipmentId: string | null;
  trackingNumber: string | null;
  carrierUniqueId: string | null;
  carrierCode: string | null;
  pieces: CreatedPiece[];
  total: Money | null;
  breakdown: ChargeLine[];
  quotedTotal: Money | null;
  dispatchConfirmationNumber: string | null;
  links: CreatedShipment['links'];
  warnings: CarrierWarning[];
  failure: LabelFailure | null;
  /** Carrier B asynchronous job being polled; null otherwise. */
  jobId: string | null;
  /** Whether the carrier expects the parcels (false until the manifest or end-of-day close when `tenderBy` is set). */
  tendered: boolean;
  tenderBy: TenderKind | null;
  tenderId: string | null;
  tenderedAt: Date | null;
  cancelledAt: Date | null;
  cancellation: CancelResult | null;
  /** Where its cancellation is; null when none was asked. */
  cancellationState: CancellationState | null;
  /** RETURN labels: the outbound label they return. */
  returnOf: string | null;
  /** Carrier B return tag's shipment id, to cancel it by. */
  carrierReturnId: string | null;
  documents: StoredDocument[];
  /** Attempts made by the job (creation, results polls, reconciliations). */
  attempts: number;
  /** When the worker looks at this label next (async poll, reconciliation); null when nothing is due. */
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A manifest or end-of-day close as stored. */
export interface Tender {
  /** `Tender:<uuid>`. */
  id: string;
  kind: TenderKind;
  carrier: Carrier;
  division: string | null;
  accountNumber: string;
  date: string;
  outcome: TenderOutcome;
  /** TENDERED: the labels it tendered; UNKNOWN: the labels it was asked to tender (they stay untendered). */
  labelIds: string[];
  documents: StoredDocument[];
  warnings: CarrierWarning[];
  createdAt: Date;
}
