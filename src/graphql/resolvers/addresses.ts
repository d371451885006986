import type { AddressInput } from '../../domain/pickups-addresses.js';
import type {
  AddressOutcome,
  MutationResolvers,
  NormalizedAddress,
  QueryResolvers,
  ServicePointsResult,
} from '../../generated/graphql.js';
import { toAddressInputs, toEmailNotificationRequest, toResolveOptions, toServicePointQuery } from '../inputs/addresses.js';
import type { AddressesWiring } from '../../services/addresses/addresses-service.js';
import type { AddressResolutionOutcome, ServicePointsAnswer } from '../../services/pickups/types.js';
import { CarrierDeadlineError } from '../../services/rating/carrier-call.js';
import { isRetryable } from './carrier-failure.js';
import type { GraphQLContext } from '../context.js';
import { notAvailable, payload } from '../errors.js';

/**
 * Address resolution, service points and email notifications (schema/addresses.graphql). Each resolver checks its
 * input first (src/graphql/inputs/addresses.ts: BAD_USER_INPUT naming the field, before any carrier call), then
 * calls the service. None needs the store. Merged in resolvers/index.ts.
 */

function addressesOf(ctx: GraphQLContext): AddressesWiring {
  const addresses = ctx.services.addresses;
  if (!addresses) throw notAvailable('address resolution is not available on this server');
  return addresses;
}

export const addressQueries: Pick<QueryResolvers, 'resolveAddresses' | 'servicePoints'> = {
  resolveAddresses: async (_parent, { inputs, options }, ctx) => {
    const addresses = addressesOf(ctx);
    const checked = toAddressInputs(inputs, addresses.maxInputsPerRequest);
    const outcomes = await addresses.api.resolveAddresses(checked, toResolveOptions(options), ctx.deadline);
    return outcomes.map(toAddressOutcome);
  },
  servicePoints: async (_parent, { near }, ctx) => {
    const addresses = addressesOf(ctx);
    return toServicePointsResult(await addresses.api.servicePoints(toServicePointQuery(near), ctx.deadline));
  },
};

export const addressMutations: Pick<MutationResolvers, 'subscribeEmailNotifications'> = {
  // A refusal (bad input, the carrier's 400/404) is a user error; a fault or unavailability a GraphQL error.
  subscribeEmailNotifications: (_parent, { input }, ctx) =>
    payload('subscription', async () => {
      const request = toEmailNotificationRequest(input);
      const result = await addressesOf(ctx).api.subscribeEmailNotifications(request);
      return {
        result: { carrier: request.carrier, trackingNumber: request.trackingNumber, accepted: result.accepted, message: result.message, recipientCount: request.recipients.length },
        warnings: result.warnings,
      };
    }),
};

function normalized(address: AddressInput): NormalizedAddress {
  return {
    streetLines: address.streetLines,
    city: address.city,
    stateOrProvinceCode: address.stateOrProvinceCode,
    postalCode: address.postalCode,
    countryCode: address.countryCode,
  };
}

export function toAddressOutcome(outcome: AddressResolutionOutcome, index: number): AddressOutcome {
  return {
    index,
    input: normalized(outcome.input),
    resolutions: outcome.resolutions.map(({ carrier, upstream, resolvedAt, fromCache, result }) => ({
      carrier,
      upstream,
      resolved: result.resolved,
      address: normalized(result),
      classification: result.classification,
      postOfficeBox: result.postOfficeBox,
      generalDelivery: result.generalDelivery,
      deliveryPointValidated: result.deliveryPointValidated,
      resolutionMethod: result.resolutionMethod,
      resolutionToken: result.resolutionToken,
      warnings: result.alerts,
      resolvedAt: resolvedAt.toISOString(),
      fromCache,
    })),
    capabilities: outcome.capabilities.map(({ carrier, division, upstream, purpose, resolvedAt, fromCache, result }) => ({
      carrier,
      division,
      upstream,
      purpose,
      // The connector answers the purpose asked (it refuses an answer about the other one).
      capable: (purpose === 'PICKUP' ? result.pickupCapable : result.deliveryCapable) ?? false,
      serviceAreaCode: result.serviceAreaCode,
      matchedAddress: result.matched ? normalized(result.matched) : null,
      warnings: result.warnings,
      resolvedAt: resolvedAt.toISOString(),
      fromCache,
    })),
    postalCodes: outcome.postalCodes.map(({ carrier, upstream, resolvedAt, fromCache, result }) => ({
      carrier,
      upstream,
      postalCode: result.postalCode,
      valid: result.valid,
      cleanedPostalCode: result.cleanedPostalCode,
      city: result.city,
      stateOrProvinceCode: result.stateOrProvinceCode,
      countryCode: result.countryCode,
      warnings: result.warnings,
      resolvedAt: resolvedAt.toISOString(),
      fromCache,
    })),
    failures: outcome.failures.map((f) => ({
      field: ['inputs', String(index)],
      carrier: f.carrier,
      division: f.division,
      upstream: f.upstream,
      check: f.check,
      code: f.code,
      message: f.message,
      carrierCode: f.carrierCode,
      transactionId: f.transactionId,
      retryAt: f.retryAt?.toISOString() ?? null,
      retryable: isRetryable(f.code),
      warnings: f.warnings,
    })),
  };
}

function toServicePointsResult(answer: ServicePointsAnswer): ServicePointsResult {
  return {
    points: answer.points.map(({ carrier, division, point }) => ({
      id: point.id,
      carrier,
      division,
      name: point.name,
      type: point.type,
      address: normalized(point.address),
      latitude: point.latitude,
      longitude: point.longitude,
      distanceKm: point.distanceKm,
      openingHours: point.openingHours,
      capabilities: point.capabilities,
    })),
    warnings: answer.warnings,
    failures: answer.failures.map(({ carrier, division, upstream, error }) => ({
      carrier,
      division,
      upstream,
      code: error.code,
      retryable: isRetryable(error.code),
      message: error instanceof CarrierDeadlineError ? `${error.message} (${error.limit})` : error.message,
      carrierCode: error.carrierCode,
      retryAt: error.retryAt?.toISOString() ?? null,
    })),
  };
}
