import { z } from 'zod';
/**
 * Wire shapes of the unified tracking answer (seed 000, "Resources A"). Unknown members are tolerated (zod strips
 * them); any member may be absent or null, because masked personal data is left out ("any member may be absent when
 * masked").
 */
const str = z.string().nullish();
const num = z.number().nullish();
export const unifiedAddress = z.object({
    '@policy': str,
    addressLocality: str,
    addressRegion: str,
    countryCode: str,
    postalCode: str,
    streetAddress: str,
});
const place = z.object({ address: unifiedAddress.nullish() }).nullish();
export const unifiedStatus = z.object({
    timestamp: str,
    statusCode: str,
    status: str,
    description: str,
    remark: str,
    nextSteps: str,
    location: place,
});
export const unifiedEvent = unifiedStatus.extend({ pieceIds: z.array(z.string()).nullish() });
const measure = z.object({ value: z.number(), unitText: str }).nullish();
export const unifiedPerson = z.object({
    '@type': str,
    '@policy': str,
    organizationName: str,
    givenName: str,
    familyName: str,
    name: str,
});
export const unifiedReference = z.object({ '@scope': str, number: z.union([z.string(), z.number()]), type: z.string() });
export const unifiedDetails = z.object({
    product: z.object({ productCode: str, productName: str, deliveryMethodRemark: str }).nullish(),
    provider: z.object({ destinationProvider: str }).nullish(),
    sender: unifiedPerson.nullish(),
    receiver: unifiedPerson.nullish(),
    proofOfDelivery: z.object({ timestamp: str, documentUrl: str, signatureUrl: str }).nullish(),
    proofOfDeliverySignedAvailable: z.boolean().nullish(),
    totalNumberOfPieces: num,
    pieceIds: z.array(z.string()).nullish(),
    weight: measure,
    dimensions: z.object({ length: measure, width: measure, height: measure }).nullish(),
    references: z.array(unifiedReference).nullish(),
});
export const unifiedShipment = z.object({
    id: z.string().min(1),
    service: str,
    origin: place,
    destination: place,
    status: unifiedStatus.nullish(),
    pickUpDate: str,
    estimatedTimeOfDelivery: str,
    estimatedDeliveryTimeFrame: z.object({ estimatedFrom: str, estimatedThrough: str }).nullish(),
    estimatedTimeOfDeliveryRemark: str,
    serviceUrl: str,
    rerouteUrl: str,
    returnFlag: z.boolean().nullish(),
    details: unifiedDetails.nullish(),
    events: z.array(unifiedEvent).nullish(),
});
/** Top level: `url`, `nextUrl` ("null when none"), `shipments` ("more than one when a number is ambiguous"). */
export const unifiedTrackingAnswer = z.object({
    url: str,
    nextUrl: str,
    // Required: an unknown number is a 404 (seed 000 Errors 3), so a 200 without the list breaks the contract.
    shipments: z.array(unifiedShipment),
});
