import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { Shipment as ShipmentModel, TrackingEvent as TrackingEventModel, Piece as PieceModel } from '../domain/shipment.js';
import type { TrackedShipmentsModel as TrackedShipmentsModelModel, TrackingFailureModel as TrackingFailureModelModel } from '../graphql/models.js';
import type { StatusChange as StatusChangeModel } from '../domain/status-change.js';
import type { PushSubscription as PushSubscriptionModel } from '../domain/push.js';
import type { ShipmentWatch as ShipmentWatchModel } from '../domain/watch.js';
import type { GraphQLContext } from '../graphql/context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
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

export type AvailableDocument = {
  __typename?: 'AvailableDocument';
  size?: Maybe<Scalars['String']['output']>;
  type: Scalars['String']['output'];
};

/** The networks this subgraph speaks to. Group A's division travels beside it (`division`). */
export type Carrier =
  | 'CARRIER_B'
  | 'DARK_STORE'
  | 'GROUP_A';

/**
 * A moment as the carrier reported it: `instant` where the carrier gives an offset (or its parts, recombined),
 * `localDateTime` where it gives none. Exactly one is set.
 */
export type CarrierTime = {
  __typename?: 'CarrierTime';
  instant?: Maybe<Scalars['DateTime']['output']>;
  localDateTime?: Maybe<Scalars['LocalDateTime']['output']>;
};

/** A soft failure in an otherwise successful answer (Group A express `warnings[]`, Carrier B `alerts[]`). */
export type CarrierWarning = {
  __typename?: 'CarrierWarning';
  code?: Maybe<Scalars['String']['output']>;
  message: Scalars['String']['output'];
  type?: Maybe<Scalars['String']['output']>;
};

export type CreatePushSubscriptionInput = {
  /** Group A division, when known. */
  division?: InputMaybe<Scalars['String']['input']>;
  scope: PushSubscriptionScope;
  subject: Scalars['String']['input'];
};

export type Delay = {
  __typename?: 'Delay';
  status?: Maybe<DelayStatus>;
  subType?: Maybe<Scalars['String']['output']>;
  type?: Maybe<Scalars['String']['output']>;
};

export type DelayStatus =
  | 'DELAYED'
  | 'EARLY'
  | 'ON_TIME';

export type DeliveryWindow = {
  __typename?: 'DeliveryWindow';
  from?: Maybe<CarrierTime>;
  remark?: Maybe<Scalars['String']['output']>;
  to?: Maybe<CarrierTime>;
};

export type Dimensions = {
  __typename?: 'Dimensions';
  height?: Maybe<Measure>;
  length?: Maybe<Measure>;
  width?: Maybe<Measure>;
};

/** How an e-commerce package is looked up: by the caller's own package id or by the carrier's id. */
export type EcommerceIdType =
  | 'CARRIER_PACKAGE_ID'
  | 'PACKAGE_ID';

export type Location = {
  __typename?: 'Location';
  address?: Maybe<PartyAddress>;
  description?: Maybe<Scalars['String']['output']>;
  id?: Maybe<Scalars['String']['output']>;
  type?: Maybe<Scalars['String']['output']>;
};

export type Measure = {
  __typename?: 'Measure';
  unit: Scalars['String']['output'];
  value: Scalars['Float']['output'];
};

/** An amount with its ISO 4217 currency; the amount is a decimal string. */
export type Money = {
  __typename?: 'Money';
  amount: Scalars['String']['output'];
  currency: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Subscribe to Group A pushes for a tracking number or a customer account. */
  createPushSubscription: PushSubscription;
  /** Delete a push subscription at the carrier and here. */
  deletePushSubscription: PushSubscription;
  /** Stop polling this shipment. Returns the watch as it was, or an error when it was not watched. */
  unwatchShipment: ShipmentWatch;
  /** Poll this shipment and record its new scan events in the status-change log. */
  watchShipment: ShipmentWatch;
};


export type MutationCreatePushSubscriptionArgs = {
  input: CreatePushSubscriptionInput;
};


export type MutationDeletePushSubscriptionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationUnwatchShipmentArgs = {
  shipmentId: Scalars['ID']['input'];
};


export type MutationWatchShipmentArgs = {
  input: WatchShipmentInput;
};

