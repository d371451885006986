import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { Shipment as ShipmentModel, TrackingEvent as TrackingEventModel, Piece as PieceModel } from '../domain/shipment.js';
import type { ProofOfDeliveryModel as ProofOfDeliveryModelModel, TrackedShipmentsModel as TrackedShipmentsModelModel, TrackingFailureModel as TrackingFailureModelModel } from '../graphql/models.js';
import type { StatusChange as StatusChangeModel } from '../domain/status-change.js';
import type { PushSubscription as PushSubscriptionModel } from '../domain/push.js';
import type { ShipmentWatch as ShipmentWatchModel } from '../domain/watch.js';
import type { RateQuote as RateQuoteModel, ChargeLine as ChargeLineModel, CurrencyView as CurrencyViewModel, PickupWindow as PickupWindowModel } from '../domain/rating.js';
import type { RateShopResultModel as RateShopResultModelModel, CarrierRatesModel as CarrierRatesModelModel, RateFailureModel as RateFailureModelModel, UnreadableServiceModel as UnreadableServiceModelModel, LaneServiceModel as LaneServiceModelModel, ServiceabilityResultModel as ServiceabilityResultModelModel } from '../graphql/rating-models.js';
import type { SkippedCarrier as SkippedCarrierModel, ExcludedQuote as ExcludedQuoteModel } from '../services/rating/types.js';
import type { Label as LabelModel, CreatedPiece as CreatedPieceModel, LabelFailure as LabelFailureModel, StoredDocument as StoredDocumentModel, Tender as TenderModel, ValidationResult as ValidationResultModel } from '../domain/shipping.js';
import type { PurchaseOutcome as PurchaseOutcomeModel, ReferenceSearch as ReferenceSearchModel } from '../services/shipping/types.js';
import type { LabelCancellationModel as LabelCancellationModelModel, CommercialInvoiceUploadModel as CommercialInvoiceUploadModelModel } from '../graphql/shipping-models.js';
import type { Pickup as PickupModel, PickupFailure as PickupFailureModel } from '../domain/pickup.js';
import type { OutboxEntry as OutboxEntryModel } from '../domain/analytics.js';
import type { PickupAvailability as PickupAvailabilityModel, PickupAvailabilityOption as PickupAvailabilityOptionModel } from '../domain/pickups-addresses.js';
import type { PickupOutcome as PickupOutcomeModel, PickupCancellationOutcome as PickupCancellationOutcomeModel } from '../services/pickups/pickups-api.js';
import type { GraphQLContext } from '../graphql/context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant: ISO 8601 with offset (graphql-scalars DateTime). */
  DateTime: { input: string; output: string; }
  /** A calendar date, YYYY-MM-DD. */
  LocalDate: { input: string; output: string; }
  /** A date-time without offset, as a carrier reported it when it gave none. We never guess a time zone. */
  LocalDateTime: { input: string; output: string; }
  _FieldSet: { input: unknown; output: unknown; }
};

/** Group A express `/address-validate`: can the carrier pick up at or deliver to this address. */
export type AddressCapabilityCheck = {
  __typename?: 'AddressCapabilityCheck';
  /** The carrier's answer for that purpose. */
  capable: Scalars['Boolean']['output'];
  /** The carrier. */
  carrier: Carrier;
  /** Group A division (`express`). */
  division?: Maybe<Scalars['String']['output']>;
  /** The answer was reused from an earlier request (no carrier call). */
  fromCache: Scalars['Boolean']['output'];
  /** The address the carrier matched, as far as given. */
  matchedAddress?: Maybe<NormalizedAddress>;
  /** What was asked. */
  purpose: AddressCapabilityPurpose;
  /** When the carrier answered. */
  resolvedAt: Scalars['DateTime']['output'];
  /** The carrier's service area code, when given. */
  serviceAreaCode?: Maybe<Scalars['String']['output']>;
  /** The interface that answered, e.g. `group-a/express`. */
  upstream: Scalars['String']['output'];
  /** The carrier's `warnings[]`, never dropped. */
  warnings: Array<CarrierWarning>;
};

/** What an address can be checked for at Group A express `/address-validate`. */
export type AddressCapabilityPurpose =
  /** Can the carrier deliver to this address (a destination)? */
  | 'DELIVERY'
  /** Can the carrier pick up at this address (an origin)? */
  | 'PICKUP';

/** Which check of an input a failure belongs to. */
export type AddressCheck =
  /** Group A express delivery capability. */
  | 'DELIVERY_CAPABILITY'
  /** Group A express pickup capability. */
  | 'PICKUP_CAPABILITY'
  /** Carrier B postal validation. */
  | 'POSTAL_CODE'
  /** Carrier B address resolution. */
  | 'RESOLUTION';

/** One check of one input that gave no answer, alone: the input's other checks and the other inputs stand. */
export type AddressCheckFailure = CarrierFailure & {
  __typename?: 'AddressCheckFailure';
  /** The carrier. */
  carrier: Carrier;
  /** The carrier's own error code. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Which check failed. */
  check: AddressCheck;
  /** Stable code of the failure. */
  code: CarrierFailureCode;
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** The input it concerns, e.g. `["inputs", "3"]`. */
  field: Array<Scalars['String']['output']>;
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when the carrier could be asked again. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The carrier's id of the failed exchange, for the carrier's support. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The interface that failed. */
  upstream: Scalars['String']['output'];
  /** The carrier's alerts about the input (why it could not be resolved). */
  warnings: Array<CarrierWarning>;
};

/** Carrier B's classification of an address. */
export type AddressClassification =
  /** A business address. */
  | 'BUSINESS'
  /** Both business and home (kept when a carrier answers it; most carriers answer only one of the two). */
  | 'MIXED'
  /** A home. */
  | 'RESIDENTIAL'
  /** The carrier could not classify it (or gave a value not known here). */
  | 'UNKNOWN';

/** Everything learnt about one input of `resolveAddresses`. */
export type AddressOutcome = {
  __typename?: 'AddressOutcome';
  /** The express capability checks asked for (`options.capabilities`). */
  capabilities: Array<AddressCapabilityCheck>;
  /** Checks that gave no answer, each typed; never hides the others. */
  failures: Array<AddressCheckFailure>;
  /** 0-based position of the input in `inputs`. */
  index: Scalars['Int']['output'];
  /** The input as checked (trimmed, country as alpha-2). */
  input: NormalizedAddress;
  /** The postal validation, when asked for (`options.validatePostalCodes`) and the input has a postal code. */
  postalCodes: Array<PostalCodeCheck>;
  /** Carrier B's resolution; empty when it failed (see `failures`) or strict mode refused it. */
  resolutions: Array<AddressResolution>;
};

/** Carrier B's resolution of one address (`/address/v1/addresses/resolve`). */
export type AddressResolution = {
  __typename?: 'AddressResolution';
  /** The normalised lines, city, state, postal code and country. */
  address: NormalizedAddress;
  /** The carrier that resolved it. */
  carrier: Carrier;
  /** Business, residential, mixed or unknown. */
  classification: AddressClassification;
  /** The delivery point was validated (Carrier B `normalizedStatusNameDPV`); null when not said. */
  deliveryPointValidated?: Maybe<Scalars['Boolean']['output']>;
  /** The answer was reused from an earlier request within ADDRESS_CACHE_TTL_SECONDS (no carrier call). */
  fromCache: Scalars['Boolean']['output'];
  /** The address is general delivery (held at the post office); null when not said. */
  generalDelivery?: Maybe<Scalars['Boolean']['output']>;
  /** The address is a post office box; null when not said. */
  postOfficeBox?: Maybe<Scalars['Boolean']['output']>;
  /** How the carrier resolved it (`resolutionMethodName`), as given. */
  resolutionMethod?: Maybe<Scalars['String']['output']>;
  /** The carrier's resolution token, when `includeResolutionTokens` was asked and the carrier gave one. */
  resolutionToken?: Maybe<Scalars['String']['output']>;
  /** Whether the carrier could resolve the address (it gave a resolution method). */
  resolved: Scalars['Boolean']['output'];
  /** When the carrier answered: earlier than the request when the answer came from the cache. */
  resolvedAt: Scalars['DateTime']['output'];
  /** The interface that answered, e.g. `carrier-b`. */
  upstream: Scalars['String']['output'];
  /** The carrier's alerts about this address (e.g. a postal code that does not exist), never dropped. */
  warnings: Array<CarrierWarning>;
};

/**
 * An address to resolve, as the caller has it: any part but the country and a street line may be missing;
 * finding the rest is what resolution is for.
 */
export type AddressToResolveInput = {
  /** City or town. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2 country code, e.g. `US` (alpha-3 such as `USA` is read too). */
  countryCode: Scalars['String']['input'];
  /** Postal code as the caller has it (not format-checked here: the carriers say whether it exists). */
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** State or province code, e.g. `TN`. */
  stateOrProvinceCode?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 3 street lines, each at most 100 characters. */
  streetLines: Array<Scalars['String']['input']>;
};

/** A shipment lifecycle event of the analytics export (a status change, a label or pickup state), as the outbox holds it. */
export type AnalyticsEvent = {
  __typename?: 'AnalyticsEvent';
  /** Sending attempts so far. */
  attempts: Scalars['Int']['output'];
  /** When it was written to the outbox. */
  createdAt: Scalars['DateTime']['output'];
  /** Why it was set aside (the bridge's answer, or ours); null unless DEAD. */
  deadReason?: Maybe<Scalars['String']['output']>;
  /** The bridge's `distinct_id`: the shipment id, else the label's or pickup's. */
  distinctId: Scalars['String']['output'];
  /** When the bridge imported it; null until then. */
  exportedAt?: Maybe<Scalars['DateTime']['output']>;
  /**
   * `AnalyticsEvent:<n>`; n is the export order. Not a `Node`: events are for operators with the `analytics:manage`
   * scope, and `node(id:)` answers every caller; `analyticsDeadLetters` lists them and `requeueAnalyticsEvent` takes the id.
   */
  id: Scalars['ID']['output'];
  /** What makes the event itself (e.g. `status:<dedup key>`, `label:<label id>:PURCHASED`): the same happening is one event. */
  identity: Scalars['String']['output'];
  /** The bridge's `$insert_id`, derived from `identity`: a replay changes nothing at the bridge. */
  insertId: Scalars['String']['output'];
  /** The bridge's event name, e.g. `shipment_status_changed`, `label_purchased`, `pickup_scheduled`. */
  kind: Scalars['String']['output'];
  /** When it happened (the bridge's `time`). */
  occurredAt: Scalars['DateTime']['output'];
  /** Where it is in the export. */
  state: AnalyticsEventState;
};

/** A page of dead letters. */
export type AnalyticsEventConnection = {
  __typename?: 'AnalyticsEventConnection';
  /** The events of this page, oldest first. */
  edges: Array<AnalyticsEventEdge>;
  /** Where this page ends. */
  pageInfo: PageInfo;
};

/** One dead letter and its cursor. */
export type AnalyticsEventEdge = {
  __typename?: 'AnalyticsEventEdge';
  /** Pass as `after` for the events following this one. */
  cursor: Scalars['String']['output'];
  /** The event. */
  node: AnalyticsEvent;
};

/**
 * Where a shipment lifecycle event is in its export to the analytics bridge. `PENDING -> EXPORTED | DEAD`;
 * `DEAD -> PENDING` by `requeueAnalyticsEvent`.
 */
export type AnalyticsEventState =
  /** The bridge refused it on its own (strict import), or it could not be shaped: set aside with `deadReason`. */
  | 'DEAD'
  /** The bridge imported it. */
  | 'EXPORTED'
  /** Written with the happening it describes; waiting to be sent (or being retried while the bridge is unavailable). */
  | 'PENDING';

/** The analytics outbox at a glance. */
export type AnalyticsOutbox = {
  __typename?: 'AnalyticsOutbox';
  /** Events set aside (`analyticsDeadLetters`). */
  dead: Scalars['Int']['output'];
  /** Whether this server exports (the bridge is configured). The outbox is written either way. */
  exportConfigured: Scalars['Boolean']['output'];
  /** Events the bridge imported. */
  exported: Scalars['Int']['output'];
  /** Its age in seconds (`analytics_export_lag_seconds` on /metrics); 0 when none waits. */
  oldestPendingAgeSeconds: Scalars['Float']['output'];
  /** When the oldest waiting event was written; null when none waits. */
  oldestPendingAt?: Maybe<Scalars['DateTime']['output']>;
  /** Events waiting to be sent. */
  pending: Scalars['Int']['output'];
};

/** A document the carrier says it has for a shipment. */
export type AvailableDocument = {
  __typename?: 'AvailableDocument';
  /** The carrier's size indication. */
  size?: Maybe<Scalars['String']['output']>;
  /** The carrier's document type, e.g. a signature proof of delivery. */
  type: Scalars['String']['output'];
};

/** Cancel a pickup: everything the carrier needs comes from the stored pickup. */
export type CancelPickupInput = {
  /** Your key: a second cancel answers the first one's result without a carrier call. */
  idempotencyKey: Scalars['String']['input'];
  /** The pickup (`Pickup:<uuid>`). */
  pickupId: Scalars['ID']['input'];
  /** Why, for the carrier (at most 200 characters). */
  reason?: InputMaybe<Scalars['String']['input']>;
};

/** The answer of `cancelPickup`. */
export type CancelPickupPayload = {
  __typename?: 'CancelPickupPayload';
  /** The cancellation; null when refused. */
  cancellation?: Maybe<PickupCancellation>;
  /** What the caller or the carrier refused. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures. */
  warnings: Array<CarrierWarning>;
};

/** Cancel a Carrier B return tag. */
export type CancelReturnInput = {
  /** 1 to 255 visible ASCII characters. */
  idempotencyKey: Scalars['String']['input'];
  /** The return label's `id`. */
  labelId: Scalars['ID']['input'];
};

