import { UpstreamError } from '../../domain/errors.js';
import type { Shipment } from '../../domain/shipment.js';
import type { TrackRequest } from '../../domain/tracking.js';
import type { GraphQLContext } from '../context.js';

/**
 * One shipment for one lookup. With an id, the shipment with that id; without, the only match — an ambiguous number
 * fails with UPSTREAM_AMBIGUOUS naming the candidates' ids, so the client can pick one by `id`.
 */
export async function loadOneShipment(ctx: GraphQLContext, request: TrackRequest, id: string | null): Promise<Shipment> {
  const outcome = await ctx.loaders.load(request);
  if (!outcome.ok) throw outcome.error;
  const upstream = ctx.services.tracking.route(request).name;
  if (id !== null) {
    const exact = outcome.shipments.find((s) => s.id === id);
    if (exact) return exact;
    throw new UpstreamError(`no shipment with id ${id}`, { code: 'UPSTREAM_NOT_FOUND', upstream });
  }
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