export type Party = {
  __typename?: 'Party';
  address?: Maybe<PartyAddress>;
  name?: Maybe<Scalars['String']['output']>;
  organizationName?: Maybe<Scalars['String']['output']>;
  policy?: Maybe<Scalars['String']['output']>;
};

/**
 * An address as far as the caller is entitled to see it. Masked members are null: null means "not entitled", not
 * "empty". `policy` is the carrier's marker of what is visible (e.g. `postal-code`).
 */
export type PartyAddress = {
  __typename?: 'PartyAddress';
  countryCode?: Maybe<Scalars['String']['output']>;
  locality?: Maybe<Scalars['String']['output']>;
  policy?: Maybe<Scalars['String']['output']>;
  postalCode?: Maybe<Scalars['String']['output']>;
  region?: Maybe<Scalars['String']['output']>;
  streetLines?: Maybe<Array<Scalars['String']['output']>>;
};

export type Piece = {
  __typename?: 'Piece';
  dimensions?: Maybe<Dimensions>;
  events: Array<TrackingEvent>;
  id: Scalars['String']['output'];
  sequenceNumber?: Maybe<Scalars['Int']['output']>;
  trackingNumber?: Maybe<Scalars['String']['output']>;
  typeCode?: Maybe<Scalars['String']['output']>;
  weight?: Maybe<Measure>;
};

export type ProofOfDelivery = {
  __typename?: 'ProofOfDelivery';
  documentUrl?: Maybe<Scalars['String']['output']>;
  receivedBy?: Maybe<Scalars['String']['output']>;
  signatureUrl?: Maybe<Scalars['String']['output']>;
  /** Whether a signed version exists before the link is followed. */
  signedAvailable?: Maybe<Scalars['Boolean']['output']>;
  signedBy?: Maybe<Scalars['String']['output']>;
  time?: Maybe<CarrierTime>;
};

export type PushSubscription = {
  __typename?: 'PushSubscription';
  activatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The carrier's own id of the subscription. */
  carrierSubscriptionId?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  scope: PushSubscriptionScope;
  state: PushSubscriptionState;
  /** The tracking number or the customer account subscribed to. */
  subject: Scalars['String']['output'];
};

export type PushSubscriptionScope =
  /** Every shipment of a customer account: needs the carrier's business approval. */
  | 'CUSTOMER_ACCOUNT'
  /** One tracking number: active at once after verification. */
  | 'TRACKING_NUMBER';

/** Group A push subscription lifecycle (seed 000): creation, then activation once the validation secret is verified. */
export type PushSubscriptionState =
  /** Verified and ready: status changes are pushed to our webhook. */
  | 'ACTIVE'
  /** Created; the carrier's confirmation call has not been verified yet. */
  | 'CREATED'
  | 'DELETED'
  /** By customer account: waiting for the carrier's business approval. */
  | 'PENDING_APPROVAL';

export type Query = {
  __typename?: 'Query';
  pushSubscriptions: Array<PushSubscription>;
  /** One shipment by carrier and tracking number. An ambiguous number fails with UPSTREAM_AMBIGUOUS naming the candidates' ids. */
  shipment?: Maybe<Shipment>;
  /** One shipment by its id. */
  shipmentById?: Maybe<Shipment>;
  /** Shipments carrying a customer reference such as an order id (Carrier B). */
  shipmentsByReference: Array<Shipment>;
  /** The log read as a page: changes after `cursor` matching `filter`, oldest first. */
  statusChanges: Array<ShipmentStatusChange>;
  /** Many lookups at once: one outcome per input, so one bad number never fails its siblings. Carrier B numbers cost one upstream call per 30. */
  track: Array<TrackOutcome>;
  watches: Array<ShipmentWatch>;
};


