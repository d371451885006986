import type { MutationResolvers, QueryResolvers } from '../../generated/graphql.js';
import type { ShipmentWatcher } from '../../services/realtime/watcher.js';
import type { GraphQLContext } from '../context.js';
import { decodeCursor, encodeCursor, pageSize, toConnection } from './connection.js';
import { mutationPayload, notAvailable } from '../errors.js';

/** Watches live in the store; a server built without one has no watcher. */
export function watcherOf(ctx: GraphQLContext): ShipmentWatcher {
  const watcher = ctx.services.watcher;
  if (!watcher) throw notAvailable('watchers are not available on this server (no store)');
  return watcher;
}

const WATCH_CURSOR = 'watch';

/**
 * Polling watchers (carriers without push): thin resolvers over ShipmentWatcher. Refusals come back as userErrors
 * naming `input.<field>`; unavailability stays a GraphQL error. Merged in resolvers/index.ts.
 */
export const watchMutations: Pick<MutationResolvers, 'watchShipment' | 'unwatchShipment'> = {
  watchShipment: (_parent, { input }, ctx) => mutationPayload('watch', () => watcherOf(ctx).watch(input, 'input')),
  unwatchShipment: (_parent, { input }, ctx) =>
    mutationPayload('watch', () => watcherOf(ctx).unwatch(input.shipmentId, 'input.shipmentId')),
};

export const watchQueries: Pick<QueryResolvers, 'watch' | 'watches'> = {
  watch: async (_parent, { id }, ctx) => {
    return await watcherOf(ctx).getWatch(id, 'id');
  },
  watches: async (_parent, { activeOnly, first, after }, ctx) => {
    const size = pageSize(ctx, first);
    const afterId = decodeCursor(WATCH_CURSOR, after);
    const items = await watcherOf(ctx).listPage(activeOnly ?? true, afterId, size + 1, 'after');
    return toConnection(items, size, (watch) => encodeCursor(WATCH_CURSOR, watch.id));
  },
};
