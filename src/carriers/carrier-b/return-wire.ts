import { z } from 'zod';
import type { WireCustomerReference, WireShipParty } from './ship-wire.js';

/**
 * Return tags (`POST /ship/v1/shipments/tag`, PUT `/ship/v1/shipments/tag/cancel/{shipmentid}`) and the outbound link
 * (`POST /track/v1/associatedshipments`). Shapes: "not shown". Assumption SB12: the tag request is the creation
 * request's shape with `returnShipmentDetail` (the seed: "`returnShipmentDetail` for a return") naming the outbound
 * shipment in `returnAssociationDetail`, and `pickupDetail` saying when the courier collects; the answer carries the
 * tag's `masterTrackingNumber` (the `{shipmentid}` a cancellation names) and the courier's `completedTagDetail`.
 * The associated-shipments lookup takes the outbound number and answers, in the track answer form, its returns.
 */
export interface WireTagRequest {
  accountNumber: { value: string };
  requestedShipment: {
    shipDatestamp: string;
    pickupType: 'CONTACT_CARRIER_TO_SCHEDULE';
    serviceType: string;
    packagingType: string;
    shipper: WireShipParty;
    recipients: WireShipParty[];
    shippingChargesPayment: { paymentType: 'SENDER'; payor: { responsibleParty: { accountNumber: { value: string } } } };
    shipmentSpecialServices: {
      specialServiceTypes: ['RETURN_SHIPMENT'];
      returnShipmentDetail: {
        returnType: 'CARRIER_TAG';
        rma?: { reason: string };
        returnAssociationDetail: { trackingNumber: string; shipDatestamp: string };
      };
    };
    pickupDetail: { readyPickupDateTime: string };
    requestedPackageLineItems: Array<{ sequenceNumber: number; weight: { units: string; value: number }; customerReferences: WireCustomerReference[] }>;
  };
}

export const tagAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    masterTrackingNumber: z.string().min(1),
    serviceType: z.string().nullish(),
    shipTimestamp: z.string().nullish(),
    completedTagDetail: z
      .looseObject({ confirmationNumber: z.string().nullish(), location: z.string().nullish(), dispatchDate: z.string().nullish() })
      .nullish(),
    alerts: z.array(z.unknown()).nullish(),
  }),
});

export interface WireTagCancelRequest {
  accountNumber: { value: string };
}

export const tagCancelAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({ cancelledTag: z.boolean(), message: z.string().nullish(), alerts: z.array(z.unknown()).nullish() }),
});

export interface WireAssociatedShipmentsRequest {
  accountNumber: { value: string };
  associatedType: 'OUTBOUND_LINK_TO_RETURN';
  masterTrackingNumberInfo: { trackingNumberInfo: { trackingNumber: string } };
  includeDetailedScans: false;
}

export const associatedShipmentsAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    completeTrackResults: z.array(z.looseObject({ trackingNumber: z.string() })),
    alerts: z.array(z.unknown()).nullish(),
  }),
});
