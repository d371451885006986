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
          TrackedShipments: '../graphql/models.js#TrackedShipmentsModel',
          TrackingFailure: '../graphql/models.js#TrackingFailureModel',
          ShipmentStatusChange: '../domain/status-change.js#StatusChange',
          PushSubscription: '../domain/push.js#PushSubscription',
          ShipmentWatch: '../domain/watch.js#ShipmentWatch',
        },
      },
    },
  },
};

export default config;
