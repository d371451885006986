import type { Carrier, CarrierInterface } from '../domain/carrier.js';
import { type InputError, UpstreamError } from '../domain/errors.js';
import type {
  DarkStoreHealth,
  LandedCostOutcome,
  LandedCostRequest,
  LaneRefusal,
  PostalValidation,
  RateAddress,
  RateOutcome,
  RateRequest,
} from '../domain/rating.js';
import type { Money } from '../domain/money.js';
import type { ReferenceLookup, TrackOutcome, TrackRequest } from '../domain/tracking.js';
import type { CarrierWarning, Shipment } from '../domain/shipment.js';
import type {
  AddressCapability,
  AddressInput,
  EmailNotificationRequest,
  EmailNotificationResult,
  PerInput,
  PickupAvailability,
  PickupAvailabilityRequest,
  PickupCancellation,
  PickupHandle,
  PickupRequest,
  ResolvedAddress,
  ScheduledPickup,
  ServicePoint,
  ServicePointQuery,
  ServicePointSearch,
} from '../domain/pickups-addresses.js';
import type {
  CancelResult,
  CreatedReturn,
  CreateShipmentAnswer,
  DocumentKind,
  FetchedDocument,
  LabelHandle,
  ReconcileResult,
  ReturnRequest,
  ShipmentJobResult,
  ShipmentRequest,
  TenderKind,
  TenderResult,
  ValidationResult,
} from '../domain/shipping.js';
import type { StatusChangeInput } from '../domain/status-change.js';

/**
 * A connector's tracking capability: build the carrier's request from ours, send it, parse the answer back into the
 * unified model (karrio's shape). It owns its batch limit: given more than `maxBatchSize` requests it splits them.
 * It never rejects: a failure of the whole call becomes the same typed error on every item it touches, and a failure of
 * one item (an `error` inside a 200, a malformed entry) fails only that item.
 */
export interface TrackingConnector {
  readonly upstream: CarrierInterface;
  readonly maxBatchSize: number;
  track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]>;
}

/** Finds shipments by a customer reference such as an order id (Carrier B `/track/v1/referencenumbers`). */
export interface ReferenceTrackingConnector {
  trackByReference(lookup: ReferenceLookup): Promise<Shipment[]>;
}

/**
 * A connector's rating capability (express `/rates` and `/products`, Carrier B `/rate/v1/rates/quotes`, e-commerce
 * `/shipping/v4/products`, the dark store's catchment). Tagged with the carrier, division and interface it speaks for.
 * `refuses` is cheap and makes no call: a lane it cannot serve (a country it does not ship, a pincode outside the
 * catchment) is skipped with the reason. `rate` makes at most one call per upstream operation it needs and never
 * rejects: a failure is an outcome. It runs under the ambient deadline (src/platform/http/deadline.ts), which the
 * rating service sets per carrier.
 */
export interface RatingConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  refuses(request: RateRequest): LaneRefusal | null;
  /**
   * Why this carrier's rate interface can never quote `serviceCode`, one of the carrier's own codes (Carrier B's
   * freight services), or null. Asked while the input is checked, before any call: such a code is the caller's
   * mistake, refused as BAD_USER_INPUT naming it, instead of a call the carrier refuses.
   */
  unquotableService?(serviceCode: string): string | null;
  rate(request: RateRequest): Promise<RateOutcome>;
  /**
   * Which services the lane has, prices optional (serviceability). Only where the carrier has a cheaper or more
   * fitting call than `rate` (express `/products` for a single piece); the service falls back to `rate`.
   */
  available?(request: RateRequest): Promise<RateOutcome>;
}

/** Duty and tax estimates (express `/landed-cost`, e-commerce duty and tax). Never rejects. */
export interface LandedCostConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  landedCost(request: LandedCostRequest): Promise<LandedCostOutcome>;
}

/** Carrier B `/country/v1/postal/validate`: checks a postal code before quoting. Rejects with UpstreamError. */
export interface PostalValidationConnector {
  readonly upstream: CarrierInterface;
  /** The carrier and division it speaks for (address answers name them). */
  readonly carrier: Carrier;
  readonly division: string | null;
  validatePostalCode(countryCode: string, postalCode: string, stateOrProvinceCode: string | null): Promise<PostalValidation>;
}

/** The dark store's published health (`GET /health`, nothing else). Rejects with UpstreamError. */
export interface HealthConnector {
  readonly upstream: CarrierInterface;
  health(): Promise<DarkStoreHealth>;
}

