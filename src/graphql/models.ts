import type { Carrier } from '../domain/carrier.js';
import type { Shipment } from '../domain/shipment.js';
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
  error: UpstreamError;
}
