import { statusChangeIdOf } from '../../domain/ids.js';
import { toGraphQLError } from '../errors.js';
import { operationSelectsEvents } from '../selection.js';
import { loadById } from './Query.js';
/** The parent is the domain StatusChange (codegen mapper); its fields are the schema's, named alike. */
export const ShipmentStatusChange = {
    id: (change) => statusChangeIdOf(change),
    cursor: (change) => change.cursor,
    shipmentId: (change) => change.shipmentId,
    /** The join for client caches and the router: the same loaders as `shipmentById`. */
    shipment: async (change, _args, ctx, info) => {
        try {
            return await loadById(ctx, change.shipmentId, 'shipmentId', operationSelectsEvents(info));
        }
        catch (error) {
            throw toGraphQLError(error);
        }
    },
    status: (change) => change.status,
    time: (change) => change.time,
    location: (change) => change.location,
    source: (change) => change.source,
    references: (change) => change.references,
    recordedAt: (change) => change.recordedAt,
};
