import { z } from 'zod';
export const trackingDocumentAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        documentType: z.string().nullish(),
        documentFormat: z.string().nullish(),
        documents: z.array(z.string().min(1)).min(1),
    }),
});
