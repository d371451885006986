import type { LandedCostOutcome as LandedCostOutcomeModel } from '../../domain/rating.js';
import type { LandedCostOutcome, QueryResolvers } from '../../generated/graphql.js';
import { CarrierDeadlineError } from '../../services/rating/carrier-call.js';
import { isRetryable } from './carrier-failure.js';
import type { LandedCostService } from '../../services/landed-cost/landed-cost-service.js';
import type { GraphQLContext } from '../context.js';
import { validateLandedCostInput } from '../inputs/landed-cost.js';
import { notAvailable } from '../errors.js';

function landedCostOf(ctx: GraphQLContext): LandedCostService {
  const service = ctx.services.landedCost;
  if (!service) throw notAvailable('landed cost is not available on this server');
  return service;
}

/** `landedCost`: input checked first (BAD_USER_INPUT naming the field), then every carrier asked in parallel. */
export const landedCostQueries: Pick<QueryResolvers, 'landedCost'> = {
  landedCost: async (_parent, { input }, ctx) => {
    const service = landedCostOf(ctx);
    const request = validateLandedCostInput(input, 'input', service.inputRules);
    const outcomes = await service.estimate(request, ctx.deadline);
    return { outcomes: outcomes.map(toLandedCostOutcome), estimatedAt: new Date().toISOString() };
  },
};

/** The domain outcome as the schema's union member (resolved by `__typename`). */
export function toLandedCostOutcome(outcome: LandedCostOutcomeModel): LandedCostOutcome {
  const base = { carrier: outcome.carrier, division: outcome.division, upstream: outcome.upstream };
  if (outcome.ok) {
    return { __typename: 'LandedCostEstimate', ...base, total: outcome.total, lines: outcome.lines, warnings: outcome.warnings };
  }
  const { error } = outcome;
  return {
    __typename: 'LandedCostFailure',
    ...base,
    code: error.code,
    message: error.message,
    carrierCode: error.carrierCode,
    transactionId: error.transactionId,
    retryAt: error.retryAt?.toISOString() ?? null,
    retryable: isRetryable(error.code),
    // The variable whose deadline passed, so an operator knows which one to look at.
    limit: error instanceof CarrierDeadlineError ? error.limit : null,
  };
}
