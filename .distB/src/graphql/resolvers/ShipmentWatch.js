import { operationSelectsEvents } from '../selection.js';
import { toGraphQLError } from '../errors.js';
import { loadById } from './Query.js';
/** The parent is the domain ShipmentWatch (codegen mapper); most fields read straight from it. */
export const ShipmentWatch = {
    id: (watch) => watch.id,
    lastStatus: (watch) => watch.lastStatus,
    nextPollAt: (watch) => watch.nextPollAt,
    /** The join for client caches and the router: the same loaders as `shipmentById`. */
    shipment: async (watch, _args, ctx, info) => {
        try {
            return await loadById(ctx, watch.shipmentId, 'shipmentId', operationSelectsEvents(info));
        }
        catch (error) {
            throw toGraphQLError(error);
        }
    },
};
