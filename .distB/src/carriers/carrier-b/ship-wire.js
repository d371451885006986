import { z } from 'zod';
import { alertSchema } from './wire.js';
/**
 * Carrier B shipping wire shapes (seed 001, "Shipment creation request/answer", "Cancellation"). What the seed lists is
 * read; everything else is tolerated (loose objects). Amounts are JSON numbers ("(numbers)"), read by
 * rating-amount.ts into decimal strings. Member shapes the seed does not show are docs/assumptions.md SB1-SB12.
 */
const text = z.string().nullish();
const amount = z.number().finite().nullish();
/** "Documents: `contentType`, `docType` (`PDF`), `encodedLabel` (base64 string) or `url`, and on shipment documents `copiesToPrint`". */
export const shipDocumentSchema = z
    .looseObject({
    contentType: text,
    docType: text,
    encodedLabel: text,
    url: text,
    copiesToPrint: z.number().int().nullish(),
})
    .refine((doc) => Boolean(doc.encodedLabel) || Boolean(doc.url), { message: 'a document carries encodedLabel or url' });
export const customerReferenceSchema = z.looseObject({ customerReferenceType: z.string(), value: z.string() });
/** `pieceResponses[]` as the seed lists it; `currency` is assumption SB5 (the seed gives amounts without one). */
export const pieceResponseSchema = z.looseObject({
    trackingNumber: z.string().min(1),
    masterTrackingNumber: text,
    packageSequenceNumber: z.number().int().nullish(),
    trackingIdType: text,
    baseRateAmount: amount,
    netChargeAmount: amount,
    netDiscountAmount: amount,
    listRateAmount: amount,
    codCollectionAmount: amount,
    currency: text,
    customerReferences: z.array(customerReferenceSchema).nullish(),
    packageDocuments: z.array(shipDocumentSchema).nullish(),
});
/** `output.transactionShipments[]`. */
export const transactionShipmentSchema = z.looseObject({
    serviceType: text,
    serviceName: text,
    serviceCategory: text,
    shipDatestamp: text,
    masterTrackingNumber: z.string().min(1),
    pieceResponses: z.array(pieceResponseSchema).min(1),
    shipmentDocuments: z.array(shipDocumentSchema).nullish(),
    alerts: z.array(z.unknown()).nullish(),
});
/** The creation answer: shipments (sync) or `jobId` ("present when processed asynchronously"). */
export const shipAnswerSchema = z.looseObject({
    transactionId: text,
    customerTransactionId: text,
    output: z.looseObject({
        transactionShipments: z.array(transactionShipmentSchema).nullish(),
        alerts: z.array(z.unknown()).nullish(),
        jobId: text,
    }),
});
/**
 * `/ship/v1/shipments/results`: "shipment documents once ready". Assumption SB6: until then the answer is a 200 whose
 * output carries no `transactionShipments` (the sandbox adds an alert saying the job is still running).
 */
export const shipResultsAnswerSchema = shipAnswerSchema;
/** `/ship/v1/shipments/packages/validate`: "alerts only, nothing created". */
export const validateAnswerSchema = z.looseObject({
    transactionId: text,
    output: z.looseObject({ alerts: z.array(z.unknown()).nullish() }).nullish(),
});
/** Cancellation answer: "`output.cancelledShipment`, `output.cancelledHistory` (booleans), `output.message`". */
export const cancelAnswerSchema = z.looseObject({
    transactionId: text,
    output: z.looseObject({
        cancelledShipment: z.boolean(),
        cancelledHistory: z.boolean().nullish(),
        message: text,
        alerts: z.array(z.unknown()).nullish(),
    }),
});
export { alertSchema };
