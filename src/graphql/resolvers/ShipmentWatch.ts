import type { ShipmentWatchResolvers } from '../../generated/graphql.js';
import { operationSelectsEvents } from '../selection.js';
import { loadById } from './Query.js';

/** The parent is the domain ShipmentWatch (codegen mapper); most fields read straight from it. */
export const ShipmentWatch: ShipmentWatchResolvers = {
  id: (watch) => watch.id,
  lastStatus: (watch) => watch.lastStatus,
  nextPollAt: (watch) => watch.nextPollAt,
  /** The join for client caches and the router: the same loaders as `shipmentById`. */
  shipment: async (watch, _args, ctx, info) => {
    return await loadById(ctx, watch.shipmentId, 'shipmentId', operationSelectsEvents(info));
  },
};
