import type { GraphQLResolveInfo } from 'graphql';
import { UpstreamError } from '../../domain/errors.js';
import type { Shipment } from '../../domain/shipment.js';
import type { Label as LabelModel } from '../../domain/shipping.js';
import { idNamesShipment, parseShipmentId } from '../../domain/ids.js';
import type { LabelCancellationResolvers, LabelPieceResolvers, LabelPurchaseResolvers, LabelResolvers, OrderShipmentsResolvers } from '../../generated/graphql.js';
import { shipmentFromLabel } from '../../services/shipping/label-shipment.js';
import type { GraphQLContext } from '../context.js';
import { pageOfList } from './connection.js';
import { resolveShipmentReference } from './shipment-lookup.js';
import { shippingOf } from './shipping.js';

/**
 * The same `Shipment` tracking and `_entities` answer for a label (same id): from the store (the snapshot saved at
 * purchase, or a fresher tracking answer), else the carrier. A carrier that does not know the number yet answers the
 * label as a LABEL_CREATED shipment, which is what it is (SG7). Null when the label has no shipment (not purchased).
 */
export async function labelShipment(label: LabelModel, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<Shipment | null> {
  const born = shipmentFromLabel(label);
  if (!born) return null;
  // The watch made at purchase knows the canonical id (Carrier B's carries the unique id only tracking gives).
  const watch = await ctx.services.watcher?.watchOfShipment(born.id, 'id');
  const id = watch?.shipmentId ?? born.id;
  // Not an error to map: a carrier that does not know the number yet is answered with the label's own shipment.
  return resolveShipmentReference(ctx, { id }, info).catch((error: unknown) => {
    if (error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND') return { ...born, id };
    throw error;
  });
}

/** `Label` (schema/shipping.graphql): the stored label; each field reads it, `shipment` and `tender` resolve by id. */
export const Label: LabelResolvers = {
  service: (label) => label.serviceCode,
  account: (label) => label.accountNumber,
  /**
   * The same `Shipment` tracking and `_entities` answer (same id): from the store (the snapshot saved at purchase, or
   * a fresher tracking answer), else the carrier. A carrier that does not know the number yet answers the label as a
   * LABEL_CREATED shipment, which is what it is (SG7).
   */
  shipment: async (label, _args, ctx, info) => {
    return await labelShipment(label, ctx, info);
  },
  trackingUrl: (label) => label.links.trackingUrl,
  tender: async (label, _args, ctx) => (label.tenderId ? shippingOf(ctx).api.tenderById(label.tenderId) : null),
  tenderedAt: (label) => label.tenderedAt?.toISOString() ?? null,
  cancelledAt: (label) => label.cancelledAt?.toISOString() ?? null,
  references: (label) => label.request.references,
  returnOf: async (label, _args, ctx) => (label.returnOf ? shippingOf(ctx).api.label(label.returnOf) : null),
  createdAt: (label) => label.createdAt.toISOString(),
  updatedAt: (label) => label.updatedAt.toISOString(),
};

export const LabelPiece: LabelPieceResolvers = {
  charge: (piece) => piece.netCharge,
};

/** SG2: a replay of a finished purchase is REPLAYED; of one still running (PENDING, UNKNOWN) IN_PROGRESS. */
export const LabelPurchase: LabelPurchaseResolvers = {
  replay: ({ label, replayed }) => (!replayed ? 'NEW' : inProgress(label) ? 'IN_PROGRESS' : 'REPLAYED'),
};

function inProgress(label: LabelModel): boolean {
  return label.state === 'PENDING' || label.state === 'UNKNOWN';
}

export const LabelCancellation: LabelCancellationResolvers = {
  cancelled: ({ result }) => result.cancelled,
  alreadyCancelled: ({ result }) => result.alreadyCancelled ?? false,
  message: ({ result }) => result.message,
};

/**
 * `OrderShipments.carrierShipments`: a label stores the id it was bought under (Carrier B's without the unique id only
 * tracking gives), so "already named by a label" is decided by `idNamesShipment`, not by string equality.
 */
export const OrderShipments: OrderShipmentsResolvers = {
  labels: (search, args, ctx) => pageOfList<LabelModel>(ctx, () => search.labels, args, 'order-label', (label) => label.id),
  carrierShipments: (search) =>
    search.carrierShipments.filter(
      (shipment) =>
        !search.labels.some((label) => {
          const born = shipmentFromLabel(label);
          const parts = born ? parseShipmentId(born.id) : null;
          return born !== null && parts !== null && idNamesShipment(born.id, parts, shipment);
        }),
    ),
};
