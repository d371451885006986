import type { MutationResolvers, QueryResolvers } from '../../generated/graphql.js';
import { checkCarrier, checkPickupId, toCancelPickup, toPickupAvailability, toSchedulePickup, toSettlePickup, toUpdatePickup } from '../inputs/pickups.js';
import type { PickupOutcome, PickupsApi } from '../../services/pickups/pickups-api.js';
import type { GraphQLContext } from '../context.js';
import { decodeCursor, encodeCursor, pageSize, toConnection, unknownCursor } from './connection.js';
import { notAvailable, payload, type PayloadAnswer } from '../errors.js';

/**
 * Pickups (schema/pickups.graphql): each resolver checks its input (src/graphql/inputs/pickups.ts: InputError naming the field
 * under `input.`, before any write or carrier call) and calls the service. Merged in resolvers/index.ts.
 */

export function pickupsOf(ctx: GraphQLContext): PickupsApi {
  const pickups = ctx.services.pickups;
  // startServer builds it whenever there is a store; a server assembled without a store has none.
  if (!pickups) throw notAvailable('pickups are not available on this server (they need the store)', 'PICKUPS_NOT_AVAILABLE');
  return pickups;
}

const PICKUP_CURSOR = 'pickup';

/** A booking's payload: the pickup in every case; a carrier's refusal (FAILED, CARRIER_REFUSED) is also a user error. */
function bookingAnswer(outcome: PickupOutcome): PayloadAnswer<PickupOutcome> {
  const { pickup } = outcome;
  const refused = pickup.state === 'FAILED' && pickup.failure?.code === 'CARRIER_REFUSED';
  return {
    result: outcome,
    warnings: pickup.warnings,
    refused: refused ? { field: 'input', message: pickup.failure!.message, carrierCode: pickup.failure!.carrierCode } : null,
  };
}

export const pickupMutations: Pick<MutationResolvers, 'schedulePickup' | 'updatePickup' | 'cancelPickup' | 'settlePickup'> = {
  settlePickup: (_parent, { input }, ctx) =>
    payload('pickup', async () => {
      const pickup = await pickupsOf(ctx).settlePickup(toSettlePickup(input));
      return { result: pickup, warnings: pickup.warnings };
    }),
  schedulePickup: (_parent, { input }, ctx) =>
    payload('booking', async () => {
      const pickups = pickupsOf(ctx);
      const { request, idempotencyKey, labelIds } = toSchedulePickup(input, new Date(), ctx.services.divisionsOf);
      return bookingAnswer(await pickups.schedulePickup(request, idempotencyKey, labelIds));
    }),
  updatePickup: (_parent, { input }, ctx) =>
    payload('booking', async () => {
      const pickups = pickupsOf(ctx);
      return bookingAnswer(await pickups.updatePickup(toUpdatePickup(input, new Date())));
    }),
  cancelPickup: (_parent, { input }, ctx) =>
    payload('cancellation', async () => {
      const pickups = pickupsOf(ctx);
      const cancellation = await pickups.cancelPickup(toCancelPickup(input));
      return { result: cancellation, warnings: cancellation.result.warnings };
    }),
};

export const pickupQueries: Pick<QueryResolvers, 'pickupAvailability' | 'pickup' | 'pickups'> = {
  pickupAvailability: async (_parent, { input }, ctx) => {
    return await pickupsOf(ctx).availability(toPickupAvailability(input, new Date(), ctx.services.divisionsOf));
  },
  pickup: async (_parent, { id }, ctx) => {
    return await pickupsOf(ctx).pickup(checkPickupId(id, 'id'));
  },
  pickups: async (_parent, { carrier, state, first, after }, ctx) => {
    const size = pageSize(ctx, first);
    const afterId = decodeCursor(PICKUP_CURSOR, after);
    if (afterId !== null) checkPickupId(afterId, 'after');
    const found = await pickupsOf(ctx).pickups({ carrier: carrier ? checkCarrier(carrier, 'carrier') : null, state: state ?? null }, afterId, size + 1);
    if (found === null) throw unknownCursor(after!);
    return toConnection(found, size, (p) => encodeCursor(PICKUP_CURSOR, p.id));
  },
};
