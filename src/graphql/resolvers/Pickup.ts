import type { LabelResolvers, PickupBookingResolvers, PickupCancellationResolvers, PickupResolvers } from '../../generated/graphql.js';
import type { Pickup as PickupModel } from '../../domain/pickup.js';
import { pickupsOf } from './pickups.js';
import { shippingOf } from './shipping.js';

/** `Pickup` (schema/pickups.graphql): the stored pickup; `labels` resolve from the store. */
export const Pickup: PickupResolvers = {
  account: (pickup) => pickup.accountNumber,
  readyAt: (pickup) => pickup.request?.readyAt || null,
  labels: async (pickup, _args, ctx) => {
    if (pickup.labelIds.length === 0) return [];
    const labels = await Promise.all(pickup.labelIds.map((id) => shippingOf(ctx).api.label(id)));
    return labels.filter((l) => l !== null);
  },
  cancelledAt: (pickup) => pickup.cancelledAt?.toISOString() ?? null,
  createdAt: (pickup) => pickup.createdAt.toISOString(),
  updatedAt: (pickup) => pickup.updatedAt.toISOString(),
};

/** A replay of a booking still running (PENDING) is IN_PROGRESS. */
export const PickupBooking: PickupBookingResolvers = {
  replay: ({ pickup, replayed }) => (!replayed ? 'NEW' : pickupInProgress(pickup) ? 'IN_PROGRESS' : 'REPLAYED'),
};

function pickupInProgress(pickup: PickupModel): boolean {
  return pickup.state === 'PENDING';
}

export const PickupCancellation: PickupCancellationResolvers = {
  cancelled: ({ result }) => result.cancelled,
  message: ({ result }) => result.message,
};

/** `Label.pickups` (extended in schema/pickups.graphql): the pickups that collect it. */
export const labelPickups: Pick<LabelResolvers, 'pickups'> = {
  pickups: async (label, _args, ctx) => (ctx.services.pickups ? pickupsOf(ctx).pickupsOfLabel(label.id) : []),
};
