import { z } from 'zod';
import { unifiedStatus } from '../unified/wire.js';

/**
 * Wire shapes of the Group A push interface. Seed 000 shows the notification body ("Events" 1); the subscription
 * calls and the confirmation body are "not shown": these are our assumptions P1-P4 (docs/assumptions.md), which the
 * sandbox follows.
 */

/** P1: `POST {push base}{subscriptions path}` answers 201 with the carrier's id and the subscription's phase. */
export const createSubscriptionAnswer = z.object({
  id: z.string().min(1),
  status: z.enum(['created', 'pending-approval', 'active']),
});
export type CreateSubscriptionAnswer = z.infer<typeof createSubscriptionAnswer>;

/** P2: `POST .../{id}/verify` with the validation secret answers the phase reached. */
export const verifySubscriptionAnswer = z.object({
  id: z.string().min(1).optional(),
  status: z.enum(['active', 'pending-approval']),
});
export type VerifySubscriptionAnswer = z.infer<typeof verifySubscriptionAnswer>;

/** P1: DELETE answers 204 (no body) or 200 with anything. */
export const deleteSubscriptionAnswer = z.unknown();

/** P3: the confirmation call made at creation: `{ scope: 'subscription.confirm', subscriptionId, validationSecret }`. */
export const confirmationCall = z.object({
  scope: z.literal('subscription.confirm'),
  subscriptionId: z.string().min(1).max(200),
  validationSecret: z.string().min(8).max(512),
});

/** P4: the business approval of a customer-account subscription: `{ scope: 'subscription.approved', subscriptionId }`. */
export const approvalCall = z.object({
  scope: z.literal('subscription.approved'),
  subscriptionId: z.string().min(1).max(200),
});

/**
 * The seed: "`scope` (string, value `subscription.push`) and `shipments[]`. Each shipment has `id`, `service` and
 * `status` (`timestamp`, `statusCode`, `status`, `location.address` ...), the same shape as the pull status object."
 * `id`, `status.timestamp` and `status.statusCode` are required: together they identify a notification.
 */
export const pushedShipment = z.object({
  id: z.string().min(1).max(64),
  service: z.string().max(64).nullish(),
  status: unifiedStatus.extend({
    timestamp: z.string().min(1).max(64),
    statusCode: z.string().min(1).max(64),
  }),
});
export type PushedShipment = z.infer<typeof pushedShipment>;

export const pushNotification = z.object({
  scope: z.literal('subscription.push'),
  shipments: z.array(pushedShipment).min(1).max(1000),
});
export type PushNotification = z.infer<typeof pushNotification>;

/** Any call the carrier makes to our webhook, told apart by `scope`. */
export const webhookCall = z.discriminatedUnion('scope', [confirmationCall, approvalCall, pushNotification]);
export type WebhookCall = z.infer<typeof webhookCall>;
