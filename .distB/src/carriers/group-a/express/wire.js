import { z } from 'zod';
/** Wire shapes of the express tracking answer (seed 000, "Resources B"). Unknown members are tolerated. */
const str = z.string().nullish();
const num = z.number().nullish();
const serviceArea = z.object({
    code: str,
    description: str,
    facilityCode: str,
    outboundSortCode: str,
    inboundSortCode: str,
});
export const expressPartyDetails = z.object({
    name: str,
    postalAddress: z
        .object({ cityName: str, postalCode: str, provinceCode: str, countryCode: str })
        .nullish(),
    serviceArea: z.array(serviceArea).nullish(),
});
/** "`date` (YYYY-MM-DD), `time` (HH:MM:SS), `GMTOffset` (+HH:MM), three separate strings". */
export const expressEvent = z.object({
    date: z.string(),
    time: str,
    GMTOffset: str,
    typeCode: str,
    description: str,
    signedBy: str,
    serviceArea: z.array(serviceArea).nullish(),
});
/** Piece events: "`date`, `time`, `typeCode`, `description`" (no offset in the seed; one is read if sent). */
export const expressPieceEvent = expressEvent;
export const expressPiece = z.object({
    number: num,
    typeCode: str,
    shipmentTrackingNumber: str,
    trackingNumber: str,
    weight: num,
    dimensionalWeight: num,
    actualWeight: num,
    dimensions: z.object({ length: num, width: num, height: num }).nullish(),
    events: z.array(expressPieceEvent).nullish(),
});
export const expressShipment = z.object({
    shipmentTrackingNumber: z.string().min(1),
    status: str,
    shipmentTimestamp: str,
    productCode: str,
    description: str,
    shipperDetails: expressPartyDetails.nullish(),
    receiverDetails: expressPartyDetails.nullish(),
    totalWeight: num,
    unitOfMeasurements: str,
    numberOfPieces: num,
    shipperReferences: z.array(z.object({ value: z.string(), typeCode: str })).nullish(),
    estimatedTimeOfDelivery: str,
    estimatedTimeOfDeliveryRemark: str,
    events: z.array(expressEvent).nullish(),
    pieces: z.array(expressPiece).nullish(),
    warnings: z.array(z.unknown()).nullish(),
});
/** "a successful answer can still carry `warnings[]` and must be inspected": strings or objects, both read. */
export const expressTrackingAnswer = z.object({
    // Required: an unknown number is a 404 (assumption X1), so a 200 without the list breaks the contract.
    shipments: z.array(expressShipment),
    warnings: z.array(z.unknown()).nullish(),
});
