import type { Carrier } from '../domain/carrier.js';
import type { ProofOfDelivery, Shipment } from '../domain/shipment.js';
import type { UpstreamError } from '../domain/errors.js';

/** Parent of `TrackedShipments`: one input's shipments. */
export interface TrackedShipmentsModel {
  kind: 'tracked';
  carrier: Carrier;
  trackingNumber: string;
  shipments: Shipment[];
}

/** Parent of `TrackingFailure`: one input's typed failure. */
export interface TrackingFailureModel {
  kind: 'failure';
  carrier: Carrier;
  trackingNumber: string;
  /** The input's division, when it gave one. */
  division?: string | null;
  error: UpstreamError;
}

/** Parent of `ProofOfDelivery`: the carrier's proof plus the shipment it belongs to (its `document` is stored by it). */
export interface ProofOfDeliveryModel extends ProofOfDelivery {
  shipmentId: string;
  carrier: Carrier;
}