export type QueryPushSubscriptionsArgs = {
  state?: InputMaybe<PushSubscriptionState>;
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


export type QueryShipmentsByReferenceArgs = {
  input: ReferenceLookupInput;
};


export type QueryStatusChangesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter: StatusChangeFilter;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryTrackArgs = {
  inputs: Array<TrackInput>;
};


export type QueryWatchesArgs = {
  activeOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ReferenceLookupInput = {
  carrier: Carrier;
  /** The carrier's reference type; Carrier B: CUSTOMER_REFERENCE, INVOICE, PURCHASE_ORDER, DEPARTMENT_NUMBER. */
  referenceType?: Scalars['String']['input'];
  shipDateBegin?: InputMaybe<Scalars['LocalDate']['input']>;
  shipDateEnd?: InputMaybe<Scalars['LocalDate']['input']>;
  /** Your value, e.g. an order id written into the shipment's customer reference at creation. */
  value: Scalars['String']['input'];
};

export type ServiceInfo = {
  __typename?: 'ServiceInfo';
  code?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
};

/** A shipment tracked with any carrier. Reference it by `id`, or by `carrier` and `trackingNumber` from another subgraph. */
export type Shipment = {
  __typename?: 'Shipment';
  carrier: Carrier;
  /** Carrier B network code (express or ground). */
  carrierCode?: Maybe<Scalars['String']['output']>;
  /** Carrier B `trackingNumberUniqueId` of a reused number. */
  carrierUniqueId?: Maybe<Scalars['String']['output']>;
  declaredValue?: Maybe<Money>;
  delay?: Maybe<Delay>;
  deliveredAt?: Maybe<CarrierTime>;
  deliveryAttempts?: Maybe<Scalars['Int']['output']>;
  destination?: Maybe<Party>;
  /** Group A division (e.g. `express`, `ecommerce`); null for other carriers. */
  division?: Maybe<Scalars['String']['output']>;
  /** Documents the carrier says exist for this shipment (e.g. signature proof of delivery). */
  documentsAvailable: Array<AvailableDocument>;
  estimatedDelivery?: Maybe<DeliveryWindow>;
  /** Scan history, newest first. Selecting it asks the carrier for detailed scans. */
  events: Array<TrackingEvent>;
  /** `<carrier>:<division or ->:<tracking number>[:<carrier's unique id>]`; unambiguous. */
  id: Scalars['ID']['output'];
  /** True for a return movement. */
  isReturn?: Maybe<Scalars['Boolean']['output']>;
  origin?: Maybe<Party>;
  pickedUpAt?: Maybe<CarrierTime>;
  pieceCount?: Maybe<Scalars['Int']['output']>;
  pieces: Array<Piece>;
  proofOfDelivery?: Maybe<ProofOfDelivery>;
  recipient?: Maybe<Party>;
  references: Array<ShipmentReference>;
  rerouteUrl?: Maybe<Scalars['String']['output']>;
  service?: Maybe<ServiceInfo>;
  serviceUrl?: Maybe<Scalars['String']['output']>;
  shippedAt?: Maybe<CarrierTime>;
  shipper?: Maybe<Party>;
  status: StatusReading;
  statusDescription?: Maybe<Scalars['String']['output']>;
  statusLocation?: Maybe<Location>;
  statusTime?: Maybe<CarrierTime>;
  totalWeight?: Maybe<Measure>;
  trackingNumber: Scalars['String']['output'];
  /** Soft failures the carrier returned with this answer. */
  warnings: Array<CarrierWarning>;
};

export type ShipmentReference = {
  __typename?: 'ShipmentReference';
  scope?: Maybe<Scalars['String']['output']>;
  /** The carrier's reference type, e.g. `customer-reference`, `CUSTOMER_REFERENCE`, `CU`. */
  type: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

/** The normalised status vocabulary. The carrier's own code and text always travel beside it (`StatusReading`). */
export type ShipmentStatus =
  | 'CANCELLED'
  | 'DELIVERED'
  | 'DELIVERY_ATTEMPTED'
  | 'EXCEPTION'
  | 'IN_TRANSIT'
  | 'LABEL_CREATED'
  | 'OUT_FOR_DELIVERY'
  | 'PRE_TRANSIT'
  | 'RETURNED'
  | 'UNKNOWN';

/** One change of a shipment's status, as recorded in the durable status-change log. */
export type ShipmentStatusChange = {
  __typename?: 'ShipmentStatusChange';
  carrier: Carrier;
  /** Position in the log; pass it back as `cursor` to resume after this change with no gap and no duplicate. */
  cursor: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  division?: Maybe<Scalars['String']['output']>;
  location?: Maybe<Location>;
  /** When this subgraph recorded it. */
  recordedAt: Scalars['DateTime']['output'];
  /** The shipment's references when the change was recorded (e.g. the order id a `reference` filter matched). */
  references: Array<ShipmentReference>;
  shipmentId: Scalars['ID']['output'];
  source: StatusChangeSource;
  status: StatusReading;
  /** When the carrier says the change happened. */
  time?: Maybe<CarrierTime>;
  trackingNumber: Scalars['String']['output'];
};

/** A shipment our watchers poll because its carrier has no push (Carrier B, Group A express and e-commerce). */
export type ShipmentWatch = {
  __typename?: 'ShipmentWatch';
  active: Scalars['Boolean']['output'];
  carrier: Carrier;
  division?: Maybe<Scalars['String']['output']>;
  /** Consecutive failed polls (0 after a success); the interval backs off as it grows. */
  failures: Scalars['Int']['output'];
  /** Why the last poll failed (e.g. UPSTREAM_NOT_FOUND for a number the carrier does not know yet); null after a success. */
  lastError?: Maybe<WatchError>;
  lastPolledAt?: Maybe<Scalars['DateTime']['output']>;
  /** Latest status seen; null before the first poll. */
  lastStatus?: Maybe<StatusReading>;
  /** When the next poll is due; null once the shipment reached a terminal status and polling stopped. */
  nextPollAt?: Maybe<Scalars['DateTime']['output']>;
  shipmentId: Scalars['ID']['output'];
  trackingNumber: Scalars['String']['output'];
};

/** Which changes a subscriber receives. At least one member must be given. */
export type StatusChangeFilter = {
  carriers?: InputMaybe<Array<Carrier>>;
  /** A customer reference (e.g. an order id) carried by the shipment. */
  reference?: InputMaybe<Scalars['String']['input']>;
  trackingNumbers?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Where a status change came from: Group A's push webhook, or our own polling of a carrier without push. */
export type StatusChangeSource =
  | 'POLL'
  | 'PUSH';

export type StatusReading = {
  __typename?: 'StatusReading';
  /** The carrier's own code (Group A `statusCode`, express `typeCode`, Carrier B `derivedCode`). */
  nativeCode?: Maybe<Scalars['String']['output']>;
  /** The carrier's own text, localised where the carrier does. */
  nativeText?: Maybe<Scalars['String']['output']>;
  status: ShipmentStatus;
};

export type Subscription = {
  __typename?: 'Subscription';
  /**
   * Status changes matching `filter`. With `cursor`, the server first replays what was recorded after it, then continues
   * live, with no gap and no duplicate at the seam. `"0"` replays from the start of the log; a cursor beyond the log's
   * end, or not a decimal string, is BAD_USER_INPUT on `cursor`.
   */
  shipmentStatusChanged: ShipmentStatusChange;
};


export type SubscriptionShipmentStatusChangedArgs = {
  cursor?: InputMaybe<Scalars['String']['input']>;
  filter: StatusChangeFilter;
};

export type TrackInput = {
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
  /** Narrow an ambiguous number to a ship-date window. */
  shipDateBegin?: InputMaybe<Scalars['LocalDate']['input']>;
  shipDateEnd?: InputMaybe<Scalars['LocalDate']['input']>;
  trackingNumber: Scalars['String']['input'];
};

/** One outcome per input of `track`, in input order: the shipments found, or a typed failure of that input alone. */
export type TrackOutcome = TrackedShipments | TrackingFailure;

export type TrackedShipments = {
  __typename?: 'TrackedShipments';
  carrier: Carrier;
  /** More than one when a number is ambiguous (Group A without division, Carrier B reused numbers). */
  shipments: Array<Shipment>;
  trackingNumber: Scalars['String']['output'];
};

export type TrackingErrorCode =
  | 'UPSTREAM_AMBIGUOUS'
  | 'UPSTREAM_BAD_REQUEST'
  | 'UPSTREAM_CONTRACT'
  | 'UPSTREAM_NOT_CONFIGURED'
  | 'UPSTREAM_NOT_FOUND'
  | 'UPSTREAM_RATE_LIMITED'
  | 'UPSTREAM_UNAUTHORIZED'
  | 'UPSTREAM_UNAVAILABLE';

export type TrackingEvent = {
  __typename?: 'TrackingEvent';
  description?: Maybe<Scalars['String']['output']>;
  /** The carrier's exception indicator (Carrier B `exceptionCode`, Group A express `typeCode`). */
  exceptionCode?: Maybe<Scalars['String']['output']>;
  exceptionDescription?: Maybe<Scalars['String']['output']>;
  location?: Maybe<Location>;
  nextSteps?: Maybe<Scalars['String']['output']>;
  /** Pieces of a multi-piece shipment this event concerns. */
  pieceIds: Array<Scalars['String']['output']>;
  remark?: Maybe<Scalars['String']['output']>;
  signedBy?: Maybe<Scalars['String']['output']>;
  status: StatusReading;
  time?: Maybe<CarrierTime>;
};

export type TrackingFailure = {
  __typename?: 'TrackingFailure';
  /** For UPSTREAM_AMBIGUOUS: the ids of the matching shipments. */
  candidates: Array<Scalars['ID']['output']>;
  carrier: Carrier;
  /** The carrier's own error code. */
  carrierErrorCode?: Maybe<Scalars['String']['output']>;
  code: TrackingErrorCode;
  message: Scalars['String']['output'];
  /** For UPSTREAM_RATE_LIMITED: when this lookup could be served. */
  retryAt?: Maybe<Scalars['DateTime']['output']>;
  trackingNumber: Scalars['String']['output'];
  /** The upstream interface that failed, e.g. `carrier-b`, `group-a/tracking`. */
  upstream: Scalars['String']['output'];
};

/** A failed poll: the stable error code (the same codes as tracking errors), its message, and when it happened. */
export type WatchError = {
  __typename?: 'WatchError';
  at: Scalars['DateTime']['output'];
  code: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type WatchShipmentInput = {
  carrier: Carrier;
  carrierCode?: InputMaybe<Scalars['String']['input']>;
  carrierUniqueId?: InputMaybe<Scalars['String']['input']>;
  division?: InputMaybe<Scalars['String']['input']>;
  ecommerceIdType?: InputMaybe<EcommerceIdType>;
  trackingNumber: Scalars['String']['input'];
};

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
        | GraphQLRecursivePick<FederationTypes['Shipment'], {"carrier":true,"trackingNumber":true}> ) );
}>;

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  TrackOutcome:
    | ( TrackedShipmentsModelModel )
    | ( TrackingFailureModelModel )
  ;
}>;


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AvailableDocument: ResolverTypeWrapper<AvailableDocument>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Carrier: Carrier;
  CarrierTime: ResolverTypeWrapper<CarrierTime>;
  CarrierWarning: ResolverTypeWrapper<CarrierWarning>;
  CreatePushSubscriptionInput: CreatePushSubscriptionInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  Delay: ResolverTypeWrapper<Delay>;
  DelayStatus: DelayStatus;
  DeliveryWindow: ResolverTypeWrapper<DeliveryWindow>;
  Dimensions: ResolverTypeWrapper<Dimensions>;
  EcommerceIdType: EcommerceIdType;
  LocalDate: ResolverTypeWrapper<Scalars['LocalDate']['output']>;
  LocalDateTime: ResolverTypeWrapper<Scalars['LocalDateTime']['output']>;
  Location: ResolverTypeWrapper<Location>;
  Measure: ResolverTypeWrapper<Measure>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Money: ResolverTypeWrapper<Money>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Party: ResolverTypeWrapper<Party>;
  PartyAddress: ResolverTypeWrapper<PartyAddress>;
  Piece: ResolverTypeWrapper<PieceModel>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  ProofOfDelivery: ResolverTypeWrapper<ProofOfDelivery>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  PushSubscription: ResolverTypeWrapper<PushSubscriptionModel>;
  PushSubscriptionScope: PushSubscriptionScope;
  PushSubscriptionState: PushSubscriptionState;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ReferenceLookupInput: ReferenceLookupInput;
  ServiceInfo: ResolverTypeWrapper<ServiceInfo>;
  Shipment: ResolverTypeWrapper<ShipmentModel>;
  ShipmentReference: ResolverTypeWrapper<ShipmentReference>;
  ShipmentStatus: ShipmentStatus;
  ShipmentStatusChange: ResolverTypeWrapper<StatusChangeModel>;
  ShipmentWatch: ResolverTypeWrapper<ShipmentWatchModel>;
  StatusChangeFilter: StatusChangeFilter;
  StatusChangeSource: StatusChangeSource;
  StatusReading: ResolverTypeWrapper<StatusReading>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TrackInput: TrackInput;
  TrackOutcome: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['TrackOutcome']>;
  TrackedShipments: ResolverTypeWrapper<TrackedShipmentsModelModel>;
  TrackingErrorCode: TrackingErrorCode;
  TrackingEvent: ResolverTypeWrapper<TrackingEventModel>;
  TrackingFailure: ResolverTypeWrapper<TrackingFailureModelModel>;
  WatchError: ResolverTypeWrapper<WatchError>;
  WatchShipmentInput: WatchShipmentInput;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AvailableDocument: AvailableDocument;
  String: Scalars['String']['output'];
  CarrierTime: CarrierTime;
  CarrierWarning: CarrierWarning;
  CreatePushSubscriptionInput: CreatePushSubscriptionInput;
  DateTime: Scalars['DateTime']['output'];
  Delay: Delay;
  DeliveryWindow: DeliveryWindow;
  Dimensions: Dimensions;
  LocalDate: Scalars['LocalDate']['output'];
  LocalDateTime: Scalars['LocalDateTime']['output'];
  Location: Location;
  Measure: Measure;
  Float: Scalars['Float']['output'];
  Money: Money;
  Mutation: Record<PropertyKey, never>;
  ID: Scalars['ID']['output'];
  Party: Party;
  PartyAddress: PartyAddress;
  Piece: PieceModel;
  Int: Scalars['Int']['output'];
  ProofOfDelivery: ProofOfDelivery;
  Boolean: Scalars['Boolean']['output'];
  PushSubscription: PushSubscriptionModel;
  Query: Record<PropertyKey, never>;
  ReferenceLookupInput: ReferenceLookupInput;
  ServiceInfo: ServiceInfo;
  Shipment: ShipmentModel;
  ShipmentReference: ShipmentReference;
  ShipmentStatusChange: StatusChangeModel;
  ShipmentWatch: ShipmentWatchModel;
  StatusChangeFilter: StatusChangeFilter;
  StatusReading: StatusReading;
  Subscription: Record<PropertyKey, never>;
  TrackInput: TrackInput;
  TrackOutcome: ResolversUnionTypes<ResolversParentTypes>['TrackOutcome'];
  TrackedShipments: TrackedShipmentsModelModel;
  TrackingEvent: TrackingEventModel;
  TrackingFailure: TrackingFailureModelModel;
  WatchError: WatchError;
  WatchShipmentInput: WatchShipmentInput;
}>;

