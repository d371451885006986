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

/**
 * What we read of a 2xx close answer. The shape is our assumption, so nothing in it is required: the close has acted
 * whatever the carrier answered (the connector keeps the answer as received, and a part that does not match is
 * read as absent).
 */
export const endOfDayAnswerSchema = z.looseObject({
  transactionId: z.string().nullish().catch(null),
  output: z
    .looseObject({
      closedTrackingNumbers: z.array(z.string().min(1)).nullish().catch(null),
      closeDocuments: z.array(shipDocumentSchema).nullish().catch(null),
      alerts: z.array(z.unknown()).nullish().catch(null),
    })
    .nullish()
    .catch(null),
});
