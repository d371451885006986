import { z } from 'zod';
import { shipDocumentSchema } from './ship-wire.js';
export const endOfDayAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        closedTrackingNumbers: z.array(z.string().min(1)),
        closeDocuments: z.array(shipDocumentSchema).nullish(),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