/**
 * A connector's shipping capability (express `/shipments`, Carrier B `/ship/v1/shipments`, e-commerce label creation),
 * tagged with the carrier, division and interface it speaks for. DESIGN.md "Shipping, documents and tendering".
 *
 * Rules every implementation keeps:
 * - `check` makes no call: it returns every carrier-specific refusal of the request (seed 001's required inputs,
 *   e-commerce `packageId` at most 30 characters, ...) as InputErrors naming the field under `input.` (e.g.
 *   `input.packages.0.packageId`); the service refuses before any write or call when the list is not empty.
 * - `create` is sent ONCE: never retried (not on 500/503, not on a reset), because its outcome may be unknown. It
 *   writes `request.purchaseReference` into the shipment's customer references (and `request.orderId` as the carrier's
 *   customer-reference kind). It rejects with UpstreamError; an error whose `outcomeUnknown(error)` is true (timeout,
 *   connection reset, 5xx after the body was sent) makes the label UNKNOWN, anything else FAILED.
 * - `reconcile` looks the purchase up by `purchaseReference` (Carrier B `/track/v1/referencenumbers`, e-commerce
 *   tracking by the caller's package id) and never creates. A carrier that publishes no way to find a shipment by our
 *   reference has none (express): its lost answers stay UNKNOWN until an operator settles them (`settleLabel`).
 * - `processingGraceMs`: how long after a creation was sent the carrier may still be making it (the request held by
 *   the network or the carrier well past our timeout); a lookup proves NOT_CREATED only once it passed.
 * - `findShipment` looks a shipment up by the carrier's tracking number with the carrier's own tracking (the operator's
 *   settlement checks the number exists, and names our reference when the carrier shows it): FOUND, NOT_CREATED (no
 *   such shipment), INCONCLUSIVE (it is someone else's); a failed call rejects with its UpstreamError. Never creates.
 */
export interface ShippingConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  /** The account used when the request names none (the configured one). */
  readonly defaultAccountNumber: string;
  /** Accounts this connector may ship for (a request naming another is refused as input). */
  readonly accountNumbers: readonly string[];
  /** Whether the carrier offers this service code, as far as known without a call (null: not known, let the carrier say). */
  offersService?(serviceCode: string): boolean | null;
  check(request: ShipmentRequest): InputError[];
  create(request: ShipmentRequest): Promise<CreateShipmentAnswer>;
  /** Carrier B async jobs: poll the results operation once. */
  jobResult?(jobId: string, accountNumber: string): Promise<ShipmentJobResult>;
  reconcile?(request: ShipmentRequest, sentAt: Date): Promise<ReconcileResult>;
  readonly processingGraceMs?: number | undefined;
  findShipment?(trackingNumber: string, request: ShipmentRequest): Promise<ReconcileResult>;
  /** Carrier-side validation, nothing created (Carrier B `/ship/v1/shipments/packages/validate`); absent: ours only. */
  validate?(request: ShipmentRequest): Promise<ValidationResult>;
  /** Cancels a created shipment (Carrier B PUT `/ship/v1/shipments/cancel`, express cancellation). */
  cancel?(label: LabelHandle, reason: string | null): Promise<CancelResult>;
  /**
   * The bytes of a document the carrier handed as a link (`CarrierDocument.url`, content null), fetched with the
   * connector's own client (`UpstreamClient.download`). The service stores them with the label; absent, such a
   * document is not stored and a warning says so (the purchase stands).
   */
  downloadDocument?(url: string): Promise<Buffer>;
}

/** Tells whether a rejected `create` may have reached the carrier and acted (UNKNOWN, reconcile) or surely did not (FAILED). */
export function outcomeUnknown(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    (error.code === 'UPSTREAM_UNAVAILABLE' || error.code === 'UPSTREAM_DEADLINE_EXCEEDED' || error.code === 'UPSTREAM_CONTRACT')
  );
}

/** Tendering: e-commerce manifest (`/shipping/v4/manifest`), Carrier B ground end-of-day close (`/ship/v1/endofday/`). */
export interface TenderingConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  readonly kind: TenderKind;
  /** Tenders these labels (all of this carrier, division and account, generated, not cancelled, not yet tendered). */
  tender(accountNumber: string, labels: readonly LabelHandle[], date: string): Promise<TenderResult>;
}

/** Return labels (e-commerce) and return tags (Carrier B `/ship/v1/shipments/tag`, cancel by shipment id). */
export interface ReturnsConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  check(request: ReturnRequest): InputError[];
  createReturn(request: ReturnRequest): Promise<CreatedReturn>;
  cancelReturn?(carrierReturnId: string, accountNumber: string): Promise<CancelResult>;
}

/** What a document connector can fetch for a shipment. */
export type FetchableDocument = 'PROOF_OF_DELIVERY' | 'SHIPMENT_IMAGE' | 'BILL_OF_LADING' | 'FREIGHT_BILLING_DOCUMENT';

/**
 * Documents fetched from the carrier (express `/proof-of-delivery` and `/get-image`, Carrier B
 * `/track/v1/trackingdocuments`) and uploaded to it (express PATCH `/upload-image`, POST `/upload-invoice-data`).
 */