/** The result of `cancelReturn`. */
export type CancelReturnPayload = {
  __typename?: 'CancelReturnPayload';
  /** The cancellation; null when refused before the carrier answered. A carrier's `cancelled: false` keeps it, beside a CARRIER_REFUSED user error with the carrier's words. */
  cancellation?: Maybe<LabelCancellation>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** Cancel a purchased label at the carrier. */
export type CancelShipmentInput = {
  /** 1 to 255 visible ASCII characters; a second cancel answers the first's result without a carrier call. */
  idempotencyKey: Scalars['String']['input'];
  /** The label's `id`. */
  labelId: Scalars['ID']['input'];
  /** Why (express `reason`), at most 200 characters. */
  reason?: InputMaybe<Scalars['String']['input']>;
};

/** The result of `cancelShipment`. */
export type CancelShipmentPayload = {
  __typename?: 'CancelShipmentPayload';
  /** The cancellation; null when refused before the carrier answered. A carrier's `cancelled: false` keeps it, beside a CARRIER_REFUSED user error with the carrier's words. */
  cancellation?: Maybe<LabelCancellation>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** Where a label's cancellation is. */
export type CancellationState =
  /** The carrier confirmed it (now, or as already cancelled): the label is CANCELLED. */
  | 'CONFIRMED'
  /** The carrier refused the cancellation; the label stays PURCHASED. */
  | 'REFUSED'
  /** Sent to the carrier; its answer is awaited. */
  | 'SENT'
  /**
   * Sent, and the answer lost (timeout, reset, 5xx): the carrier may have cancelled it. The carrier is asked again (by
   * a retry of `cancelShipment` with any key, or in the background) until it answers; its "already cancelled" settles
   * the label as CANCELLED. The label is not tendered meanwhile.
   */
  | 'UNKNOWN';

/** The networks this subgraph speaks to. Group A's division travels beside it (`division`). */
export type Carrier =
  /** The global express carrier's REST interfaces. */
  | 'CARRIER_B'
  /** The dark-store fulfilment network. */
  | 'DARK_STORE'
  /** The logistics group: unified tracking with push, plus its express and e-commerce interfaces. */
  | 'GROUP_A';

/**
 * One carrier's (or one carrier interface's) failure, reported as data beside the other carriers' answers: a member
 * of the outcome unions (`track`, `rates`, `serviceability`, `landedCost`) and the item of the `failures` lists
 * (address checks, service points, shipments by order). The operation itself succeeded; only this carrier's part did not.
 */
export type CarrierFailure = {
  /** The carrier that failed. */
  carrier: Carrier;
  /** The carrier's own error code, when it gave one. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Stable code of the failure. */
  code: CarrierFailureCode;
  /** Group A division; null for other carriers or when not known. */
  division?: Maybe<Scalars['String']['output']>;
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when the carrier could be asked again. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The carrier's id of the failed exchange, to quote to the carrier's support; null when the carrier gave none. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The upstream interface that failed, e.g. `carrier-b`; null when not known. */
  upstream?: Maybe<Scalars['String']['output']>;
};

/** Stable codes of one carrier's failure, shared by every type implementing CarrierFailure. */
export type CarrierFailureCode =
  /** Address checks in strict mode: the carrier could not resolve the input. */
  | 'ADDRESS_UNRESOLVED'
  /** Something failed on our side while asking this carrier (the server's log has the details). */
  | 'INTERNAL'
  /** The carrier matched several things where one was expected. */
  | 'UPSTREAM_AMBIGUOUS'
  /** The carrier refused the request. */
  | 'UPSTREAM_BAD_REQUEST'
  /** The carrier's answer did not match its documented shape. */
  | 'UPSTREAM_CONTRACT'
  /** The carrier did not answer within its deadline. */
  | 'UPSTREAM_DEADLINE_EXCEEDED'
  /** This server has no connection to that carrier interface configured. */
  | 'UPSTREAM_NOT_CONFIGURED'
  /** The carrier answered not found. */
  | 'UPSTREAM_NOT_FOUND'
  /** The carrier's (or our own) quota is spent; `retryAt` says when it could be served. */
  | 'UPSTREAM_RATE_LIMITED'
  /** The carrier refused our credentials. */
  | 'UPSTREAM_UNAUTHORIZED'
  /** The carrier answered with a server error or could not be reached. */
  | 'UPSTREAM_UNAVAILABLE';

/** One carrier interface's quotes (none: it does not serve the lane). */
export type CarrierRates = {
  __typename?: 'CarrierRates';
  /** The carrier. */
  carrier: Carrier;
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** Its quotes, as the carrier ordered them (the strategy's order is `RateShopResult.quotes`). */
  quotes: Array<RateQuote>;
  /** Services the carrier answered but that could not be read into a quote (e.g. an express product without a `BILLC` price). */
  unreadableServices: Array<UnreadableService>;
  /** The interface that answered. */
  upstream: Scalars['String']['output'];
  /** Answer-level warnings or alerts. */
  warnings: Array<CarrierWarning>;
};

/**
 * A moment as the carrier reported it: `instant` where the carrier gives an offset (or its parts, recombined),
 * `localDateTime` where it gives none. Exactly one is set.
 */
export type CarrierTime = {
  __typename?: 'CarrierTime';
  /** The moment with its offset, when the carrier gave one (or its parts). */
  instant?: Maybe<Scalars['DateTime']['output']>;
  /** The carrier's wall-clock time when it gave no offset; never converted to an instant. */
  localDateTime?: Maybe<Scalars['LocalDateTime']['output']>;
};

/** A soft failure in an otherwise successful answer (Group A express `warnings[]`, Carrier B `alerts[]`). */
export type CarrierWarning = {
  __typename?: 'CarrierWarning';
  /** The carrier's code for the warning, when it gives one. */
  code?: Maybe<Scalars['String']['output']>;
  /** The carrier's text. */
  message: Scalars['String']['output'];
  /** The carrier's classification, e.g. Carrier B's `alertType` (`NOTE`). */
  type?: Maybe<Scalars['String']['output']>;
};

/** What a line of a quote's breakdown is. */
export type ChargeKind =
  /** The base transport charge. */
  | 'BASE'
  /** A discount (a positive amount taken off). */
  | 'DISCOUNT'
  /** A duty. */
  | 'DUTY'
  /** A line we cannot classify; the native code and name say what it is. */
  | 'OTHER'
  /** A surcharge (fuel, remote area, COD, ...). */
  | 'SURCHARGE'
  /** A tax. */
  | 'TAX';

/** One line of a quote's breakdown, with the carrier's own code and name. */
export type ChargeLine = {
  __typename?: 'ChargeLine';
  /** The amount (discounts are positive amounts of kind DISCOUNT). */
  amount: Money;
  /** The carrier's code, e.g. express `typeCode`, a Carrier B surcharge type. */
  code?: Maybe<Scalars['String']['output']>;
  /** What the line is. */
  kind: ChargeKind;
  /** The carrier's name of the line. */
  name?: Maybe<Scalars['String']['output']>;
};

/** An accepted commercial invoice upload. */
export type CommercialInvoiceUpload = {
  __typename?: 'CommercialInvoiceUpload';
  /** The invoice number uploaded. */
  invoiceNumber: Scalars['String']['output'];
  /** The label it belongs to; null when uploaded before creation. */
  label?: Maybe<Label>;
};

/** What to subscribe to. */
export type CreatePushSubscriptionInput = {
  /** Group A division, when known: one of the configured divisions (`GROUP_A_DIVISIONS`, e.g. `express`). */
  division?: InputMaybe<Scalars['String']['input']>;
  /** One tracking number, or a customer account (needs the carrier's business approval). */
  scope: PushSubscriptionScope;
  /** The tracking number or customer account: 1 to 40 letters, digits and `-`. */
  subject: Scalars['String']['input'];
};

/** The result of `createPushSubscription`. */
export type CreatePushSubscriptionPayload = {
  __typename?: 'CreatePushSubscriptionPayload';
  /** The subscription as stored (ACTIVE once the carrier's confirmation was verified in time, else CREATED); null when `userErrors` is not empty. */
  pushSubscription?: Maybe<PushSubscription>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** Buy a return label (e-commerce) or return tag (Carrier B) for a purchased outbound label. */
export type CreateReturnInput = {
  /** Who sends the return; the outbound's recipient when omitted. */
  from?: InputMaybe<ShippingPartyInput>;
  /** 1 to 255 visible ASCII characters. */
  idempotencyKey: Scalars['String']['input'];
  /** Label file format. */
  labelFormat?: LabelFormat;
  /** The outbound label's `id`. */
  outboundLabelId: Scalars['ID']['input'];
  /** The packages; the outbound's when omitted. */
  packages?: InputMaybe<Array<ShipmentPackageInput>>;
  /** Carrier B tag: when the courier collects, local `YYYY-MM-DDTHH:MM:SS`. */
  pickupReadyAt?: InputMaybe<Scalars['LocalDateTime']['input']>;
  /** Why it comes back, at most 200 characters. */
  reason?: InputMaybe<Scalars['String']['input']>;
  /** The return service code; the connector's default when omitted. */
  serviceCode?: InputMaybe<Scalars['String']['input']>;
  /** Where it goes; the outbound's shipper when omitted. */
  to?: InputMaybe<ShippingPartyInput>;
};

/** The result of `createReturn`. */
export type CreateReturnPayload = {
  __typename?: 'CreateReturnPayload';
  /** The return label purchase; null when the input was refused before anything was stored. */
  purchase?: Maybe<LabelPurchase>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** Buy one label. Give exactly one of `quote` and `service`. */
export type CreateShipmentInput = {
  /** The shipping account; the configured one when omitted. */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  /** Carrier B `codCollectionType`, e.g. `CASH`; required when a package has cash on delivery. */
  codCollectionType?: InputMaybe<Scalars['String']['input']>;
  /** Customs content; required when shipper and recipient countries differ. */
  customs?: InputMaybe<CustomsContentInput>;
  /** Declared value of the whole shipment; required when shipper and recipient countries differ. */
  declaredValue?: InputMaybe<MoneyInput>;
  /** 1 to 255 visible ASCII characters, unique per purchase; the same key and input replays, the same key with another input is refused. Kept at least 24 hours. */
  idempotencyKey: Scalars['String']['input'];
  /** How the carrier hands the label over: INLINE (every carrier) by default; URL where the carrier offers it (Carrier B). */
  labelDelivery?: LabelDelivery;
  /** Label file format. */
  labelFormat?: LabelFormat;
  /** Your order id, 1 to 64 printable characters: written as the carrier's customer reference, found again by `shipmentsByOrder`. */
  orderId?: InputMaybe<Scalars['String']['input']>;
  /** The origin's UTC offset on the ship date, `+HH:MM` or `-HH:MM`: required by Group A express, never guessed from the country; with it, "today" is the origin's. */
  originUtcOffset?: InputMaybe<Scalars['String']['input']>;
  /** The packages, 1 to 50. */
  packages: Array<ShipmentPackageInput>;
  /** Carrier B `packagingType`, e.g. `YOUR_PACKAGING`; the connector's default when omitted. */
  packagingType?: InputMaybe<Scalars['String']['input']>;
  /** Express: book a pickup in the same call. */
  pickup?: InputMaybe<PickupInShipmentInput>;
  /** Carrier B `pickupType`, e.g. `DROPOFF_AT_CARRIER_LOCATION`; the connector's default when omitted. */
  pickupType?: InputMaybe<Scalars['String']['input']>;
  /** A quote from `rates`: carrier, service and quoted total. */
  quote?: InputMaybe<QuoteSelectionInput>;
  /** Local time at the origin the parcels are ready, `HH:MM` or `HH:MM:SS` (express `plannedShippingDateAndTime`); the connector's default when omitted. */
  readyTime?: InputMaybe<Scalars['String']['input']>;
  /** Who receives. */
  recipient: ShippingPartyInput;
  /** Further references, at most 5. */
  references?: InputMaybe<Array<ShipmentReferenceInput>>;
  /** Where undeliverable parcels go back (e-commerce `returnAddress`); the shipper when omitted. */
  returnTo?: InputMaybe<ShippingPartyInput>;
  /** Or the carrier and service named directly. */
  service?: InputMaybe<ServiceSelectionInput>;
  /** Ship date at the origin, today or up to 30 days ahead; default today (UTC). */
  shipDate?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Who ships. */
  shipper: ShippingPartyInput;
};

/** The result of `createShipment`. */
export type CreateShipmentPayload = {
  __typename?: 'CreateShipmentPayload';
  /**
   * The purchase: null when the input was refused before anything was stored. When the carrier refused, the FAILED label
   * is here too (stored with its reason) beside the CARRIER_REFUSED user error.
   */
  purchase?: Maybe<LabelPurchase>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** One currency view of a quote's total (express `totalPrice[]` entries; `BILLC` is the billing one). */
export type CurrencyView = {
  __typename?: 'CurrencyView';
  /** The breakdown in this view. */
  breakdown: Array<ChargeLine>;
  /** The carrier's currency type, e.g. `BILLC`; null where the carrier gives one currency only. */
  currencyType?: Maybe<Scalars['String']['output']>;
  /** The total in this view. */
  total: Money;
};

/** Customs content of a cross-border shipment (required when origin and destination countries differ). */
export type CustomsContentInput = {
  /** Who pays duties and taxes. */
  dutiesPaidBy?: DutiesPaidBy;
  /** The goods, 1 to 100 lines. */
  items: Array<CustomsItemInput>;
  /** Why the goods cross the border. */
  purpose?: CustomsPurpose;
};

/** One line of customs content. */
export type CustomsItemInput = {
  /** ISO 3166-1 alpha-2 country of manufacture. */
  countryOfOrigin?: InputMaybe<Scalars['String']['input']>;
  /** What the goods are, in plain words (1 to 200 characters). */
  description: Scalars['String']['input'];
  /** Harmonised System code, 6 to 10 digits (dots allowed). */
  hsCode?: InputMaybe<Scalars['String']['input']>;
  /** How many, at least 1. */
  quantity: Scalars['Int']['input'];
  /** Unit of the quantity, e.g. `PCS`. */
  quantityUnit?: InputMaybe<Scalars['String']['input']>;
  /** Value of the whole line (not per piece). */
  value: MoneyInput;
  /** Weight of the whole line. */
  weight?: InputMaybe<WeightInput>;
};

/** Why the goods cross a border (customs content). */
export type CustomsPurpose =
  /** A gift. */
  | 'GIFT'
  /** Personal effects. */
  | 'PERSONAL_EFFECTS'
  /** Goods sent for or back from repair. */
  | 'REPAIR'
  /** Goods returned. */
  | 'RETURN'
  /** A commercial sample. */
  | 'SAMPLE'
  /** Sold goods. */
  | 'SOLD';

/** One charge of the dark store for this order, as the dark store prices it. */
export type DarkStoreCharge = {
  __typename?: 'DarkStoreCharge';
  /** `unitAmount` times `quantity`. */
  amount: Money;
  /** Stable code: `ORDER_PROCESSING` (per item, storefront-app order processing) or `COD_HANDLING` (per cash-on-delivery order). */
  code: Scalars['String']['output'];
  /** What the charge is for, in words. */
  description: Scalars['String']['output'];
  /** How many units are charged. */
  quantity: Scalars['Int']['output'];
  /** Price of one unit (one item, or one order). */
  unitAmount: Money;
};

/** Whether the dark store was offered for the destination, and if not, why. */
export type DarkStoreDecision = {
  __typename?: 'DarkStoreDecision';
  /** The health reading the decision used; null when no dark store is configured or none was read yet. */
  health?: Maybe<DarkStoreHealth>;
  /** True when the pincode is in the catchment and the store's last health reading is healthy and fresh. */
  offered: Scalars['Boolean']['output'];
  /** Why it was not offered; null when offered. */
  reason?: Maybe<PromiseReason>;
};

/** The dark store's last `GET /health` reading (the only thing the dark store publishes). */
export type DarkStoreHealth = {
  __typename?: 'DarkStoreHealth';
  /** Seconds since we read it. */
  ageSeconds: Scalars['Float']['output'];
  /** When we read it. */
  checkedAt: Scalars['DateTime']['output'];
  /** `db` as given; `connected` when the database link is up. */
  db: Scalars['String']['output'];
  /** True when status is `ok` and db is `connected`. */
  healthy: Scalars['Boolean']['output'];
  /** `memory.rss` as given, with its unit suffix (e.g. `512MB`). */
  memoryRss: Scalars['String']['output'];
  /** `memory.rss` in bytes; null when the unit is not one we read. */
  memoryRssBytes?: Maybe<Scalars['Float']['output']>;
  /** `status` as given; `ok` when healthy. */
  status: Scalars['String']['output'];
  /** `timestamp` as given (ISO 8601 UTC). */
  timestamp: Scalars['String']['output'];
  /** `uptime`: seconds since the store's backend started. */
  uptimeSeconds: Scalars['Float']['output'];
};

/** The dark store's offer for this order. */
export type DarkStoreOffer = {
  __typename?: 'DarkStoreOffer';
  /** This order's charges. */
  charges: Array<DarkStoreCharge>;
  /** Hours after the promise the delivery may come at the earliest (2: the dark store delivers in two to four hours). */
  fromHours: Scalars['Int']['output'];
  /** The brand's holding cost of the stock the order is picked from. */
  holdingCost: HoldingCost;
  /** Hours after the promise the delivery comes at the latest (4). */
  toHours: Scalars['Int']['output'];
  /** The charges together. */
  total: Money;
  /** The window as instants: `promisedAt` plus `fromHours`, plus `toHours` (UTC). */
  window: DeliveryWindow;
};

/** The carrier's delay information. */
export type Delay = {
  __typename?: 'Delay';
  /** Whether the shipment is on time; null when the carrier's value is not one of the three known. */
  status?: Maybe<DelayStatus>;
  /** The carrier's delay sub-type. */
  subType?: Maybe<Scalars['String']['output']>;
  /** The carrier's delay type. */
  type?: Maybe<Scalars['String']['output']>;
};

/** Carrier B `delayDetail.status`. */
export type DelayStatus =
  /** Behind the estimate. */
  | 'DELAYED'
  /** Ahead of the estimate. */
  | 'EARLY'
  /** On time. */
  | 'ON_TIME';

/** Which push subscription to delete. */
export type DeletePushSubscriptionInput = {
  /** The subscription's `id` as `createPushSubscription` or `pushSubscriptions` gave it (`PushSubscription:<uuid>`, or the older `push_<uuid>`). */
  id: Scalars['ID']['input'];
};

/** The result of `deletePushSubscription`. */
export type DeletePushSubscriptionPayload = {
  __typename?: 'DeletePushSubscriptionPayload';
  /** The subscription, now DELETED; null when `userErrors` is not empty. */
  pushSubscription?: Maybe<PushSubscription>;
  /** What the caller or the carrier refused (e.g. NOT_FOUND for an unknown id); empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** One credible delivery option: the dark store's offer or a courier's quote. */
export type DeliveryOption = {
  __typename?: 'DeliveryOption';
  /** The carrier: DARK_STORE, or the courier's. */
  carrier: Carrier;
  /** The dark store's window and charges; null for a courier. */
  darkStore?: Maybe<DarkStoreOffer>;
  /** Group A division for a Group A quote; null otherwise. */
  division?: Maybe<Scalars['String']['output']>;
  /** Which kind of option this is; `darkStore` or `quote` is set accordingly. */
  kind: DeliveryOptionKind;
  /** The courier's quote (estimated delivery, transit days, total); null for the dark store. */
  quote?: Maybe<RateQuote>;
};

/** What kind of option a delivery option is. */
export type DeliveryOptionKind =
  /** A courier's service, from rating. */
  | 'COURIER'
  /** The dark store's 2-4 hour delivery from its own stock. */
  | 'DARK_STORE';

/** The earliest credible delivery for a destination, with the options behind it. */
export type DeliveryPromise = {
  __typename?: 'DeliveryPromise';
  /** The destination's country. */
  countryCode: Scalars['String']['output'];
  /** The couriers' rate shop (outcomes, failures, skipped carriers); null when the couriers were not asked. */
  couriers?: Maybe<RateShopResult>;
  /** Why the couriers were not asked; null when they were. */
  couriersNotAsked?: Maybe<PromiseReason>;
  /** The dark store's decision and the reason when it was not offered. */
  darkStore: DarkStoreDecision;
  /** The earliest credible option (the first of `options`); null when nothing can be promised. */
  earliest?: Maybe<DeliveryOption>;
  /** Every credible option, earliest first: the dark store's alone when it is offered, else the couriers' quotes (FASTEST), one per service (a carrier's ACCOUNT price where it also gives LIST). */
  options: Array<DeliveryOption>;
  /** The destination's postal code, as checked. */
  postalCode: Scalars['String']['output'];
  /** When the promise was made. */
  promisedAt: Scalars['DateTime']['output'];
};

/**
 * Where an order goes and what it holds: the destination's postal code (the pincode the dark store's catchment lists) and
 * country, the items, cash on delivery, and, for the couriers' options, where a courier would pick up and the parcels.
 */
export type DeliveryPromiseInput = {
  /** Cash to collect on delivery, strictly positive; absent = prepaid. The dark store charges COD handling per order. */
  cashOnDelivery?: InputMaybe<MoneyInput>;
  /** ISO 3166-1 alpha-2 country code of the destination, e.g. `IN`. */
  countryCode: Scalars['String']['input'];
  /** Items in the order, 1 to 10000: the dark store charges order processing per item. */
  itemCount: Scalars['Int']['input'];
  /** Where a courier would pick up; with `packages`, needed for the couriers' options (the dark store ships from its own stock). */
  origin?: InputMaybe<RateAddressInput>;
  /** The origin's UTC offset on the ship date, `+HH:MM`; default `+00:00` (as `rates`). */
  originUtcOffset?: InputMaybe<Scalars['String']['input']>;
  /** The parcels a courier would carry, 1 to 50; required with `origin`. */
  packages?: InputMaybe<Array<RatePackageInput>>;
  /** The buyer's postal code (a 6-digit PIN in India), in the country's format. */
  postalCode: Scalars['String']['input'];
  /** Ship date at the origin for the couriers, today or up to 30 days ahead; default today. */
  shipDate?: InputMaybe<Scalars['LocalDate']['input']>;
};

/** The carrier's delivery window. */
export type DeliveryWindow = {
  __typename?: 'DeliveryWindow';
  /** Earliest expected delivery. */
  from?: Maybe<CarrierTime>;
  /** The carrier's remark on the estimate. */
  remark?: Maybe<Scalars['String']['output']>;
  /** Latest expected delivery. */
  to?: Maybe<CarrierTime>;
};

/** A piece's outer dimensions. */
export type Dimensions = {
  __typename?: 'Dimensions';
  /** Height. */
  height?: Maybe<Measure>;
  /** Length. */
  length?: Maybe<Measure>;
  /** Width. */
  width?: Maybe<Measure>;
};

/** Outer dimensions of a package. */
export type DimensionsInput = {
  /** Height, strictly positive, at most 400 cm (157 in). */
  height: Scalars['Float']['input'];
  /** Length, strictly positive, at most 400 cm (157 in). */
  length: Scalars['Float']['input'];
  /** Unit of the three lengths. */
  unit?: LengthUnit;
  /** Width, strictly positive, at most 400 cm (157 in). */
  width: Scalars['Float']['input'];
};

/**
 * A stored document (label, invoice, manifest, proof of delivery, ...): fetched from the carrier once, served at `url`
 * behind an unguessable, expiring signed link with its own content type.
 */
export type Document = Node & {
  __typename?: 'Document';
  /**
   * The bytes, base64-encoded, only when selected. Documents larger than the server's DOCUMENT_INLINE_MAX_BYTES answer
   * null here with a GraphQL error `DOCUMENT_TOO_LARGE` on this field: fetch `url` instead. Bytes removed by retention
   * answer null with `DOCUMENT_EXPIRED` (see `contentExpiredAt`).
   */
  base64?: Maybe<Scalars['String']['output']>;
  /**
   * When the server's retention removed the bytes (RETENTION_DOCUMENT_CONTENT_DAYS after storing); null while they are
   * kept. The document and its label stay; `base64` then answers a `DOCUMENT_EXPIRED` error and `url` 410.
   */
  contentExpiredAt?: Maybe<Scalars['DateTime']['output']>;
  /** MIME type served at `url`, e.g. `application/pdf`. */
  contentType: Scalars['String']['output'];
  /** When it was stored. */
  createdAt: Scalars['DateTime']['output'];
  /** File format as the carrier names it, e.g. `PDF`, `PNG`. */
  format: Scalars['String']['output'];
  /** Unguessable id (`Document:<key>`; the older form `doc_<key>` is read too by `node`). */
  id: Scalars['ID']['output'];
  /** What the document is. */
  kind: DocumentKind;
  /** The carrier's own type code (express `typeCode`, Carrier B `contentType`), when it gave one. */
  nativeType?: Maybe<Scalars['String']['output']>;
  /** The piece (package) tracking number the document belongs to; null for the whole shipment. */
  pieceTrackingNumber?: Maybe<Scalars['String']['output']>;
  /** Size in bytes. */
  size: Scalars['Int']['output'];
  /** A signed link to the bytes at `/documents/{id}`; it stops working at `urlExpiresAt`. Ask again for a fresh one. */
  url: Scalars['String']['output'];
  /** When `url` expires. */
  urlExpiresAt: Scalars['DateTime']['output'];
};

/** What a stored document is. */
export type DocumentKind =
  /** Carrier B `BILL_OF_LADING`. */
  | 'BILL_OF_LADING'
  /** The carrier's answer to a manifest or end-of-day close as received (JSON), kept for support. */
  | 'CARRIER_ANSWER'
  /** A commercial invoice for customs. */
  | 'COMMERCIAL_INVOICE'
  /** A Carrier B end-of-day close manifest. */
  | 'END_OF_DAY_MANIFEST'
  /** Carrier B `FREIGHT_BILLING_DOCUMENT`. */
  | 'FREIGHT_BILLING_DOCUMENT'
  /** A carrier invoice (express). */
  | 'INVOICE'
  /** A shipping label. */
  | 'LABEL'
  /** An e-commerce manifest (the driver's summary). */
  | 'MANIFEST'
  /** A document of a kind not listed here; `nativeType` says which. */
  | 'OTHER'
  /** Proof of delivery (express `/proof-of-delivery`, Carrier B `SIGNATURE_PROOF_OF_DELIVERY`). */
  | 'PROOF_OF_DELIVERY'
  /** A QR code to print at a drop-off point (express). */
  | 'QR_CODE'
  /** A return label or return tag document. */
  | 'RETURN_LABEL'
  /** Another image of the shipment (express `/get-image`). */
  | 'SHIPMENT_IMAGE'
  /** A waybill document (express). */
  | 'WAYBILL';

/** Who pays duties and taxes at the destination. */
export type DutiesPaidBy =
  /** The recipient. */
  | 'RECIPIENT'
  /** The shipper (delivered duty paid). */
  | 'SENDER';

/** How an e-commerce package is looked up: by the caller's own package id or by the carrier's id. */
export type EcommerceIdType =
  /** The carrier's package id. */
  | 'CARRIER_PACKAGE_ID'
  /** The shipper's own package id. */
  | 'PACKAGE_ID';

/** What the carrier confirmed of a notification subscription. */
export type EmailNotificationSubscription = {
  __typename?: 'EmailNotificationSubscription';
  /** The carrier accepted the subscription. */
  accepted: Scalars['Boolean']['output'];
  /** The carrier. */
  carrier: Carrier;
  /** The carrier's message, as given. */
  message?: Maybe<Scalars['String']['output']>;
  /** How many recipients were subscribed. */
  recipientCount: Scalars['Int']['output'];
  /** The tracking number subscribed. */
  trackingNumber: Scalars['String']['output'];
};

/** One email recipient of a notification subscription. */
export type EmailRecipientInput = {
  /** Their email address. */
  email: Scalars['String']['input'];
  /** The events to email about, at least one. */
  eventTypes: Array<NotificationEventType>;
  /** The email's format; default HTML. */
  format?: InputMaybe<NotificationFormat>;
  /** Language and country of the email, shape `xx_XX` (e.g. `en_US`); default the carrier's. */
  locale?: InputMaybe<Scalars['String']['input']>;
  /** Their name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Who the recipient is. */
  role: NotificationRole;
};

/** A quote the strategy left out, with the reason. */
export type ExcludedQuote = {
  __typename?: 'ExcludedQuote';
  /** The quote. */
  quote: RateQuote;
  /** Why it was left out. */
  reason: RateExclusionReason;
};

/** Fetch a document for a purchased label from the carrier once and store it. */
export type FetchShipmentDocumentInput = {
  /** File format, where the carrier offers a choice. */
  format?: LabelFormat;
  /** Which document. */
  kind: FetchableDocumentKind;
  /** The label's `id`. */
  labelId: Scalars['ID']['input'];
};

/** The result of `fetchShipmentDocument`. */
export type FetchShipmentDocumentPayload = {
  __typename?: 'FetchShipmentDocumentPayload';
  /** The stored document (the same one on a second ask, without a carrier call); null when refused. */
  document?: Maybe<Document>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** Documents `fetchShipmentDocument` can fetch from the carrier for a purchased label. */
export type FetchableDocumentKind =
  /** Carrier B tracking document `BILL_OF_LADING`. */
  | 'BILL_OF_LADING'
  /** Carrier B tracking document `FREIGHT_BILLING_DOCUMENT`. */
  | 'FREIGHT_BILLING_DOCUMENT'
  /** Proof of delivery (express `/proof-of-delivery`, Carrier B `SIGNATURE_PROOF_OF_DELIVERY`). */
  | 'PROOF_OF_DELIVERY'
  /** Another image of the shipment (express `/get-image`). */
  | 'SHIPMENT_IMAGE';

/** What the brand pays the dark store to hold its stock: not a charge of this order, shown so the brand sees its cost. */
export type HoldingCost = {
  __typename?: 'HoldingCost';
  /** What the fee is for, in words. */
  description: Scalars['String']['output'];
  /** Storage per unit per day (0.30 in the store's currency by default). */
  perUnitPerDay: Money;
};

/** One line of a commercial invoice. */
export type InvoiceLineInput = {
  /** ISO 3166-1 alpha-2 country of manufacture. */
  countryOfOrigin?: InputMaybe<Scalars['String']['input']>;
  /** What the goods are, 1 to 200 characters. */
  description: Scalars['String']['input'];
  /** Harmonised System code, 6 to 10 digits (dots allowed). */
  hsCode?: InputMaybe<Scalars['String']['input']>;
  /** How many, at least 1. */
  quantity: Scalars['Int']['input'];
  /** Value of the whole line. */
  value: MoneyInput;
};

/**
 * A label purchase: the durable job (`state`) and, once purchased, everything the carrier answered. Its id resolves with
 * `label(id:)`; `shipment` is the same `Shipment` (same id) tracking, watches and `_entities` answer.
 */
export type Label = Node & {
  __typename?: 'Label';
  /** The shipping account it was bought on. */
  account: Scalars['String']['output'];
  /** The charges making up `total`, with the carrier's codes. */
  breakdown: Array<ChargeLine>;
  /** Where its cancellation is; null when none was asked. */
  cancellationState?: Maybe<CancellationState>;
  /** When the carrier confirmed its cancellation. */
  cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** The carrier that ships it. */
  carrier: Carrier;
  /** Carrier B express or ground network code (e.g. `CBXG`); null elsewhere. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** When the purchase was first stored. */
  createdAt: Scalars['DateTime']['output'];
  /** Express: the pickup booked in the same call. */
  dispatchConfirmationNumber?: Maybe<Scalars['String']['output']>;
  /** Group A division (`express`, `ecommerce`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** Labels, invoices, waybills and other documents stored for it. */
  documents: Array<Document>;
  /** Why the purchase failed (FAILED), or what the last attempt met (UNKNOWN); null otherwise. */
  failure?: Maybe<LabelFailure>;
  /** Our id (`Label:<uuid>`). */
  id: Scalars['ID']['output'];
  /** Outbound or return. */
  kind: LabelKind;
  /** Every link the carrier returned with the shipment. */
  links: LabelLinks;
  /** The caller's order id, written into the shipment as a customer reference. */
  orderId?: Maybe<Scalars['String']['output']>;
  /** Pickups that collect this label: linked by `schedulePickup`, or booked with the shipment (express). */
  pickups: Array<Pickup>;
  /** The pieces, in package order. */
  pieces: Array<LabelPiece>;
  /** The total of the quote this purchase followed, when the input took one from `rates`. */
  quotedTotal?: Maybe<Money>;
  /** Further references the caller asked for on the shipment (the order id is `orderId`; what the carrier took is on `pieces[].references`). */
  references: Array<ShipmentReference>;
  /** RETURN labels: the outbound label they return. */
  returnOf?: Maybe<Label>;
  /** The carrier's native service code (express `productCode`, Carrier B `serviceType`, e-commerce `orderedProductId`). */
  service: Scalars['String']['output'];
  /** The carrier's name of the service, when it gave one. */
  serviceName?: Maybe<Scalars['String']['output']>;
  /** The shipment, tracked from birth; null until the carrier gave a tracking number. */
  shipment?: Maybe<Shipment>;
  /** Where the purchase is. */
  state: LabelState;
  /** The manifest or close that tendered it. */
  tender?: Maybe<Tender>;
  /** Which tender makes the carrier expect them; null when none is needed. */
  tenderBy?: Maybe<TenderKind>;
  /** Whether the carrier expects the parcels: false until the manifest or end-of-day close when `tenderBy` is set. */
  tendered: Scalars['Boolean']['output'];
  /** When it was tendered. */
  tenderedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Total charged (express `BILLC`, Carrier B sum of net charges); null when the carrier gave none. */
  total?: Maybe<Money>;
  /** The shipment-level tracking number (express waybill, Carrier B master, e-commerce tracking id); null before purchase. */
  trackingNumber?: Maybe<Scalars['String']['output']>;
  /** The carrier's tracking page, when it returned one. */
  trackingUrl?: Maybe<Scalars['String']['output']>;
  /** When the record last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** The carrier's soft failures (express `warnings[]`, Carrier B `alerts[]`). */
  warnings: Array<CarrierWarning>;
};

/** A cancellation's answer. */
export type LabelCancellation = {
  __typename?: 'LabelCancellation';
  /** The carrier answered that it was already cancelled (a repeat after a lost answer). */
  alreadyCancelled: Scalars['Boolean']['output'];
  /** Whether the shipment is cancelled at the carrier (Carrier B `cancelledShipment`, or its answer that it already was). */
  cancelled: Scalars['Boolean']['output'];
  /** The label as stored now (CANCELLED when the carrier confirmed). */
  label: Label;
  /** The carrier's message, when it gave one. */
  message?: Maybe<Scalars['String']['output']>;
};

/** A page of labels (Relay connection), in the order of the field that answers it. */
export type LabelConnection = {
  __typename?: 'LabelConnection';
  /** The labels of this page. */
  edges: Array<LabelEdge>;
  /** Whether more follow, and the cursor to ask for them. */
  pageInfo: PageInfo;
};

/** How the carrier hands the label over. We fetch and store it either way and serve it at `Document.url`. */
export type LabelDelivery =
  /** The carrier sends the bytes in its answer. */
  | 'INLINE'
  /** The carrier sends a link to the file. */
  | 'URL';

/** One label in a page of `labels`. */
export type LabelEdge = {
  __typename?: 'LabelEdge';
  /** Opaque position of this label in the list; pass it as `after` to continue after it. */
  cursor: Scalars['String']['output'];
  /** The label. */
  node: Label;
};

/** Why a purchase failed, or what its last attempt met. */
export type LabelFailure = {
  __typename?: 'LabelFailure';
  /** The carrier's own code (Carrier B `errors[].code`, a problem `type`), when it gave one. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** `CARRIER_REFUSED`, an `UPSTREAM_*` code, `JOB_DEADLINE_PASSED`, or `NOT_CREATED` (a reconciliation proved it). */
  code: Scalars['String']['output'];
  /** What happened, in English (the carrier's text for a refusal). */
  message: Scalars['String']['output'];
  /** The carrier's transaction id of the exchange, when it gave one. */
  transactionId?: Maybe<Scalars['String']['output']>;
};

/** Which labels `labels` lists. */
export type LabelFilterInput = {
  /** Only this carrier's. */
  carrier?: InputMaybe<Carrier>;
  /** Only labels of this order id. */
  orderId?: InputMaybe<Scalars['String']['input']>;
  /** Only labels in this state. */
  state?: InputMaybe<LabelState>;
};

/** File format of a label, where the carrier offers it. */
export type LabelFormat =
  /** A PDF document. */
  | 'PDF'
  /** A PNG image. */
  | 'PNG';

/** Whether a label ships goods out or brings them back. */
export type LabelKind =
  /** An outbound shipment made by `createShipment`. */
  | 'OUTBOUND'
  /** A return label (e-commerce) or return tag (Carrier B) made by `createReturn`; `returnOf` is the outbound label. */
  | 'RETURN';

/** Ready-formed links the carrier returned with the shipment. */
export type LabelLinks = {
  __typename?: 'LabelLinks';
  /** Where to cancel a pickup booked with the shipment (express `cancelPickupUrl`). */
  cancelPickupUrl?: Maybe<Scalars['String']['output']>;
  /** The recipient's on-demand delivery page (express `onDemandDeliveryURL`). */
  onDemandDeliveryUrl?: Maybe<Scalars['String']['output']>;
  /** The carrier's tracking page (express `trackingUrl`). */
  trackingUrl?: Maybe<Scalars['String']['output']>;
};

/** One piece (package) of a purchased label. */
export type LabelPiece = {
  __typename?: 'LabelPiece';
  /** E-commerce: the carrier's `carrierPackageId`. */
  carrierPackageId?: Maybe<Scalars['String']['output']>;
  /** Cash on delivery collected for this piece. */
  cashOnDelivery?: Maybe<Money>;
  /** The carrier's net charge of this piece (Carrier B), when given. */
  charge?: Maybe<Money>;
  /** E-commerce: the caller's `packageId` (at most 30 characters). */
  packageId?: Maybe<Scalars['String']['output']>;
  /** Customer references on the piece as the carrier took them. */
  references: Array<ShipmentReference>;
  /** 1-based, in the order the packages were given. */
  sequence: Scalars['Int']['output'];
  /** The piece's tracking number (express piece id, Carrier B piece number, e-commerce tracking id). */
  trackingNumber: Scalars['String']['output'];
};

/** A label in the answer of a purchase, and whether this answer replays an earlier call with the same key. */
export type LabelPurchase = {
  __typename?: 'LabelPurchase';
  /** The label as stored now (FAILED with `failure` when the carrier refused). */
  label: Label;
  /** This call's attempt, a replay, or an attempt still running (ask again, or subscribe to `labelUpdated`). */
  replay: PurchaseReplay;
};

/**
 * Where a label purchase is: a durable job, stored before the carrier is called.
 * `PENDING -> PURCHASED | FAILED | UNKNOWN`, `UNKNOWN -> PURCHASED | FAILED` once reconciled, `PURCHASED -> CANCELLED`.
 */
export type LabelState =
  /** Purchased, then cancelled at the carrier (`cancelledAt`). */
  | 'CANCELLED'
  /** The carrier refused, or a reconciliation proved nothing was created; `failure` says why. Nothing was bought. */
  | 'FAILED'
  /** Stored; the carrier has been (or is being) asked, or a Carrier B asynchronous job is being polled for its documents. */
  | 'PENDING'
  /** The carrier created the shipment: tracking numbers, charges and documents are stored. */
  | 'PURCHASED'
  /** The answer was lost after sending (timeout, connection reset): a reconciliation by our reference decides, never a second purchase. */
  | 'UNKNOWN';

/** One carrier's duty-and-tax estimate, itemised. */
export type LandedCostEstimate = {
  __typename?: 'LandedCostEstimate';
  /** The carrier. */
  carrier: Carrier;
  /** Group A division (`express`, `ecommerce`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** The estimate line by line. */
  lines: Array<LandedCostLine>;
  /** The estimated duties, taxes and fees together, with the currency. */
  total: Money;
  /** The interface that estimated, e.g. `group-a/express`. */
  upstream: Scalars['String']['output'];
  /** The carrier's warnings on the estimate. */
  warnings: Array<CarrierWarning>;
};

/** One carrier that could not estimate, alone: the other carriers' estimates stand. */
export type LandedCostFailure = CarrierFailure & {
  __typename?: 'LandedCostFailure';
  /** The carrier. */
  carrier: Carrier;
  /** The carrier's own error code. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Stable code of the failure (the same codes as a rate failure). */
  code: CarrierFailureCode;
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** For UPSTREAM_DEADLINE_EXCEEDED: the variable whose deadline passed (RATE_CARRIER_DEADLINE_MS or REQUEST_DEADLINE_MS). */
  limit?: Maybe<Scalars['String']['output']>;
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when the carrier could be asked again. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The carrier's id of the failed exchange, for the carrier's support. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The interface that failed. */
  upstream: Scalars['String']['output'];
};

/** What a duty-and-tax estimate needs: the lane, the packages and the customs content (the same rules as `RateRequestInput`). */
export type LandedCostInput = {
  /** ISO 4217 currency the estimate is wanted in; default the carrier's. */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** The goods, their values and HS codes: the carriers estimate duty and tax per line. */
  customs: CustomsContentInput;
  /** Where they go (another country than the origin: duties and taxes are levied at a border). */
  destination: RateAddressInput;
  /** The express account to estimate for, one of the configured ones; default the first (GROUP_A_EXPRESS_ACCOUNT_NUMBERS). */
  expressAccountNumber?: InputMaybe<Scalars['String']['input']>;
  /** Cost of shipping, where it is part of the dutiable value; default not known. */
  freight?: InputMaybe<MoneyInput>;
  /** Where the goods start. */
  origin: RateAddressInput;
  /** The packages, 1 to 50. */
  packages: Array<RatePackageInput>;
};

/** What a line of a duty-and-tax estimate is. */
export type LandedCostKind =
  /** An import duty. */
  | 'DUTY'
  /** A fee (customs clearance, disbursement, merchandise processing). */
  | 'FEE'
  /** A line we cannot classify; the native code and name say what it is. */
  | 'OTHER'
  /** A tax (VAT, GST, sales tax). */
  | 'TAX';

/** One line of a duty-and-tax estimate, with the carrier's own code and name. */
export type LandedCostLine = {
  __typename?: 'LandedCostLine';
  /** The amount, with its currency. */
  amount: Money;
  /** The carrier's code of the line (e.g. express `typeCode`). */
  code?: Maybe<Scalars['String']['output']>;
  /** Which customs item the line is for (0-based index into `input.customs.items`); null for the whole shipment. */
  itemIndex?: Maybe<Scalars['Int']['output']>;
  /** What the line is. */
  kind: LandedCostKind;
  /** The carrier's name of the line. */
  name?: Maybe<Scalars['String']['output']>;
};

/** One carrier's answer to a duty-and-tax request: its estimate, or its typed failure. */
export type LandedCostOutcome = LandedCostEstimate | LandedCostFailure;

/** Duty and tax estimates from every carrier that gives them. */
export type LandedCostResult = {
  __typename?: 'LandedCostResult';
  /** When the carriers were asked. */
  estimatedAt: Scalars['DateTime']['output'];
  /** One outcome per carrier asked (express `/landed-cost`, e-commerce duty and tax); empty when none is configured. */
  outcomes: Array<LandedCostOutcome>;
};

/** Whether one carrier interface serves the lane, from its rate (or product) call: no services means not served. */
export type LaneService = {
  __typename?: 'LaneService';
  /** The carrier. */
  carrier: Carrier;
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** True when the carrier offered at least one service. */
  served: Scalars['Boolean']['output'];
  /** The services offered; empty when not served. */
  services: Array<ServiceOffer>;
  /** The interface asked. */
  upstream: Scalars['String']['output'];
  /** The carrier's warnings or alerts. */
  warnings: Array<CarrierWarning>;
};

/** Unit of dimensions in a rate request. */
export type LengthUnit =
  /** Centimetres. */
  | 'CM'
  /** Inches. */
  | 'IN';

/** A place a carrier names: a facility, a service point, or just an address. */
export type Location = {
  __typename?: 'Location';
  /** The location's address, as far as visible. */
  address?: Maybe<PartyAddress>;
  /** The carrier's description of the place. */
  description?: Maybe<Scalars['String']['output']>;
  /**
   * The carrier's location id (e.g. Carrier B `locationId`). Not a `Node`: a place is named inside a carrier's answer
   * and no carrier offers a lookup of it by this id.
   */
  id?: Maybe<Scalars['String']['output']>;
  /** The carrier's location type, e.g. a hub or a service point. */
  type?: Maybe<Scalars['String']['output']>;
};

/** A quantity with the carrier's unit. */
export type Measure = {
  __typename?: 'Measure';
  /** The carrier's unit, e.g. `kg`, `LB`, `cm`. */
  unit: Scalars['String']['output'];
  /** The number as the carrier gave it. */
  value: Scalars['Float']['output'];
};

/** An amount with its ISO 4217 currency; the amount is a decimal string. */
export type Money = {
  __typename?: 'Money';
  /** Decimal string, e.g. `12.50`, exactly as the carrier gave it (no floating point). */
  amount: Scalars['String']['output'];
  /** ISO 4217 currency code, e.g. `EUR`. */
  currency: Scalars['String']['output'];
};

/** An amount given by the caller: a decimal string and an ISO 4217 currency. */
export type MoneyInput = {
  /** Decimal string above 0 with at most the currency's decimals (EUR 2, JPY 0, KWD 3), e.g. `12.50`; below 10,000,000. */
  amount: Scalars['String']['input'];
  /** ISO 4217 currency code, e.g. `EUR`. */
  currency: Scalars['String']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Cancel a pickup by its id; a second cancel answers the first one's result. */
  cancelPickup: CancelPickupPayload;
  /** Cancel a Carrier B return tag. */
  cancelReturn: CancelReturnPayload;
  /**
   * Cancel a purchased label at the carrier. A second cancel answers the first's result; when the first's answer was
   * lost (`Label.cancellationState` UNKNOWN) it asks the carrier again, whose answer settles it.
   */
  cancelShipment: CancelShipmentPayload;
  /**
   * Subscribe to Group A pushes for a tracking number or a customer account. Refused input is a `userErrors` entry
   * naming the field; an unavailable carrier is a GraphQL error.
   */
  createPushSubscription: CreatePushSubscriptionPayload;
  /** Buy a return label or return tag for a purchased outbound label; idempotent like `createShipment`. */
  createReturn: CreateReturnPayload;
  /**
   * Buy a label. The key and the input are stored before the carrier is called once; a retry with the same key answers
   * the stored label (REPLAYED, or IN_PROGRESS while the first attempt runs) and never calls the carrier.
   */
  createShipment: CreateShipmentPayload;
  /** Delete a push subscription at the carrier and here. Deleting a deleted subscription answers it unchanged. */
  deletePushSubscription: DeletePushSubscriptionPayload;
  /** Fetch a document (proof of delivery, image, tracking document) for a purchased label; stored once, served by URL. */
  fetchShipmentDocument: FetchShipmentDocumentPayload;
  /** Send a dead letter again (after the cause was fixed): PENDING, due now, its attempts and reason cleared. */
  requeueAnalyticsEvent: RequeueAnalyticsEventPayload;
  /** Book a pickup (Carrier B ground or express, Group A express): stored with its key before the one booking call. */
  schedulePickup: PickupBookingPayload;
  /**
   * Settle a label whose outcome was lost and that no lookup can settle (UNKNOWN): with the carrier's tracking number,
   * checked by the carrier's tracking first (PURCHASED), or as not created (FAILED). Nothing is bought. Settling the same
   * way again answers the label.
   */
  settleLabel: SettleLabelPayload;
  /**
   * Settle a pickup whose booking answer was lost (UNKNOWN): the confirmation number the carrier gave (SCHEDULED) or
   * not booked (FAILED). Nothing is sent to the carrier. Settling the same way again answers the pickup.
   */
  settlePickup: SettlePickupPayload;
  /**
   * Subscribe up to four people to a shipment's email notifications (Carrier B). Checked before any call; sent once,
   * never retried (the carrier will send mail).
   */
  subscribeEmailNotifications: SubscribeEmailNotificationsPayload;
  /** Tender labels to the carrier: an e-commerce manifest or a Carrier B end-of-day close. Eligibility is checked before the call. */
  tenderLabels: TenderLabelsPayload;
  /** Stop polling this shipment. Returns the watch, now inactive; NOT_FOUND in `userErrors` when it was not watched. */
  unwatchShipment: UnwatchShipmentPayload;
  /** Change an express pickup (ready time, close time, parcels); a Carrier B pickup cannot be updated. */
  updatePickup: PickupBookingPayload;
  /** Send paperless trade invoice data for an express shipment, before or after creation. */
  uploadCommercialInvoice: UploadCommercialInvoicePayload;
  /** Attach an image to a purchased express shipment. */
  uploadShipmentImage: UploadShipmentImagePayload;
  /** Check a shipment with our rules and the carrier's validation (Carrier B); nothing is created or stored. */
  validateShipment: ValidateShipmentPayload;
  /** Poll this shipment and record its new scan events in the status-change log. Watching a watched shipment answers its watch. */
  watchShipment: WatchShipmentPayload;
};


export type MutationCancelPickupArgs = {
  input: CancelPickupInput;
};


export type MutationCancelReturnArgs = {
  input: CancelReturnInput;
};


export type MutationCancelShipmentArgs = {
  input: CancelShipmentInput;
};


export type MutationCreatePushSubscriptionArgs = {
  input: CreatePushSubscriptionInput;
};


export type MutationCreateReturnArgs = {
  input: CreateReturnInput;
};


export type MutationCreateShipmentArgs = {
  input: CreateShipmentInput;
};


export type MutationDeletePushSubscriptionArgs = {
  input: DeletePushSubscriptionInput;
};


export type MutationFetchShipmentDocumentArgs = {
  input: FetchShipmentDocumentInput;
};


export type MutationRequeueAnalyticsEventArgs = {
  input: RequeueAnalyticsEventInput;
};


export type MutationSchedulePickupArgs = {
  input: SchedulePickupInput;
};


export type MutationSettleLabelArgs = {
  input: SettleLabelInput;
};


export type MutationSettlePickupArgs = {
  input: SettlePickupInput;
};


export type MutationSubscribeEmailNotificationsArgs = {
  input: SubscribeEmailNotificationsInput;
};


export type MutationTenderLabelsArgs = {
  input: TenderLabelsInput;
};


export type MutationUnwatchShipmentArgs = {
  input: UnwatchShipmentInput;
};


export type MutationUpdatePickupArgs = {
  input: UpdatePickupInput;
};


export type MutationUploadCommercialInvoiceArgs = {
  input: UploadCommercialInvoiceInput;
};


export type MutationUploadShipmentImageArgs = {
  input: UploadShipmentImageInput;
};


export type MutationValidateShipmentArgs = {
  input: ValidateShipmentInput;
};


export type MutationWatchShipmentArgs = {
  input: WatchShipmentInput;
};

/**
 * An object with a global id (Relay global object identification): its `id` is the same in every answer that holds it,
 * and `node(id:)` finds it again by that id alone, as its type's own lookup does.
 */
export type Node = {
  /** The object's id: accepted by `node(id:)` and by its type's own lookup. */
  id: Scalars['ID']['output'];
};

/** An address as a carrier normalised or matched it. */
export type NormalizedAddress = {
  __typename?: 'NormalizedAddress';
  /** City or town; null when not given. */
  city?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 country code. */
  countryCode: Scalars['String']['output'];
  /** Postal code; null when not given. */
  postalCode?: Maybe<Scalars['String']['output']>;
  /** State or province code; null when not given. */
  stateOrProvinceCode?: Maybe<Scalars['String']['output']>;
  /** Street lines, as the carrier gives them (upper case for Carrier B). */
  streetLines: Array<Scalars['String']['output']>;
};

/** The shipment events an email is sent on (Carrier B). */
export type NotificationEventType =
  /** The shipment is delivered. */
  | 'ON_DELIVERY'
  /** The estimated delivery is set or changes. */
  | 'ON_ESTIMATED_DELIVERY'
  /** An exception (delay, failed attempt) happens. */
  | 'ON_EXCEPTION'
  /** The shipment is tendered to the carrier. */
  | 'ON_TENDER';

/** The email's format. */
export type NotificationFormat =
  /** An HTML email. */
  | 'HTML'
  /** A plain text email. */
  | 'TEXT';

/** Who gets an email: Carrier B's notification roles. */
export type NotificationRole =
  /** A customs broker. */
  | 'BROKER'
  /** Anyone else. */
  | 'OTHER'
  /** The recipient. */
  | 'RECIPIENT'
  /** The shipper. */
  | 'SHIPPER';

/** Opening hours of a service point on one day. */
export type OpeningHours = {
  __typename?: 'OpeningHours';
  /** Local closing time, HH:MM. */
  closes: Scalars['String']['output'];
  /** The carrier's day, e.g. `MON`. */
  day: Scalars['String']['output'];
  /** Local opening time, HH:MM. */
  opens: Scalars['String']['output'];
  /** ISO weekday, 1 (Monday) to 7; null when the carrier gives a day not known here. */
  weekday?: Maybe<Scalars['Int']['output']>;
};

/** Everything found for one order id, across carriers. */
export type OrderShipments = {
  __typename?: 'OrderShipments';
  /** Shipments the carriers' reference lookups found that no label above already names. */
  carrierShipments: Array<Shipment>;
  /** Carriers whose lookup failed; the others' answers stand. */
  failures: Array<ReferenceLookupFailure>;
  /** Labels bought here with this order id, newest first (from the store, no carrier call), a page at a time. */
  labels?: Maybe<LabelConnection>;
};


/** Everything found for one order id, across carriers. */
export type OrderShipmentsLabelsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** Relay page information of a connection. Connections page forward only (`first`, `after`). */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** Cursor of the last edge of this page; null when the page is empty. Pass it as `after` for the next page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether more items follow `endCursor`: pass it as `after` to get them. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Always false: these connections page forward only, as the Relay specification allows for `first`/`after`. */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** Cursor of the first edge of this page; null when the page is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** A person or organisation on a shipment, as far as the caller is entitled to see it. */
export type Party = {
  __typename?: 'Party';
  /** The party's address, as far as visible. */
  address?: Maybe<PartyAddress>;
  /** Person's name; null when masked. */
  name?: Maybe<Scalars['String']['output']>;
  /** Company name; null when masked. */
  organizationName?: Maybe<Scalars['String']['output']>;
  /** The carrier's marker of what is visible of this party. */
  policy?: Maybe<Scalars['String']['output']>;
};

/**
 * An address as far as the caller is entitled to see it. Masked members are null: null means "not entitled", not
 * "empty". `policy` is the carrier's marker of what is visible (e.g. `postal-code`).
 */
export type PartyAddress = {
  __typename?: 'PartyAddress';
  /** ISO 3166-1 alpha-2 country code. */
  countryCode?: Maybe<Scalars['String']['output']>;
  /** City or town; null when masked. */
  locality?: Maybe<Scalars['String']['output']>;
  /** The carrier's marker of what is visible (e.g. `postal-code`); null when the carrier gives none. */
  policy?: Maybe<Scalars['String']['output']>;
  /** Postal code; null when masked or not given. */
  postalCode?: Maybe<Scalars['String']['output']>;
  /** State, province or region; null when masked or not given. */
  region?: Maybe<Scalars['String']['output']>;
  /** Street lines; null when masked. */
  streetLines?: Maybe<Array<Scalars['String']['output']>>;
};

/**
 * A pickup: booked here or inside an express shipment creation, stored with everything the carrier needs to update or
 * cancel it (so `cancelPickup` takes only its id). Resolves with `pickup(id:)`.
 */
export type Pickup = Node & {
  __typename?: 'Pickup';
  /** The account it is booked on. */
  account: Scalars['String']['output'];
  /** Express `cancelPickupUrl` form: `{express_url}/expressapi/shipment-pickups/{dispatchConfirmationNumber}`. */
  cancelUrl?: Maybe<Scalars['String']['output']>;
  /** When the carrier confirmed its cancellation. */
  cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** The carrier that collects. */
  carrier: Carrier;
  /** Carrier B network code of the pickup (e.g. `CBXG`). */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's handle: Carrier B `pickupConfirmationCode`, express dispatch confirmation number; null until booked. */
  confirmationNumber?: Maybe<Scalars['String']['output']>;
  /** When it was first stored. */
  createdAt: Scalars['DateTime']['output'];
  /** Group A division (`express`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** Why the booking failed (FAILED) or what its lost answer met (UNKNOWN); null otherwise. */
  failure?: Maybe<PickupFailure>;
  /** Our id (`Pickup:<uuid>`). */
  id: Scalars['ID']['output'];
  /** The labels this pickup collects. */
  labels: Array<Label>;
  /** Carrier B `output.location` (express network pickups): needed to cancel, kept here. */
  location?: Maybe<Scalars['String']['output']>;
  /** The carrier's message (Carrier B `output.message`). */
  message?: Maybe<Scalars['String']['output']>;
  /** Ground or express network. */
  network: PickupNetwork;
  /** Express `nextPickupDate`. */
  nextPickupDate?: Maybe<Scalars['LocalDate']['output']>;
  /** Further express dispatch confirmation numbers, when the carrier gave several. */
  otherConfirmationNumbers: Array<Scalars['String']['output']>;
  /** When the parcels are ready, the instant asked (UTC); null for a pickup booked with a shipment and never updated here. */
  readyAt?: Maybe<Scalars['DateTime']['output']>;
  /** Express `readyByTime` (local HH:MM). */
  readyByTime?: Maybe<Scalars['String']['output']>;
  /** The local date the driver comes (YYYY-MM-DD); null until booked. */
  scheduledDate?: Maybe<Scalars['LocalDate']['output']>;
  /** Booked by `schedulePickup` or with a shipment. */
  source: PickupSource;
  /** Where the booking is. */
  state: PickupState;
  /** When the record last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** The carrier's soft failures (express `warnings[]`, Carrier B `alerts[]`). */
  warnings: Array<CarrierWarning>;
};

/** When a carrier can collect at an address. */
export type PickupAvailability = {
  __typename?: 'PickupAvailability';
  /** One option per network asked. */
  options: Array<PickupAvailabilityOption>;
  /** The carrier's soft failures (Carrier B `alerts[]`). */
  warnings: Array<CarrierWarning>;
};

/** When a carrier can collect at an address (Carrier B). */
export type PickupAvailabilityInput = {
  /** The account (default: the configured one). */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  /** The pickup address. */
  address: ShippingAddressInput;
  /** The carrier (CARRIER_B answers availability). */
  carrier: Carrier;
  /** Same day or a later day. */
  dateType: PickupDateType;
  /** Group A division; omit for other carriers. */
  division?: InputMaybe<Scalars['String']['input']>;
  /** The network. */
  network: PickupNetwork;
  /** The instant the parcels are ready, ISO 8601 with `Z` or an offset, e.g. `2030-03-13T14:00:00Z`. */
  readyAt: Scalars['String']['input'];
  /** The address's UTC offset at that date, e.g. `-05:00` (never guessed). */
  utcOffset: Scalars['String']['input'];
};

/** One option of `pickupAvailability` (the carrier's cutoff time, pickup date, access time and ready time). */
export type PickupAvailabilityOption = {
  __typename?: 'PickupAvailabilityOption';
  /** How long the driver needs at the address, as the carrier gives it (e.g. `PT1H30M`). */
  accessTime?: Maybe<Scalars['String']['output']>;
  /** Whether the carrier can collect on that date. */
  available: Scalars['Boolean']['output'];
  /** The carrier's code of the network (e.g. `CBXG`). */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Latest local time a pickup can be booked for that date (HH:MM:SS). */
  cutoffTime?: Maybe<Scalars['String']['output']>;
  /** The network of the option. */
  network: PickupNetwork;
  /** The local date the pickup would be (it moves to the next business day past the cutoff). */
  pickupDate: Scalars['LocalDate']['output'];
  /** Earliest local ready time the carrier accepts (HH:MM:SS). */
  readyTime?: Maybe<Scalars['String']['output']>;
};

/** A pickup in the answer of `schedulePickup` or `updatePickup`. */
export type PickupBooking = {
  __typename?: 'PickupBooking';
  /** The pickup as stored now (FAILED with `failure` when the carrier refused, UNKNOWN when the answer was lost). */
  pickup: Pickup;
  /** This call's attempt, a replay, or an attempt still running. */
  replay: PickupReplay;
};

/** The answer of `schedulePickup` and `updatePickup`. */
export type PickupBookingPayload = {
  __typename?: 'PickupBookingPayload';
  /** The pickup; null when the input was refused before anything was stored. */
  booking?: Maybe<PickupBooking>;
  /** What the caller or the carrier refused (a carrier's refusal keeps the FAILED pickup in `booking`). */
  userErrors: Array<UserError>;
  /** The carrier's soft failures. */
  warnings: Array<CarrierWarning>;
};

/** A cancellation's answer. */
export type PickupCancellation = {
  __typename?: 'PickupCancellation';
  /** Whether the carrier confirmed the cancellation. */
  cancelled: Scalars['Boolean']['output'];
  /** The carrier's message (Carrier B `cancelConfirmationMessage`, express `message`). */
  message?: Maybe<Scalars['String']['output']>;
  /** The pickup as stored now (CANCELLED when the carrier confirmed). */
  pickup: Pickup;
  /** Whether this answer repeats an earlier cancellation's stored result (no carrier call). */
  replayed: Scalars['Boolean']['output'];
};

/** A page of pickups, newest first (Relay connection). */
export type PickupConnection = {
  __typename?: 'PickupConnection';
  /** The pickups of this page. */
  edges: Array<PickupEdge>;
  /** Whether more follow, and the cursor to ask for them. */
  pageInfo: PageInfo;
};

/** When the pickup is asked for (Carrier B's `pickupDateType`). */
export type PickupDateType =
  /** A later day. */
  | 'FUTURE_DAY'
  /** Today, at the address. */
  | 'SAME_DAY';

/** One pickup in a page of `pickups`. */
export type PickupEdge = {
  __typename?: 'PickupEdge';
  /** Opaque position of this pickup in the list; pass it as `after` to continue after it. */
  cursor: Scalars['String']['output'];
  /** The pickup. */
  node: Pickup;
};

/** Why a booking failed, or what its lost answer met. */
export type PickupFailure = {
  __typename?: 'PickupFailure';
  /** The carrier's own code, when it gave one. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** `CARRIER_REFUSED`, an `UPSTREAM_*` code, or `PROCESS_LOST` (the booking process stopped before storing the answer). */
  code: Scalars['String']['output'];
  /** What happened, in English (the carrier's text for a refusal). */
  message: Scalars['String']['output'];
  /** The carrier's transaction id of the exchange, when it gave one. */
  transactionId?: Maybe<Scalars['String']['output']>;
};

/** A pickup booked in the same call as the shipment (express). */
export type PickupInShipmentInput = {
  /** Local closing time at the origin, `HH:MM`. */
  closeTime?: InputMaybe<Scalars['String']['input']>;
  /** Instructions for the driver. */
  instructions?: InputMaybe<Scalars['String']['input']>;
  /** Where the driver finds the parcels, e.g. `reception`. */
  location?: InputMaybe<Scalars['String']['input']>;
  /** Local date-time at the origin the parcels are ready, `YYYY-MM-DDTHH:MM:SS`. */
  readyAt: Scalars['LocalDateTime']['input'];
};

/** The network a pickup is for (Carrier B `associatedAccountNumberType`). */
export type PickupNetwork =
  /** The express network (Carrier B `CARRIER_EXPRESS`; Group A express). */
  | 'EXPRESS'
  /** Carrier B's ground network (`CARRIER_GROUND`). */
  | 'GROUND';

/**
 * What a booking answer is, by its idempotency key: this call's own booking, or a replay of an earlier call with the
 * same key and input, which never calls the carrier.
 */
export type PickupReplay =
  /** An earlier call with this key is still running (the pickup is PENDING): ask again. */
  | 'IN_PROGRESS'
  /** This call made the booking attempt. */
  | 'NEW'
  /** An earlier call with this key finished: its stored pickup, as it is now. */
  | 'REPLAYED';

/** How a pickup came to be. */
export type PickupSource =
  /** Booked by `schedulePickup`. */
  | 'SCHEDULE_PICKUP'
  /** Booked inside an express shipment creation (`createShipment` with `pickup`); linked to that label. */
  | 'WITH_SHIPMENT';

/** Where a pickup is. `PENDING -> SCHEDULED | FAILED | UNKNOWN`, `SCHEDULED -> CANCELLED`. */
export type PickupState =
  /** Booked, then cancelled at the carrier (`cancelledAt`). */
  | 'CANCELLED'
  /** The carrier refused (`failure` says why). Nothing was booked. */
  | 'FAILED'
  /** Stored; the carrier is being asked to book it. */
  | 'PENDING'
  /** The carrier booked it: `confirmationNumber` is its handle. */
  | 'SCHEDULED'
  /** The booking's answer was lost after sending: the carrier may have booked it. No carrier offers a lookup of bookings, so it is not reconciled here: ask the carrier, then book again or cancel. */
  | 'UNKNOWN';

/** Total weight of the parcels to collect. */
export type PickupWeightInput = {
  /** Unit of `value`. */
  unit?: WeightUnit;
  /** Strictly positive; at most 10000 kg (22046 lb). */
  value: Scalars['Float']['input'];
};

/** Pickup times that go with a quote (express `pickupCapabilities`). */
export type PickupWindow = {
  __typename?: 'PickupWindow';
  /** Latest time a pickup can be booked for the quoted delivery (express `localCutoffDateAndTime`). */
  cutoff?: Maybe<CarrierTime>;
  /** Earliest pickup time as given (express `pickupEarliest`, HH:MM:SS). */
  earliest?: Maybe<Scalars['String']['output']>;
  /** Express `GMTCutoffTime` as given (HH:MM:SS). */
  gmtCutoffTime?: Maybe<Scalars['String']['output']>;
  /** Latest pickup time as given (express `pickupLatest`, HH:MM:SS). */
  latest?: Maybe<Scalars['String']['output']>;
  /** The pickup happens the next business day (express `nextBusinessDay`). */
  nextBusinessDay?: Maybe<Scalars['Boolean']['output']>;
};

/** One piece (package) of a shipment. */
export type Piece = {
  __typename?: 'Piece';
  /** The piece's dimensions. */
  dimensions?: Maybe<Dimensions>;
  /** This piece's scans, newest first. */
  events: Array<TrackingEvent>;
  /**
   * The carrier's piece id. Not a `Node`: a piece is read with its shipment (`node(id:)` on the `Shipment.id`), since
   * no carrier looks up one piece on its own.
   */
  id: Scalars['String']['output'];
  /** Position of the piece in the shipment (1-based). */
  sequenceNumber?: Maybe<Scalars['Int']['output']>;
  /** The piece's own tracking number, when it has one. */
  trackingNumber?: Maybe<Scalars['String']['output']>;
  /** The carrier's packaging type code. */
  typeCode?: Maybe<Scalars['String']['output']>;
  /** The piece's weight. */
  weight?: Maybe<Measure>;
};

/** Carrier B postal validation (`/country/v1/postal/validate`) of an input's postal code. */
export type PostalCodeCheck = {
  __typename?: 'PostalCodeCheck';
  /** The carrier. */
  carrier: Carrier;
  /** The city the code belongs to, when given. */
  city?: Maybe<Scalars['String']['output']>;
  /** The carrier's cleaned form of the code, when given. */
  cleanedPostalCode?: Maybe<Scalars['String']['output']>;
  /** ISO 3166-1 alpha-2 country code. */
  countryCode: Scalars['String']['output'];
  /** The answer was reused from an earlier request (no carrier call). */
  fromCache: Scalars['Boolean']['output'];
  /** The postal code asked about, as given. */
  postalCode: Scalars['String']['output'];
  /** When the carrier answered. */
  resolvedAt: Scalars['DateTime']['output'];
  /** The state or province the code belongs to, when given. */
  stateOrProvinceCode?: Maybe<Scalars['String']['output']>;
  /** The interface that answered. */
  upstream: Scalars['String']['output'];
  /** false when the carrier says the code does not exist in the country. */
  valid: Scalars['Boolean']['output'];
  /** The carrier's alerts (e.g. a state that does not match the code), never dropped. */
  warnings: Array<CarrierWarning>;
};

/** A stable reason with its text. */
export type PromiseReason = {
  __typename?: 'PromiseReason';
  /** Stable code, e.g. `NOT_IN_CATCHMENT`, `STORE_UNHEALTHY`, `NOT_CONFIGURED`, `DARK_STORE_OFFERED`, `NO_ORIGIN`. */
  code: Scalars['String']['output'];
  /** The reason in English (an unhealthy store's status and db are named). */
  message: Scalars['String']['output'];
};

/** Proof of delivery as the carrier gives it. */
export type ProofOfDelivery = {
  __typename?: 'ProofOfDelivery';
  /**
   * The document at `documentUrl` (Group A unified tracking), followed once and stored for this shipment, served at a
   * signed URL like every document here; later asks answer the stored copy without following the link. Null when the
   * carrier gives no link. Following it counts as one call of the carrier's tracking quota.
   * Other carriers' proofs of delivery: `fetchShipmentDocument` for a label bought here.
   */
  document?: Maybe<Document>;
  /** The carrier's link to the proof-of-delivery document. */
  documentUrl?: Maybe<Scalars['String']['output']>;
  /** Who received it (where entitled). */
  receivedBy?: Maybe<Scalars['String']['output']>;
  /** The carrier's link to the signature image. */
  signatureUrl?: Maybe<Scalars['String']['output']>;
  /** Whether a signed version exists before the link is followed. */
  signedAvailable?: Maybe<Scalars['Boolean']['output']>;
  /** Who signed (where entitled). */
  signedBy?: Maybe<Scalars['String']['output']>;
  /** When it was delivered. */
  time?: Maybe<CarrierTime>;
};

/**
 * What a purchase answer is, by its idempotency key: this call's own attempt, or a replay of
 * an earlier call with the same key and input, which never calls the carrier.
 */
export type PurchaseReplay =
  /** An earlier call with this key is still running (the label is PENDING or UNKNOWN): ask again, or follow `labelUpdated`. */
  | 'IN_PROGRESS'
  /** This call made the purchase attempt. */
  | 'NEW'
  /** An earlier call with this key finished: its stored label, as it is now. */
  | 'REPLAYED';

/** A Group A push subscription: the carrier pushes status changes of its subject to our webhook, into the status-change log. */
export type PushSubscription = Node & {
  __typename?: 'PushSubscription';
  /** When it became ACTIVE; null before. */
  activatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The carrier's own id of the subscription. */
  carrierSubscriptionId?: Maybe<Scalars['String']['output']>;
  /** When we created it. */
  createdAt: Scalars['DateTime']['output'];
  /** Our id of the subscription (`PushSubscription:<uuid>`); pass it to `deletePushSubscription` or `node`. The older form `push_<uuid>` is read too. */
  id: Scalars['ID']['output'];
  /** Whether one tracking number or a whole customer account is subscribed. */
  scope: PushSubscriptionScope;
  /** Where the subscription is in its lifecycle. */
  state: PushSubscriptionState;
  /** The tracking number or the customer account subscribed to. */
  subject: Scalars['String']['output'];
};

/** A page of push subscriptions, oldest first (Relay connection). */
export type PushSubscriptionConnection = {
  __typename?: 'PushSubscriptionConnection';
  /** The subscriptions of this page. */
  edges: Array<PushSubscriptionEdge>;
  /** Whether more follow, and the cursor to ask for them. */
  pageInfo: PageInfo;
};

/** One push subscription in a page of `pushSubscriptions`. */
export type PushSubscriptionEdge = {
  __typename?: 'PushSubscriptionEdge';
  /** Opaque position of this subscription in the list; pass it as `after` to continue after it. */
  cursor: Scalars['String']['output'];
  /** The subscription. */
  node: PushSubscription;
};

/** What a push subscription covers. */
export type PushSubscriptionScope =
  /** Every shipment of a customer account: needs the carrier's business approval. */
  | 'CUSTOMER_ACCOUNT'
  /** One tracking number: active at once after verification. */
  | 'TRACKING_NUMBER';

/** Group A push subscription lifecycle: creation, then activation once the validation secret is verified. */
export type PushSubscriptionState =
  /** Verified and ready: status changes are pushed to our webhook. */
  | 'ACTIVE'
  /** Created; the carrier's confirmation call has not been verified yet. */
  | 'CREATED'
  /** Deleted at the carrier and here; no more pushes are accepted for it. */
  | 'DELETED'
  /** By customer account: waiting for the carrier's business approval. */
  | 'PENDING_APPROVAL';

export type Query = {
  __typename?: 'Query';
  /** Events set aside (DEAD), oldest first, with their reasons. */
  analyticsDeadLetters?: Maybe<AnalyticsEventConnection>;
  /** The analytics outbox's state: counts by state and the age of the oldest waiting event. */
  analyticsOutbox: AnalyticsOutbox;
  /** The dark store's last health reading; null when no dark store is configured or it was not read yet. */
  darkStoreHealth?: Maybe<DarkStoreHealth>;
  /**
   * The earliest credible delivery for a destination: the dark store's 2-4 hour window when the pincode is in its
   * catchment and the store is healthy (status ok, db connected), with its charges; otherwise the couriers' options from
   * rating, earliest first, with the reason the dark store was not offered.
   */
  deliveryPromise?: Maybe<DeliveryPromise>;
  /** One label by its `id`; null when there is none. A malformed id is BAD_USER_INPUT on `id`. */
  label?: Maybe<Label>;
  /** Labels, newest first, a page at a time. */
  labels?: Maybe<LabelConnection>;
  /**
   * Duty and tax estimates for a cross-border shipment from every carrier that gives them, asked in parallel, each under
   * its own deadline (RATE_CARRIER_DEADLINE_MS): one itemised estimate or one typed failure per carrier.
   */
  landedCost?: Maybe<LandedCostResult>;
  /**
   * The object an id names, whatever its type; null when there is none. An id this subgraph never hands out is
   * BAD_USER_INPUT on `id`. The same rules as the type's own lookup apply (a shipment is asked of its carrier).
   */
  node?: Maybe<Node>;
  /**
   * The objects ids name, in the order given (null where there is none), at most the server's MAX_PAGE_SIZE ids. One
   * id whose lookup fails answers null with its error; the others stand.
   */
  nodes?: Maybe<Array<Maybe<Node>>>;
  /** A pickup by its id; null when there is none. A malformed id is BAD_USER_INPUT on `id`. */
  pickup?: Maybe<Pickup>;
  /** When a carrier can collect at an address (Carrier B: cutoff, pickup date, access and ready time). */
  pickupAvailability?: Maybe<PickupAvailability>;
  /** Stored pickups, newest first. */
  pickups?: Maybe<PickupConnection>;
  /** Push subscriptions, oldest first, a page at a time. */
  pushSubscriptions?: Maybe<PushSubscriptionConnection>;
  /**
   * Rate shopping: one request fans out in parallel to every carrier that can serve the lane, each under its own
   * deadline (RATE_CARRIER_DEADLINE_MS); one slow or failing carrier is a typed outcome beside the others' quotes.
   * Identical requests within RATE_CACHE_TTL_MS are answered from cache without calling a carrier.
   * Null, with a BAD_USER_INPUT error at its path, when the input is refused: the operation's other fields still answer.
   */
  rates?: Maybe<RateShopResult>;
  /**
   * Resolve many addresses at once: one outcome per input, in input order. Carrier B resolution always (up to 100
   * addresses a call), Group A express capability and Carrier B postal validation when asked. Identical inputs (case and
   * blanks aside) are resolved once per request, and answers are reused for ADDRESS_CACHE_TTL_SECONDS; one failing
   * carrier or input never hides the others.
   */
  resolveAddresses?: Maybe<Array<AddressOutcome>>;
  /** Service points and drop-off locations near a place, nearest first (Group A express `/servicepoint`). */
  servicePoints?: Maybe<ServicePointsResult>;
  /** Per carrier, whether a lane is served and with which services, from rate calls (no carrier has a serviceability endpoint). */
  serviceability?: Maybe<ServiceabilityResult>;
  /** One shipment by carrier and tracking number. An ambiguous number fails with UPSTREAM_AMBIGUOUS naming the candidates' ids. */
  shipment?: Maybe<Shipment>;
  /** One shipment by its id. */
  shipmentById?: Maybe<Shipment>;
  /** Everything shipped for an order id: labels bought here first, the carriers' reference lookups beside them, failures as data. */
  shipmentsByOrder?: Maybe<OrderShipments>;
  /**
   * Shipments carrying a customer reference such as an order id: the labels bought here first (the same Shipment ids
   * tracking answers), then the carriers' own reference lookups (Carrier B) beside them. Without `input.carrier`, every
   * carrier; a carrier whose lookup fails fails the field with its code (`shipmentsByOrder` answers failures as data).
   */
  shipmentsByReference?: Maybe<ShipmentConnection>;
  /** One recorded status change by its `id` (`StatusChange:<cursor>`); null when there is none. A malformed id is BAD_USER_INPUT on `id`. */
  statusChange?: Maybe<ShipmentStatusChange>;
  /**
   * The log read as a page: changes after `after` matching `filter`, oldest first. Edge cursors are log positions: the
   * last one can be given to `shipmentStatusChanged(cursor:)` to continue live from there.
   */
  statusChanges?: Maybe<ShipmentStatusChangeConnection>;
  /** One manifest or end-of-day close by its `id`; null when there is none. */
  tender?: Maybe<Tender>;
  /** Many lookups at once: one outcome per input, so one bad number never fails its siblings. Carrier B numbers cost one upstream call per 30. */
  track?: Maybe<Array<TrackOutcome>>;
  /** Purchased labels the carrier does not expect yet (not tendered, not cancelled), oldest first, a page at a time: to close the day with nothing left behind. */
  untenderedLabels?: Maybe<LabelConnection>;
  /** One watch by its `id` (`ShipmentWatch:<n>`); null when there is none. A malformed id is BAD_USER_INPUT on `id`. */
  watch?: Maybe<ShipmentWatch>;
  /** Watched shipments, oldest first, a page at a time. */
  watches?: Maybe<ShipmentWatchConnection>;
};


export type QueryAnalyticsDeadLettersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryDeliveryPromiseArgs = {
  input: DeliveryPromiseInput;
};


export type QueryLabelArgs = {
  id: Scalars['ID']['input'];
};


export type QueryLabelsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<LabelFilterInput>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryLandedCostArgs = {
  input: LandedCostInput;
};


export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type QueryPickupArgs = {
  id: Scalars['ID']['input'];
};


export type QueryPickupAvailabilityArgs = {
  input: PickupAvailabilityInput;
};


export type QueryPickupsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  carrier?: InputMaybe<Carrier>;
  first?: InputMaybe<Scalars['Int']['input']>;
  state?: InputMaybe<PickupState>;
};


export type QueryPushSubscriptionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  state?: InputMaybe<PushSubscriptionState>;
};


export type QueryRatesArgs = {
  input: RateRequestInput;
};


export type QueryResolveAddressesArgs = {
  inputs: Array<AddressToResolveInput>;
  options?: InputMaybe<ResolveAddressesOptionsInput>;
};


export type QueryServicePointsArgs = {
  near: ServicePointsNearInput;
};


export type QueryServiceabilityArgs = {
  input: ServiceabilityInput;
};


export type QueryShipmentArgs = {
  carrier: Carrier;
  division?: InputMaybe<Scalars['String']['input']>;
  ecommerceIdType?: InputMaybe<EcommerceIdType>;
  language?: InputMaybe<Scalars['String']['input']>;
  trackingNumber: Scalars['String']['input'];
};


export type QueryShipmentByIdArgs = {
  id: Scalars['ID']['input'];
};


export type QueryShipmentsByOrderArgs = {
  orderId: Scalars['String']['input'];
};


export type QueryShipmentsByReferenceArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  input: ReferenceLookupInput;
};


export type QueryStatusChangeArgs = {
  id: Scalars['ID']['input'];
};


export type QueryStatusChangesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter: StatusChangeFilter;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryTenderArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTrackArgs = {
  inputs: Array<TrackInput>;
};


export type QueryUntenderedLabelsArgs = {
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  carrier?: InputMaybe<Carrier>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWatchArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWatchesArgs = {
  activeOnly?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A quote taken from `rates`: the service it priced and the total it quoted (kept on the label to compare). */
export type QuoteSelectionInput = {
  /** The quote's carrier. */
  carrier: Carrier;
  /** The quote's Group A division (`express`, `ecommerce`); omit for other carriers. */
  division?: InputMaybe<Scalars['String']['input']>;
  /** The quote's `serviceCode`. */
  serviceCode: Scalars['String']['input'];
  /** The quote's `total`. */
  total: MoneyInput;
};

/** Origin or destination of a quote: country and postal code at least; the rest helps some carriers. */
export type RateAddressInput = {
  /** City or town. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2 country code, e.g. `DE` (alpha-3 such as `DEU` is read too). */
  countryCode: Scalars['String']['input'];
  /** Postal code in the country's format; required unless the country has no postal codes. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** The address is residential (Carrier B rates residential delivery apart); null = not said. */
  residential?: InputMaybe<Scalars['Boolean']['input']>;
  /** State or province code, e.g. `CA`. */
  stateOrProvinceCode?: InputMaybe<Scalars['String']['input']>;
  /** Street lines, at most 3. */
  streetLines?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Why DELIVER_BY left a quote out. */
export type RateExclusionReason =
  /** Its estimated delivery (or commit) date is after `deliverBy`. */
  | 'ARRIVES_AFTER_DELIVER_BY'
  /** Its carrier gives no delivery or commit date, so it cannot be shown to arrive in time. */
  | 'DELIVERY_DATE_UNKNOWN';

/** One carrier interface that failed to quote, alone: the other carriers' quotes stand. */
export type RateFailure = CarrierFailure & {
  __typename?: 'RateFailure';
  /** The carrier. */
  carrier: Carrier;
  /** The carrier's own error code. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Stable code of the failure. */
  code: CarrierFailureCode;
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** For UPSTREAM_DEADLINE_EXCEEDED: the variable whose deadline passed. */
  limit?: Maybe<Scalars['String']['output']>;
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when the carrier could be asked again. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The carrier's id of the failed exchange (Carrier B `transactionId`), for the carrier's support. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The interface that failed. */
  upstream: Scalars['String']['output'];
  /** Warnings or alerts that came with the failure. */
  warnings: Array<CarrierWarning>;
  /** Services the carrier says would work instead (Carrier B `servicesNeededOnRateFailure`). */
  workableServices: Array<Scalars['String']['output']>;
};

/** One carrier interface's answer to a rate request: its quotes, or its typed failure. */
export type RateOutcome = CarrierRates | RateFailure;

/** One package to quote. */
export type RatePackageInput = {
  /** Its outer dimensions, when known (carriers price volumetric weight with them). */
  dimensions?: InputMaybe<DimensionsInput>;
  /** Its weight. */
  weight: WeightInput;
};

/** One priced service of one carrier: everything a checkout needs. */
export type RateQuote = {
  __typename?: 'RateQuote';
  /** The express account the quote was made for; null for other carriers. */
  accountNumber?: Maybe<Scalars['String']['output']>;
  /** Base, discounts, surcharges, taxes and duties, with the carrier's codes. */
  breakdown: Array<ChargeLine>;
  /** The carrier. */
  carrier: Carrier;
  /** The carrier's commit date (Carrier B `commitDate`). */
  commitDate?: Maybe<CarrierTime>;
  /** Every currency view the carrier gave, the billing one included. */
  currencyViews: Array<CurrencyView>;
  /** A delivery window where the carrier promises one (the dark store's 2-4 hours); null otherwise. */
  deliveryWindow?: Maybe<DeliveryWindow>;
  /** Group A division (e.g. `express`, `ecommerce`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** The carrier's delivery estimate: an instant where it gives an offset, a local date-time otherwise. */
  estimatedDelivery?: Maybe<CarrierTime>;
  /** Whether delivery is guaranteed (money-back); null when the carrier does not say. */
  guaranteed?: Maybe<Scalars['Boolean']['output']>;
  /** Express `localProductCode` where it differs from `serviceCode`. */
  localServiceCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's own rate type word (e.g. `ACCOUNT`, `PAYOR_LIST_PACKAGE`). */
  nativeRateType?: Maybe<Scalars['String']['output']>;
  /** Pickup cut-off and window (express). */
  pickup?: Maybe<PickupWindow>;
  /** Whose price this is. */
  rateType: RateType;
  /** The carrier's own service code (express `productCode`, Carrier B `serviceType`, e-commerce product code). */
  serviceCode: Scalars['String']['output'];
  /** The normalised service level. */
  serviceLevel: ServiceLevel;
  /** The carrier's own service name. */
  serviceName?: Maybe<Scalars['String']['output']>;
  /** The amount to pay: express the `BILLC` view; Carrier B `totalNetCharge` (with duties and taxes when given). */
  total: Money;
  /** Transit days as the carrier gives them. */
  transitDays?: Maybe<Scalars['Int']['output']>;
  /** The carrier's transit word (Carrier B `transitTime`, e.g. `THREE_DAYS`). */
  transitTime?: Maybe<Scalars['String']['output']>;
  /** The interface that quoted, e.g. `group-a/express`, `carrier-b`. */
  upstream: Scalars['String']['output'];
  /** The carrier's warnings or alerts for this quote. */
  warnings: Array<CarrierWarning>;
};

/** One rate-shopping request: the lane, the packages, what to quote and how to order the answer. */
export type RateRequestInput = {
  /** Only these carriers; default every carrier. */
  carriers?: InputMaybe<Array<Carrier>>;
  /** Cash on delivery to collect (special service COD), strictly positive. */
  cashOnDelivery?: InputMaybe<MoneyInput>;
  /** ISO 4217 currency you prefer quotes in (Carrier B `preferredCurrency`; CHEAPEST compares this currency first). */
  currency?: InputMaybe<Scalars['String']['input']>;
  /** Customs content; required on a cross-border lane. */
  customs?: InputMaybe<CustomsContentInput>;
  /** Declared value of the whole shipment; required on a cross-border lane. */
  declaredValue?: InputMaybe<MoneyInput>;
  /** With DELIVER_BY: the latest acceptable delivery date (local at the destination). */
  deliverBy?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Where they go. */
  destination: RateAddressInput;
  /** Only these Group A divisions (e.g. `express`, `ecommerce`); default every one. Other carriers are unaffected. */
  divisions?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The express account to quote for, one of the configured ones; default the first (GROUP_A_EXPRESS_ACCOUNT_NUMBERS). */
  expressAccountNumber?: InputMaybe<Scalars['String']['input']>;
  /** Items in the order (the dark store charges per item); default one per package. */
  itemCount?: InputMaybe<Scalars['Int']['input']>;
  /** Where the packages start. */
  origin: RateAddressInput;
  /** The origin's UTC offset on the ship date, `+HH:MM` or `-HH:MM`; default `+00:00`. Never guessed from the country. */
  originUtcOffset?: InputMaybe<Scalars['String']['input']>;
  /** The packages, 1 to 50. */
  packages: Array<RatePackageInput>;
  /** Local time at the origin the parcel is ready, `HH:MM` or `HH:MM:SS`; default `12:00:00`. */
  readyTime?: InputMaybe<Scalars['String']['input']>;
  /** Only these native service codes (each carrier keeps the ones it knows); default every service. A code no carrier's rate interface quotes (Carrier B's freight services, e.g. `CARRIER_FREIGHT_ECONOMY`) is refused as BAD_USER_INPUT. */
  serviceCodes?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Ship date at the origin, today or up to 30 days ahead; default today (at the origin's `originUtcOffset`). */
  shipDate?: InputMaybe<Scalars['LocalDate']['input']>;
  /** How to order the quotes. */
  strategy?: RateStrategy;
};

/** The answer of one rate shop across every carrier that can serve the lane. */
export type RateShopResult = {
  __typename?: 'RateShopResult';
  /** The strategy's first quote; null when there is none. */
  best?: Maybe<RateQuote>;
  /** Quotes DELIVER_BY left out, with the reason (empty for the other strategies). */
  excluded: Array<ExcludedQuote>;
  /** True when no carrier was called: every answer came from the cache of identical requests (RATE_CACHE_TTL_MS). */
  fromCache: Scalars['Boolean']['output'];
  /** One outcome per carrier interface asked: its quotes or its typed failure. */
  outcomes: Array<RateOutcome>;
  /** When the carriers were asked: earlier than now when answered from the cache (the oldest answer used). */
  quotedAt: Scalars['DateTime']['output'];
  /** Every quote of every carrier that answered, in the strategy's order (DELIVER_BY: only those arriving in time). */
  quotes: Array<RateQuote>;
  /** Carrier interfaces not asked, and why. */
  skipped: Array<SkippedCarrier>;
  /** The strategy applied. */
  strategy: RateStrategy;
  /** Warnings about the request itself, e.g. a postal-code check that could not be made. */
  warnings: Array<CarrierWarning>;
};

/** How `rates` orders its quotes (and, for DELIVER_BY, which it keeps). Each value states its rule. */
export type RateStrategy =
  /** Smallest sum of the quote's place in the CHEAPEST order and its place in the FASTEST order; ties go to the cheaper. */
  | 'BEST_VALUE'
  /**
   * Lowest total first. Totals are compared only within one currency: the request's `currency` first (without one, the
   * currency most quotes are in), then each other currency's quotes, cheapest first, currencies in alphabetical order.
   */
  | 'CHEAPEST'
  /**
   * Only quotes whose estimated delivery (or commit) date is on or before `deliverBy`, cheapest first. Quotes arriving
   * later, or whose carrier gives no date, are listed in `excluded` with the reason.
   */
  | 'DELIVER_BY'
  /** Earliest estimated delivery (or commit date) first; quotes with only transit days follow, then those with neither. */
  | 'FASTEST';

/** Whose price a quote is (Carrier B `rateType`; express `isCustomerAgreement` true means ACCOUNT). */
export type RateType =
  /** The account's negotiated price. */
  | 'ACCOUNT'
  /** An incentive price. */
  | 'INCENTIVE'
  /** The published price. */
  | 'LIST'
  /** A rate type we do not map; `nativeRateType` says what it is. */
  | 'OTHER'
  /** A preferred-currency price. */
  | 'PREFERRED';

/** A carrier whose reference lookup failed: its shipments may be missing from the answer. */
export type ReferenceLookupFailure = CarrierFailure & {
  __typename?: 'ReferenceLookupFailure';
  /** The carrier asked. */
  carrier: Carrier;
  /** The carrier's own error code, when it gave one. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Stable code, e.g. `UPSTREAM_UNAVAILABLE`. */
  code: CarrierFailureCode;
  /** Always null: the lookup across carriers keeps no division. */
  division?: Maybe<Scalars['String']['output']>;
  /** What happened. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when the carrier could be asked again. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The carrier's id of the failed exchange; null when the carrier gave none. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The upstream interface that failed; null when not known. */
  upstream?: Maybe<Scalars['String']['output']>;
};

/** A lookup of shipments by one of their references. */
export type ReferenceLookupInput = {
  /** The carrier to ask (reference lookup is offered by CARRIER_B only); omitted: every carrier that offers one, for a CUSTOMER_REFERENCE (an order id). */
  carrier?: InputMaybe<Carrier>;
  /** Which kind of reference `value` is. */
  referenceType?: ReferenceType;
  /** Only shipments shipped on or after this day. */
  shipDateBegin?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Only shipments shipped on or before this day. */
  shipDateEnd?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Your value, e.g. an order id written into the shipment's customer reference at creation (1 to 64 characters). */
  value: Scalars['String']['input'];
};

/** Carrier B's customer reference types, for the reference-number tracking operation. */
export type ReferenceType =
  /** The shipper's customer reference, e.g. an order id written into the shipment at creation. */
  | 'CUSTOMER_REFERENCE'
  /** A department number. */
  | 'DEPARTMENT_NUMBER'
  /** An invoice number. */
  | 'INVOICE'
  /** A purchase order number. */
  | 'PURCHASE_ORDER';

/** Which dead letter to send again. */
export type RequeueAnalyticsEventInput = {
  /** An `AnalyticsEvent.id` in state DEAD. */
  id: Scalars['ID']['input'];
};

/** The answer of `requeueAnalyticsEvent`. */
export type RequeueAnalyticsEventPayload = {
  __typename?: 'RequeueAnalyticsEventPayload';
  /** The event, PENDING again; null when refused. */
  event?: Maybe<AnalyticsEvent>;
  /** Why it was refused (not an event id, no such event, not a dead letter). */
  userErrors: Array<UserError>;
  /** Soft failures; always empty here (no carrier is called), kept so every payload has the same shape. */
  warnings: Array<CarrierWarning>;
};

/** What `resolveAddresses` asks of each input beside Carrier B resolution, which is always asked. */
export type ResolveAddressesOptionsInput = {
  /** Group A express capability checks to make: one upstream call per distinct address and purpose. Default none. */
  capabilities?: InputMaybe<Array<AddressCapabilityPurpose>>;
  /** Ask Carrier B for resolution tokens (`AddressResolution.resolutionToken`). Default false. */
  includeResolutionTokens?: InputMaybe<Scalars['Boolean']['input']>;
  /** An input a carrier could not resolve is an `ADDRESS_UNRESOLVED` failure instead of an answer with its alerts. Default false (lenient). */
  strict?: InputMaybe<Scalars['Boolean']['input']>;
  /** Carrier B postal validation of every input with a postal code: one upstream call per distinct code. Default false. */
  validatePostalCodes?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A pickup to book. */
export type SchedulePickupInput = {
  /** The account (default: the configured one). */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  /** The carrier that collects (CARRIER_B, or GROUP_A with division `express`). */
  carrier: Carrier;
  /** Latest local time the driver can come, HH:MM or HH:MM:SS, after the ready time (Carrier B `customerCloseTime`). */
  closeTime: Scalars['String']['input'];
  /** Same day or a later day. */
  dateType?: PickupDateType;
  /** Group A division (`express`); omit for other carriers. */
  division?: InputMaybe<Scalars['String']['input']>;
  /** Your key (1 to 255 visible ASCII characters): the same key and input again answers the stored pickup, never a second booking. */
  idempotencyKey: Scalars['String']['input'];
  /** The parcels cross a border (Carrier B `countryRelationships` INTERNATIONAL; express customs-declarable). */
  international?: InputMaybe<Scalars['Boolean']['input']>;
  /** Labels bought here that this pickup collects (same carrier, PURCHASED): linked, and their waybills sent to express. */
  labelIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Who and where: the pickup address and its contact. */
  location: ShippingPartyInput;
  /** The network (Group A express: EXPRESS). */
  network: PickupNetwork;
  /** How many parcels (1 to 999). */
  packageCount: Scalars['Int']['input'];
  /** Where the parcels wait (Carrier B `packageLocation`, e.g. `FRONT`; express `location`, default `reception`). */
  packageLocation?: InputMaybe<Scalars['String']['input']>;
  /** The instant the parcels are ready, ISO 8601 with `Z` or an offset (Carrier B `readyDateTimestamp` is sent in UTC). */
  readyAt: Scalars['String']['input'];
  /** Remarks for the driver (at most 27 characters for CARRIER_B, which keeps our reference beside them; 200 otherwise). */
  remarks?: InputMaybe<Scalars['String']['input']>;
  /** Their total weight. */
  totalWeight: PickupWeightInput;
  /** Further shipments' tracking numbers to collect (express needs at least one, from here or `labelIds`). */
  trackingNumbers?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The address's UTC offset at that date, e.g. `-05:00` (express takes the local time; never guessed). */
  utcOffset: Scalars['String']['input'];
};

/** The carrier's service (product). */
export type ServiceInfo = {
  __typename?: 'ServiceInfo';
  /** The carrier's service code. */
  code?: Maybe<Scalars['String']['output']>;
  /** The carrier's service name. */
  name?: Maybe<Scalars['String']['output']>;
};

/** The normalised service level beside the carrier's own service code and name (OTHER when the carrier's is unclear). */
export type ServiceLevel =
  /** Economy or deferred. */
  | 'ECONOMY'
  /** Time-definite express, more than one day. */
  | 'EXPRESS'
  /** Ground network. */
  | 'GROUND'
  /** A level we cannot tell from the carrier's words; read `serviceCode` and `serviceName`. */
  | 'OTHER'
  /** Next day, usually before a time. */
  | 'OVERNIGHT'
  /** Delivered the day it ships (e.g. the dark store's 2-4 hour window). */
  | 'SAME_DAY'
  /** Three days. */
  | 'THREE_DAY'
  /** Two days. */
  | 'TWO_DAY';

/** One service a carrier offers on a lane. */
export type ServiceOffer = {
  __typename?: 'ServiceOffer';
  /** The carrier's delivery estimate. */
  estimatedDelivery?: Maybe<CarrierTime>;
  /** Express `localProductCode` where it differs. */
  localServiceCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's own service code. */
  serviceCode: Scalars['String']['output'];
  /** The normalised service level. */
  serviceLevel: ServiceLevel;
  /** The carrier's own service name. */
  serviceName?: Maybe<Scalars['String']['output']>;
  /** Transit days as the carrier gives them. */
  transitDays?: Maybe<Scalars['Int']['output']>;
};

/** A service point or drop-off location (Group A express `/servicepoint`). */
export type ServicePoint = {
  __typename?: 'ServicePoint';
  /** Its address. */
  address: NormalizedAddress;
  /** What the point offers, as the carrier names it (e.g. `DROP_OFF`, `PICK_UP`). */
  capabilities: Array<Scalars['String']['output']>;
  /** The carrier. */
  carrier: Carrier;
  /** Distance from the place asked about, in kilometres (converted when the carrier gives miles). */
  distanceKm?: Maybe<Scalars['Float']['output']>;
  /** Group A division (`express`). */
  division?: Maybe<Scalars['String']['output']>;
  /**
   * The carrier's id of the point. Not a `Node`: no carrier offers a lookup of one point by its id and this server keeps
   * no copy of the points it answered, so a point is found again only through `servicePoints(near:)`.
   */
  id: Scalars['ID']['output'];
  /** Latitude, when given. */
  latitude?: Maybe<Scalars['Float']['output']>;
  /** Longitude, when given. */
  longitude?: Maybe<Scalars['Float']['output']>;
  /** Its name. */
  name: Scalars['String']['output'];
  /** Opening hours by day, as far as the carrier gives them. */
  openingHours: Array<OpeningHours>;
  /** The carrier's type, e.g. `SERVICE_POINT`, `LOCKER`, as given. */
  type?: Maybe<Scalars['String']['output']>;
};

/** One carrier interface that could not search for service points, alone. */
export type ServicePointFailure = CarrierFailure & {
  __typename?: 'ServicePointFailure';
  /** The carrier. */
  carrier: Carrier;
  /** The carrier's own error code. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Stable code of the failure (the same codes as a rate failure). */
  code: CarrierFailureCode;
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when the carrier could be asked again. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The carrier's id of the failed exchange; null when the carrier gave none. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The interface that failed. */
  upstream: Scalars['String']['output'];
};

/** Where to look for service points: a postal code, a city, or coordinates (both or neither). */
export type ServicePointsNearInput = {
  /** Only points offering all of these, as the carrier names them (e.g. `DROP_OFF`, `PICK_UP`, `LOCKER`). */
  capabilities?: InputMaybe<Array<Scalars['String']['input']>>;
  /** City or town. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** ISO 3166-1 alpha-2 country code. */
  countryCode: Scalars['String']['input'];
  /** Latitude in decimal degrees (-90 to 90); give longitude too. */
  latitude?: InputMaybe<Scalars['Float']['input']>;
  /** Most points wanted, 1 to 50; default 10. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Longitude in decimal degrees (-180 to 180); give latitude too. */
  longitude?: InputMaybe<Scalars['Float']['input']>;
  /** Postal code of the place. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** Search radius in kilometres, above 0 and at most 100; default 10. */
  radiusKm?: InputMaybe<Scalars['Float']['input']>;
  /** A street line, to narrow the place. */
  streetLine?: InputMaybe<Scalars['String']['input']>;
};

/** Service points near a place, nearest first, with the carriers' warnings and failures. */
export type ServicePointsResult = {
  __typename?: 'ServicePointsResult';
  /** Carrier interfaces that could not answer. */
  failures: Array<ServicePointFailure>;
  /** The points, nearest first, at most `near.limit`. */
  points: Array<ServicePoint>;
  /** The carriers' soft failures, e.g. a remote area with no service point. */
  warnings: Array<CarrierWarning>;
};

/** A service named directly, without a quote. */
export type ServiceSelectionInput = {
  /** The carrier. */
  carrier: Carrier;
  /** Group A division (`express`, `ecommerce`); required for GROUP_A, omitted for other carriers. */
  division?: InputMaybe<Scalars['String']['input']>;
  /** The carrier's native service code (express `productCode`, Carrier B `serviceType`, e-commerce product id). */
  serviceCode: Scalars['String']['input'];
};

/** The lane a serviceability check asks about; the same rules as `RateRequestInput`. */
export type ServiceabilityInput = {
  /** Only these carriers; default every carrier. */
  carriers?: InputMaybe<Array<Carrier>>;
  /** Cash on delivery, when the lane must offer it. */
  cashOnDelivery?: InputMaybe<MoneyInput>;
  /** Customs content; required on a cross-border lane. */
  customs?: InputMaybe<CustomsContentInput>;
  /** Declared value; required on a cross-border lane (carriers rate cross-border lanes with it). */
  declaredValue?: InputMaybe<MoneyInput>;
  /** Where they would go. */
  destination: RateAddressInput;
  /** Only these Group A divisions; default every one. */
  divisions?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The express account to ask for; default the first configured. */
  expressAccountNumber?: InputMaybe<Scalars['String']['input']>;
  /** Where the packages would start. */
  origin: RateAddressInput;
  /** The origin's UTC offset on the ship date, `+HH:MM`; default `+00:00`. */
  originUtcOffset?: InputMaybe<Scalars['String']['input']>;
  /** The packages, 1 to 50; default one package of 1 kg. */
  packages?: InputMaybe<Array<RatePackageInput>>;
  /** Ship date at the origin, today or up to 30 days ahead; default today. */
  shipDate?: InputMaybe<Scalars['LocalDate']['input']>;
};

/** One carrier interface's serviceability answer: served or not, or its typed failure (then nobody knows). */
export type ServiceabilityOutcome = LaneService | RateFailure;

/** Per carrier, whether a lane is served and with which services. */
export type ServiceabilityResult = {
  __typename?: 'ServiceabilityResult';
  /** When the carriers were asked: earlier than now when answered from the cache. */
  checkedAt: Scalars['DateTime']['output'];
  /** True when no carrier was called (every answer from the cache). */
  fromCache: Scalars['Boolean']['output'];
  /** One outcome per carrier interface asked. */
  outcomes: Array<ServiceabilityOutcome>;
  /** Carrier interfaces not asked, and why (a refusal without a call: e.g. outside the dark store's catchment). */
  skipped: Array<SkippedCarrier>;
  /** Warnings about the request itself. */
  warnings: Array<CarrierWarning>;
};

/** An operator's settlement of a label whose outcome was lost. Give exactly one of `trackingNumber` and `notCreated`. */
export type SettleLabelInput = {
  /** The label's `id`: UNKNOWN, or (with `trackingNumber`) FAILED by a reconciliation that found nothing. */
  labelId: Scalars['ID']['input'];
  /** True: the carrier made no shipment for this purchase (checked with the carrier by the operator); the label becomes FAILED. */
  notCreated?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * The carrier's tracking number (waybill) of the shipment this purchase made, as the carrier's own tools show it. It is
   * checked by the carrier's tracking before anything is written: it must exist and, where tracking shows references,
   * carry one of this label's.
   */
  trackingNumber?: InputMaybe<Scalars['String']['input']>;
};

/** The result of `settleLabel`. */
export type SettleLabelPayload = {
  __typename?: 'SettleLabelPayload';
  /** The settled label (PURCHASED or FAILED); null when refused. */
  label?: Maybe<Label>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/**
 * An operator's settlement of a pickup whose booking answer was lost. Give exactly one of `confirmationNumber` and
 * `notCreated`.
 */
export type SettlePickupInput = {
  /**
   * The confirmation number the carrier gave for this booking, as the operator learnt it from the carrier. No carrier
   * offers a lookup of pickups, so it is recorded as given (the pickup says an operator settled it).
   */
  confirmationNumber?: InputMaybe<Scalars['String']['input']>;
  /** True: the carrier booked nothing for this request (checked with the carrier by the operator); the pickup becomes FAILED. */
  notCreated?: InputMaybe<Scalars['Boolean']['input']>;
  /** The pickup (`Pickup:<uuid>`), UNKNOWN. */
  pickupId: Scalars['ID']['input'];
};

/** The answer of `settlePickup`. */
export type SettlePickupPayload = {
  __typename?: 'SettlePickupPayload';
  /** The settled pickup (SCHEDULED or FAILED); null when refused. */
  pickup?: Maybe<Pickup>;
  /** What the caller refused. */
  userErrors: Array<UserError>;
  /** Soft failures; empty when none. */
  warnings: Array<CarrierWarning>;
};

/**
 * A shipment tracked with any carrier. Another subgraph references it by `id`, or by `carrierName` and
 * `trackingNumber` (plain strings: no copy of the `Carrier` enum needed, and a new carrier breaks no other subgraph).
 * The `carrier trackingNumber` key remains for subgraphs that already copy the whole `Carrier` enum.
 */
export type Shipment = Node & {
  __typename?: 'Shipment';
  /** The carrier that moves it. */
  carrier: Carrier;
  /** Carrier B network code (express or ground). */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** The carrier as a plain string: the name of its `Carrier` value (e.g. `CARRIER_B`), for other subgraphs' keys. */
  carrierName: Scalars['String']['output'];
  /** Carrier B `trackingNumberUniqueId` of a reused number. */
  carrierUniqueId?: Maybe<Scalars['String']['output']>;
  /** Declared value for customs or insurance. */
  declaredValue?: Maybe<Money>;
  /** The carrier's delay information (Carrier B `delayDetail`). */
  delay?: Maybe<Delay>;
  /** When it was delivered; null before. */
  deliveredAt?: Maybe<CarrierTime>;
  /** Number of delivery attempts so far. */
  deliveryAttempts?: Maybe<Scalars['Int']['output']>;
  /** Where the shipment is going, as far as visible. */
  destination?: Maybe<Party>;
  /** Group A division (e.g. `express`, `ecommerce`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** Documents the carrier says exist for this shipment (e.g. signature proof of delivery). */
  documentsAvailable: Array<AvailableDocument>;
  /** The carrier's delivery estimate. */
  estimatedDelivery?: Maybe<DeliveryWindow>;
  /** Scan history, newest first. Selecting it asks the carrier for detailed scans. */
  events: Array<TrackingEvent>;
  /** `<carrier>:<division or ->:<tracking number>[:<carrier's unique id>]`; unambiguous. */
  id: Scalars['ID']['output'];
  /** True for a return movement. */
  isReturn?: Maybe<Scalars['Boolean']['output']>;
  /** Where the shipment started, as far as visible. */
  origin?: Maybe<Party>;
  /** When the carrier picked it up. */
  pickedUpAt?: Maybe<CarrierTime>;
  /** Number of pieces (packages) in the shipment. */
  pieceCount?: Maybe<Scalars['Int']['output']>;
  /** The pieces of a multi-piece shipment. */
  pieces: Array<Piece>;
  /** Proof of delivery, once delivered and where the carrier gives one. */
  proofOfDelivery?: Maybe<ProofOfDelivery>;
  /** The recipient, as far as visible. */
  recipient?: Maybe<Party>;
  /** References on the shipment (customer references, order ids, invoices). */
  references: Array<ShipmentReference>;
  /** The carrier's page to change the delivery. */
  rerouteUrl?: Maybe<Scalars['String']['output']>;
  /** The carrier's service (product) moving the shipment. */
  service?: Maybe<ServiceInfo>;
  /** The carrier's page for this shipment. */
  serviceUrl?: Maybe<Scalars['String']['output']>;
  /** When it was shipped (tendered). */
  shippedAt?: Maybe<CarrierTime>;
  /** The shipper, as far as visible. */
  shipper?: Maybe<Party>;
  /** The latest status. */
  status: StatusReading;
  /** The carrier's description of the latest status. */
  statusDescription?: Maybe<Scalars['String']['output']>;
  /** Where the latest status happened. */
  statusLocation?: Maybe<Location>;
  /** When the latest status happened. */
  statusTime?: Maybe<CarrierTime>;
  /** Total weight as the carrier gives it. */
  totalWeight?: Maybe<Measure>;
  /** The carrier's tracking number. */
  trackingNumber: Scalars['String']['output'];
  /**
   * Soft failures of this answer: the carrier's own, and `STATUS_NOT_REFINED` when a Group A division's interface could
   * not give its finer reading of a unified status, which then stands.
   */
  warnings: Array<CarrierWarning>;
};

/** A page of shipments (Relay connection). */
export type ShipmentConnection = {
  __typename?: 'ShipmentConnection';
  /** The shipments of this page. */
  edges: Array<ShipmentEdge>;
  /** Whether more follow, and the cursor to ask for them. */
  pageInfo: PageInfo;
};

/** One shipment in a page. */
export type ShipmentEdge = {
  __typename?: 'ShipmentEdge';
  /** Opaque position of this shipment in the list; pass it as `after` to continue after it. */
  cursor: Scalars['String']['output'];
  /** The shipment. */
  node: Shipment;
};

/** One package to ship. */
export type ShipmentPackageInput = {
  /** Cash on delivery to collect for this package (Carrier B). */
  cashOnDelivery?: InputMaybe<MoneyInput>;
  /** What it holds, in plain words. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Its outer dimensions. */
  dimensions?: InputMaybe<DimensionsInput>;
  /** E-commerce: your package id, 1 to 30 characters (the carrier's limit, refused before any call); derived from the idempotency key when omitted. */
  packageId?: InputMaybe<Scalars['String']['input']>;
  /** Its weight. */
  weight: WeightInput;
};

/** A reference carried by a shipment. */
export type ShipmentReference = {
  __typename?: 'ShipmentReference';
  /** The carrier's scope of the reference (e.g. shipment or piece), when it gives one. */
  scope?: Maybe<Scalars['String']['output']>;
  /** The carrier's reference type, e.g. `customer-reference`, `CUSTOMER_REFERENCE`, `CU`. */
  type: Scalars['String']['output'];
  /** The reference's value, e.g. an order id. */
  value: Scalars['String']['output'];
};

/** A customer reference to write on the shipment. */
export type ShipmentReferenceInput = {
  /** Which kind of reference. */
  type?: ReferenceType;
  /** The value, 1 to 64 printable characters. */
  value: Scalars['String']['input'];
};

/** The normalised status vocabulary. The carrier's own code and text always travel beside it (`StatusReading`). */
export type ShipmentStatus =
  /** Cancelled before it moved. */
  | 'CANCELLED'
  /** Delivered. */
  | 'DELIVERED'
  /** A delivery attempt failed; the carrier will try again or hold it. */
  | 'DELIVERY_ATTEMPTED'
  /** Held up (delay, damage, customs, address problem); see the native code and text. */
  | 'EXCEPTION'
  /** Moving through the carrier's network. */
  | 'IN_TRANSIT'
  /** A label exists; the carrier has not received the shipment yet. */
  | 'LABEL_CREATED'
  /** With the courier for delivery today. */
  | 'OUT_FOR_DELIVERY'
  /** The carrier knows the shipment and expects it (e.g. pickup scheduled or data received). */
  | 'PRE_TRANSIT'
  /** Returned, or on its way back, to the shipper. */
  | 'RETURNED'
  /** A carrier status we do not map; the native code and text say what it is. */
  | 'UNKNOWN';

/** One change of a shipment's status, as recorded in the durable status-change log. */
export type ShipmentStatusChange = Node & {
  __typename?: 'ShipmentStatusChange';
  /** The shipment's carrier. */
  carrier: Carrier;
  /** Position in the log; pass it back as `cursor` to resume after this change with no gap and no duplicate. */
  cursor: Scalars['String']['output'];
  /** The carrier's description of the change. */
  description?: Maybe<Scalars['String']['output']>;
  /** Group A division (e.g. `express`); null for other carriers or when unknown. */
  division?: Maybe<Scalars['String']['output']>;
  /** Stable id of this change; the same in every answer and every subscription event that carries it. */
  id: Scalars['ID']['output'];
  /** Where the change happened, as the carrier says. */
  location?: Maybe<Location>;
  /** When this subgraph recorded it. */
  recordedAt: Scalars['DateTime']['output'];
  /** The shipment's references when the change was recorded (e.g. the order id a `reference` filter matched). */
  references: Array<ShipmentReference>;
  /** The shipment that changed, looked up through the carrier (or the store) like `shipmentById`; a join for client caches and the router. */
  shipment?: Maybe<Shipment>;
  /** The `Shipment.id` of the shipment that changed; `shipmentById` resolves it. */
  shipmentId: Scalars['ID']['output'];
  /** Whether the change was pushed or polled. */
  source: StatusChangeSource;
  /** The new status: normalised, with the carrier's own code and text. */
  status: StatusReading;
  /** When the carrier says the change happened. */
  time?: Maybe<CarrierTime>;
  /** The carrier's tracking number. */
  trackingNumber: Scalars['String']['output'];
};

/** A page of the status-change log, oldest first (Relay connection). */
export type ShipmentStatusChangeConnection = {
  __typename?: 'ShipmentStatusChangeConnection';
  /** The changes of this page. */
  edges: Array<ShipmentStatusChangeEdge>;
  /** Whether more changes matching the filter follow, and the cursor to ask for them (or to subscribe from). */
  pageInfo: PageInfo;
};

/** One status change in a page of `statusChanges`. */
export type ShipmentStatusChangeEdge = {
  __typename?: 'ShipmentStatusChangeEdge';
  /** The change's position in the log (the same as `node.cursor`): pass it as `after`, or as the subscription's `cursor`. */
  cursor: Scalars['String']['output'];
  /** The change. */
  node: ShipmentStatusChange;
};

/** A validation's answer: the carrier's alerts and ours. Nothing was created or stored. */
export type ShipmentValidation = {
  __typename?: 'ShipmentValidation';
  /** The carrier's alerts (Carrier B `alerts[]`) and ours. */
  alerts: Array<CarrierWarning>;
  /** Whether the carrier would accept the shipment as given. */
  valid: Scalars['Boolean']['output'];
};

/** A shipment our watchers poll because its carrier has no push (Carrier B, Group A express and e-commerce). */
export type ShipmentWatch = Node & {
  __typename?: 'ShipmentWatch';
  /** False once polling stopped: unwatched, a terminal status, or a number the carrier did not know (`stoppedReason`). */
  active: Scalars['Boolean']['output'];
  /** The shipment's carrier. */
  carrier: Carrier;
  /** Group A division (`express` or `ecommerce`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** Consecutive failed polls (0 after a success); the interval backs off as it grows. */
  failures: Scalars['Int']['output'];
  /** Stable id of this watch; one watch per shipment, so it stays the same across watch, unwatch and watch again. */
  id: Scalars['ID']['output'];
  /** Why the last poll failed (e.g. UPSTREAM_NOT_FOUND for a number the carrier does not know yet); null after a success. */
  lastError?: Maybe<WatchError>;
  /** When the last poll happened; null before the first. */
  lastPolledAt?: Maybe<Scalars['DateTime']['output']>;
  /** Latest status seen; null before the first poll. */
  lastStatus?: Maybe<StatusReading>;
  /** When the next poll is due; null once polling stopped (`stoppedReason` says why). */
  nextPollAt?: Maybe<Scalars['DateTime']['output']>;
  /** The watched shipment, looked up through the carrier (or the store) like `shipmentById`; a join for client caches and the router. */
  shipment?: Maybe<Shipment>;
  /** The `Shipment.id` of the watched shipment; `shipmentById` resolves it and `unwatchShipment` takes it. */
  shipmentId: Scalars['ID']['output'];
  /** Why polling stopped; null while the watch is active. `watchShipment` again resumes it. */
  stoppedReason?: Maybe<WatchStopReason>;
  /** The carrier's tracking number. */
  trackingNumber: Scalars['String']['output'];
};

/** A page of watches, oldest first (Relay connection). */
export type ShipmentWatchConnection = {
  __typename?: 'ShipmentWatchConnection';
  /** The watches of this page. */
  edges: Array<ShipmentWatchEdge>;
  /** Whether more follow, and the cursor to ask for them. */
  pageInfo: PageInfo;
};

/** One watch in a page of `watches`. */
export type ShipmentWatchEdge = {
  __typename?: 'ShipmentWatchEdge';
  /** Opaque position of this watch in the list; pass it as `after` to continue after it. */
  cursor: Scalars['String']['output'];
  /** The watch. */
  node: ShipmentWatch;
};

/** A postal address to ship from or to. */
export type ShippingAddressInput = {
  /** City or town. */
  city: Scalars['String']['input'];
  /** ISO 3166-1 alpha-2 country code, e.g. `DE` (alpha-3 such as `DEU` is read too). */
  countryCode: Scalars['String']['input'];
  /** Postal code in the country's format; required unless the country has no postal codes. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** The address is residential; null = not said. */
  residential?: InputMaybe<Scalars['Boolean']['input']>;
  /** State or province code, e.g. `CA`. */
  stateOrProvinceCode?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 3 street lines. */
  streetLines: Array<Scalars['String']['input']>;
};

/** A shipper, recipient or return party. */
export type ShippingPartyInput = {
  /** The address. */
  address: ShippingAddressInput;
  /** Company name. */
  companyName?: InputMaybe<Scalars['String']['input']>;
  /** Person to contact, 1 to 70 characters. */
  contactName: Scalars['String']['input'];
  /** E-mail address. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Phone number: digits, spaces and `+()-./`, 5 to 25 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
};

/** A carrier interface that was not asked, and why (no call was made). */
export type SkippedCarrier = {
  __typename?: 'SkippedCarrier';
  /** The carrier. */
  carrier: Carrier;
  /** Stable reason, e.g. `FILTERED_OUT`, `NOT_IN_CATCHMENT`, `DOMESTIC_ONLY`, `STORE_UNHEALTHY`. */
  code: Scalars['String']['output'];
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** The reason in English. */
  message: Scalars['String']['output'];
  /** The interface not asked. */
  upstream: Scalars['String']['output'];
};

/** Which changes a subscriber receives. At least one member must be given. */
export type StatusChangeFilter = {
  /** Only these carriers. */
  carriers?: InputMaybe<Array<Carrier>>;
  /** A customer reference (e.g. an order id) carried by the shipment. */
  reference?: InputMaybe<Scalars['String']['input']>;
  /** Only these tracking numbers (each 1 to 40 letters, digits and `-`). */
  trackingNumbers?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Where a status change came from: Group A's push webhook, or our own polling of a carrier without push. */
export type StatusChangeSource =
  /** Found by our watchers polling a carrier without push (Carrier B, Group A express and e-commerce). */
  | 'POLL'
  /** Pushed by Group A's unified interface to our webhook. */
  | 'PUSH';

/** A status as normalised here, with the carrier's own code and text beside it. */
export type StatusReading = {
  __typename?: 'StatusReading';
  /** The carrier's own code (Group A `statusCode`, express `typeCode`, Carrier B `derivedCode`). */
  nativeCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's own text, localised where the carrier does. */
  nativeText?: Maybe<Scalars['String']['output']>;
  /** The normalised status. */
  status: ShipmentStatus;
};

/** An email notification subscription for one shipment (Carrier B `/track/v1/notifications`). */
export type SubscribeEmailNotificationsInput = {
  /** The carrier that sends the emails (Carrier B is the one that offers them). */
  carrier: Carrier;
  /** Carrier B `carrierCode` of the network, when known. */
  carrierCode?: InputMaybe<Scalars['String']['input']>;
  /** Carrier B `trackingNumberUniqueId`, to tell a reused number apart. */
  carrierUniqueId?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 4 recipients: the carrier takes at most four email recipients per subscription. */
  recipients: Array<EmailRecipientInput>;
  /** The sender's email address, shown on the emails. */
  senderEmail: Scalars['String']['input'];
  /** The sender's name, shown on the emails. */
  senderName: Scalars['String']['input'];
  /** The shipment's tracking number. */
  trackingNumber: Scalars['String']['input'];
};

/** The answer to `subscribeEmailNotifications`. */
export type SubscribeEmailNotificationsPayload = {
  __typename?: 'SubscribeEmailNotificationsPayload';
  /** The subscription; null when refused. */
  subscription?: Maybe<EmailNotificationSubscription>;
  /** What the caller or the carrier refused (e.g. a fifth recipient on `input.recipients.4`); empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's alerts. */
  warnings: Array<CarrierWarning>;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Every change of one label (state, documents, tender, cancellation) as it is stored, by any replica. */
  labelUpdated: Label;
  /**
   * Status changes matching `filter`. With `cursor`, the server first replays what was recorded after it, then continues
   * live, with no gap and no duplicate at the seam. `"0"` replays from the start of the log; a cursor beyond the log's
   * end, or not a decimal string, is BAD_USER_INPUT on `cursor`.
   */
  shipmentStatusChanged: ShipmentStatusChange;
};


export type SubscriptionLabelUpdatedArgs = {
  id: Scalars['ID']['input'];
};


export type SubscriptionShipmentStatusChangedArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  filter: StatusChangeFilter;
};

/** A manifest or end-of-day close: the labels it tendered and the document the carrier produced. */
export type Tender = Node & {
  __typename?: 'Tender';
  /** The shipping account. */
  account: Scalars['String']['output'];
  /** The carrier tendered to. */
  carrier: Carrier;
  /** When it was made. */
  createdAt: Scalars['DateTime']['output'];
  /** The local date of the close. */
  date: Scalars['LocalDate']['output'];
  /** Group A division; null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** The manifest documents, and the carrier's answer as received (`CARRIER_ANSWER`). */
  documents: Array<Document>;
  /** Our id (`Tender:<uuid>`). */
  id: Scalars['ID']['output'];
  /** Manifest or end-of-day close. */
  kind: TenderKind;
  /** The labels it tendered (UNKNOWN: the labels it was asked to tender, still untendered). */
  labels: Array<Label>;
  /** TENDERED when the carrier answered; UNKNOWN when the answer was lost. */
  outcome: TenderOutcome;
  /** The carrier's soft failures. */
  warnings: Array<CarrierWarning>;
};

/** How the carrier comes to expect a label's parcels. */
export type TenderKind =
  /** A Carrier B end-of-day close (`/ship/v1/endofday/`), for ground labels. */
  | 'END_OF_DAY'
  /** An e-commerce manifest (`manifests[].carrierPackageIds[]`). */
  | 'MANIFEST';

/** Tender labels: an e-commerce manifest or a Carrier B end-of-day close, for one carrier, division and account. */
export type TenderLabelsInput = {
  /** The shipping account; the configured one when omitted. */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  /** The carrier to tender to. */
  carrier: Carrier;
  /** Local date of the close; today (UTC) when omitted. */
  date?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Group A division (`ecommerce`); omit for other carriers. */
  division?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 255 visible ASCII characters. */
  idempotencyKey: Scalars['String']['input'];
  /** These labels only (each PURCHASED, not cancelled, not tendered, of this carrier and account); every eligible label when omitted. */
  labelIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** The result of `tenderLabels`. */
export type TenderLabelsPayload = {
  __typename?: 'TenderLabelsPayload';
  /** The manifest or close; null when refused. */
  tender?: Maybe<Tender>;
  /** What the caller or the carrier refused (e.g. an ineligible label, named by its index in `input.labelIds`); empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** What came of a manifest or end-of-day close. */
export type TenderOutcome =
  /** The carrier answered: `labels` are tendered. */
  | 'TENDERED'
  /**
   * It was sent and its answer lost (timeout, reset, 5xx): the carrier may have tendered `labels`, which stay untendered
   * here. A retry with the same key answers this tender and never sends it again.
   */
  | 'UNKNOWN';

/** One lookup of `track`. */
export type TrackInput = {
  /** The carrier to ask. */
  carrier: Carrier;
  /** Carrier B: express or ground network code, to disambiguate a reused number. */
  carrierCode?: InputMaybe<Scalars['String']['input']>;
  /** Carrier B: the carrier's unique id of a reused number. */
  carrierUniqueId?: InputMaybe<Scalars['String']['input']>;
  /** Group A division (the unified interface's `service`). Unknown: the carrier guesses and may answer several shipments. */
  division?: InputMaybe<Scalars['String']['input']>;
  /** Group A e-commerce: which id `trackingNumber` is. */
  ecommerceIdType?: InputMaybe<EcommerceIdType>;
  /** Language of free text, e.g. `en`, `de`. */
  language?: InputMaybe<Scalars['String']['input']>;
  /** Narrow an ambiguous number to a ship-date window: its first day. */
  shipDateBegin?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Narrow an ambiguous number to a ship-date window: its last day. */
  shipDateEnd?: InputMaybe<Scalars['LocalDate']['input']>;
  /** The carrier's tracking number (1 to 40 letters, digits and `-`). */
  trackingNumber: Scalars['String']['input'];
};

/** One outcome per input of `track`, in input order: the shipments found, or a typed failure of that input alone. */
export type TrackOutcome = TrackedShipments | TrackingFailure;

/** The shipments one `track` input found. */
export type TrackedShipments = {
  __typename?: 'TrackedShipments';
  /** The input's carrier. */
  carrier: Carrier;
  /** More than one when a number is ambiguous (Group A without division, Carrier B reused numbers). */
  shipments: Array<Shipment>;
  /** The input's tracking number. */
  trackingNumber: Scalars['String']['output'];
};

/** One scan or milestone in a shipment's history. */
export type TrackingEvent = {
  __typename?: 'TrackingEvent';
  /** The carrier's description of the event. */
  description?: Maybe<Scalars['String']['output']>;
  /** The carrier's exception indicator (Carrier B `exceptionCode`, Group A express `typeCode`). */
  exceptionCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's text for the exception. */
  exceptionDescription?: Maybe<Scalars['String']['output']>;
  /** Where it happened. */
  location?: Maybe<Location>;
  /** What happens next, as the carrier says. */
  nextSteps?: Maybe<Scalars['String']['output']>;
  /** Pieces of a multi-piece shipment this event concerns. */
  pieceIds: Array<Scalars['String']['output']>;
  /** The carrier's remark on the event. */
  remark?: Maybe<Scalars['String']['output']>;
  /** Who signed, for a delivery scan (where entitled). */
  signedBy?: Maybe<Scalars['String']['output']>;
  /** The status this event means, with the carrier's code and text. */
  status: StatusReading;
  /** When it happened. */
  time?: Maybe<CarrierTime>;
};

/** A `track` input that failed, alone: its siblings are unaffected. */
export type TrackingFailure = CarrierFailure & {
  __typename?: 'TrackingFailure';
  /** For UPSTREAM_AMBIGUOUS: the ids of the matching shipments. */
  candidates: Array<Scalars['ID']['output']>;
  /** The input's carrier. */
  carrier: Carrier;
  /** The carrier's own error code (the same as `carrierErrorCode`). */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's own error code. */
  carrierErrorCode?: Maybe<Scalars['String']['output']>;
  /** Stable code of the failure. */
  code: CarrierFailureCode;
  /** The correlation id we sent with the failed call (Carrier B `x-customer-transaction-id`), also quoted to the carrier's support. */
  customerTransactionId?: Maybe<Scalars['String']['output']>;
  /** The input's division (Group A); null for other carriers or when none was given. */
  division?: Maybe<Scalars['String']['output']>;
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when this lookup could be served. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  /** True when the same request may succeed later unchanged (rate limited, unavailable, deadline exceeded). */
  retryable: Scalars['Boolean']['output'];
  /** The input's tracking number. */
  trackingNumber: Scalars['String']['output'];
  /** The carrier's id of the failed exchange (Carrier B `transactionId`), to quote to the carrier's support; null when the carrier gave none. */
  transactionId?: Maybe<Scalars['String']['output']>;
  /** The upstream interface that failed, e.g. `carrier-b`, `group-a/tracking`. */
  upstream: Scalars['String']['output'];
};

/** A service a carrier answered that could not be read into a quote; the carrier's other services stand. */
export type UnreadableService = {
  __typename?: 'UnreadableService';
  /** Stable code of the failure (UPSTREAM_CONTRACT: the answer did not match its documented shape). */
  code: CarrierFailureCode;
  /** What could not be read, in English. */
  message: Scalars['String']['output'];
  /** The carrier's service code, when it could be read. */
  serviceCode?: Maybe<Scalars['String']['output']>;
};

/** Which shipment to stop polling. */
export type UnwatchShipmentInput = {
  /** The watched shipment's id: `ShipmentWatch.shipmentId` or the `Shipment.id` of the shipment. */
  shipmentId: Scalars['ID']['input'];
};

/** The result of `unwatchShipment`. */
export type UnwatchShipmentPayload = {
  __typename?: 'UnwatchShipmentPayload';
  /** What the caller refused (NOT_FOUND when the shipment is not, or no longer, watched); empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
  /** The watch, now inactive; null when `userErrors` is not empty. */
  watch?: Maybe<ShipmentWatch>;
};

/** A change of an express pickup: the stored pickup with these values (express sends the whole pickup again). */
export type UpdatePickupInput = {
  /** The new latest local time, after the ready time. */
  closeTime: Scalars['String']['input'];
  /** Your key: the same key and input again answers the stored pickup without a carrier call. */
  idempotencyKey: Scalars['String']['input'];
  /** Further labels to collect (linked). */
  labelIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** How many parcels; omitted: as stored. */
  packageCount?: InputMaybe<Scalars['Int']['input']>;
  /** Where the parcels wait; omitted: as stored. */
  packageLocation?: InputMaybe<Scalars['String']['input']>;
  /** The pickup (`Pickup:<uuid>`); only Group A express pickups can be updated. */
  pickupId: Scalars['ID']['input'];
  /** The new ready instant, ISO 8601 with `Z` or an offset. */
  readyAt: Scalars['String']['input'];
  /** Remarks for the driver; omitted: as stored. */
  remarks?: InputMaybe<Scalars['String']['input']>;
  /** Their total weight; omitted: as stored. */
  totalWeight?: InputMaybe<PickupWeightInput>;
  /** The address's UTC offset at that date. */
  utcOffset: Scalars['String']['input'];
};

/** Paperless trade invoice data for an express shipment (`/upload-invoice-data`), before or after creation. */
export type UploadCommercialInvoiceInput = {
  /** The express account; the configured one when omitted. */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  /** The invoice itself as a PDF, base64-encoded, at most 5 MB decoded. */
  documentBase64?: InputMaybe<Scalars['String']['input']>;
  /** The invoice date. */
  invoiceDate: Scalars['LocalDate']['input'];
  /** The invoice number, 1 to 35 characters. */
  invoiceNumber: Scalars['String']['input'];
  /** The express label, after creation; omit before it (then give `plannedShipDate`). */
  labelId?: InputMaybe<Scalars['ID']['input']>;
  /** The lines, 1 to 100. */
  lines: Array<InvoiceLineInput>;
  /** Before creation: the planned ship date. */
  plannedShipDate?: InputMaybe<Scalars['LocalDate']['input']>;
};

/** The result of `uploadCommercialInvoice`. */
export type UploadCommercialInvoicePayload = {
  __typename?: 'UploadCommercialInvoicePayload';
  /** The accepted upload; null when refused. */
  invoiceUpload?: Maybe<CommercialInvoiceUpload>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** An image to attach to a purchased express shipment (PATCH `/upload-image`). */
export type UploadShipmentImageInput = {
  /** The file, base64-encoded, at most 5 MB decoded. */
  contentBase64: Scalars['String']['input'];
  /** The image's format, e.g. `PDF`, `PNG`, `JPG`. */
  format: Scalars['String']['input'];
  /** The express label's `id`. */
  labelId: Scalars['ID']['input'];
  /** The carrier's image type code (e.g. `CIN` for a commercial invoice), when known. */
  typeCode?: InputMaybe<Scalars['String']['input']>;
};

/** The result of `uploadShipmentImage`. */
export type UploadShipmentImagePayload = {
  __typename?: 'UploadShipmentImagePayload';
  /** The label the image was attached to; null when refused. */
  label?: Maybe<Label>;
  /** What the caller or the carrier refused; empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/**
 * What the caller or the carrier refused in a mutation (Shopify's `userErrors`). A mutation with user errors changed
 * nothing; its result field is null. Server faults and unavailability are GraphQL errors instead.
 */
export type UserError = {
  __typename?: 'UserError';
  /** For CARRIER_REFUSED: the carrier's own error code. */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Stable code of the refusal. */
  code: UserErrorCode;
  /** Path of the offending input field, e.g. `["input", "trackingNumber"]`; null when no single field is at fault. */
  field?: Maybe<Array<Scalars['String']['output']>>;
  /** What is wrong and how to put it right, in English. */
  message: Scalars['String']['output'];
};

/** Why a mutation did not do what was asked, as the caller's fault or the carrier's refusal (not a server fault). */
export type UserErrorCode =
  /** An input value is malformed, out of bounds or not allowed; `field` names it. Nothing was stored or sent. */
  | 'BAD_USER_INPUT'
  /** The carrier refused the request as the caller's fault; `carrierCode` is the carrier's own code. */
  | 'CARRIER_REFUSED'
  /** The id or shipment named is not known here (e.g. a shipment that is not watched, a push subscription id that does not exist). */
  | 'NOT_FOUND';

/** A shipment to validate: the same fields and rules as `CreateShipmentInput`, without a key (nothing is created). */
export type ValidateShipmentInput = {
  /** The shipping account; the configured one when omitted. */
  accountNumber?: InputMaybe<Scalars['String']['input']>;
  /** Carrier B `codCollectionType`; required when a package has cash on delivery. */
  codCollectionType?: InputMaybe<Scalars['String']['input']>;
  /** Customs content; required when shipper and recipient countries differ. */
  customs?: InputMaybe<CustomsContentInput>;
  /** Declared value; required when shipper and recipient countries differ. */
  declaredValue?: InputMaybe<MoneyInput>;
  /** How the carrier would hand the label over: INLINE by default; URL where the carrier offers it (Carrier B). */
  labelDelivery?: LabelDelivery;
  /** Label file format. */
  labelFormat?: LabelFormat;
  /** Your order id. */
  orderId?: InputMaybe<Scalars['String']['input']>;
  /** The origin's UTC offset on the ship date, `+HH:MM` or `-HH:MM`: required by Group A express, never guessed from the country; with it, "today" is the origin's. */
  originUtcOffset?: InputMaybe<Scalars['String']['input']>;
  /** The packages, 1 to 50. */
  packages: Array<ShipmentPackageInput>;
  /** Carrier B `packagingType`. */
  packagingType?: InputMaybe<Scalars['String']['input']>;
  /** Express: a pickup in the same call. */
  pickup?: InputMaybe<PickupInShipmentInput>;
  /** Carrier B `pickupType`. */
  pickupType?: InputMaybe<Scalars['String']['input']>;
  /** A quote from `rates`: carrier, service and quoted total. */
  quote?: InputMaybe<QuoteSelectionInput>;
  /** Local time at the origin the parcels are ready, `HH:MM` or `HH:MM:SS` (express `plannedShippingDateAndTime`); the connector's default when omitted. */
  readyTime?: InputMaybe<Scalars['String']['input']>;
  /** Who receives. */
  recipient: ShippingPartyInput;
  /** Further references, at most 5. */
  references?: InputMaybe<Array<ShipmentReferenceInput>>;
  /** Where undeliverable parcels go back; the shipper when omitted. */
  returnTo?: InputMaybe<ShippingPartyInput>;
  /** Or the carrier and service named directly. */
  service?: InputMaybe<ServiceSelectionInput>;
  /** Ship date at the origin, today or up to 30 days ahead; default today (UTC). */
  shipDate?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Who ships. */
  shipper: ShippingPartyInput;
};

/** The result of `validateShipment`. */
export type ValidateShipmentPayload = {
  __typename?: 'ValidateShipmentPayload';
  /** What the caller or the carrier refused; empty when the input was checked. */
  userErrors: Array<UserError>;
  /** The carrier's verdict and alerts; null when the input was refused. */
  validation?: Maybe<ShipmentValidation>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
};

/** A failed poll: the stable error code (the same codes as tracking errors), its message, and when it happened. */
export type WatchError = {
  __typename?: 'WatchError';
  /** When the failed poll happened. */
  at: Scalars['DateTime']['output'];
  /** Stable code, one of CarrierFailureCode's values (e.g. UPSTREAM_NOT_FOUND). */
  code: Scalars['String']['output'];
  /** What went wrong, in English. */
  message: Scalars['String']['output'];
};

/** Which shipment to poll. Only carriers without push can be watched: CARRIER_B, and GROUP_A with division express or ecommerce. */
export type WatchShipmentInput = {
  /** The shipment's carrier. */
  carrier: Carrier;
  /** Carrier B: express or ground network code, to disambiguate a reused number. */
  carrierCode?: InputMaybe<Scalars['String']['input']>;
  /** Carrier B: the carrier's unique id of a reused number. */
  carrierUniqueId?: InputMaybe<Scalars['String']['input']>;
  /** Group A division: `express`, or `ecommerce` (with `ecommerceIdType`). */
  division?: InputMaybe<Scalars['String']['input']>;
  /** Group A e-commerce: which id `trackingNumber` is. */
  ecommerceIdType?: InputMaybe<EcommerceIdType>;
  /** The carrier's tracking number (1 to 40 letters, digits and `-`). */
  trackingNumber: Scalars['String']['input'];
};

/** The result of `watchShipment`. */
export type WatchShipmentPayload = {
  __typename?: 'WatchShipmentPayload';
  /** What the caller refused (e.g. a carrier that pushes instead, a malformed number); empty on success. */
  userErrors: Array<UserError>;
  /** The carrier's soft failures; empty when it gave none. */
  warnings: Array<CarrierWarning>;
  /** The watch, due for a poll at once; null when `userErrors` is not empty. */
  watch?: Maybe<ShipmentWatch>;
};

/** Why a watch stopped polling. */
export type WatchStopReason =
  /**
   * The carrier did not know the number for a run of polls in a row (backing off between them; how many is the server's
   * WATCH_NOT_FOUND_GIVE_UP_POLLS): a wrong number, or one the carrier no longer has. `lastError` is its last answer.
   */
  | 'NOT_FOUND'
  /** The shipment reached a terminal status (delivered, returned or cancelled): nothing more will happen to it. */
  | 'TERMINAL_STATUS'
  /** A client stopped it with `unwatchShipment`. */
  | 'UNWATCHED';

/** A weight given by the caller. */
export type WeightInput = {
  /** Unit of `value`. */
  unit?: WeightUnit;
  /** Strictly positive; at most 1000 kg (2204 lb) per package. */
  value: Scalars['Float']['input'];
};

/** Unit of a weight in a rate request. */
export type WeightUnit =
  /** Kilograms. */
  | 'KG'
  /** Pounds. */
  | 'LB';

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = ResolversObject<{
  Shipment: Shipment;
}>;

/** Mapping of federation reference types */
export type FederationReferenceTypes = ResolversObject<{
  Shipment:
    ( { __typename: 'Shipment' }
    & ( GraphQLRecursivePick<FederationTypes['Shipment'], {"id":true}>
        | GraphQLRecursivePick<FederationTypes['Shipment'], {"carrier":true,"trackingNumber":true}>
        | GraphQLRecursivePick<FederationTypes['Shipment'], {"carrierName":true,"trackingNumber":true}> ) );
}>;

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  LandedCostOutcome:
    | ( LandedCostEstimate )
    | ( LandedCostFailure )
  ;
  RateOutcome:
    | ( CarrierRatesModelModel )
    | ( RateFailureModelModel )
  ;
  ServiceabilityOutcome:
    | ( LaneServiceModelModel )
    | ( RateFailureModelModel )
  ;
  TrackOutcome:
    | ( TrackedShipmentsModelModel )
    | ( TrackingFailureModelModel )
  ;
}>;

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  CarrierFailure:
    | ( AddressCheckFailure )
    | ( LandedCostFailure )
    | ( RateFailureModelModel )
    | ( ReferenceLookupFailure )
    | ( ServicePointFailure )
    | ( TrackingFailureModelModel )
  ;
  Node:
    | ( StoredDocumentModel )
    | ( LabelModel )
    | ( PickupModel )
    | ( PushSubscriptionModel )
    | ( ShipmentModel )
    | ( StatusChangeModel )
    | ( ShipmentWatchModel )
    | ( TenderModel )
  ;
}>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AddressCapabilityCheck: ResolverTypeWrapper<AddressCapabilityCheck>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  AddressCapabilityPurpose: AddressCapabilityPurpose;
  AddressCheck: AddressCheck;
  AddressCheckFailure: ResolverTypeWrapper<AddressCheckFailure>;
  AddressClassification: AddressClassification;
  AddressOutcome: ResolverTypeWrapper<AddressOutcome>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  AddressResolution: ResolverTypeWrapper<AddressResolution>;
  AddressToResolveInput: AddressToResolveInput;
  AnalyticsEvent: ResolverTypeWrapper<OutboxEntryModel>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  AnalyticsEventConnection: ResolverTypeWrapper<Omit<AnalyticsEventConnection, 'edges'> & { edges: Array<ResolversTypes['AnalyticsEventEdge']> }>;
  AnalyticsEventEdge: ResolverTypeWrapper<Omit<AnalyticsEventEdge, 'node'> & { node: ResolversTypes['AnalyticsEvent'] }>;
  AnalyticsEventState: AnalyticsEventState;
  AnalyticsOutbox: ResolverTypeWrapper<AnalyticsOutbox>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  AvailableDocument: ResolverTypeWrapper<AvailableDocument>;
  CancelPickupInput: CancelPickupInput;
  CancelPickupPayload: ResolverTypeWrapper<Omit<CancelPickupPayload, 'cancellation'> & { cancellation?: Maybe<ResolversTypes['PickupCancellation']> }>;
  CancelReturnInput: CancelReturnInput;
  CancelReturnPayload: ResolverTypeWrapper<Omit<CancelReturnPayload, 'cancellation'> & { cancellation?: Maybe<ResolversTypes['LabelCancellation']> }>;
  CancelShipmentInput: CancelShipmentInput;
  CancelShipmentPayload: ResolverTypeWrapper<Omit<CancelShipmentPayload, 'cancellation'> & { cancellation?: Maybe<ResolversTypes['LabelCancellation']> }>;
  CancellationState: CancellationState;
  Carrier: Carrier;
  CarrierFailure: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['CarrierFailure']>;
  CarrierFailureCode: CarrierFailureCode;
  CarrierRates: ResolverTypeWrapper<CarrierRatesModelModel>;
  CarrierTime: ResolverTypeWrapper<CarrierTime>;
  CarrierWarning: ResolverTypeWrapper<CarrierWarning>;
  ChargeKind: ChargeKind;
  ChargeLine: ResolverTypeWrapper<ChargeLineModel>;
  CommercialInvoiceUpload: ResolverTypeWrapper<CommercialInvoiceUploadModelModel>;
  CreatePushSubscriptionInput: CreatePushSubscriptionInput;
  CreatePushSubscriptionPayload: ResolverTypeWrapper<Omit<CreatePushSubscriptionPayload, 'pushSubscription'> & { pushSubscription?: Maybe<ResolversTypes['PushSubscription']> }>;
  CreateReturnInput: CreateReturnInput;
  CreateReturnPayload: ResolverTypeWrapper<Omit<CreateReturnPayload, 'purchase'> & { purchase?: Maybe<ResolversTypes['LabelPurchase']> }>;
  CreateShipmentInput: CreateShipmentInput;
  CreateShipmentPayload: ResolverTypeWrapper<Omit<CreateShipmentPayload, 'purchase'> & { purchase?: Maybe<ResolversTypes['LabelPurchase']> }>;
  CurrencyView: ResolverTypeWrapper<CurrencyViewModel>;
  CustomsContentInput: CustomsContentInput;
  CustomsItemInput: CustomsItemInput;
  CustomsPurpose: CustomsPurpose;
  DarkStoreCharge: ResolverTypeWrapper<DarkStoreCharge>;
  DarkStoreDecision: ResolverTypeWrapper<DarkStoreDecision>;
  DarkStoreHealth: ResolverTypeWrapper<DarkStoreHealth>;
  DarkStoreOffer: ResolverTypeWrapper<DarkStoreOffer>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Delay: ResolverTypeWrapper<Delay>;
  DelayStatus: DelayStatus;
  DeletePushSubscriptionInput: DeletePushSubscriptionInput;
  DeletePushSubscriptionPayload: ResolverTypeWrapper<Omit<DeletePushSubscriptionPayload, 'pushSubscription'> & { pushSubscription?: Maybe<ResolversTypes['PushSubscription']> }>;
  DeliveryOption: ResolverTypeWrapper<Omit<DeliveryOption, 'quote'> & { quote?: Maybe<ResolversTypes['RateQuote']> }>;
  DeliveryOptionKind: DeliveryOptionKind;
  DeliveryPromise: ResolverTypeWrapper<Omit<DeliveryPromise, 'couriers' | 'earliest' | 'options'> & { couriers?: Maybe<ResolversTypes['RateShopResult']>, earliest?: Maybe<ResolversTypes['DeliveryOption']>, options: Array<ResolversTypes['DeliveryOption']> }>;
  DeliveryPromiseInput: DeliveryPromiseInput;
  DeliveryWindow: ResolverTypeWrapper<DeliveryWindow>;
  Dimensions: ResolverTypeWrapper<Dimensions>;
  DimensionsInput: DimensionsInput;
  Document: ResolverTypeWrapper<StoredDocumentModel>;
  DocumentKind: DocumentKind;
  DutiesPaidBy: DutiesPaidBy;
  EcommerceIdType: EcommerceIdType;
  EmailNotificationSubscription: ResolverTypeWrapper<EmailNotificationSubscription>;
  EmailRecipientInput: EmailRecipientInput;
  ExcludedQuote: ResolverTypeWrapper<ExcludedQuoteModel>;
  FetchShipmentDocumentInput: FetchShipmentDocumentInput;
  FetchShipmentDocumentPayload: ResolverTypeWrapper<Omit<FetchShipmentDocumentPayload, 'document'> & { document?: Maybe<ResolversTypes['Document']> }>;
  FetchableDocumentKind: FetchableDocumentKind;
  HoldingCost: ResolverTypeWrapper<HoldingCost>;
  InvoiceLineInput: InvoiceLineInput;
  Label: ResolverTypeWrapper<LabelModel>;
  LabelCancellation: ResolverTypeWrapper<LabelCancellationModelModel>;
  LabelConnection: ResolverTypeWrapper<Omit<LabelConnection, 'edges'> & { edges: Array<ResolversTypes['LabelEdge']> }>;
  LabelDelivery: LabelDelivery;
  LabelEdge: ResolverTypeWrapper<Omit<LabelEdge, 'node'> & { node: ResolversTypes['Label'] }>;
  LabelFailure: ResolverTypeWrapper<LabelFailureModel>;
  LabelFilterInput: LabelFilterInput;
  LabelFormat: LabelFormat;
  LabelKind: LabelKind;
  LabelLinks: ResolverTypeWrapper<LabelLinks>;
  LabelPiece: ResolverTypeWrapper<CreatedPieceModel>;
  LabelPurchase: ResolverTypeWrapper<PurchaseOutcomeModel>;
  LabelState: LabelState;
  LandedCostEstimate: ResolverTypeWrapper<LandedCostEstimate>;
  LandedCostFailure: ResolverTypeWrapper<LandedCostFailure>;
  LandedCostInput: LandedCostInput;
  LandedCostKind: LandedCostKind;
  LandedCostLine: ResolverTypeWrapper<LandedCostLine>;
  LandedCostOutcome: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['LandedCostOutcome']>;
  LandedCostResult: ResolverTypeWrapper<Omit<LandedCostResult, 'outcomes'> & { outcomes: Array<ResolversTypes['LandedCostOutcome']> }>;
  LaneService: ResolverTypeWrapper<LaneServiceModelModel>;
  LengthUnit: LengthUnit;
  LocalDate: ResolverTypeWrapper<Scalars['LocalDate']['output']>;
  LocalDateTime: ResolverTypeWrapper<Scalars['LocalDateTime']['output']>;
  Location: ResolverTypeWrapper<Location>;
  Measure: ResolverTypeWrapper<Measure>;
  Money: ResolverTypeWrapper<Money>;
  MoneyInput: MoneyInput;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  NormalizedAddress: ResolverTypeWrapper<NormalizedAddress>;
  NotificationEventType: NotificationEventType;
  NotificationFormat: NotificationFormat;
  NotificationRole: NotificationRole;
  OpeningHours: ResolverTypeWrapper<OpeningHours>;
  OrderShipments: ResolverTypeWrapper<ReferenceSearchModel>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Party: ResolverTypeWrapper<Party>;
  PartyAddress: ResolverTypeWrapper<PartyAddress>;
  Pickup: ResolverTypeWrapper<PickupModel>;
  PickupAvailability: ResolverTypeWrapper<PickupAvailabilityModel>;
  PickupAvailabilityInput: PickupAvailabilityInput;
  PickupAvailabilityOption: ResolverTypeWrapper<PickupAvailabilityOptionModel>;
  PickupBooking: ResolverTypeWrapper<PickupOutcomeModel>;
  PickupBookingPayload: ResolverTypeWrapper<Omit<PickupBookingPayload, 'booking'> & { booking?: Maybe<ResolversTypes['PickupBooking']> }>;
  PickupCancellation: ResolverTypeWrapper<PickupCancellationOutcomeModel>;
  PickupConnection: ResolverTypeWrapper<Omit<PickupConnection, 'edges'> & { edges: Array<ResolversTypes['PickupEdge']> }>;
  PickupDateType: PickupDateType;
  PickupEdge: ResolverTypeWrapper<Omit<PickupEdge, 'node'> & { node: ResolversTypes['Pickup'] }>;
  PickupFailure: ResolverTypeWrapper<PickupFailureModel>;
  PickupInShipmentInput: PickupInShipmentInput;
  PickupNetwork: PickupNetwork;
  PickupReplay: PickupReplay;
  PickupSource: PickupSource;
  PickupState: PickupState;
  PickupWeightInput: PickupWeightInput;
  PickupWindow: ResolverTypeWrapper<PickupWindowModel>;
  Piece: ResolverTypeWrapper<PieceModel>;
  PostalCodeCheck: ResolverTypeWrapper<PostalCodeCheck>;
  PromiseReason: ResolverTypeWrapper<PromiseReason>;
  ProofOfDelivery: ResolverTypeWrapper<ProofOfDeliveryModelModel>;
  PurchaseReplay: PurchaseReplay;
  PushSubscription: ResolverTypeWrapper<PushSubscriptionModel>;
  PushSubscriptionConnection: ResolverTypeWrapper<Omit<PushSubscriptionConnection, 'edges'> & { edges: Array<ResolversTypes['PushSubscriptionEdge']> }>;
  PushSubscriptionEdge: ResolverTypeWrapper<Omit<PushSubscriptionEdge, 'node'> & { node: ResolversTypes['PushSubscription'] }>;
  PushSubscriptionScope: PushSubscriptionScope;
  PushSubscriptionState: PushSubscriptionState;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  QuoteSelectionInput: QuoteSelectionInput;
  RateAddressInput: RateAddressInput;
  RateExclusionReason: RateExclusionReason;
  RateFailure: ResolverTypeWrapper<RateFailureModelModel>;
  RateOutcome: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RateOutcome']>;
  RatePackageInput: RatePackageInput;
  RateQuote: ResolverTypeWrapper<RateQuoteModel>;
  RateRequestInput: RateRequestInput;
  RateShopResult: ResolverTypeWrapper<RateShopResultModelModel>;
  RateStrategy: RateStrategy;
  RateType: RateType;
  ReferenceLookupFailure: ResolverTypeWrapper<ReferenceLookupFailure>;
  ReferenceLookupInput: ReferenceLookupInput;
  ReferenceType: ReferenceType;
  RequeueAnalyticsEventInput: RequeueAnalyticsEventInput;
  RequeueAnalyticsEventPayload: ResolverTypeWrapper<Omit<RequeueAnalyticsEventPayload, 'event'> & { event?: Maybe<ResolversTypes['AnalyticsEvent']> }>;
  ResolveAddressesOptionsInput: ResolveAddressesOptionsInput;
  SchedulePickupInput: SchedulePickupInput;
  ServiceInfo: ResolverTypeWrapper<ServiceInfo>;
  ServiceLevel: ServiceLevel;
  ServiceOffer: ResolverTypeWrapper<RateQuoteModel>;
  ServicePoint: ResolverTypeWrapper<ServicePoint>;
  ServicePointFailure: ResolverTypeWrapper<ServicePointFailure>;
  ServicePointsNearInput: ServicePointsNearInput;
  ServicePointsResult: ResolverTypeWrapper<ServicePointsResult>;
  ServiceSelectionInput: ServiceSelectionInput;
  ServiceabilityInput: ServiceabilityInput;
  ServiceabilityOutcome: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ServiceabilityOutcome']>;
  ServiceabilityResult: ResolverTypeWrapper<ServiceabilityResultModelModel>;
  SettleLabelInput: SettleLabelInput;
  SettleLabelPayload: ResolverTypeWrapper<Omit<SettleLabelPayload, 'label'> & { label?: Maybe<ResolversTypes['Label']> }>;
  SettlePickupInput: SettlePickupInput;
  SettlePickupPayload: ResolverTypeWrapper<Omit<SettlePickupPayload, 'pickup'> & { pickup?: Maybe<ResolversTypes['Pickup']> }>;
  Shipment: ResolverTypeWrapper<ShipmentModel>;
  ShipmentConnection: ResolverTypeWrapper<Omit<ShipmentConnection, 'edges'> & { edges: Array<ResolversTypes['ShipmentEdge']> }>;
  ShipmentEdge: ResolverTypeWrapper<Omit<ShipmentEdge, 'node'> & { node: ResolversTypes['Shipment'] }>;
  ShipmentPackageInput: ShipmentPackageInput;
  ShipmentReference: ResolverTypeWrapper<ShipmentReference>;
  ShipmentReferenceInput: ShipmentReferenceInput;
  ShipmentStatus: ShipmentStatus;
  ShipmentStatusChange: ResolverTypeWrapper<StatusChangeModel>;
  ShipmentStatusChangeConnection: ResolverTypeWrapper<Omit<ShipmentStatusChangeConnection, 'edges'> & { edges: Array<ResolversTypes['ShipmentStatusChangeEdge']> }>;
  ShipmentStatusChangeEdge: ResolverTypeWrapper<Omit<ShipmentStatusChangeEdge, 'node'> & { node: ResolversTypes['ShipmentStatusChange'] }>;
  ShipmentValidation: ResolverTypeWrapper<ValidationResultModel>;
  ShipmentWatch: ResolverTypeWrapper<ShipmentWatchModel>;
  ShipmentWatchConnection: ResolverTypeWrapper<Omit<ShipmentWatchConnection, 'edges'> & { edges: Array<ResolversTypes['ShipmentWatchEdge']> }>;
  ShipmentWatchEdge: ResolverTypeWrapper<Omit<ShipmentWatchEdge, 'node'> & { node: ResolversTypes['ShipmentWatch'] }>;
  ShippingAddressInput: ShippingAddressInput;
  ShippingPartyInput: ShippingPartyInput;
  SkippedCarrier: ResolverTypeWrapper<SkippedCarrierModel>;
  StatusChangeFilter: StatusChangeFilter;
  StatusChangeSource: StatusChangeSource;
  StatusReading: ResolverTypeWrapper<StatusReading>;
  SubscribeEmailNotificationsInput: SubscribeEmailNotificationsInput;
  SubscribeEmailNotificationsPayload: ResolverTypeWrapper<SubscribeEmailNotificationsPayload>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Tender: ResolverTypeWrapper<TenderModel>;
  TenderKind: TenderKind;
  TenderLabelsInput: TenderLabelsInput;
  TenderLabelsPayload: ResolverTypeWrapper<Omit<TenderLabelsPayload, 'tender'> & { tender?: Maybe<ResolversTypes['Tender']> }>;
  TenderOutcome: TenderOutcome;
  TrackInput: TrackInput;
  TrackOutcome: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['TrackOutcome']>;
  TrackedShipments: ResolverTypeWrapper<TrackedShipmentsModelModel>;
  TrackingEvent: ResolverTypeWrapper<TrackingEventModel>;
  TrackingFailure: ResolverTypeWrapper<TrackingFailureModelModel>;
  UnreadableService: ResolverTypeWrapper<UnreadableServiceModelModel>;
  UnwatchShipmentInput: UnwatchShipmentInput;
  UnwatchShipmentPayload: ResolverTypeWrapper<Omit<UnwatchShipmentPayload, 'watch'> & { watch?: Maybe<ResolversTypes['ShipmentWatch']> }>;
  UpdatePickupInput: UpdatePickupInput;
  UploadCommercialInvoiceInput: UploadCommercialInvoiceInput;
  UploadCommercialInvoicePayload: ResolverTypeWrapper<Omit<UploadCommercialInvoicePayload, 'invoiceUpload'> & { invoiceUpload?: Maybe<ResolversTypes['CommercialInvoiceUpload']> }>;
  UploadShipmentImageInput: UploadShipmentImageInput;
  UploadShipmentImagePayload: ResolverTypeWrapper<Omit<UploadShipmentImagePayload, 'label'> & { label?: Maybe<ResolversTypes['Label']> }>;
  UserError: ResolverTypeWrapper<UserError>;
  UserErrorCode: UserErrorCode;
  ValidateShipmentInput: ValidateShipmentInput;
  ValidateShipmentPayload: ResolverTypeWrapper<Omit<ValidateShipmentPayload, 'validation'> & { validation?: Maybe<ResolversTypes['ShipmentValidation']> }>;
  WatchError: ResolverTypeWrapper<WatchError>;
  WatchShipmentInput: WatchShipmentInput;
  WatchShipmentPayload: ResolverTypeWrapper<Omit<WatchShipmentPayload, 'watch'> & { watch?: Maybe<ResolversTypes['ShipmentWatch']> }>;
  WatchStopReason: WatchStopReason;
  WeightInput: WeightInput;
  WeightUnit: WeightUnit;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AddressCapabilityCheck: AddressCapabilityCheck;
  Boolean: Scalars['Boolean']['output'];
  String: Scalars['String']['output'];
  AddressCheckFailure: AddressCheckFailure;
  AddressOutcome: AddressOutcome;
  Int: Scalars['Int']['output'];
  AddressResolution: AddressResolution;
  AddressToResolveInput: AddressToResolveInput;
  AnalyticsEvent: OutboxEntryModel;
  ID: Scalars['ID']['output'];
  AnalyticsEventConnection: Omit<AnalyticsEventConnection, 'edges'> & { edges: Array<ResolversParentTypes['AnalyticsEventEdge']> };
  AnalyticsEventEdge: Omit<AnalyticsEventEdge, 'node'> & { node: ResolversParentTypes['AnalyticsEvent'] };
  AnalyticsOutbox: AnalyticsOutbox;
  Float: Scalars['Float']['output'];
  AvailableDocument: AvailableDocument;
  CancelPickupInput: CancelPickupInput;
  CancelPickupPayload: Omit<CancelPickupPayload, 'cancellation'> & { cancellation?: Maybe<ResolversParentTypes['PickupCancellation']> };
  CancelReturnInput: CancelReturnInput;
  CancelReturnPayload: Omit<CancelReturnPayload, 'cancellation'> & { cancellation?: Maybe<ResolversParentTypes['LabelCancellation']> };
  CancelShipmentInput: CancelShipmentInput;
  CancelShipmentPayload: Omit<CancelShipmentPayload, 'cancellation'> & { cancellation?: Maybe<ResolversParentTypes['LabelCancellation']> };
  CarrierFailure: ResolversInterfaceTypes<ResolversParentTypes>['CarrierFailure'];
  CarrierRates: CarrierRatesModelModel;
  CarrierTime: CarrierTime;
  CarrierWarning: CarrierWarning;
  ChargeLine: ChargeLineModel;
  CommercialInvoiceUpload: CommercialInvoiceUploadModelModel;
  CreatePushSubscriptionInput: CreatePushSubscriptionInput;
  CreatePushSubscriptionPayload: Omit<CreatePushSubscriptionPayload, 'pushSubscription'> & { pushSubscription?: Maybe<ResolversParentTypes['PushSubscription']> };
  CreateReturnInput: CreateReturnInput;
  CreateReturnPayload: Omit<CreateReturnPayload, 'purchase'> & { purchase?: Maybe<ResolversParentTypes['LabelPurchase']> };
  CreateShipmentInput: CreateShipmentInput;
  CreateShipmentPayload: Omit<CreateShipmentPayload, 'purchase'> & { purchase?: Maybe<ResolversParentTypes['LabelPurchase']> };
  CurrencyView: CurrencyViewModel;
  CustomsContentInput: CustomsContentInput;
  CustomsItemInput: CustomsItemInput;
  DarkStoreCharge: DarkStoreCharge;
  DarkStoreDecision: DarkStoreDecision;
  DarkStoreHealth: DarkStoreHealth;
  DarkStoreOffer: DarkStoreOffer;
  DateTime: Scalars['DateTime']['output'];
  Delay: Delay;
  DeletePushSubscriptionInput: DeletePushSubscriptionInput;
  DeletePushSubscriptionPayload: Omit<DeletePushSubscriptionPayload, 'pushSubscription'> & { pushSubscription?: Maybe<ResolversParentTypes['PushSubscription']> };
  DeliveryOption: Omit<DeliveryOption, 'quote'> & { quote?: Maybe<ResolversParentTypes['RateQuote']> };
  DeliveryPromise: Omit<DeliveryPromise, 'couriers' | 'earliest' | 'options'> & { couriers?: Maybe<ResolversParentTypes['RateShopResult']>, earliest?: Maybe<ResolversParentTypes['DeliveryOption']>, options: Array<ResolversParentTypes['DeliveryOption']> };
  DeliveryPromiseInput: DeliveryPromiseInput;
  DeliveryWindow: DeliveryWindow;
  Dimensions: Dimensions;
  DimensionsInput: DimensionsInput;
  Document: StoredDocumentModel;
  EmailNotificationSubscription: EmailNotificationSubscription;
  EmailRecipientInput: EmailRecipientInput;
  ExcludedQuote: ExcludedQuoteModel;
  FetchShipmentDocumentInput: FetchShipmentDocumentInput;
  FetchShipmentDocumentPayload: Omit<FetchShipmentDocumentPayload, 'document'> & { document?: Maybe<ResolversParentTypes['Document']> };
  HoldingCost: HoldingCost;
  InvoiceLineInput: InvoiceLineInput;
  Label: LabelModel;
  LabelCancellation: LabelCancellationModelModel;
  LabelConnection: Omit<LabelConnection, 'edges'> & { edges: Array<ResolversParentTypes['LabelEdge']> };
  LabelEdge: Omit<LabelEdge, 'node'> & { node: ResolversParentTypes['Label'] };
  LabelFailure: LabelFailureModel;
  LabelFilterInput: LabelFilterInput;
  LabelLinks: LabelLinks;
  LabelPiece: CreatedPieceModel;
  LabelPurchase: PurchaseOutcomeModel;
  LandedCostEstimate: LandedCostEstimate;
  LandedCostFailure: LandedCostFailure;
  LandedCostInput: LandedCostInput;
  LandedCostLine: LandedCostLine;
  LandedCostOutcome: ResolversUnionTypes<ResolversParentTypes>['LandedCostOutcome'];
  LandedCostResult: Omit<LandedCostResult, 'outcomes'> & { outcomes: Array<ResolversParentTypes['LandedCostOutcome']> };
  LaneService: LaneServiceModelModel;
  LocalDate: Scalars['LocalDate']['output'];
  LocalDateTime: Scalars['LocalDateTime']['output'];
  Location: Location;
  Measure: Measure;
  Money: Money;
  MoneyInput: MoneyInput;
  Mutation: Record<PropertyKey, never>;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  NormalizedAddress: NormalizedAddress;
  OpeningHours: OpeningHours;
  OrderShipments: ReferenceSearchModel;
  PageInfo: PageInfo;
  Party: Party;
  PartyAddress: PartyAddress;
  Pickup: PickupModel;
  PickupAvailability: PickupAvailabilityModel;
  PickupAvailabilityInput: PickupAvailabilityInput;
  PickupAvailabilityOption: PickupAvailabilityOptionModel;
  PickupBooking: PickupOutcomeModel;
  PickupBookingPayload: Omit<PickupBookingPayload, 'booking'> & { booking?: Maybe<ResolversParentTypes['PickupBooking']> };
  PickupCancellation: PickupCancellationOutcomeModel;
  PickupConnection: Omit<PickupConnection, 'edges'> & { edges: Array<ResolversParentTypes['PickupEdge']> };
  PickupEdge: Omit<PickupEdge, 'node'> & { node: ResolversParentTypes['Pickup'] };
  PickupFailure: PickupFailureModel;
  PickupInShipmentInput: PickupInShipmentInput;
  PickupWeightInput: PickupWeightInput;
  PickupWindow: PickupWindowModel;
  Piece: PieceModel;
  PostalCodeCheck: PostalCodeCheck;
  PromiseReason: PromiseReason;
  ProofOfDelivery: ProofOfDeliveryModelModel;
  PushSubscription: PushSubscriptionModel;
  PushSubscriptionConnection: Omit<PushSubscriptionConnection, 'edges'> & { edges: Array<ResolversParentTypes['PushSubscriptionEdge']> };
  PushSubscriptionEdge: Omit<PushSubscriptionEdge, 'node'> & { node: ResolversParentTypes['PushSubscription'] };
  Query: Record<PropertyKey, never>;
  QuoteSelectionInput: QuoteSelectionInput;
  RateAddressInput: RateAddressInput;
  RateFailure: RateFailureModelModel;
  RateOutcome: ResolversUnionTypes<ResolversParentTypes>['RateOutcome'];
  RatePackageInput: RatePackageInput;
  RateQuote: RateQuoteModel;
  RateRequestInput: RateRequestInput;
  RateShopResult: RateShopResultModelModel;
  ReferenceLookupFailure: ReferenceLookupFailure;
  ReferenceLookupInput: ReferenceLookupInput;
  RequeueAnalyticsEventInput: RequeueAnalyticsEventInput;
  RequeueAnalyticsEventPayload: Omit<RequeueAnalyticsEventPayload, 'event'> & { event?: Maybe<ResolversParentTypes['AnalyticsEvent']> };
  ResolveAddressesOptionsInput: ResolveAddressesOptionsInput;
  SchedulePickupInput: SchedulePickupInput;
  ServiceInfo: ServiceInfo;
  ServiceOffer: RateQuoteModel;
  ServicePoint: ServicePoint;
  ServicePointFailure: ServicePointFailure;
  ServicePointsNearInput: ServicePointsNearInput;
  ServicePointsResult: ServicePointsResult;
  ServiceSelectionInput: ServiceSelectionInput;
  ServiceabilityInput: ServiceabilityInput;
  ServiceabilityOutcome: ResolversUnionTypes<ResolversParentTypes>['ServiceabilityOutcome'];
  ServiceabilityResult: ServiceabilityResultModelModel;
  SettleLabelInput: SettleLabelInput;
  SettleLabelPayload: Omit<SettleLabelPayload, 'label'> & { label?: Maybe<ResolversParentTypes['Label']> };
  SettlePickupInput: SettlePickupInput;
  SettlePickupPayload: Omit<SettlePickupPayload, 'pickup'> & { pickup?: Maybe<ResolversParentTypes['Pickup']> };
  Shipment: ShipmentModel;
  ShipmentConnection: Omit<ShipmentConnection, 'edges'> & { edges: Array<ResolversParentTypes['ShipmentEdge']> };
  ShipmentEdge: Omit<ShipmentEdge, 'node'> & { node: ResolversParentTypes['Shipment'] };
  ShipmentPackageInput: ShipmentPackageInput;
  ShipmentReference: ShipmentReference;
  ShipmentReferenceInput: ShipmentReferenceInput;
  ShipmentStatusChange: StatusChangeModel;
  ShipmentStatusChangeConnection: Omit<ShipmentStatusChangeConnection, 'edges'> & { edges: Array<ResolversParentTypes['ShipmentStatusChangeEdge']> };
  ShipmentStatusChangeEdge: Omit<ShipmentStatusChangeEdge, 'node'> & { node: ResolversParentTypes['ShipmentStatusChange'] };
  ShipmentValidation: ValidationResultModel;
  ShipmentWatch: ShipmentWatchModel;
  ShipmentWatchConnection: Omit<ShipmentWatchConnection, 'edges'> & { edges: Array<ResolversParentTypes['ShipmentWatchEdge']> };
  ShipmentWatchEdge: Omit<ShipmentWatchEdge, 'node'> & { node: ResolversParentTypes['ShipmentWatch'] };
  ShippingAddressInput: ShippingAddressInput;
  ShippingPartyInput: ShippingPartyInput;
  SkippedCarrier: SkippedCarrierModel;
  StatusChangeFilter: StatusChangeFilter;
  StatusReading: StatusReading;
  SubscribeEmailNotificationsInput: SubscribeEmailNotificationsInput;
  SubscribeEmailNotificationsPayload: SubscribeEmailNotificationsPayload;
  Subscription: Record<PropertyKey, never>;
  Tender: TenderModel;
  TenderLabelsInput: TenderLabelsInput;
  TenderLabelsPayload: Omit<TenderLabelsPayload, 'tender'> & { tender?: Maybe<ResolversParentTypes['Tender']> };
  TrackInput: TrackInput;
  TrackOutcome: ResolversUnionTypes<ResolversParentTypes>['TrackOutcome'];
  TrackedShipments: TrackedShipmentsModelModel;
  TrackingEvent: TrackingEventModel;
  TrackingFailure: TrackingFailureModelModel;
  UnreadableService: UnreadableServiceModelModel;
  UnwatchShipmentInput: UnwatchShipmentInput;
  UnwatchShipmentPayload: Omit<UnwatchShipmentPayload, 'watch'> & { watch?: Maybe<ResolversParentTypes['ShipmentWatch']> };
  UpdatePickupInput: UpdatePickupInput;
  UploadCommercialInvoiceInput: UploadCommercialInvoiceInput;
  UploadCommercialInvoicePayload: Omit<UploadCommercialInvoicePayload, 'invoiceUpload'> & { invoiceUpload?: Maybe<ResolversParentTypes['CommercialInvoiceUpload']> };
  UploadShipmentImageInput: UploadShipmentImageInput;
  UploadShipmentImagePayload: Omit<UploadShipmentImagePayload, 'label'> & { label?: Maybe<ResolversParentTypes['Label']> };
  UserError: UserError;
  ValidateShipmentInput: ValidateShipmentInput;
  ValidateShipmentPayload: Omit<ValidateShipmentPayload, 'validation'> & { validation?: Maybe<ResolversParentTypes['ShipmentValidation']> };
  WatchError: WatchError;
  WatchShipmentInput: WatchShipmentInput;
  WatchShipmentPayload: Omit<WatchShipmentPayload, 'watch'> & { watch?: Maybe<ResolversParentTypes['ShipmentWatch']> };
  WeightInput: WeightInput;
}>;

export type AddressCapabilityCheckResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AddressCapabilityCheck'] = ResolversParentTypes['AddressCapabilityCheck']> = ResolversObject<{
  capable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fromCache?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  matchedAddress?: Resolver<Maybe<ResolversTypes['NormalizedAddress']>, ParentType, ContextType>;
  purpose?: Resolver<ResolversTypes['AddressCapabilityPurpose'], ParentType, ContextType>;
  resolvedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  serviceAreaCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type AddressCheckFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AddressCheckFailure'] = ResolversParentTypes['AddressCheckFailure']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  check?: Resolver<ResolversTypes['AddressCheck'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  retryable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AddressOutcomeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AddressOutcome'] = ResolversParentTypes['AddressOutcome']> = ResolversObject<{
  capabilities?: Resolver<Array<ResolversTypes['AddressCapabilityCheck']>, ParentType, ContextType>;
  failures?: Resolver<Array<ResolversTypes['AddressCheckFailure']>, ParentType, ContextType>;
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  input?: Resolver<ResolversTypes['NormalizedAddress'], ParentType, ContextType>;
  postalCodes?: Resolver<Array<ResolversTypes['PostalCodeCheck']>, ParentType, ContextType>;
  resolutions?: Resolver<Array<ResolversTypes['AddressResolution']>, ParentType, ContextType>;
}>;

export type AddressResolutionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AddressResolution'] = ResolversParentTypes['AddressResolution']> = ResolversObject<{
  address?: Resolver<ResolversTypes['NormalizedAddress'], ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['AddressClassification'], ParentType, ContextType>;
  deliveryPointValidated?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  fromCache?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  generalDelivery?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  postOfficeBox?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  resolutionMethod?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  resolutionToken?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  resolved?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  resolvedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type AnalyticsEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnalyticsEvent'] = ResolversParentTypes['AnalyticsEvent']> = ResolversObject<{
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deadReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  distinctId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  exportedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  identity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  insertId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['AnalyticsEventState'], ParentType, ContextType>;
}>;

export type AnalyticsEventConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnalyticsEventConnection'] = ResolversParentTypes['AnalyticsEventConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AnalyticsEventEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type AnalyticsEventEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnalyticsEventEdge'] = ResolversParentTypes['AnalyticsEventEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AnalyticsEvent'], ParentType, ContextType>;
}>;

export type AnalyticsOutboxResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AnalyticsOutbox'] = ResolversParentTypes['AnalyticsOutbox']> = ResolversObject<{
  dead?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  exportConfigured?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  exported?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  oldestPendingAgeSeconds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  oldestPendingAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AvailableDocumentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AvailableDocument'] = ResolversParentTypes['AvailableDocument']> = ResolversObject<{
  size?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type CancelPickupPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CancelPickupPayload'] = ResolversParentTypes['CancelPickupPayload']> = ResolversObject<{
  cancellation?: Resolver<Maybe<ResolversTypes['PickupCancellation']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type CancelReturnPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CancelReturnPayload'] = ResolversParentTypes['CancelReturnPayload']> = ResolversObject<{
  cancellation?: Resolver<Maybe<ResolversTypes['LabelCancellation']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type CancelShipmentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CancelShipmentPayload'] = ResolversParentTypes['CancelShipmentPayload']> = ResolversObject<{
  cancellation?: Resolver<Maybe<ResolversTypes['LabelCancellation']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type CarrierFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CarrierFailure'] = ResolversParentTypes['CarrierFailure']> = ResolversObject<{
  __resolveType: TypeResolveFn<'AddressCheckFailure' | 'LandedCostFailure' | 'RateFailure' | 'ReferenceLookupFailure' | 'ServicePointFailure' | 'TrackingFailure', ParentType, ContextType>;
}>;

export type CarrierRatesResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CarrierRates'] = ResolversParentTypes['CarrierRates']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  quotes?: Resolver<Array<ResolversTypes['RateQuote']>, ParentType, ContextType>;
  unreadableServices?: Resolver<Array<ResolversTypes['UnreadableService']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type CarrierTimeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CarrierTime'] = ResolversParentTypes['CarrierTime']> = ResolversObject<{
  instant?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  localDateTime?: Resolver<Maybe<ResolversTypes['LocalDateTime']>, ParentType, ContextType>;
}>;

export type CarrierWarningResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CarrierWarning'] = ResolversParentTypes['CarrierWarning']> = ResolversObject<{
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ChargeLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ChargeLine'] = ResolversParentTypes['ChargeLine']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ChargeKind'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type CommercialInvoiceUploadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CommercialInvoiceUpload'] = ResolversParentTypes['CommercialInvoiceUpload']> = ResolversObject<{
  invoiceNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['Label']>, ParentType, ContextType>;
}>;

export type CreatePushSubscriptionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreatePushSubscriptionPayload'] = ResolversParentTypes['CreatePushSubscriptionPayload']> = ResolversObject<{
  pushSubscription?: Resolver<Maybe<ResolversTypes['PushSubscription']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type CreateReturnPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateReturnPayload'] = ResolversParentTypes['CreateReturnPayload']> = ResolversObject<{
  purchase?: Resolver<Maybe<ResolversTypes['LabelPurchase']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type CreateShipmentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateShipmentPayload'] = ResolversParentTypes['CreateShipmentPayload']> = ResolversObject<{
  purchase?: Resolver<Maybe<ResolversTypes['LabelPurchase']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type CurrencyViewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CurrencyView'] = ResolversParentTypes['CurrencyView']> = ResolversObject<{
  breakdown?: Resolver<Array<ResolversTypes['ChargeLine']>, ParentType, ContextType>;
  currencyType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type DarkStoreChargeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DarkStoreCharge'] = ResolversParentTypes['DarkStoreCharge']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unitAmount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type DarkStoreDecisionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DarkStoreDecision'] = ResolversParentTypes['DarkStoreDecision']> = ResolversObject<{
  health?: Resolver<Maybe<ResolversTypes['DarkStoreHealth']>, ParentType, ContextType>;
  offered?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['PromiseReason']>, ParentType, ContextType>;
}>;

export type DarkStoreHealthResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DarkStoreHealth'] = ResolversParentTypes['DarkStoreHealth']> = ResolversObject<{
  ageSeconds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  checkedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  db?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  healthy?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  memoryRss?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memoryRssBytes?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timestamp?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uptimeSeconds?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type DarkStoreOfferResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DarkStoreOffer'] = ResolversParentTypes['DarkStoreOffer']> = ResolversObject<{
  charges?: Resolver<Array<ResolversTypes['DarkStoreCharge']>, ParentType, ContextType>;
  fromHours?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  holdingCost?: Resolver<ResolversTypes['HoldingCost'], ParentType, ContextType>;
  toHours?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  window?: Resolver<ResolversTypes['DeliveryWindow'], ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DelayResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Delay'] = ResolversParentTypes['Delay']> = ResolversObject<{
  status?: Resolver<Maybe<ResolversTypes['DelayStatus']>, ParentType, ContextType>;
  subType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type DeletePushSubscriptionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeletePushSubscriptionPayload'] = ResolversParentTypes['DeletePushSubscriptionPayload']> = ResolversObject<{
  pushSubscription?: Resolver<Maybe<ResolversTypes['PushSubscription']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type DeliveryOptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeliveryOption'] = ResolversParentTypes['DeliveryOption']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  darkStore?: Resolver<Maybe<ResolversTypes['DarkStoreOffer']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['DeliveryOptionKind'], ParentType, ContextType>;
  quote?: Resolver<Maybe<ResolversTypes['RateQuote']>, ParentType, ContextType>;
}>;

export type DeliveryPromiseResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeliveryPromise'] = ResolversParentTypes['DeliveryPromise']> = ResolversObject<{
  countryCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  couriers?: Resolver<Maybe<ResolversTypes['RateShopResult']>, ParentType, ContextType>;
  couriersNotAsked?: Resolver<Maybe<ResolversTypes['PromiseReason']>, ParentType, ContextType>;
  darkStore?: Resolver<ResolversTypes['DarkStoreDecision'], ParentType, ContextType>;
  earliest?: Resolver<Maybe<ResolversTypes['DeliveryOption']>, ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['DeliveryOption']>, ParentType, ContextType>;
  postalCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  promisedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type DeliveryWindowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeliveryWindow'] = ResolversParentTypes['DeliveryWindow']> = ResolversObject<{
  from?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  remark?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  to?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
}>;

export type DimensionsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Dimensions'] = ResolversParentTypes['Dimensions']> = ResolversObject<{
  height?: Resolver<Maybe<ResolversTypes['Measure']>, ParentType, ContextType>;
  length?: Resolver<Maybe<ResolversTypes['Measure']>, ParentType, ContextType>;
  width?: Resolver<Maybe<ResolversTypes['Measure']>, ParentType, ContextType>;
}>;

export type DocumentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Document'] = ResolversParentTypes['Document']> = ResolversObject<{
  base64?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contentExpiredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  contentType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  format?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['DocumentKind'], ParentType, ContextType>;
  nativeType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pieceTrackingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  urlExpiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EmailNotificationSubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EmailNotificationSubscription'] = ResolversParentTypes['EmailNotificationSubscription']> = ResolversObject<{
  accepted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recipientCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ExcludedQuoteResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExcludedQuote'] = ResolversParentTypes['ExcludedQuote']> = ResolversObject<{
  quote?: Resolver<ResolversTypes['RateQuote'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['RateExclusionReason'], ParentType, ContextType>;
}>;

export type FetchShipmentDocumentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FetchShipmentDocumentPayload'] = ResolversParentTypes['FetchShipmentDocumentPayload']> = ResolversObject<{
  document?: Resolver<Maybe<ResolversTypes['Document']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type HoldingCostResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['HoldingCost'] = ResolversParentTypes['HoldingCost']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  perUnitPerDay?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type LabelResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Label'] = ResolversParentTypes['Label']> = ResolversObject<{
  account?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  breakdown?: Resolver<Array<ResolversTypes['ChargeLine']>, ParentType, ContextType>;
  cancellationState?: Resolver<Maybe<ResolversTypes['CancellationState']>, ParentType, ContextType>;
  cancelledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  dispatchConfirmationNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  documents?: Resolver<Array<ResolversTypes['Document']>, ParentType, ContextType>;
  failure?: Resolver<Maybe<ResolversTypes['LabelFailure']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['LabelKind'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['LabelLinks'], ParentType, ContextType>;
  orderId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pickups?: Resolver<Array<ResolversTypes['Pickup']>, ParentType, ContextType>;
  pieces?: Resolver<Array<ResolversTypes['LabelPiece']>, ParentType, ContextType>;
  quotedTotal?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  references?: Resolver<Array<ResolversTypes['ShipmentReference']>, ParentType, ContextType>;
  returnOf?: Resolver<Maybe<ResolversTypes['Label']>, ParentType, ContextType>;
  service?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  serviceName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['LabelState'], ParentType, ContextType>;
  tender?: Resolver<Maybe<ResolversTypes['Tender']>, ParentType, ContextType>;
  tenderBy?: Resolver<Maybe<ResolversTypes['TenderKind']>, ParentType, ContextType>;
  tendered?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  tenderedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  total?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  trackingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  trackingUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type LabelCancellationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelCancellation'] = ResolversParentTypes['LabelCancellation']> = ResolversObject<{
  alreadyCancelled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  cancelled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['Label'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type LabelConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelConnection'] = ResolversParentTypes['LabelConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['LabelEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type LabelEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelEdge'] = ResolversParentTypes['LabelEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Label'], ParentType, ContextType>;
}>;

export type LabelFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelFailure'] = ResolversParentTypes['LabelFailure']> = ResolversObject<{
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type LabelLinksResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelLinks'] = ResolversParentTypes['LabelLinks']> = ResolversObject<{
  cancelPickupUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onDemandDeliveryUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  trackingUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type LabelPieceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelPiece'] = ResolversParentTypes['LabelPiece']> = ResolversObject<{
  carrierPackageId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cashOnDelivery?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  charge?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  packageId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  references?: Resolver<Array<ResolversTypes['ShipmentReference']>, ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type LabelPurchaseResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LabelPurchase'] = ResolversParentTypes['LabelPurchase']> = ResolversObject<{
  label?: Resolver<ResolversTypes['Label'], ParentType, ContextType>;
  replay?: Resolver<ResolversTypes['PurchaseReplay'], ParentType, ContextType>;
}>;

export type LandedCostEstimateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LandedCostEstimate'] = ResolversParentTypes['LandedCostEstimate']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['LandedCostLine']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type LandedCostFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LandedCostFailure'] = ResolversParentTypes['LandedCostFailure']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  retryable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type LandedCostLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LandedCostLine'] = ResolversParentTypes['LandedCostLine']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  itemIndex?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['LandedCostKind'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type LandedCostOutcomeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LandedCostOutcome'] = ResolversParentTypes['LandedCostOutcome']> = ResolversObject<{
  __resolveType: TypeResolveFn<'LandedCostEstimate' | 'LandedCostFailure', ParentType, ContextType>;
}>;

export type LandedCostResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LandedCostResult'] = ResolversParentTypes['LandedCostResult']> = ResolversObject<{
  estimatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  outcomes?: Resolver<Array<ResolversTypes['LandedCostOutcome']>, ParentType, ContextType>;
}>;

