import { z } from 'zod';
/**
 * Carrier B wire shapes (seed 001, "Resources and their fields"). Only what the seed promises is required; everything
 * else is optional and nullable, and unknown extra fields are tolerated (loose objects) because the seed says other
 * members exist "not shown beyond the fields listed".
 *
 * The track answer is read in two steps: the top level loosely (`completeTrackResults` and `trackResults` as unknown
 * arrays), then each track result on its own, so one malformed entry fails only its own number (UPSTREAM_CONTRACT).
 */
const text = z.string().nullish();
/** The seed types `count` and `deliveryAttempts` as strings; a number is read as well rather than failing the item. */
const numericText = z.union([z.string(), z.number()]).nullish();
/** `POST /oauth/token`: "`access_token` (string), `token_type` (string), `expires_in` (integer, 3600), `scope` (string)". */
export const tokenAnswerSchema = z.looseObject({
    access_token: z.string().min(1),
    token_type: text,
    expires_in: z.coerce.number().int().positive(),
    scope: text,
});
/** Error body: "`transactionId` (string) and `errors[]`, each with `code` (string), `message` (string) and `parameterList`". */
export const errorBodySchema = z.looseObject({
    transactionId: text,
    errors: z
        .array(z.looseObject({
        code: text,
        message: text,
        // Member shape of parameterList: not shown.
        parameterList: z.array(z.unknown()).nullish(),
    }))
        .nullish(),
});
/** `output.alerts[]` (address resolution shows `code`, `message`, `alertType`; the track answer says only "an array"). */
export const alertSchema = z.looseObject({ code: text, message: text, alertType: text });
/** Top level of the track answer (also the reference-number answer, assumption B2). */
export const trackAnswerSchema = z.looseObject({
    transactionId: text,
    customerTransactionId: text,
    output: z.looseObject({
        completeTrackResults: z.array(z.unknown()),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
/** `completeTrackResults[]`: "has `trackingNumber` and `trackResults[]`". */
export const completeTrackResultSchema = z.object({
    trackingNumber: z.string(),
    trackResults: z.array(z.unknown()),
});
/*
 * The track result, validated only as far as the unified model reads it (issue 12: "validate and map only what the
 * unified model reads"; assumptions PC1-PC2). Every member mapTrackResult reads is checked for its type, so a wrong
 * type there still fails that number with UPSTREAM_CONTRACT; members it does not read (`ancillaryDetails`,
 * `packagingDescription`, `dimensions`, anything beyond the seed's list) are neither checked nor copied. `z.object`
 * strips what it does not name instead of copying it (`z.looseObject` walks every key of the answer to keep extras
 * nobody reads), which at 3,000 numbers a request was a large share of the CPU.
 */
export const addressSchema = z.object({
    streetLines: z.array(z.string()).nullish(),
    city: text,
    stateOrProvinceCode: text,
    postalCode: text,
    countryCode: text,
});
const scanEventSchema = z.object({
    date: text,
    eventType: text,
    eventDescription: text,
    derivedStatus: text,
    derivedStatusCode: text,
    exceptionCode: text,
    exceptionDescription: text,
    locationId: text,
    locationType: text,
    scanLocation: addressSchema.nullish(),
});
/** One entry of `trackResults[]`: the members the mapping reads (src/carriers/carrier-b/mapping.ts). */
export const trackResultSchema = z.object({
    trackingNumberInfo: z.object({ trackingNumber: text, carrierCode: text, trackingNumberUniqueId: text }).nullish(),
    latestStatusDetail: z
        .object({
        code: text,
        derivedCode: text,
        statusByLocale: text,
        description: text,
        scanLocation: addressSchema.nullish(),
        delayDetail: z.object({ type: text, subType: text, status: text }).nullish(),
    })
        .nullish(),
    serviceDetail: z.object({ type: text, shortDescription: text, description: text }).nullish(),
    scanEvents: z.array(scanEventSchema).nullish(),
    dateAndTimes: z.array(z.object({ type: text, dateTime: text })).nullish(),
    deliveryDetails: z
        .object({
        receivedByName: text,
        signedByName: text,
        deliveryAttempts: numericText,
        actualDeliveryAddress: addressSchema.nullish(),
    })
        .nullish(),
    packageDetails: z
        .object({
        count: numericText,
        declaredValue: z.object({ currency: text, value: numericText }).nullish(),
        // Member fields of weight[]: not shown; each entry is read defensively by the mapping (weightEntrySchema).
        weightAndDimensions: z.object({ weight: z.array(z.unknown()).nullish() }).nullish(),
    })
        .nullish(),
    estimatedDeliveryTimeWindow: z
        .object({ type: text, window: z.object({ begins: text, ends: text }).nullish() })
        .nullish(),
    recipientInformation: z.object({ address: addressSchema.nullish() }).nullish(),
    availableImages: z.array(z.object({ type: text, size: text })).nullish(),
    // The seed names `returnDetail` as a member of a track result, its shape "not shown" (assumption B6): read as present or not.
    returnDetail: z.unknown().nullish(),
    error: z.object({ code: text, message: text }).nullish(),
});
/** A weight entry as far as we dare read it (shape not shown): a value and a unit (nothing else is kept, PC2). */
export const weightEntrySchema = z.object({
    value: z.coerce.number().positive(),
    units: z.string().min(1).optional(),
    unit: z.string().min(1).optional(),
});
