import { z } from 'zod';
export const tagAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        masterTrackingNumber: z.string().min(1),
        serviceType: z.string().nullish(),
        shipTimestamp: z.string().nullish(),
        completedTagDetail: z
            .looseObject({ confirmationNumber: z.string().nullish(), location: z.string().nullish(), dispatchDate: z.string().nullish() })
            .nullish(),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
export const tagCancelAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({ cancelledTag: z.boolean(), message: z.string().nullish(), alerts: z.array(z.unknown()).nullish() }),
});
export const associatedShipmentsAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        completeTrackResults: z.array(z.looseObject({ trackingNumber: z.string() })),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