export type LaneServiceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LaneService'] = ResolversParentTypes['LaneService']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  served?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  services?: Resolver<Array<ResolversTypes['ServiceOffer']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export interface LocalDateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['LocalDate'], any> {
  name: 'LocalDate';
}

export interface LocalDateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['LocalDateTime'], any> {
  name: 'LocalDateTime';
}

export type LocationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Location'] = ResolversParentTypes['Location']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['PartyAddress']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type MeasureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Measure'] = ResolversParentTypes['Measure']> = ResolversObject<{
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type MoneyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  cancelPickup?: Resolver<ResolversTypes['CancelPickupPayload'], ParentType, ContextType, RequireFields<MutationCancelPickupArgs, 'input'>>;
  cancelReturn?: Resolver<ResolversTypes['CancelReturnPayload'], ParentType, ContextType, RequireFields<MutationCancelReturnArgs, 'input'>>;
  cancelShipment?: Resolver<ResolversTypes['CancelShipmentPayload'], ParentType, ContextType, RequireFields<MutationCancelShipmentArgs, 'input'>>;
  createPushSubscription?: Resolver<ResolversTypes['CreatePushSubscriptionPayload'], ParentType, ContextType, RequireFields<MutationCreatePushSubscriptionArgs, 'input'>>;
  createReturn?: Resolver<ResolversTypes['CreateReturnPayload'], ParentType, ContextType, RequireFields<MutationCreateReturnArgs, 'input'>>;
  createShipment?: Resolver<ResolversTypes['CreateShipmentPayload'], ParentType, ContextType, RequireFields<MutationCreateShipmentArgs, 'input'>>;
  deletePushSubscription?: Resolver<ResolversTypes['DeletePushSubscriptionPayload'], ParentType, ContextType, RequireFields<MutationDeletePushSubscriptionArgs, 'input'>>;
  fetchShipmentDocument?: Resolver<ResolversTypes['FetchShipmentDocumentPayload'], ParentType, ContextType, RequireFields<MutationFetchShipmentDocumentArgs, 'input'>>;
  requeueAnalyticsEvent?: Resolver<ResolversTypes['RequeueAnalyticsEventPayload'], ParentType, ContextType, RequireFields<MutationRequeueAnalyticsEventArgs, 'input'>>;
  schedulePickup?: Resolver<ResolversTypes['PickupBookingPayload'], ParentType, ContextType, RequireFields<MutationSchedulePickupArgs, 'input'>>;
  settleLabel?: Resolver<ResolversTypes['SettleLabelPayload'], ParentType, ContextType, RequireFields<MutationSettleLabelArgs, 'input'>>;
  settlePickup?: Resolver<ResolversTypes['SettlePickupPayload'], ParentType, ContextType, RequireFields<MutationSettlePickupArgs, 'input'>>;
  subscribeEmailNotifications?: Resolver<ResolversTypes['SubscribeEmailNotificationsPayload'], ParentType, ContextType, RequireFields<MutationSubscribeEmailNotificationsArgs, 'input'>>;
  tenderLabels?: Resolver<ResolversTypes['TenderLabelsPayload'], ParentType, ContextType, RequireFields<MutationTenderLabelsArgs, 'input'>>;
  unwatchShipment?: Resolver<ResolversTypes['UnwatchShipmentPayload'], ParentType, ContextType, RequireFields<MutationUnwatchShipmentArgs, 'input'>>;
  updatePickup?: Resolver<ResolversTypes['PickupBookingPayload'], ParentType, ContextType, RequireFields<MutationUpdatePickupArgs, 'input'>>;
  uploadCommercialInvoice?: Resolver<ResolversTypes['UploadCommercialInvoicePayload'], ParentType, ContextType, RequireFields<MutationUploadCommercialInvoiceArgs, 'input'>>;
  uploadShipmentImage?: Resolver<ResolversTypes['UploadShipmentImagePayload'], ParentType, ContextType, RequireFields<MutationUploadShipmentImageArgs, 'input'>>;
  validateShipment?: Resolver<ResolversTypes['ValidateShipmentPayload'], ParentType, ContextType, RequireFields<MutationValidateShipmentArgs, 'input'>>;
  watchShipment?: Resolver<ResolversTypes['WatchShipmentPayload'], ParentType, ContextType, RequireFields<MutationWatchShipmentArgs, 'input'>>;
}>;