export type AvailableDocumentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AvailableDocument'] = ResolversParentTypes['AvailableDocument']> = ResolversObject<{
  size?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
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

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DelayResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Delay'] = ResolversParentTypes['Delay']> = ResolversObject<{
  status?: Resolver<Maybe<ResolversTypes['DelayStatus']>, ParentType, ContextType>;
  subType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
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
  createPushSubscription?: Resolver<ResolversTypes['PushSubscription'], ParentType, ContextType, RequireFields<MutationCreatePushSubscriptionArgs, 'input'>>;
  deletePushSubscription?: Resolver<ResolversTypes['PushSubscription'], ParentType, ContextType, RequireFields<MutationDeletePushSubscriptionArgs, 'id'>>;
  unwatchShipment?: Resolver<ResolversTypes['ShipmentWatch'], ParentType, ContextType, RequireFields<MutationUnwatchShipmentArgs, 'shipmentId'>>;
  watchShipment?: Resolver<ResolversTypes['ShipmentWatch'], ParentType, ContextType, RequireFields<MutationWatchShipmentArgs, 'input'>>;
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

export type PieceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Piece'] = ResolversParentTypes['Piece']> = ResolversObject<{
  dimensions?: Resolver<Maybe<ResolversTypes['Dimensions']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['TrackingEvent']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sequenceNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  trackingNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  typeCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  weight?: Resolver<Maybe<ResolversTypes['Measure']>, ParentType, ContextType>;
}>;

