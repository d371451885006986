import { z } from 'zod';
/** `POST /address/v1/addresses/resolve` (seed 001 "Address resolution"). */
export const CARRIER_B_ADDRESS_RESOLVE_PATH = '/address/v1/addresses/resolve';
/**
 * One `output.resolvedAddresses[]` entry. The seed lists `city`, `stateOrProvinceCode`, `countryCode`,
 * `classification`, `postOfficeBox`, `normalizedStatusNameDPV`, `resolutionMethodName`, `generalDelivery`. Assumption
 * PB1: each entry echoes the input's `clientReferenceId` (the only way to pair answers with inputs), may carry
 * `streetLinesToken[]` / `postalCode` (the normalised street and postal code), `resolutionToken` when tokens were asked
 * for, and `customerMessages[]` (alerts about that address alone). Classification is a String: the seed shows two
 * values, others are mapped to UNKNOWN (or MIXED) rather than refused.
 */
export const resolvedAddressSchema = z.looseObject({
    clientReferenceId: z.string().min(1),
    streetLinesToken: z.array(z.string()).nullish(),
    city: z.string().nullish(),
    stateOrProvinceCode: z.string().nullish(),
    postalCode: z.string().nullish(),
    countryCode: z.string().nullish(),
    classification: z.string().nullish(),
    postOfficeBox: z.boolean().nullish(),
    normalizedStatusNameDPV: z.boolean().nullish(),
    resolutionMethodName: z.string().nullish(),
    generalDelivery: z.boolean().nullish(),
    resolutionToken: z.string().nullish(),
    customerMessages: z.array(z.unknown()).nullish(),
});
export const addressResolveAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        resolvedAddresses: z.array(resolvedAddressSchema),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
