import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Resolver types generated from schema/*.graphql. `federation: true` types __resolveReference; mappers make a
 * resolver's parent the domain object rather than a hand-written copy of the GraphQL type.
 * Run `npm run codegen` after changing the schema; test/schema/codegen.test.ts fails when the output is stale.
 */
const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        federation: true,
        mapperTypeSuffix: 'Model',
        useIndexSignature: true,
        enumsAsTypes: true,
        useTypeImports: true,
        contextType: '../graphql/context.js#GraphQLContext',
        scalars: {
          DateTime: 'string',
          LocalDateTime: 'string',
          LocalDate: 'string',
        },
        mappers: {
          Shipment: '../domain/shipment.js#Shipment',
          TrackingEvent: '../domain/shipment.js#TrackingEvent',
          Piece: '../domain/shipment.js#Piece',
          ProofOfDelivery: '../graphql/models.js#ProofOfDeliveryModel',
          TrackedShipments: '../graphql/models.js#TrackedShipmentsModel',
          TrackingFailure: '../graphql/models.js#TrackingFailureModel',
          ShipmentStatusChange: '../domain/status-change.js#StatusChange',
          PushSubscription: '../domain/push.js#PushSubscription',
          ShipmentWatch: '../domain/watch.js#ShipmentWatch',
          RateQuote: '../domain/rating.js#RateQuote',
          ServiceOffer: '../domain/rating.js#RateQuote',
          ChargeLine: '../domain/rating.js#ChargeLine',
          CurrencyView: '../domain/rating.js#CurrencyView',
          PickupWindow: '../domain/rating.js#PickupWindow',
          RateShopResult: '../graphql/rating-models.js#RateShopResultModel',
          CarrierRates: '../graphql/rating-models.js#CarrierRatesModel',
          RateFailure: '../graphql/rating-models.js#RateFailureModel',
          UnreadableService: '../graphql/rating-models.js#UnreadableServiceModel',
          SkippedCarrier: '../services/rating/types.js#SkippedCarrier',
          ExcludedQuote: '../services/rating/types.js#ExcludedQuote',
          LaneService: '../graphql/rating-models.js#LaneServiceModel',
          ServiceabilityResult: '../graphql/rating-models.js#ServiceabilityResultModel',
          Label: '../domain/shipping.js#Label',
          LabelPiece: '../domain/shipping.js#CreatedPiece',
          LabelFailure: '../domain/shipping.js#LabelFailure',
          Document: '../domain/shipping.js#StoredDocument',
          Tender: '../domain/shipping.js#Tender',
          LabelPurchase: '../services/shipping/types.js#PurchaseOutcome',
          LabelCancellation: '../graphql/shipping-models.js#LabelCancellationModel',
          CommercialInvoiceUpload: '../graphql/shipping-models.js#CommercialInvoiceUploadModel',
          OrderShipments: '../services/shipping/types.js#ReferenceSearch',
          ShipmentValidation: '../domain/shipping.js#ValidationResult',
          Pickup: '../domain/pickup.js#Pickup',
          AnalyticsEvent: '../domain/analytics.js#OutboxEntry',
          PickupFailure: '../domain/pickup.js#PickupFailure',
          PickupAvailability: '../domain/pickups-addresses.js#PickupAvailability',
          PickupAvailabilityOption: '../domain/pickups-addresses.js#PickupAvailabilityOption',
          PickupBooking: '../services/pickups/pickups-api.js#PickupOutcome',
          PickupCancellation: '../services/pickups/pickups-api.js#PickupCancellationOutcome',
        },
      },
    },
  },
};

export default config;
