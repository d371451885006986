import type { MutationResolvers, PushSubscriptionResolvers, QueryResolvers } from '../../generated/graphql.js';
import { formatStoredId, storedIdOf } from '../../domain/ids.js';
import { UpstreamError } from '../../domain/errors.js';
import type { GraphQLContext } from '../context.js';
import { decodeCursor, encodeCursor, pageSize, toConnection, unknownCursor } from './connection.js';
import { mutationPayload } from '../errors.js';

/** Push subscriptions with the carrier that pushes (schema/push.graphql). Merged into Query and Mutation in resolvers/index.ts. */
export function pushService(ctx: GraphQLContext) {
  if (!ctx.services.push) {
    throw new UpstreamError('Push subscriptions are not available in this server', {
      code: 'UPSTREAM_NOT_CONFIGURED',
      upstream: 'push',
    });
  }
  return ctx.services.push;
}

const PUSH_CURSOR = 'push';

/** Refusals (bad input, unknown id, the carrier's refusal) come back as userErrors; unavailability as GraphQL errors. */
export const pushMutations: Pick<MutationResolvers, 'createPushSubscription' | 'deletePushSubscription'> = {
  createPushSubscription: (_parent, { input }, ctx) => mutationPayload('pushSubscription', () => pushService(ctx).create(input)),
  deletePushSubscription: (_parent, { input }, ctx) =>
    mutationPayload('pushSubscription', () => pushService(ctx).delete(storedIdOf('PushSubscription', input.id), 'input.id')),
};

export const pushQueries: Pick<QueryResolvers, 'pushSubscriptions'> = {
  pushSubscriptions: async (_parent, { state, first, after }, ctx) => {
    const size = pageSize(ctx, first);
    const afterId = decodeCursor(PUSH_CURSOR, after);
    const items = await pushService(ctx).listPage(state ?? null, afterId, size + 1);
    if (!items) throw unknownCursor(after!);
    return toConnection(items, size, (subscription) => encodeCursor(PUSH_CURSOR, subscription.id));
  },
};

/** `PushSubscription.id` in the `<Type>:<key>` form; the store keeps its `push_` row ids. */
export const PushSubscription: PushSubscriptionResolvers = {
  id: (subscription) => formatStoredId('PushSubscription', subscription.id),
};
