import { z } from 'zod';
import { shipDocumentSchema } from './ship-wire.js';

/**
 * `/ship/v1/endofday/` ("ground end-of-day close" -> "end-of-day manifest"). Request and answer shapes: "not shown".
 * Assumption SB11: the request names the account, the close date and the manifest's format; the answer lists the
 * tracking numbers it closed and the manifest as a document of the seed's document shape (`contentType`, `docType`,
 * `encodedLabel` or `url`).
 */
export interface WireEndOfDayRequest {
  accountNumber: { value: string };
  /** Ground close ("GCCLOSE"): every open ground shipment of the account shipped on or before `closeDate`. */
  closeReqType: 'GCCLOSE';
  groundServiceCategory: 'GROUND';
  closeDate: string;
  closeDocumentSpecification: { closeDocumentTypes: ['MANIFEST']; docType: 'PDF' | 'PNG' };
}

export const endOfDayAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    closedTrackingNumbers: z.array(z.string().min(1)),
    closeDocuments: z.array(shipDocumentSchema).nullish(),
    alerts: z.array(z.unknown()).nullish(),
  }),
});
