import { z } from 'zod';
import { expressDocument } from './ship-wire.js';
/**
 * Wire shapes of the express document operations. The seed: "Request and response shapes ... of the
 * proof-of-delivery and get-image answers: not shown"; the upload operations' answers are not shown either.
 * docs/assumptions.md SX10-SX13; the sandbox answers the same.
 */
/** SX10, SX11: proof of delivery and get-image answer `documents[]` of the creation answer's document shape. */
export const expressDocumentsAnswer = z.object({
    shipmentTrackingNumber: z.string().nullish(),
    documents: z.array(expressDocument).min(1),
    warnings: z.array(z.unknown()).nullish(),
});
/** SX12, SX13: the upload answers say nothing but soft failures. */
export const expressUploadAnswer = z.object({ warnings: z.array(z.unknown()).nullish() }).passthrough();
