import { z } from 'zod';

/**
 * `POST /track/v1/trackingdocuments` ("tracked shipment and `documentType`" -> "document"). Shapes: "not shown".
 * Assumption SB13: the request names the document (`trackDocumentDetail`: `documentType`, `documentFormat` PDF or PNG)
 * and the shipment as in a track request (`trackingNumberInfo`); the answer carries one base64 document per shipment
 * asked in `output.documents[]`, with the type and format echoed.
 */
export interface WireTrackingDocumentRequest {
  trackDocumentDetail: { documentType: string; documentFormat: 'PDF' | 'PNG' };
  trackDocumentSpecification: Array<{
    trackingNumberInfo: { trackingNumber: string; carrierCode?: string; trackingNumberUniqueId?: string };
  }>;
}

export const trackingDocumentAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    documentType: z.string().nullish(),
    documentFormat: z.string().nullish(),
    documents: z.array(z.string().min(1)).min(1),
  }),
});
