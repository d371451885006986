import type { StepKind } from '../data/plan.js';

/**
 * How Carrier B writes each step. `derivedCode` follows assumption B1 (`DL` delivered, `RS` returned to shipper)
 * and the carrier family's public codes (`OC` label created, `PU` picked up, `IT` in transit, `OD` out for
 * delivery, `DE` delivery exception, `DY` delay). `eventType` is the raw scan code. Steps without an entry are not
 * scanned by this carrier.
 */
export interface CarrierBScan {
  eventType: string;
  derivedStatusCode: string;
  derivedStatus: string;
  eventDescription: string;
  locationType: string;
  exceptionCode?: string;
  exceptionDescription?: string;
}

export const CARRIER_B_SCANS: Partial<Record<StepKind, CarrierBScan>> = {
  LABEL_CREATED: {
    eventType: 'OC',
    derivedStatusCode: 'OC',
    derivedStatus: 'Label created',
    eventDescription: 'Shipment information sent to carrier',
    locationType: 'CUSTOMER',
  },
  PICKED_UP: {
    eventType: 'PU',
    derivedStatusCode: 'PU',
    derivedStatus: 'Picked up',
    eventDescription: 'Picked up',
    locationType: 'PICKUP_LOCATION',
  },
  DEPARTED_ORIGIN: {
    eventType: 'DP',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    eventDescription: 'Left carrier origin facility',
    locationType: 'ORIGIN_CARRIER_FACILITY',
  },
  ARRIVED_HUB: {
    eventType: 'AR',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    eventDescription: 'Arrived at carrier location',
    locationType: 'CARRIER_FACILITY',
  },
  WEATHER_DELAY: {
    eventType: 'SE',
    derivedStatusCode: 'DY',
    derivedStatus: 'Delay',
    eventDescription: 'Shipment exception',
    locationType: 'CARRIER_FACILITY',
    exceptionCode: 'WX',
    exceptionDescription: 'Severe weather (snow) delayed the shipment',
  },
  DEPARTED_HUB: {
    eventType: 'DP',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    eventDescription: 'Departed carrier location',
    locationType: 'CARRIER_FACILITY',
  },
  ARRIVED_DESTINATION: {
    eventType: 'AR',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    eventDescription: 'At local carrier facility',
    locationType: 'DESTINATION_CARRIER_FACILITY',
  },
  OUT_FOR_DELIVERY: {
    eventType: 'OD',
    derivedStatusCode: 'OD',
    derivedStatus: 'Out for delivery',
    eventDescription: 'On vehicle for delivery',
    locationType: 'VEHICLE',
  },
  DELIVERY_ATTEMPT_FAILED: {
    eventType: 'DE',
    derivedStatusCode: 'DE',
    derivedStatus: 'Delivery exception',
    eventDescription: 'Delivery exception',
    locationType: 'DELIVERY_LOCATION',
    exceptionCode: '08',
    exceptionDescription: 'Customer not available or business closed',
  },
  DELIVERED: {
    eventType: 'DL',
    derivedStatusCode: 'DL',
    derivedStatus: 'Delivered',
    eventDescription: 'Delivered',
    locationType: 'DELIVERY_LOCATION',
  },
  RETURN_TO_SENDER: {
    eventType: 'IT',
    derivedStatusCode: 'IT',
    derivedStatus: 'In transit',
    eventDescription: 'Returning package to shipper',
    locationType: 'DESTINATION_CARRIER_FACILITY',
  },
  RETURNED: {
    eventType: 'RS',
    derivedStatusCode: 'RS',
    derivedStatus: 'Returned to shipper',
    eventDescription: 'Returned to shipper',
    locationType: 'PICKUP_LOCATION',
  },
};
