import type { ShipmentResolvers } from '../../generated/graphql.js';
import { toGraphQLError } from '../errors.js';
import { resolveShipmentReference } from './shipment-lookup.js';

export const Shipment: ShipmentResolvers = {
  /**
   * The router's `_entities`: by `id` (from the store when fresh, no carrier call), or by `carrier trackingNumber`
   * through the request's tracking loaders, so 95 references cost ceil(95/30) Carrier B calls.
   */
  __resolveReference: async (reference, ctx, info) => {
    try {
      return await resolveShipmentReference(ctx, reference as { id?: unknown; carrier?: unknown; trackingNumber?: unknown }, info);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
  events: (shipment) => shipment.events ?? [],
};