export type NodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Document' | 'Label' | 'Pickup' | 'PushSubscription' | 'Shipment' | 'ShipmentStatusChange' | 'ShipmentWatch' | 'Tender', ParentType, ContextType>;
}>;

export type NormalizedAddressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NormalizedAddress'] = ResolversParentTypes['NormalizedAddress']> = ResolversObject<{
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  stateOrProvinceCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  streetLines?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type OpeningHoursResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OpeningHours'] = ResolversParentTypes['OpeningHours']> = ResolversObject<{
  closes?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  day?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  opens?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  weekday?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type OrderShipmentsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OrderShipments'] = ResolversParentTypes['OrderShipments']> = ResolversObject<{
  carrierShipments?: Resolver<Array<ResolversTypes['Shipment']>, ParentType, ContextType>;
  failures?: Resolver<Array<ResolversTypes['ReferenceLookupFailure']>, ParentType, ContextType>;
  labels?: Resolver<Maybe<ResolversTypes['LabelConnection']>, ParentType, ContextType, Partial<OrderShipmentsLabelsArgs>>;
}>;

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PartyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Party'] = ResolversParentTypes['Party']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['PartyAddress']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organizationName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PartyAddressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PartyAddress'] = ResolversParentTypes['PartyAddress']> = ResolversObject<{
  countryCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  locality?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  region?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  streetLines?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
}>;

