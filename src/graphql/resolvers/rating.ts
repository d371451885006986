import type { QueryResolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../context.js';
import { validateRateRequestInput, validateServiceabilityInput } from '../inputs/rates.js';
import type { LaneServiceModel, RateFailureModel } from '../rating-models.js';

/** `rates` and `serviceability`: the input checked at the edge (BAD_USER_INPUT before any upstream call), then the rating service. */
export const ratingQueries: Pick<QueryResolvers, 'rates' | 'serviceability'> = {
  rates: async (_parent, { input }, ctx) => {
    const rating = ratingOf(ctx);
    const { request, options } = validateRateRequestInput(input, 'input', rating.inputRules());
    const shop = await rating.shop(request, options, { ...(ctx.deadline ? { deadline: ctx.deadline } : {}), fieldPrefix: 'input' });
    return { ...shop, strategy: options.strategy };
  },

  serviceability: async (_parent, { input }, ctx) => {
    const rating = ratingOf(ctx);
    const { request, options } = validateServiceabilityInput(input, 'input', rating.inputRules());
    const answer = await rating.serviceability(request, options, { ...(ctx.deadline ? { deadline: ctx.deadline } : {}), fieldPrefix: 'input' });
    return {
      ...answer,
      outcomes: answer.outcomes.map((outcome): LaneServiceModel | RateFailureModel =>
        outcome.ok ? { ...outcome, served: outcome.quotes.length > 0, services: outcome.quotes } : outcome,
      ),
    };
  },
};

function ratingOf(ctx: GraphQLContext) {
  const rating = ctx.services.rating;
  // A server built without rating (tests of other parts) has none; a deployment always has one (container.ts).
  if (!rating) throw new Error('the rating service is not configured on this server');
  return rating;
}