export type ProofOfDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProofOfDelivery'] = ResolversParentTypes['ProofOfDelivery']> = ResolversObject<{
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
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  pushSubscriptions?: Resolver<Array<ResolversTypes['PushSubscription']>, ParentType, ContextType, Partial<QueryPushSubscriptionsArgs>>;
  shipment?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType, RequireFields<QueryShipmentArgs, 'carrier' | 'trackingNumber'>>;
  shipmentById?: Resolver<Maybe<ResolversTypes['Shipment']>, ParentType, ContextType, RequireFields<QueryShipmentByIdArgs, 'id'>>;
  shipmentsByReference?: Resolver<Array<ResolversTypes['Shipment']>, ParentType, ContextType, RequireFields<QueryShipmentsByReferenceArgs, 'input'>>;
  statusChanges?: Resolver<Array<ResolversTypes['ShipmentStatusChange']>, ParentType, ContextType, RequireFields<QueryStatusChangesArgs, 'filter' | 'limit'>>;
  track?: Resolver<Array<ResolversTypes['TrackOutcome']>, ParentType, ContextType, RequireFields<QueryTrackArgs, 'inputs'>>;
  watches?: Resolver<Array<ResolversTypes['ShipmentWatch']>, ParentType, ContextType, RequireFields<QueryWatchesArgs, 'activeOnly'>>;
}>;

