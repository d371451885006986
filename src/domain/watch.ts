import type { Carrier } from './carrier.js';
import type { StatusReading } from './status.js';
import type { EcommerceIdType } from './tracking.js';

/** A shipment our polling watchers follow (carriers without push). */
export interface ShipmentWatch {
  shipmentId: string;
  carrier: Carrier;
  division: string | null;
  trackingNumber: string;
  carrierCode: string | null;
  carrierUniqueId: string | null;
  ecommerceIdType: EcommerceIdType | null;
  lastStatus: StatusReading | null;
  lastPolledAt: string | null;
  nextPollAt: string | null;
  active: boolean;
}
