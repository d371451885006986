import type { GraphQLResolveInfo } from 'graphql';
import { UpstreamError } from '../../domain/errors.js';
import { checkShipmentId } from '../../domain/ids.js';
import type { Shipment } from '../../domain/shipment.js';
import type { TrackRequest } from '../../domain/tracking.js';
import { shipmentNamedBy } from '../../services/tracking.js';
import type { GraphQLContext } from '../context.js';
import { operationSelectsEvents } from '../selection.js';

/**
 * One shipment for one lookup, the only match: an ambiguous number fails with UPSTREAM_AMBIGUOUS naming the
 * candidates' ids, so the client can pick one by `id`.
 */
export async function loadOneShipment(ctx: GraphQLContext, request: TrackRequest, id: string | null): Promise<Shipment> {
  if (id !== null) return loadShipmentById(ctx, id, 'id', request.includeEvents);
  const outcome = await ctx.loaders.load(request);
  if (!outcome.ok) throw outcome.error;
  const upstream = ctx.services.tracking.route(request).name;
  const [first, ...others] = outcome.shipments;
  if (!first) throw new UpstreamError(`no shipment for ${request.trackingNumber}`, { code: 'UPSTREAM_NOT_FOUND', upstream });
  if (others.length > 0) {
    const candidates = outcome.shipments.map((s) => s.id);
    throw new UpstreamError(`${request.trackingNumber} matches ${candidates.length} shipments; reference one by id`, {
      code: 'UPSTREAM_AMBIGUOUS',
      upstream,
      candidates,
    });
  }
  return first;
}

/**
 * The shipment an id names, through the request's loaders (so ids batch like numbers). Every id the API hands out
 * resolves here: `Shipment.id`, and the `shipmentId` of watches and status changes, which are the same id (I1). The id
 * is checked (bounds, control characters, format) before any store or carrier work: BAD_USER_INPUT on `field`.
 */
export async function loadShipmentById(ctx: GraphQLContext, id: string, field: string, includeEvents: boolean): Promise<Shipment> {
  const checked = checkShipmentId(id, field);
  const tracking = ctx.services.tracking;
  const request = { ...tracking.requestForShipmentId(checked.parts, field), includeEvents };
  const outcome = await ctx.loaders.load(request);
  if (!outcome.ok) throw outcome.error;
  return shipmentNamedBy(outcome.shipments, checked.id, checked.parts, tracking.route(request).name);
}

/**
 * The router's `_entities` for Shipment. By `id`: from the store when the shipment's stored answer is fresh
 * (ENTITY_STORE_MAX_AGE_MS, docs/assumptions.md I4), so a referencing subgraph's page views spend no carrier quota;
 * otherwise through the loaders like `shipmentById`. By `carrier trackingNumber`: always through the loaders, because
 * only the carrier can tell whether the number names one shipment.
 */
export async function resolveShipmentReference(
  ctx: GraphQLContext,
  reference: { id?: unknown; carrier?: unknown; carrierName?: unknown; trackingNumber?: unknown },
  info: GraphQLResolveInfo,
): Promise<Shipment> {
  const includeEvents = operationSelectsEvents(info);
  if (typeof reference.id === 'string') {
    const checked = checkShipmentId(reference.id, 'representations.id');
    const stored = await ctx.loaders.loadStored(checked.id, includeEvents);
    if (stored) return stored;
    return loadShipmentById(ctx, checked.id, 'representations.id', includeEvents);
  }
  const request = ctx.services.tracking.validate(
    // `carrierName` is the router-friendly key's plain string for `carrier`: checked the same way (an unknown name is
    // BAD_USER_INPUT for that reference alone).
    { carrier: String(reference.carrier ?? reference.carrierName ?? ''), trackingNumber: String(reference.trackingNumber ?? '') },
    'representations',
  );
  return loadOneShipment(ctx, { ...request, includeEvents }, null);
}