export interface DocumentConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  readonly fetchable: readonly FetchableDocument[];
  fetch(label: LabelHandle, kind: FetchableDocument, format: 'PDF' | 'PNG'): Promise<FetchedDocument>;
  uploadImage?(trackingNumber: string, image: { format: string; content: Buffer; typeCode: string | null }): Promise<{ warnings: CarrierWarning[] }>;
  uploadInvoice?(invoice: InvoiceUpload): Promise<{ warnings: CarrierWarning[] }>;
}

/**
 * A document a tracking answer links to (Group A unified `details.proofOfDelivery.documentUrl`, a "tokenised link"),
 * followed once so it can be stored and served. Rejects with UpstreamError.
 */
export interface LinkedDocumentConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  /** Whether this connector follows the link: only on the origin of the interface that gave it, never any host. */
  accepts(url: string): boolean;
  fetchLinked(url: string, kind: DocumentKind): Promise<FetchedDocument>;
}

/** Paperless trade invoice data, before or after creation (express `/upload-invoice-data`). */
export interface InvoiceUpload {
  /** Set after creation; null before (then `plannedShipDate` and the account say which shipment it will be). */
  trackingNumber: string | null;
  accountNumber: string;
  plannedShipDate: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  /** The invoice itself as a PDF, when the caller has one. */
  document: Buffer | null;
  lines: { description: string; quantity: number; value: Money; hsCode: string | null; countryOfOrigin: string | null }[];
}

/**
 * Pickups (issue 10): Carrier B (availability, create, cancel; paths "not shown") and Group A express (the dispatch
 * confirmation number is the handle; create, update and cancel methods "not shown"). `check` makes no call and returns
 * every carrier-specific refusal under `input.`; `schedule` is sent ONCE (it books a driver), never retried, and
 * rejects with UpstreamError (`outcomeUnknown` decides UNKNOWN vs FAILED as for labels).
 */
export interface PickupConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  readonly defaultAccountNumber: string;
  readonly accountNumbers: readonly string[];
  check(request: PickupRequest): InputError[];
  availability?(request: PickupAvailabilityRequest): Promise<PickupAvailability>;
  schedule(request: PickupRequest): Promise<ScheduledPickup>;
  /** Express only ("update" with the dispatch confirmation number). */
  update?(handle: PickupHandle, request: PickupRequest): Promise<ScheduledPickup>;
  cancel(handle: PickupHandle, reason: string | null): Promise<PickupCancellation>;
}

/**
 * Address resolution (Carrier B `/address/v1/addresses/resolve`: many addresses a call, one result per
 * `clientReferenceId`). Never rejects: a failed call is the same typed failure on every input it touches; an input the
 * answer leaves out fails alone (UPSTREAM_CONTRACT).
 */
export interface AddressResolutionConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  /** Addresses per call the carrier takes (the service splits larger batches). */
  readonly maxBatchSize: number;
  resolve(addresses: readonly AddressInput[], options: { includeResolutionTokens: boolean }): Promise<PerInput<ResolvedAddress>[]>;
}

/** Group A express `/address-validate`: pickup and delivery capability of one address. Rejects with UpstreamError. */
export interface AddressCapabilityConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  capability(address: AddressInput, purpose: 'PICKUP' | 'DELIVERY'): Promise<AddressCapability>;
}

/** Group A express `/servicepoint`: service points and drop-off locations near a place. Rejects with UpstreamError. */
export interface ServicePointConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  servicePoints(query: ServicePointQuery): Promise<ServicePoint[]>;
  /** The same call, with the answer's `warnings[]` beside the points; services prefer it when present. */
  search?(query: ServicePointQuery): Promise<ServicePointSearch>;
}

/** Carrier B `/track/v1/notifications`: email notification subscription. Rejects with UpstreamError. */
export interface NotificationConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  /** Recipients per subscription the carrier takes (seed 001: 4). */
  readonly maxRecipients: number;
  subscribe(request: EmailNotificationRequest): Promise<EmailNotificationResult>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Carrier modules (DESIGN.md "Carriers are modules; capabilities are interfaces"). A module builds, from the
// configuration, the capabilities its carrier offers; src/carriers/registry.ts lists the modules and is the only place
// that names them all. Services ask the registry, never a carrier.
// ---------------------------------------------------------------------------------------------------------------------

/** One interface's tracking connector, as a module offers it. */
export interface TrackingInterface {
  readonly upstream: CarrierInterface;
  readonly connector: TrackingConnector;
  /**
   * Set when the carrier pushes this interface's status changes (Group A unified tracking): a stored answer younger
   * than this may stand for a call. The composition root decides how (src/services/realtime/snapshot-tracking.ts).
   */
  readonly snapshotMaxAgeMs?: number;
}