export type PickupResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Pickup'] = ResolversParentTypes['Pickup']> = ResolversObject<{
  account?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cancelUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cancelledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  confirmationNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  failure?: Resolver<Maybe<ResolversTypes['PickupFailure']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  labels?: Resolver<Array<ResolversTypes['Label']>, ParentType, ContextType>;
  location?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  network?: Resolver<ResolversTypes['PickupNetwork'], ParentType, ContextType>;
  nextPickupDate?: Resolver<Maybe<ResolversTypes['LocalDate']>, ParentType, ContextType>;
  otherConfirmationNumbers?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  readyAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  readyByTime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  scheduledDate?: Resolver<Maybe<ResolversTypes['LocalDate']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['PickupSource'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['PickupState'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PickupAvailabilityResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupAvailability'] = ResolversParentTypes['PickupAvailability']> = ResolversObject<{
  options?: Resolver<Array<ResolversTypes['PickupAvailabilityOption']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type PickupAvailabilityOptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupAvailabilityOption'] = ResolversParentTypes['PickupAvailabilityOption']> = ResolversObject<{
  accessTime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  available?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cutoffTime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  network?: Resolver<ResolversTypes['PickupNetwork'], ParentType, ContextType>;
  pickupDate?: Resolver<ResolversTypes['LocalDate'], ParentType, ContextType>;
  readyTime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PickupBookingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupBooking'] = ResolversParentTypes['PickupBooking']> = ResolversObject<{
  pickup?: Resolver<ResolversTypes['Pickup'], ParentType, ContextType>;
  replay?: Resolver<ResolversTypes['PickupReplay'], ParentType, ContextType>;
}>;

export type PickupBookingPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupBookingPayload'] = ResolversParentTypes['PickupBookingPayload']> = ResolversObject<{
  booking?: Resolver<Maybe<ResolversTypes['PickupBooking']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type PickupCancellationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupCancellation'] = ResolversParentTypes['PickupCancellation']> = ResolversObject<{
  cancelled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pickup?: Resolver<ResolversTypes['Pickup'], ParentType, ContextType>;
  replayed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type PickupConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupConnection'] = ResolversParentTypes['PickupConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PickupEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type PickupEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupEdge'] = ResolversParentTypes['PickupEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Pickup'], ParentType, ContextType>;
}>;

