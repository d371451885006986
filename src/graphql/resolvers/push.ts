import type { MutationResolvers, QueryResolvers } from '../../generated/graphql.js';
import { UpstreamError } from '../../domain/errors.js';
import type { GraphQLContext } from '../context.js';
import { toGraphQLError } from '../errors.js';

/** Group A push subscriptions (schema/push.graphql). Merged into Query and Mutation in resolvers/index.ts. */
function pushService(ctx: GraphQLContext) {
  if (!ctx.services.push) {
    throw new UpstreamError('Group A push is not available in this server', {
      code: 'UPSTREAM_NOT_CONFIGURED',
      upstream: 'group-a/tracking',
    });
  }
  return ctx.services.push;
}

export const pushMutations: Pick<MutationResolvers, 'createPushSubscription' | 'deletePushSubscription'> = {
  createPushSubscription: async (_parent, { input }, ctx) => {
    try {
      return await pushService(ctx).create(input);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
  deletePushSubscription: async (_parent, { id }, ctx) => {
    try {
      return await pushService(ctx).delete(id);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
};

export const pushQueries: Pick<QueryResolvers, 'pushSubscriptions'> = {
  pushSubscriptions: async (_parent, { state }, ctx) => {
    try {
      return await pushService(ctx).list(state ?? null);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
};
