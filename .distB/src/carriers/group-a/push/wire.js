import { z } from 'zod';
import { isPrintableText } from '../../../domain/text-bounds.js';
import { readTimestamp } from '../../../domain/timestamp.js';
import { unifiedStatus } from '../unified/wire.js';
/**
 * Wire shapes of the Group A push interface. Seed 000 shows the notification body ("Events" 1); the subscription
 * calls and the confirmation body are "not shown": these are our assumptions P1-P4 (docs/assumptions.md), which the
 * sandbox follows.
 */
/** Identifiers and codes: 1 to `max` characters, none of them a control character (NUL cannot even be stored). */
function printable(max) {
    return z.string().min(1).max(max).refine(isPrintableText, { message: 'must not contain control characters' });
}
/** P1: `POST {push base}{subscriptions path}` answers 201 with the carrier's id and the subscription's phase. */
export const createSubscriptionAnswer = z.object({
    id: z.string().min(1),
    status: z.enum(['created', 'pending-approval', 'active']),
});
/** P2: `POST .../{id}/verify` with the validation secret answers the phase reached. */
export const verifySubscriptionAnswer = z.object({
    id: z.string().min(1).optional(),
    status: z.enum(['active', 'pending-approval']),
});
/** P1: DELETE answers 204 (no body) or 200 with anything. */
export const deleteSubscriptionAnswer = z.unknown();
/** P3: the confirmation call made at creation: `{ scope: 'subscription.confirm', subscriptionId, validationSecret }`. */
export const confirmationCall = z.object({
    scope: z.literal('subscription.confirm'),
    subscriptionId: printable(200),
    validationSecret: z.string().min(8).max(512),
});
/** P4: the business approval of a customer-account subscription: `{ scope: 'subscription.approved', subscriptionId }`. */
export const approvalCall = z.object({
    scope: z.literal('subscription.approved'),
    subscriptionId: printable(200),
});
/**
 * The seed: "`scope` (string, value `subscription.push`) and `shipments[]`. Each shipment has `id`, `service` and
 * `status` (`timestamp`, `statusCode`, `status`, `location.address` ...), the same shape as the pull status object."
 * `id`, `status.timestamp` and `status.statusCode` are required: together they identify a notification.
 */
export const pushedShipment = z.object({
    id: printable(64),
    service: printable(64).nullish(),
    status: unifiedStatus.extend({
        // Must become a `timestamptz` (with an offset) or a local date-time in the status log: a value the store would
        // refuse is refused here, before the 200, instead of being acknowledged and never recorded (assumption V4).
        timestamp: z
            .string()
            .min(1)
            .max(64)
            .refine((value) => readTimestamp(value.trim()) !== null, {
            message: 'must be a real ISO 8601 date-time, years 0001-9999, offset (if any) within ±14:00',
        }),
        statusCode: printable(64),
    }),
});
export const pushNotification = z.object({
    scope: z.literal('subscription.push'),
    shipments: z.array(pushedShipment).min(1).max(1000),
});
/** Any call the carrier makes to our webhook, told apart by `scope`. */
export const webhookCall = z.discriminatedUnion('scope', [confirmationCall, approvalCall, pushNotification]);
