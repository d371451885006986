import { z } from 'zod';
/** `POST /track/v1/notifications` (seed 001 Events item 2: "the only subscription is an email notification"). */
export const CARRIER_B_NOTIFICATIONS_PATH = '/track/v1/notifications';
/** Seed 001 Limits: "email recipients per notification subscription: 4". */
export const CARRIER_B_MAX_EMAIL_RECIPIENTS = 4;
/**
 * Answer shape "not shown" (assumption PB4): the seed's common envelope, `transactionId` and an `output` that may carry a
 * `message` and `alerts[]`; a 200 is the carrier's acceptance. Any other member is kept unread.
 */
export const notificationAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z
        .looseObject({
        message: z.string().nullish(),
        alerts: z.array(z.unknown()).nullish(),
    })
        .nullish(),
});
