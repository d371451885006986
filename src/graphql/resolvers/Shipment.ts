import type { ShipmentResolvers } from '../../generated/graphql.js';
import { toGraphQLError } from '../errors.js';
import { operationSelectsEvents } from '../selection.js';
import { loadById } from './Query.js';
import { loadOneShipment } from './shipment-lookup.js';

export const Shipment: ShipmentResolvers = {
  /**
   * The router's `_entities`: by `id`, or by `carrier trackingNumber` from a subgraph that stores those. Both go
   * through the request's tracking loaders, so 95 references cost ceil(95/30) Carrier B calls.
   */
  __resolveReference: async (reference, ctx, info) => {
    try {
      if ('id' in reference && typeof reference.id === 'string') {
        return await loadById(ctx, reference.id, 'representations.id', operationSelectsEvents(info));
      }
      const { carrier, trackingNumber } = reference as { carrier: string; trackingNumber: string };
      const request = ctx.services.tracking.validate({ carrier, trackingNumber }, 'representations');
      return await loadOneShipment(ctx, { ...request, includeEvents: operationSelectsEvents(info) }, null);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
  events: (shipment) => shipment.events ?? [],
};