export type PickupFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupFailure'] = ResolversParentTypes['PickupFailure']> = ResolversObject<{
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PickupWindowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PickupWindow'] = ResolversParentTypes['PickupWindow']> = ResolversObject<{
  cutoff?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  earliest?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  gmtCutoffTime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  latest?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nextBusinessDay?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
}>;

export type PieceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Piece'] = ResolversParentTypes['Piece']> = ResolversObject<{
  dimensions?: Resolver<Maybe<ResolversTypes['Dimensions']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['TrackingEvent']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sequenceNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  trackingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  typeCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  weight?: Resolver<Maybe<ResolversTypes['Measure']>, ParentType, ContextType>;
}>;

export type PostalCodeCheckResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PostalCodeCheck'] = ResolversParentTypes['PostalCodeCheck']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cleanedPostalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fromCache?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  postalCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resolvedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  stateOrProvinceCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  valid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type PromiseReasonResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PromiseReason'] = ResolversParentTypes['PromiseReason']> = ResolversObject<{
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ProofOfDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProofOfDelivery'] = ResolversParentTypes['ProofOfDelivery']> = ResolversObject<{
  document?: Resolver<Maybe<ResolversTypes['Document']>, ParentType, ContextType>;
  documentUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  receivedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signatureUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signedAvailable?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  signedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  time?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
}>;

