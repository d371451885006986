import { GraphQLError } from 'graphql';
import type { MutationResolvers, QueryResolvers, ShipmentWatchResolvers } from '../../generated/graphql.js';
import type { ShipmentWatcher } from '../../services/realtime/watcher.js';
import type { GraphQLContext } from '../context.js';
import { toGraphQLError } from '../errors.js';

/** Watches live in the store; a server built without one has no watcher. */
function watcherOf(ctx: GraphQLContext): ShipmentWatcher {
  const watcher = ctx.services.watcher;
  if (!watcher) throw new GraphQLError('watchers are not available on this server (no store)', { extensions: { code: 'SERVICE_UNAVAILABLE' } });
  return watcher;
}

/** Polling watchers (carriers without push): thin resolvers over ShipmentWatcher. Merged in resolvers/index.ts. */
export const watchMutations: Pick<MutationResolvers, 'watchShipment' | 'unwatchShipment'> = {
  watchShipment: async (_parent, { input }, ctx) => {
    try {
      return await watcherOf(ctx).watch(input, 'input');
    } catch (error) {
      throw toGraphQLError(error);
    }
  },

  unwatchShipment: async (_parent, { shipmentId }, ctx) => {
    try {
      return await watcherOf(ctx).unwatch(shipmentId, 'shipmentId');
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
};

export const watchQueries: Pick<QueryResolvers, 'watches'> = {
  watches: async (_parent, { activeOnly }, ctx) => {
    try {
      return await watcherOf(ctx).list(activeOnly ?? true);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
};

/** The parent is the domain ShipmentWatch (codegen mapper); every field reads straight from it. */
export const ShipmentWatch: ShipmentWatchResolvers = {
  lastStatus: (watch) => watch.lastStatus,
  nextPollAt: (watch) => watch.nextPollAt,
};
