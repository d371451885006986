import { z } from 'zod';
/**
 * The e-commerce tracking answer as assumed in E2 (the seed: "Fields of the e-commerce tracking answer: not shown"):
 * `{ packages: [ { packageId, carrierPackageId, trackingId, events: [ { date, eventCode, description, location } ] } ] }`,
 * newest event first. Unknown members are tolerated.
 */
const str = z.string().nullish();
export const ecommerceEvent = z.object({
    date: z.string(),
    eventCode: str,
    description: str,
    location: z.object({ city: str, state: str, postalCode: str, country: str }).nullish(),
});
export const ecommercePackage = z.object({
    packageId: str,
    carrierPackageId: str,
    trackingId: str,
    events: z.array(ecommerceEvent).default([]),
});
// Required: an unknown package is a 404 (assumption E2), so a 200 without the list breaks the contract.
export const ecommerceTrackingAnswer = z.object({ packages: z.array(ecommercePackage) });
