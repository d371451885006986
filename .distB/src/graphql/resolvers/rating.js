import { toGraphQLError } from '../errors.js';
/** `rates` and `serviceability`: validate (BAD_USER_INPUT before any upstream call), then ask the rating service. */
export const ratingQueries = {
    rates: async (_parent, { input }, ctx) => {
        try {
            const rating = ratingOf(ctx);
            const { request, options } = rating.validateRates(input, 'input');
            const shop = await rating.shop(request, options, { ...(ctx.deadline ? { deadline: ctx.deadline } : {}), fieldPrefix: 'input' });
            return { ...shop, strategy: options.strategy };
        }
        catch (error) {
            throw toGraphQLError(error);
        }
    },
    serviceability: async (_parent, { input }, ctx) => {
        try {
            const rating = ratingOf(ctx);
            const { request, options } = rating.validateServiceability(input, 'input');
            const answer = await rating.serviceability(request, options, { ...(ctx.deadline ? { deadline: ctx.deadline } : {}), fieldPrefix: 'input' });
            return {
                ...answer,
                outcomes: answer.outcomes.map((outcome) => outcome.ok ? { ...outcome, served: outcome.quotes.length > 0, services: outcome.quotes } : outcome),
            };
        }
        catch (error) {
            throw toGraphQLError(error);
        }
    },
};
function ratingOf(ctx) {
    const rating = ctx.services.rating;
    // A server built without rating (tests of other parts) has none; a deployment always has one (container.ts).
    if (!rating)
        throw new Error('the rating service is not configured on this server');
    return rating;
}
