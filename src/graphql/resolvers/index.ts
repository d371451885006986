import type { Resolvers } from '../../generated/graphql.js';
import { mapResolverErrors } from '../errors.js';
import { Node, nodeQueries } from './node.js';
import { Query } from './Query.js';
import { pushMutations, pushQueries, PushSubscription } from './push.js';
import { watchMutations, watchQueries } from './watch.js';
import { ShipmentWatch } from './ShipmentWatch.js';
import { ProofOfDelivery, Shipment } from './Shipment.js';
import { ShipmentStatusChange } from './ShipmentStatusChange.js';
import { StatusChangesQuery } from './StatusChangesQuery.js';
import { Subscription } from './Subscription.js';
import { TrackOutcome, TrackingFailure } from './TrackOutcome.js';
import { ReferenceLookupFailure } from './carrier-failure.js';
import { scalarResolvers } from '../scalars.js';
import { ratingQueries } from './rating.js';
import { CarrierRates, LaneService, RateFailure, RateOutcome, ServiceabilityOutcome, SkippedCarrier, UnreadableService } from './RateOutcome.js';
import { RateShopResult } from './RateShopResult.js';
import { RateQuote } from './RateQuote.js';
import { promiseQueries } from './promise.js';
import { landedCostQueries } from './landed-cost.js';
import { shippingMutations, shippingQueries, shippingSubscriptions } from './shipping.js';
import { addressMutations, addressQueries } from './addresses.js';
import { Label, LabelCancellation, LabelPiece, LabelPurchase, OrderShipments } from './Label.js';
import { Document } from './Document.js';
import { Tender } from './Tender.js';
import { pickupMutations, pickupQueries } from './pickups.js';
import { labelPickups, Pickup, PickupBooking, PickupCancellation } from './Pickup.js';
import { AnalyticsEvent, analyticsMutations, analyticsQueries } from './analytics.js';

/** One file per type; merged here, every resolver's failures mapped once (src/graphql/errors.ts). */
export const resolvers: Resolvers = mapResolverErrors({
  ...scalarResolvers,
  Query: { ...Query, ...StatusChangesQuery, ...pushQueries, ...watchQueries, ...ratingQueries, ...promiseQueries, ...landedCostQueries, ...pickupQueries, ...shippingQueries, ...addressQueries, ...analyticsQueries, ...nodeQueries },
  Node,
  Mutation: { ...pushMutations, ...watchMutations, ...pickupMutations, ...shippingMutations, ...addressMutations, ...analyticsMutations },
  ShipmentWatch,
  Subscription: { ...Subscription, ...shippingSubscriptions },
  ShipmentStatusChange,
  Shipment,
  ProofOfDelivery,
  TrackOutcome,
  TrackingFailure,
  ReferenceLookupFailure,
  RateShopResult,
  RateQuote,
  RateOutcome,
  CarrierRates,
  RateFailure,
  UnreadableService,
  SkippedCarrier,
  ServiceabilityOutcome,
  LaneService,
  Label: { ...Label, ...labelPickups },
  Pickup,
  PickupBooking,
  PickupCancellation,
  LabelPiece,
  LabelPurchase,
  LabelCancellation,
  OrderShipments,
  Document,
  PushSubscription,
  Tender,
  AnalyticsEvent,
});
