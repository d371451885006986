import type { z } from 'zod';
import type { InboundPushCall, PushWebhookWire } from '../../module-contract.js';
import { webhookCall, type PushedShipment } from './wire.js';

/**
 * Group A's calls to our webhook (seed 000, "Events"; assumptions P1-P4 for the subscription calls), read for the
 * webhook router: `subscription.confirm` (no secret yet), `subscription.approved`, and `subscription.push`, whose
 * shipments are covered by tracking number (`id`) and division (`service`).
 */
export const groupAWebhookWire: PushWebhookWire = {
  isConfirmation: (body) => typeof body === 'object' && body !== null && 'scope' in body && (body as { scope: unknown }).scope === 'subscription.confirm',
  parse(body) {
    const parsed = webhookCall.safeParse(body);
    if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
    const call = parsed.data;
    let read: InboundPushCall;
    if (call.scope === 'subscription.confirm') read = { kind: 'confirmation', scope: call.scope, subscriptionId: call.subscriptionId, body: call };
    else if (call.scope === 'subscription.approved') read = { kind: 'approval', scope: call.scope, subscriptionId: call.subscriptionId };
    else {
      read = {
        kind: 'notification',
        scope: call.scope,
        shipments: call.shipments,
        coverageOf: (shipment) => ({ trackingNumber: (shipment as PushedShipment).id, division: (shipment as PushedShipment).service ?? null }),
        bodyWith: (shipments) => ({ ...call, shipments }),
      };
    }
    return { ok: true, call: read };
  },
};

/** Paths and messages only: zod's messages name expected types, never the received values. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
