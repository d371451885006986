export type PushSubscriptionState = 'CREATED' | 'PENDING_APPROVAL' | 'ACTIVE' | 'DELETED';
export type PushSubscriptionScope = 'TRACKING_NUMBER' | 'CUSTOMER_ACCOUNT';

/**
 * A Group A push subscription (seed 000, "Push subscription lifecycle"): created, then activated once the validation
 * secret of the carrier's confirmation call is verified; by customer account it waits for business approval first.
 */
export interface PushSubscription {
  id: string;
  scope: PushSubscriptionScope;
  subject: string;
  division: string | null;
  state: PushSubscriptionState;
  carrierSubscriptionId: string | null;
  createdAt: string;
  activatedAt: string | null;
}

/** What a subscription covers: its kind, its subject (a tracking number or a customer account) and its division. */
export type PushSubscriptionCoverage = Pick<PushSubscription, 'scope' | 'subject' | 'division'>;

/** Why a pushed shipment is outside a subscription (the set-aside reason on /metrics and in the dead letters). */
export type PushScopeMiss = 'other_tracking_number' | 'other_division';

/**
 * Whether a pushed shipment (its tracking number and the division the carrier names, if any) is one the
 * subscription asked for; null when it is, else why not.
 * - By tracking number: that number only, exactly as subscribed; with a division, only that division's shipment of it
 *   (an ambiguous number is several shipments, one per division).
 * - By customer account: a push names no account (`id`, `service`, `status` only), so every number is taken; with a
 *   division, only that division's.
 * A shipment whose division the carrier does not name is not refused for its division: nothing says it is another.
 */
export function outsidePushSubscription(
  subscription: PushSubscriptionCoverage,
  shipment: { trackingNumber: string; division: string | null },
): PushScopeMiss | null {
  if (subscription.scope === 'TRACKING_NUMBER' && shipment.trackingNumber !== subscription.subject) return 'other_tracking_number';
  if (subscription.division !== null && shipment.division !== null && shipment.division !== subscription.division) return 'other_division';
  return null;
}