/**
 * A carrier's tracking: its connectors by interface, and the carrier's own rule for which interface tracks a lookup.
 * Present even when nothing of the carrier is configured, so a lookup for it fails as UPSTREAM_NOT_CONFIGURED naming
 * the interface it would have used.
 */
export interface TrackingCapability {
  readonly carrier: Carrier;
  /** Only the configured interfaces. */
  readonly interfaces: readonly TrackingInterface[];
  /** Which interface tracks this (checked) lookup, configured or not. */
  route(request: TrackRequest): CarrierInterface;
  /** The lookup a shipment id names, refined for this carrier (Group A: an e-commerce id as a carrier package id). */
  lookupForShipmentId?(request: TrackRequest): TrackRequest;
  /**
   * The carrier reuses numbers, so its shipment ids carry its unique id: an id without it may name the watch of the
   * id with it, and a short id the only watch of its number (src/store/watch-store.ts findForShipmentId).
   */
  readonly numbersReused?: boolean;
  /** The carrier's shipment ids may carry a division (Group A's); any other carrier's id with one is refused. */
  readonly hasDivisions?: boolean;
  /**
   * Why a (checked) lookup cannot be watched by polling: the interface it goes to pushes its status changes instead
   * (Group A unified tracking). The field of the lookup to name and the refusal; null (or absent): it can be polled.
   */
  unwatchable?(request: TrackRequest): WatchRefusal | null;
  /**
   * Pushed changes read as a query would read them now: Group A's unified `transit`/`failure` of an express or
   * e-commerce shipment in its division's finer word (docs/assumptions.md OS1), so the log never records a reading a
   * query contradicts. Never rejects; a change it cannot refine comes back as it was. Absent: recorded as pushed.
   */
  refinePushed?(changes: readonly StatusChangeInput[]): Promise<StatusChangeInput[]>;
  /** Lookup by customer reference, when the carrier offers it; connector null when its interface is not configured. */
  readonly references?: { readonly upstream: CarrierInterface; readonly connector: ReferenceTrackingConnector | null };
}

/** Why a lookup is refused as a watch: the lookup's field (`division`, `ecommerceIdType`) and the message. */
export interface WatchRefusal {
  field: string;
  message: string;
}

/** Where one lookup goes: the interface, and its connector (null when that interface is not configured). */
export interface TrackingRoute {
  name: CarrierInterface;
  connector: TrackingConnector | null;
}

/** The registry's answer to "who tracks this number?" (src/services/tracking.ts asks only this). */
export interface TrackingDirectory {
  /** The interface that tracks this checked lookup; throws InputError for a carrier no module tracks. */
  route(request: TrackRequest): TrackingRoute;
  /** The lookup a shipment id names, refined by its carrier's module. */
  lookupForShipmentId(request: TrackRequest): TrackRequest;
  /** The carrier's reference lookup; null when the carrier offers none. */
  references(carrier: Carrier): { upstream: CarrierInterface; connector: ReferenceTrackingConnector | null } | null;
  /** Carriers whose modules offer a reference lookup (named in the refusal for any other). */
  readonly carriersWithReferences: readonly Carrier[];
  /** Carriers a module tracks, configured or not (any other is refused as input: it has no tracking interface). */
  readonly carriers: ReadonlySet<Carrier>;
  /** Whether the carrier's module says it reuses numbers (TrackingCapability.numbersReused). */
  numbersReused(carrier: Carrier): boolean;
  /** Whether the carrier's ids may carry a division (TrackingCapability.hasDivisions). */
  hasDivisions(carrier: Carrier): boolean;
  /** Why the carrier's module will not have this lookup polled (TrackingCapability.unwatchable); null: it may be. */
  unwatchable(request: TrackRequest): WatchRefusal | null;
  /** Pushed changes as each carrier's module reads them before they are recorded (TrackingCapability.refinePushed). */
  refinePushed(changes: readonly StatusChangeInput[]): Promise<StatusChangeInput[]>;
}

/**
 * Reads the rows a carrier's push webhook stored (Group A unified tracking's push, seed 000): the status changes of a
 * notification and the id and secret of a confirmation call. The webhook inbox (src/services/realtime) stores and
 * retries rows; what a row means is the carrier's wire, so it is read here.
 */
export interface PushNotificationReader {
  /** The status changes a stored push notification carries; throws when the body is not one (the attempt fails). */
  statusChanges(body: unknown): StatusChangeInput[];
  /** The subscription id and validation secret of a stored confirmation call; null when the body is not one. */
  confirmation(body: unknown): { subscriptionId: string; validationSecret: string } | null;
}

// The same-day promise capability (the dark store's), in its own file: re-exported here, where services read it.
export type { DarkStoreCharge, DarkStoreOffer, DarkStorePromiseSource } from './promise-source.js';