export type PushSubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PushSubscription'] = ResolversParentTypes['PushSubscription']> = ResolversObject<{
  activatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  carrierSubscriptionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['PushSubscriptionScope'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['PushSubscriptionState'], ParentType, ContextType>;
  subject?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PushSubscriptionConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PushSubscriptionConnection'] = ResolversParentTypes['PushSubscriptionConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PushSubscriptionEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type PushSubscriptionEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PushSubscriptionEdge'] = ResolversParentTypes['PushSubscriptionEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PushSubscription'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  analyticsDeadLetters?: Resolver<Maybe<ResolversTypes['AnalyticsEventConnection']>, ParentType, ContextType, Partial<QueryAnalyticsDeadLettersArgs>>;
  analyticsOutbox?: Resolver<ResolversTypes['AnalyticsOutbox'], ParentType, ContextType>;
  darkStoreHealth?: Resolver<Maybe<ResolversTypes['DarkStoreHealth']>, ParentType, ContextType>;
  deliveryPromise?: Resolver<Maybe<ResolversTypes['DeliveryPromise']>, ParentType, ContextType, RequireFields<QueryDeliveryPromiseArgs, 'input'>>;
  label?: Resolver<Maybe<ResolversTypes['Label']>, ParentType, ContextType, RequireFields<QueryLabelArgs, 'id'>>;
  labels?: Resolver<Maybe<ResolversTypes['LabelConnection']>, ParentType, ContextType, Partial<QueryLabelsArgs>>;
  landedCost?: Resolver<Maybe<ResolversTypes['LandedCostResult']>, ParentType, ContextType, RequireFields<QueryLandedCostArgs, 'input'>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Maybe<Array<Maybe<ResolversTypes['Node']>>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  pickup?: Resolver<Maybe<ResolversTypes['Pickup']>, ParentType, ContextType, RequireFields<QueryPickupArgs, 'id'>>;
  pickupAvailability?: Resolver<Maybe<ResolversTypes['PickupAvailability']>, ParentType, ContextType, RequireFields<QueryPickupAvailabilityArgs, 'input'>>;
  pickups?: Resolver<Maybe<ResolversTypes['PickupConnection']>, ParentType, ContextType, Partial<QueryPickupsArgs>>;
  pushSubscriptions?: Resolver<Maybe<ResolversTypes['PushSubscriptionConnection']>, ParentType, ContextType, Partial<QueryPushSubscriptionsArgs>>;
  rates?: Resolver<Maybe<ResolversTypes['RateShopResult']>, ParentType, ContextType, RequireFields<QueryRatesArgs, 'input'>>;
  resolveAddresses?: Resolver<Maybe<Array<ResolversTypes['AddressOutcome']>>, ParentType, ContextType, RequireFields<QueryResolveAddressesArgs, 'inputs'>>;
  servicePoints?: Resolver<Maybe<ResolversTypes['ServicePointsResult']>, ParentType, ContextType, RequireFields<QueryServicePointsArgs, 'near'>>;
  serviceability?: Resolver<Maybe<ResolversTypes['ServiceabilityResult']>, ParentType, ContextType, RequireFields<QueryServiceabilityArgs, 'input'>>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType, RequireFields<QueryShipmentArgs, 'carrier' | 'trackingNumber'>>;
  shipmentById?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType, RequireFields<QueryShipmentByIdArgs, 'id'>>;
  shipmentsByOrder?: Resolver<Maybe<ResolversTypes['OrderShipments']>, ParentType, ContextType, RequireFields<QueryShipmentsByOrderArgs, 'orderId'>>;
  shipmentsByReference?: Resolver<Maybe<ResolversTypes['ShipmentConnection']>, ParentType, ContextType, RequireFields<QueryShipmentsByReferenceArgs, 'input'>>;
  statusChange?: Resolver<Maybe<ResolversTypes['ShipmentStatusChange']>, ParentType, ContextType, RequireFields<QueryStatusChangeArgs, 'id'>>;
  statusChanges?: Resolver<Maybe<ResolversTypes['ShipmentStatusChangeConnection']>, ParentType, ContextType, RequireFields<QueryStatusChangesArgs, 'filter'>>;
  tender?: Resolver<Maybe<ResolversTypes['Tender']>, ParentType, ContextType, RequireFields<QueryTenderArgs, 'id'>>;
  track?: Resolver<Maybe<Array<ResolversTypes['TrackOutcome']>>, ParentType, ContextType, RequireFields<QueryTrackArgs, 'inputs'>>;
  untenderedLabels?: Resolver<Maybe<ResolversTypes['LabelConnection']>, ParentType, ContextType, Partial<QueryUntenderedLabelsArgs>>;
  watch?: Resolver<Maybe<ResolversTypes['ShipmentWatch']>, ParentType, ContextType, RequireFields<QueryWatchArgs, 'id'>>;
  watches?: Resolver<Maybe<ResolversTypes['ShipmentWatchConnection']>, ParentType, ContextType, RequireFields<QueryWatchesArgs, 'activeOnly'>>;
}>;