export type ServiceInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ServiceInfo'] = ResolversParentTypes['ServiceInfo']> = ResolversObject<{
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ShipmentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Shipment'] = ResolversParentTypes['Shipment'], FederationReferenceType extends FederationReferenceTypes['Shipment'] = FederationReferenceTypes['Shipment']> = ResolversObject<{
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Shipment']> | FederationReferenceType, FederationReferenceType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  carrierCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
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
  location?: Resolver<Maybe<ResolversTypes['Location']>, ParentType, ContextType>;
  recordedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  references?: Resolver<Array<ResolversTypes['ShipmentReference']>, ParentType, ContextType>;
  shipmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['StatusChangeSource'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['StatusReading'], ParentType, ContextType>;
  time?: Resolver<Maybe<ResolversTypes['CarrierTime']>, ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type ShipmentWatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ShipmentWatch'] = ResolversParentTypes['ShipmentWatch']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  carrier?: Resolver<ResolversTypes['Carrier'], ParentType, ContextType>;
  division?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  failures?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['WatchError']>, ParentType, ContextType>;
  lastPolledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastStatus?: Resolver<Maybe<ResolversTypes['StatusReading']>, ParentType, ContextType>;
  nextPollAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  shipmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type StatusReadingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StatusReading'] = ResolversParentTypes['StatusReading']> = ResolversObject<{
  nativeCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nativeText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ShipmentStatus'], ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  shipmentStatusChanged?: SubscriptionResolver<ResolversTypes['ShipmentStatusChange'], "shipmentStatusChanged", ParentType, ContextType, RequireFields<SubscriptionShipmentStatusChangedArgs, 'filter'>>;
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
  carrierErrorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['TrackingErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  retryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  trackingNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  upstream?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type WatchErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WatchError'] = ResolversParentTypes['WatchError']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  AvailableDocument?: AvailableDocumentResolvers<ContextType>;
  CarrierTime?: CarrierTimeResolvers<ContextType>;
  CarrierWarning?: CarrierWarningResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  Delay?: DelayResolvers<ContextType>;
  DeliveryWindow?: DeliveryWindowResolvers<ContextType>;
  Dimensions?: DimensionsResolvers<ContextType>;
  LocalDate?: GraphQLScalarType;
  LocalDateTime?: GraphQLScalarType;
  Location?: LocationResolvers<ContextType>;
  Measure?: MeasureResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Party?: PartyResolvers<ContextType>;
  PartyAddress?: PartyAddressResolvers<ContextType>;
  Piece?: PieceResolvers<ContextType>;
  ProofOfDelivery?: ProofOfDeliveryResolvers<ContextType>;
  PushSubscription?: PushSubscriptionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ServiceInfo?: ServiceInfoResolvers<ContextType>;
  Shipment?: ShipmentResolvers<ContextType>;
  ShipmentReference?: ShipmentReferenceResolvers<ContextType>;
  ShipmentStatusChange?: ShipmentStatusChangeResolvers<ContextType>;
  ShipmentWatch?: ShipmentWatchResolvers<ContextType>;
  StatusReading?: StatusReadingResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TrackOutcome?: TrackOutcomeResolvers<ContextType>;
  TrackedShipments?: TrackedShipmentsResolvers<ContextType>;
  TrackingEvent?: TrackingEventResolvers<ContextType>;
  TrackingFailure?: TrackingFailureResolvers<ContextType>;
  WatchError?: WatchErrorResolvers<ContextType>;
}>;

