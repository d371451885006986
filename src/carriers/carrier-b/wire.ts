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
    .array(
      z.looseObject({
        code: text,
        message: text,
        // Member shape of parameterList: not shown.
        parameterList: z.array(z.unknown()).nullish(),
      }),
    )
    .nullish(),
});
export type WireErrorBody = z.infer<typeof errorBodySchema>;

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
export type WireTrackAnswer = z.infer<typeof trackAnswerSchema>;

/** `completeTrackResults[]`: "has `trackingNumber` and `trackResults[]`". */
export const completeTrackResultSchema = z.looseObject({
  trackingNumber: z.string(),
  trackResults: z.array(z.unknown()),
});

export const addressSchema = z.looseObject({
  streetLines: z.array(z.string()).nullish(),
  city: text,
  stateOrProvinceCode: text,
  postalCode: text,
  countryCode: text,
});
export type WireAddress = z.infer<typeof addressSchema>;

const scanEventSchema = z.looseObject({
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
export type WireScanEvent = z.infer<typeof scanEventSchema>;

/** One entry of `trackResults[]`, every member the seed lists. */
export const trackResultSchema = z.looseObject({
  trackingNumberInfo: z
    .looseObject({ trackingNumber: text, carrierCode: text, trackingNumberUniqueId: text })
    .nullish(),
  latestStatusDetail: z
    .looseObject({
      code: text,
      derivedCode: text,
      statusByLocale: text,
      description: text,
      scanLocation: addressSchema.nullish(),
      ancillaryDetails: z.array(z.looseObject({ reason: text, reasonDescription: text })).nullish(),
      delayDetail: z.looseObject({ type: text, subType: text, status: text }).nullish(),
    })
    .nullish(),
  serviceDetail: z.looseObject({ type: text, shortDescription: text, description: text }).nullish(),
  scanEvents: z.array(scanEventSchema).nullish(),
  dateAndTimes: z.array(z.looseObject({ type: text, dateTime: text })).nullish(),
  deliveryDetails: z
    .looseObject({
      receivedByName: text,
      signedByName: text,
      deliveryAttempts: numericText,
      locationDescription: text,
      actualDeliveryAddress: addressSchema.nullish(),
    })
    .nullish(),
  packageDetails: z
    .looseObject({
      count: numericText,
      packagingDescription: z.looseObject({ type: text, description: text }).nullish(),
      declaredValue: z.looseObject({ currency: text, value: numericText }).nullish(),
      // Member fields of weight[] and dimensions[]: not shown; read defensively by the mapping.
      weightAndDimensions: z
        .looseObject({ weight: z.array(z.unknown()).nullish(), dimensions: z.array(z.unknown()).nullish() })
        .nullish(),
    })
    .nullish(),
  estimatedDeliveryTimeWindow: z
    .looseObject({ type: text, window: z.looseObject({ begins: text, ends: text }).nullish() })
    .nullish(),
  recipientInformation: z.looseObject({ address: addressSchema.nullish() }).nullish(),
  availableImages: z.array(z.looseObject({ type: text, size: text })).nullish(),
  // The seed names `returnDetail` as a member of a track result, its shape "not shown" (assumption B6): read as present or not.
  returnDetail: z.unknown().nullish(),
  error: z.looseObject({ code: text, message: text }).nullish(),
});
export type WireTrackResult = z.infer<typeof trackResultSchema>;

/** A weight entry as far as we dare read it (shape not shown): a value and a unit. */
export const weightEntrySchema = z.looseObject({
  value: z.coerce.number().positive(),
  units: z.string().min(1).optional(),
  unit: z.string().min(1).optional(),
});

/** `POST /track/v1/trackingnumbers` request (seed "Track request"). */
export interface WireTrackRequest {
  includeDetailedScans: boolean;
  trackingInfo: Array<{
    trackingNumberInfo: { trackingNumber: string; carrierCode?: string; trackingNumberUniqueId?: string };
    shipDateBegin?: string;
    shipDateEnd?: string;
  }>;
}

/** `POST /track/v1/referencenumbers` request: "not shown"; our shape is assumption B2. */
export interface WireReferenceRequest {
  referencesInformation: {
    type: string;
    value: string;
    accountNumber: string;
    carrierCode?: string;
    shipDateBegin?: string;
    shipDateEnd?: string;
  };
  includeDetailedScans: boolean;
}
