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