export type RateFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RateFailure'] = ResolversParentTypes['RateFailure']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  retryable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  workableServices?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type RateOutcomeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RateOutcome'] = ResolversParentTypes['RateOutcome']> = ResolversObject<{
  __resolveType: TypeResolveFn<'CarrierRates' | 'RateFailure', ParentType, ContextType>;
}>;

export type RateQuoteResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RateQuote'] = ResolversParentTypes['RateQuote']> = ResolversObject<{
  accountNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  breakdown?: Resolver<Array<ResolversTypes['ChargeLine']>, ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  commitDate?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  currencyViews?: Resolver<Array<ResolversTypes['CurrencyView']>, ParentType, ContextType>;
  deliveryWindow?: Resolver<Maybe<ResolversTypes['DeliveryWindow']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  estimatedDelivery?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  guaranteed?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  localServiceCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nativeRateType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pickup?: Resolver<Maybe<ResolversTypes['PickupWindow']>, ParentType, ContextType>;
  rateType?: Resolver<ResolversTypes['RateType'], ParentType, ContextType>;
  serviceCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  serviceLevel?: Resolver<ResolversTypes['ServiceLevel'], ParentType, ContextType>;
  serviceName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  transitDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  transitTime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type RateShopResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RateShopResult'] = ResolversParentTypes['RateShopResult']> = ResolversObject<{
  best?: Resolver<Maybe<ResolversTypes['RateQuote']>, ParentType, ContextType>;
  excluded?: Resolver<Array<ResolversTypes['ExcludedQuote']>, ParentType, ContextType>;
  fromCache?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  outcomes?: Resolver<Array<ResolversTypes['RateOutcome']>, ParentType, ContextType>;
  quotedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  quotes?: Resolver<Array<ResolversTypes['RateQuote']>, ParentType, ContextType>;
  skipped?: Resolver<Array<ResolversTypes['SkippedCarrier']>, ParentType, ContextType>;
  strategy?: Resolver<ResolversTypes['RateStrategy'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type ReferenceLookupFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReferenceLookupFailure'] = ResolversParentTypes['ReferenceLookupFailure']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  retryable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type RequeueAnalyticsEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RequeueAnalyticsEventPayload'] = ResolversParentTypes['RequeueAnalyticsEventPayload']> = ResolversObject<{
  event?: Resolver<Maybe<ResolversTypes['AnalyticsEvent']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type ServiceInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServiceInfo'] = ResolversParentTypes['ServiceInfo']> = ResolversObject<{
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ServiceOfferResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServiceOffer'] = ResolversParentTypes['ServiceOffer']> = ResolversObject<{
  estimatedDelivery?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  localServiceCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  serviceCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  serviceLevel?: Resolver<ResolversTypes['ServiceLevel'], ParentType, ContextType>;
  serviceName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  transitDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type ServicePointResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServicePoint'] = ResolversParentTypes['ServicePoint']> = ResolversObject<{
  address?: Resolver<ResolversTypes['NormalizedAddress'], ParentType, ContextType>;
  capabilities?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  distanceKm?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  latitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  longitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  openingHours?: Resolver<Array<ResolversTypes['OpeningHours']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ServicePointFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServicePointFailure'] = ResolversParentTypes['ServicePointFailure']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  retryable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ServicePointsResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServicePointsResult'] = ResolversParentTypes['ServicePointsResult']> = ResolversObject<{
  failures?: Resolver<Array<ResolversTypes['ServicePointFailure']>, ParentType, ContextType>;
  points?: Resolver<Array<ResolversTypes['ServicePoint']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type ServiceabilityOutcomeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServiceabilityOutcome'] = ResolversParentTypes['ServiceabilityOutcome']> = ResolversObject<{
  __resolveType: TypeResolveFn<'LaneService' | 'RateFailure', ParentType, ContextType>;
}>;

export type ServiceabilityResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServiceabilityResult'] = ResolversParentTypes['ServiceabilityResult']> = ResolversObject<{
  checkedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fromCache?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  outcomes?: Resolver<Array<ResolversTypes['ServiceabilityOutcome']>, ParentType, ContextType>;
  skipped?: Resolver<Array<ResolversTypes['SkippedCarrier']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type SettleLabelPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SettleLabelPayload'] = ResolversParentTypes['SettleLabelPayload']> = ResolversObject<{
  label?: Resolver<Maybe<ResolversTypes['Label']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type SettlePickupPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SettlePickupPayload'] = ResolversParentTypes['SettlePickupPayload']> = ResolversObject<{
  pickup?: Resolver<Maybe<ResolversTypes['Pickup']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type ShipmentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Shipment'] = ResolversParentTypes['Shipment'], FederationReferenceType extends FederationReferenceTypes['Shipment'] = FederationReferenceTypes['Shipment']> = ResolversObject<{
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Shipment']> | FederationReferenceType, FederationReferenceType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  carrierName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  carrierUniqueId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  declaredValue?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  delay?: Resolver<Maybe<ResolversTypes['Delay']>, ParentType, ContextType>;
  deliveredAt?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  deliveryAttempts?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  destination?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  documentsAvailable?: Resolver<Array<ResolversTypes['AvailableDocument']>, ParentType, ContextType>;
  estimatedDelivery?: Resolver<Maybe<ResolversTypes['DeliveryWindow']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['TrackingEvent']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isReturn?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  origin?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  pickedUpAt?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  pieceCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  pieces?: Resolver<Array<ResolversTypes['Piece']>, ParentType, ContextType>;
  proofOfDelivery?: Resolver<Maybe<ResolversTypes['ProofOfDelivery']>, ParentType, ContextType>;
  recipient?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  references?: Resolver<Array<ResolversTypes['ShipmentReference']>, ParentType, ContextType>;
  rerouteUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  service?: Resolver<Maybe<ResolversTypes['ServiceInfo']>, ParentType, ContextType>;
  serviceUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shippedAt?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  shipper?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['StatusReading'], ParentType, ContextType>;
  statusDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  statusLocation?: Resolver<Maybe<ResolversTypes['Location']>, ParentType, ContextType>;
  statusTime?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  totalWeight?: Resolver<Maybe<ResolversTypes['Measure']>, ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentConnection'] = ResolversParentTypes['ShipmentConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ShipmentEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type ShipmentEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentEdge'] = ResolversParentTypes['ShipmentEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Shipment'], ParentType, ContextType>;
}>;

export type ShipmentReferenceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentReference'] = ResolversParentTypes['ShipmentReference']> = ResolversObject<{
  scope?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ShipmentStatusChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentStatusChange'] = ResolversParentTypes['ShipmentStatusChange']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  location?: Resolver<Maybe<ResolversTypes['Location']>, ParentType, ContextType>;
  recordedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  references?: Resolver<Array<ResolversTypes['ShipmentReference']>, ParentType, ContextType>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType>;
  shipmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['StatusChangeSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['StatusReading'], ParentType, ContextType>;
  time?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentStatusChangeConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentStatusChangeConnection'] = ResolversParentTypes['ShipmentStatusChangeConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ShipmentStatusChangeEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type ShipmentStatusChangeEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentStatusChangeEdge'] = ResolversParentTypes['ShipmentStatusChangeEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ShipmentStatusChange'], ParentType, ContextType>;
}>;

export type ShipmentValidationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentValidation'] = ResolversParentTypes['ShipmentValidation']> = ResolversObject<{
  alerts?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  valid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type ShipmentWatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentWatch'] = ResolversParentTypes['ShipmentWatch']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  failures?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['WatchError']>, ParentType, ContextType>;
  lastPolledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastStatus?: Resolver<Maybe<ResolversTypes['StatusReading']>, ParentType, ContextType>;
  nextPollAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType>;
  shipmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  stoppedReason?: Resolver<Maybe<ResolversTypes['WatchStopReason']>, ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShipmentWatchConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentWatchConnection'] = ResolversParentTypes['ShipmentWatchConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ShipmentWatchEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type ShipmentWatchEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentWatchEdge'] = ResolversParentTypes['ShipmentWatchEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ShipmentWatch'], ParentType, ContextType>;
}>;

export type SkippedCarrierResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SkippedCarrier'] = ResolversParentTypes['SkippedCarrier']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type StatusReadingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StatusReading'] = ResolversParentTypes['StatusReading']> = ResolversObject<{
  nativeCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nativeText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ShipmentStatus'], ParentType, ContextType>;
}>;

export type SubscribeEmailNotificationsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SubscribeEmailNotificationsPayload'] = ResolversParentTypes['SubscribeEmailNotificationsPayload']> = ResolversObject<{
  subscription?: Resolver<Maybe<ResolversTypes['EmailNotificationSubscription']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  labelUpdated?: SubscriptionResolver<ResolversTypes['Label'], "labelUpdated", ParentType, ContextType, RequireFields<SubscriptionLabelUpdatedArgs, 'id'>>;
  shipmentStatusChanged?: SubscriptionResolver<ResolversTypes['ShipmentStatusChange'], "shipmentStatusChanged", ParentType, ContextType, RequireFields<SubscriptionShipmentStatusChangedArgs, 'filter'>>;
}>;

export type TenderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Tender'] = ResolversParentTypes['Tender']> = ResolversObject<{
  account?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['LocalDate'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  documents?: Resolver<Array<ResolversTypes['Document']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['TenderKind'], ParentType, ContextType>;
  labels?: Resolver<Array<ResolversTypes['Label']>, ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['TenderOutcome'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TenderLabelsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TenderLabelsPayload'] = ResolversParentTypes['TenderLabelsPayload']> = ResolversObject<{
  tender?: Resolver<Maybe<ResolversTypes['Tender']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type TrackOutcomeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackOutcome'] = ResolversParentTypes['TrackOutcome']> = ResolversObject<{
  __resolveType: TypeResolveFn<'TrackedShipments' | 'TrackingFailure', ParentType, ContextType>;
}>;

export type TrackedShipmentsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackedShipments'] = ResolversParentTypes['TrackedShipments']> = ResolversObject<{
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  shipments?: Resolver<Array<ResolversTypes['Shipment']>, ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TrackingEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackingEvent'] = ResolversParentTypes['TrackingEvent']> = ResolversObject<{
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  exceptionCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  exceptionDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  location?: Resolver<Maybe<ResolversTypes['Location']>, ParentType, ContextType>;
  nextSteps?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pieceIds?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  remark?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['StatusReading'], ParentType, ContextType>;
  time?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
}>;

export type TrackingFailureResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrackingFailure'] = ResolversParentTypes['TrackingFailure']> = ResolversObject<{
  candidates?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  carrierErrorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  customerTransactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  retryable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UnreadableServiceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UnreadableService'] = ResolversParentTypes['UnreadableService']> = ResolversObject<{
  code?: Resolver<ResolversTypes['CarrierFailureCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  serviceCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type UnwatchShipmentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UnwatchShipmentPayload'] = ResolversParentTypes['UnwatchShipmentPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  watch?: Resolver<Maybe<ResolversTypes['ShipmentWatch']>, ParentType, ContextType>;
}>;

export type UploadCommercialInvoicePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UploadCommercialInvoicePayload'] = ResolversParentTypes['UploadCommercialInvoicePayload']> = ResolversObject<{
  invoiceUpload?: Resolver<Maybe<ResolversTypes['CommercialInvoiceUpload']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type UploadShipmentImagePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UploadShipmentImagePayload'] = ResolversParentTypes['UploadShipmentImagePayload']> = ResolversObject<{
  label?: Resolver<Maybe<ResolversTypes['Label']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type UserErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = ResolversObject<{
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['UserErrorCode'], ParentType, ContextType>;
  field?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ValidateShipmentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ValidateShipmentPayload'] = ResolversParentTypes['ValidateShipmentPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  validation?: Resolver<Maybe<ResolversTypes['ShipmentValidation']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
}>;

export type WatchErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WatchError'] = ResolversParentTypes['WatchError']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type WatchShipmentPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WatchShipmentPayload'] = ResolversParentTypes['WatchShipmentPayload']> = ResolversObject<{
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['CarrierWarning']>, ParentType, ContextType>;
  watch?: Resolver<Maybe<ResolversTypes['ShipmentWatch']>, ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  AddressCapabilityCheck?: AddressCapabilityCheckResolvers<ContextType>;
  AddressCheckFailure?: AddressCheckFailureResolvers<ContextType>;
  AddressOutcome?: AddressOutcomeResolvers<ContextType>;
  AddressResolution?: AddressResolutionResolvers<ContextType>;
  AnalyticsEvent?: AnalyticsEventResolvers<ContextType>;
  AnalyticsEventConnection?: AnalyticsEventConnectionResolvers<ContextType>;
  AnalyticsEventEdge?: AnalyticsEventEdgeResolvers<ContextType>;
  AnalyticsOutbox?: AnalyticsOutboxResolvers<ContextType>;
  AvailableDocument?: AvailableDocumentResolvers<ContextType>;
  CancelPickupPayload?: CancelPickupPayloadResolvers<ContextType>;
  CancelReturnPayload?: CancelReturnPayloadResolvers<ContextType>;
  CancelShipmentPayload?: CancelShipmentPayloadResolvers<ContextType>;
  CarrierFailure?: CarrierFailureResolvers<ContextType>;
  CarrierRates?: CarrierRatesResolvers<ContextType>;
  CarrierTime?: CarrierTimeResolvers<ContextType>;
  CarrierWarning?: CarrierWarningResolvers<ContextType>;
  ChargeLine?: ChargeLineResolvers<ContextType>;
  CommercialInvoiceUpload?: CommercialInvoiceUploadResolvers<ContextType>;
  CreatePushSubscriptionPayload?: CreatePushSubscriptionPayloadResolvers<ContextType>;
  CreateReturnPayload?: CreateReturnPayloadResolvers<ContextType>;
  CreateShipmentPayload?: CreateShipmentPayloadResolvers<ContextType>;
  CurrencyView?: CurrencyViewResolvers<ContextType>;
  DarkStoreCharge?: DarkStoreChargeResolvers<ContextType>;
  DarkStoreDecision?: DarkStoreDecisionResolvers<ContextType>;
  DarkStoreHealth?: DarkStoreHealthResolvers<ContextType>;
  DarkStoreOffer?: DarkStoreOfferResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  Delay?: DelayResolvers<ContextType>;
  DeletePushSubscriptionPayload?: DeletePushSubscriptionPayloadResolvers<ContextType>;
  DeliveryOption?: DeliveryOptionResolvers<ContextType>;
  DeliveryPromise?: DeliveryPromiseResolvers<ContextType>;
  DeliveryWindow?: DeliveryWindowResolvers<ContextType>;
  Dimensions?: DimensionsResolvers<ContextType>;
  Document?: DocumentResolvers<ContextType>;
  EmailNotificationSubscription?: EmailNotificationSubscriptionResolvers<ContextType>;
  ExcludedQuote?: ExcludedQuoteResolvers<ContextType>;
  FetchShipmentDocumentPayload?: FetchShipmentDocumentPayloadResolvers<ContextType>;
  HoldingCost?: HoldingCostResolvers<ContextType>;
  Label?: LabelResolvers<ContextType>;
  LabelCancellation?: LabelCancellationResolvers<ContextType>;
  LabelConnection?: LabelConnectionResolvers<ContextType>;
  LabelEdge?: LabelEdgeResolvers<ContextType>;
  LabelFailure?: LabelFailureResolvers<ContextType>;
  LabelLinks?: LabelLinksResolvers<ContextType>;
  LabelPiece?: LabelPieceResolvers<ContextType>;
  LabelPurchase?: LabelPurchaseResolvers<ContextType>;
  LandedCostEstimate?: LandedCostEstimateResolvers<ContextType>;
  LandedCostFailure?: LandedCostFailureResolvers<ContextType>;
  LandedCostLine?: LandedCostLineResolvers<ContextType>;
  LandedCostOutcome?: LandedCostOutcomeResolvers<ContextType>;
  LandedCostResult?: LandedCostResultResolvers<ContextType>;
  LaneService?: LaneServiceResolvers<ContextType>;
  LocalDate?: GraphQLScalarType;
  LocalDateTime?: GraphQLScalarType;
  Location?: LocationResolvers<ContextType>;
  Measure?: MeasureResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  NormalizedAddress?: NormalizedAddressResolvers<ContextType>;
  OpeningHours?: OpeningHoursResolvers<ContextType>;
  OrderShipments?: OrderShipmentsResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Party?: PartyResolvers<ContextType>;
  PartyAddress?: PartyAddressResolvers<ContextType>;
  Pickup?: PickupResolvers<ContextType>;
  PickupAvailability?: PickupAvailabilityResolvers<ContextType>;
  PickupAvailabilityOption?: PickupAvailabilityOptionResolvers<ContextType>;
  PickupBooking?: PickupBookingResolvers<ContextType>;
  PickupBookingPayload?: PickupBookingPayloadResolvers<ContextType>;
  PickupCancellation?: PickupCancellationResolvers<ContextType>;
  PickupConnection?: PickupConnectionResolvers<ContextType>;
  PickupEdge?: PickupEdgeResolvers<ContextType>;
  PickupFailure?: PickupFailureResolvers<ContextType>;
  PickupWindow?: PickupWindowResolvers<ContextType>;
  Piece?: PieceResolvers<ContextType>;
  PostalCodeCheck?: PostalCodeCheckResolvers<ContextType>;
  PromiseReason?: PromiseReasonResolvers<ContextType>;
  ProofOfDelivery?: ProofOfDeliveryResolvers<ContextType>;
  PushSubscription?: PushSubscriptionResolvers<ContextType>;
  PushSubscriptionConnection?: PushSubscriptionConnectionResolvers<ContextType>;
  PushSubscriptionEdge?: PushSubscriptionEdgeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RateFailure?: RateFailureResolvers<ContextType>;
  RateOutcome?: RateOutcomeResolvers<ContextType>;
  RateQuote?: RateQuoteResolvers<ContextType>;
  RateShopResult?: RateShopResultResolvers<ContextType>;
  ReferenceLookupFailure?: ReferenceLookupFailureResolvers<ContextType>;
  RequeueAnalyticsEventPayload?: RequeueAnalyticsEventPayloadResolvers<ContextType>;
  ServiceInfo?: ServiceInfoResolvers<ContextType>;
  ServiceOffer?: ServiceOfferResolvers<ContextType>;
  ServicePoint?: ServicePointResolvers<ContextType>;
  ServicePointFailure?: ServicePointFailureResolvers<ContextType>;
  ServicePointsResult?: ServicePointsResultResolvers<ContextType>;
  ServiceabilityOutcome?: ServiceabilityOutcomeResolvers<ContextType>;
  ServiceabilityResult?: ServiceabilityResultResolvers<ContextType>;
  SettleLabelPayload?: SettleLabelPayloadResolvers<ContextType>;
  SettlePickupPayload?: SettlePickupPayloadResolvers<ContextType>;
  Shipment?: ShipmentResolvers<ContextType>;
  ShipmentConnection?: ShipmentConnectionResolvers<ContextType>;
  ShipmentEdge?: ShipmentEdgeResolvers<ContextType>;
  ShipmentReference?: ShipmentReferenceResolvers<ContextType>;
  ShipmentStatusChange?: ShipmentStatusChangeResolvers<ContextType>;
  ShipmentStatusChangeConnection?: ShipmentStatusChangeConnectionResolvers<ContextType>;
  ShipmentStatusChangeEdge?: ShipmentStatusChangeEdgeResolvers<ContextType>;
  ShipmentValidation?: ShipmentValidationResolvers<ContextType>;
  ShipmentWatch?: ShipmentWatchResolvers<ContextType>;
  ShipmentWatchConnection?: ShipmentWatchConnectionResolvers<ContextType>;
  ShipmentWatchEdge?: ShipmentWatchEdgeResolvers<ContextType>;
  SkippedCarrier?: SkippedCarrierResolvers<ContextType>;
  StatusReading?: StatusReadingResolvers<ContextType>;
  SubscribeEmailNotificationsPayload?: SubscribeEmailNotificationsPayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Tender?: TenderResolvers<ContextType>;
  TenderLabelsPayload?: TenderLabelsPayloadResolvers<ContextType>;
  TrackOutcome?: TrackOutcomeResolvers<ContextType>;
  TrackedShipments?: TrackedShipmentsResolvers<ContextType>;
  TrackingEvent?: TrackingEventResolvers<ContextType>;
  TrackingFailure?: TrackingFailureResolvers<ContextType>;
  UnreadableService?: UnreadableServiceResolvers<ContextType>;
  UnwatchShipmentPayload?: UnwatchShipmentPayloadResolvers<ContextType>;
  UploadCommercialInvoicePayload?: UploadCommercialInvoicePayloadResolvers<ContextType>;
  UploadShipmentImagePayload?: UploadShipmentImagePayloadResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  ValidateShipmentPayload?: ValidateShipmentPayloadResolvers<ContextType>;
  WatchError?: WatchErrorResolvers<ContextType>;
  WatchShipmentPayload?: WatchShipmentPayloadResolvers<ContextType>;
}>;

