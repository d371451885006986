/** Shared by the real-time benches: an active Group A push subscription on a sandboxed server, and its secret. */
import type { StartedServer } from '../src/server/start.js';

export interface PushTarget {
  /** Our webhook's URL. */
  webhook: string;
  /** The validation secret the carrier sends on every notification (the sandbox knows it). */
  secret: string;
}

export async function activePushSubscription(server: StartedServer, subject = '1234567890'): Promise<PushTarget> {
  const created = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($subject: String!) { createPushSubscription(input: { scope: TRACKING_NUMBER, subject: $subject }) { pushSubscription { carrierSubscriptionId state } userErrors { field code message } } }',
      variables: { subject },
    }),
  }).then((r) => r.json() as Promise<{ data?: { createPushSubscription: { pushSubscription: { carrierSubscriptionId: string; state: string } | null } }; errors?: unknown }>);
  const subscription = created.data?.createPushSubscription.pushSubscription;
  if (!subscription || subscription.state !== 'ACTIVE') throw new Error(`push subscription not active: ${JSON.stringify(created)}`);
  const secret = server.sandbox?.sandbox.push.subscriptions().find((s) => s.id === subscription.carrierSubscriptionId)?.validationSecret;
  if (!secret) throw new Error('the sandbox does not know the subscription (is SANDBOX on?)');
  return { webhook: server.url.replace(/\/graphql$/, '/webhooks/group-a'), secret };
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
