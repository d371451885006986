import type { StatusChange } from '../../domain/status-change.js';
import type { SubscriptionResolvers } from '../../generated/graphql.js';
import { validateStatusChangeFilter } from '../inputs/status-change-filter.js';
import type { GraphQLContext } from '../context.js';
import { realtimeServices } from './realtime-services.js';

export const Subscription: SubscriptionResolvers = {
  shipmentStatusChanged: {
    // Filter and cursor are checked before anything is subscribed: a bad one ends the operation with a specific error.
    subscribe: async (_parent, args, ctx: GraphQLContext) => {
      const { statusLog, statusFeed } = realtimeServices(ctx);
      const filter = validateStatusChangeFilter(args.filter);
      const cursor = await statusLog.checkCursor(args.cursor, 'cursor');
      return statusFeed.subscribe(filter, cursor);
    },
    resolve: (change: StatusChange) => change,
  },
};
