/**
 * Shared by the benches that push Group A notifications to a server (webhook, analytics, real-time delivery): an
 * active push subscription and its secret, the notification's body, and waiting for what the server does after its 200.
 */
import type { Sandbox } from '../sandbox/index.js';

export interface PushTarget {
  /** Our webhook's URL. */
  webhook: string;
  /** The validation secret the carrier sends on every notification (only the simulator knows it). */
  secret: string;
}

/**
 * An ACTIVE Group A push subscription on the server at `origin`, made through its GraphQL API; `sandbox` is its push
 * simulator's. By customer account, approved at once through the simulator: the benches push numbers of their own,
 * and a push is taken only for what its subscription covers (an account's covers any number a push names). The
 * sandbox account ending in 404 has no shipments, so the simulator pushes nothing of its own through it.
 */
export async function activePushSubscription(origin: string, sandbox: Sandbox, subject = 'ACCOUNT-BENCH-404'): Promise<PushTarget> {
  const created = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($subject: String!) { createPushSubscription(input: { scope: CUSTOMER_ACCOUNT, subject: $subject }) { pushSubscription { carrierSubscriptionId state } userErrors { field code message } } }',
      variables: { subject },
    }),
  }).then((r) => r.json() as Promise<{ data?: { createPushSubscription: { pushSubscription: { carrierSubscriptionId: string; state: string } | null } }; errors?: unknown }>);
  const subscription = created.data?.createPushSubscription.pushSubscription;
  if (!subscription || subscription.state !== 'PENDING_APPROVAL') throw new Error(`push subscription not awaiting approval: ${JSON.stringify(created)}`);
  await sandbox.push.approve(subscription.carrierSubscriptionId);
  const approved = sandbox.push.deliveries.some((d) => d.kind === 'approved' && d.subscriptionId === subscription.carrierSubscriptionId && d.status === 200);
  if (!approved) throw new Error('the server did not take the approval of the push subscription');
  const secret = sandbox.push.subscriptions().find((s) => s.id === subscription.carrierSubscriptionId)?.validationSecret;
  if (!secret) throw new Error('the simulator does not know the push subscription');
  return { webhook: `${origin}/webhooks/group-a`, secret };
}

/** Polls `condition` every `pollMs` until it holds; throws naming `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string, pollMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** A seed-shaped notification (seed 000, "Events" 1) of one shipment's status change. */
export function pushBody(trackingNumber: string, timestamp: string, statusCode = 'transit'): string {
  return JSON.stringify({
    scope: 'subscription.push',
    shipments: [
      {
        id: trackingNumber,
        service: 'express',
        status: { timestamp, statusCode, status: 'In transit', location: { address: { countryCode: 'DE', postalCode: '53113', addressLocality: 'Bonn' } } },
      },
    ],
  });
}
