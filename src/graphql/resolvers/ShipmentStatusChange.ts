import { statusChangeIdOf } from '../../domain/ids.js';
import type { ShipmentStatusChangeResolvers } from '../../generated/graphql.js';
import { operationSelectsEvents } from '../selection.js';
import { loadById } from './Query.js';

/** The parent is the domain StatusChange (codegen mapper); its fields are the schema's, named alike. */
export const ShipmentStatusChange: ShipmentStatusChangeResolvers = {
  id: (change) => statusChangeIdOf(change),
  cursor: (change) => change.cursor,
  shipmentId: (change) => change.shipmentId,
  /** The join for client caches and the router: the same loaders as `shipmentById`. */
  shipment: async (change, _args, ctx, info) => {
    return await loadById(ctx, change.shipmentId, 'shipmentId', operationSelectsEvents(info));
  },
  status: (change) => change.status,
  time: (change) => change.time,
  location: (change) => change.location,
  source: (change) => change.source,
  references: (change) => change.references,
  recordedAt: (change) => change.recordedAt,
};
