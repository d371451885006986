import { validateStatusChangeFilter } from '../../services/realtime/filter-input.js';
import { toGraphQLError } from '../errors.js';
import { realtimeServices } from './realtime-services.js';
export const Subscription = {
    shipmentStatusChanged: {
        // Filter and cursor are checked before anything is subscribed: a bad one ends the operation with a specific error.
        subscribe: async (_parent, args, ctx) => {
            try {
                const { statusLog, statusFeed } = realtimeServices(ctx);
                const filter = validateStatusChangeFilter(args.filter);
                const cursor = await statusLog.checkCursor(args.cursor, 'cursor');
                return statusFeed.subscribe(filter, cursor);
            }
            catch (error) {
                throw toGraphQLError(error);
            }
        },
        resolve: (change) => change,
    },
};
