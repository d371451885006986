import { isRecord, readJson, type SandboxRequest, type SandboxResponse } from '../core/http.js';
import type { Guard, Route } from '../core/simulator.js';
import type { SandboxContext } from '../context.js';
import { shipmentProgress } from '../data/shipment.js';
import { expressLedger, trackedShipmentOf } from './express-ship-ledger.js';
import { creationWarnings, priceShipment, renderCreationAnswer } from './express-ship-render.js';
import { readShipRequest } from './express-ship-request.js';
import { problem } from './problem.js';

/**
 * Express shipping routes under one prefix (seed 000, Endpoints B; docs/assumptions.md SX1-SX7): `POST /shipments`
 * (creates: `acts: true`, so `loseNextAnswer` applies) and `POST /shipments/cancel`. No lookup by reference: the seed
 * shows none, so a lost creation answer is found only by its waybill (express `/tracking`). They take the rating routes' guards (HTTP Basic and, under `/expressapi/test`, the
 * daily quota every express call shares).
 */
export function expressShipRoutes(ctx: SandboxContext, prefix: string, guards: readonly Guard[]): Route[] {
  return [
    { method: 'POST', path: `${prefix}/shipments`, kind: 'business', guards, acts: true, handle: (req) => create(ctx, req) },
    { method: 'POST', path: `${prefix}/shipments/cancel`, kind: 'business', guards, handle: (req) => cancel(ctx, req) },
  ];
}

async function create(ctx: SandboxContext, req: SandboxRequest): Promise<SandboxResponse> {
  const body = readJson(req);
  if (!body.ok) return problem(req, 400, body.reason);
  const parsed = readShipRequest(body.value);
  if (!parsed.ok) return problem(req, 400, parsed.detail);
  const request = parsed.value;
  const priced = priceShipment(ctx.seed, request);
  if (!priced.ok) return problem(req, 400, priced.detail);
  const ledger = expressLedger(ctx);
  const createdAt = ctx.clock.now();
  const waybill = ledger.nextWaybill();
  const tracked = trackedShipmentOf(ctx, waybill, request, createdAt);
  const dispatchConfirmationNumber = request.pickup.requested ? ledger.nextDispatchConfirmation(request.shipDate) : null;
  const answer = await renderCreationAnswer({
    origin: req.origin,
    requestUrl: `${req.origin}${req.pathAndQuery}`,
    waybill,
    tracked,
    request,
    dispatchConfirmationNumber,
    charges: priced.charges,
    volumetricWeight: priced.volumetricWeight,
    warnings: creationWarnings(request, priced),
  });
  ledger.shipments.set(waybill, { waybill, createdAt, request, tracked, dispatchConfirmationNumber, answer, cancelledAt: null, cancelReason: null });
  return { status: 201, json: answer };
}

/**
 * SX6, SX7: the seed's body (`shipmentTrackingNumber`, `reason`). A created shipment not yet picked up is cancelled
 * (tracking stops at its creation); a second cancellation answers the same, with a warning; after pickup, 400.
 */
function cancel(ctx: SandboxContext, req: SandboxRequest): SandboxResponse {
  const body = readJson(req);
  if (!body.ok) return problem(req, 400, body.reason);
  const value = isRecord(body.value) ? body.value : {};
  const waybill = typeof value['shipmentTrackingNumber'] === 'string' ? value['shipmentTrackingNumber'].trim() : '';
  if (waybill === '') return problem(req, 400, 'shipmentTrackingNumber is required.');
  const reason = typeof value['reason'] === 'string' ? value['reason'].trim() : '';
  if (reason === '') return problem(req, 400, 'reason is required.');
  const entry = expressLedger(ctx).shipments.get(waybill);
  if (!entry) return problem(req, 404, `No shipment ${waybill} was created with these credentials.`);
  const now = ctx.clock.now();
  if (entry.cancelledAt) {
    return {
      status: 200,
      json: {
        shipmentTrackingNumber: waybill,
        status: 'cancelled',
        message: `Shipment ${waybill} was cancelled.`,
        warnings: [`Shipment ${waybill} was already cancelled at ${entry.cancelledAt.toISOString()}; nothing changed.`],
      },
    };
  }
  if (shipmentProgress(entry.tracked.shipment, now).pickedUpAt) {
    return problem(req, 400, `Shipment ${waybill} has been picked up and can no longer be cancelled.`);
  }
  entry.cancelledAt = now;
  entry.cancelReason = reason;
  // A cancelled shipment never moves: tracking keeps its creation step only.
  entry.tracked.shipment.steps = entry.tracked.shipment.steps.slice(0, 1);
  return { status: 200, json: { shipmentTrackingNumber: waybill, status: 'cancelled', message: `Shipment ${waybill} was cancelled.` } };
}
