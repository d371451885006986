import type { ProofOfDeliveryResolvers, ShipmentResolvers } from '../../generated/graphql.js';
import { resolveShipmentReference } from './shipment-lookup.js';
import { shippingOf } from './shipping.js';

export const Shipment: ShipmentResolvers = {
  /**
   * The router's `_entities`: by `id` (from the store when fresh, no carrier call), or by `carrier trackingNumber` (or
   * `carrierName trackingNumber`, the same with a plain string) through the request's tracking loaders, so 95
   * references cost ceil(95/30) Carrier B calls.
   */
  __resolveReference: async (reference, ctx, info) => {
    return await resolveShipmentReference(ctx, reference as { id?: unknown; carrier?: unknown; carrierName?: unknown; trackingNumber?: unknown }, info);
  },
  carrierName: (shipment) => shipment.carrier,
  events: (shipment) => shipment.events ?? [],
  proofOfDelivery: (shipment) =>
    shipment.proofOfDelivery ? { ...shipment.proofOfDelivery, shipmentId: shipment.id, carrier: shipment.carrier } : null,
};

/** `ProofOfDelivery.document`: the carrier's linked document, followed once and stored for the shipment. */
export const ProofOfDelivery: ProofOfDeliveryResolvers = {
  document: async (proof, _args, ctx) => {
    if (!proof.documentUrl) return null;
    return await shippingOf(ctx).api.linkedDocument({ shipmentId: proof.shipmentId, carrier: proof.carrier, kind: 'PROOF_OF_DELIVERY', url: proof.documentUrl });
  },
};
