import type { Shipment } from '../../domain/shipment.js';
import type { GraphQLResolveInfo } from 'graphql';
import type { QueryResolvers, ReferenceLookupInput } from '../../generated/graphql.js';
import { pageOfList } from './connection.js';
import type { GraphQLContext } from '../context.js';
import { toReferenceLookup, toTrackRequests } from '../inputs/track.js';
import { operationSelectsEvents } from '../selection.js';
import { loadOneShipment, loadShipmentById } from './shipment-lookup.js';
import { idNamesShipment, parseShipmentId } from '../../domain/ids.js';
import { labelShipment } from './Label.js';

/** Labels `shipmentsByReference` answers at most from the store (an order has a handful). */
const REFERENCE_LABELS_MAX = 50;

export const Query: QueryResolvers = {
  shipment: async (_parent, args, ctx, info) => {
    const request = ctx.services.tracking.validate({ ...args }, '');
    return await loadOneShipment(ctx, { ...request, includeEvents: operationSelectsEvents(info) }, null);
  },

  shipmentById: async (_parent, { id }, ctx, info) => {
    return await loadById(ctx, id, 'id', operationSelectsEvents(info));
  },

  track: async (_parent, { inputs }, ctx, info) => {
    const tracking = ctx.services.tracking;
    // Every input is checked before any upstream call: one bad input refuses the whole field.
    const requests = toTrackRequests(inputs, tracking);
    const includeEvents = operationSelectsEvents(info);
    const outcomes = await Promise.all(requests.map((r) => ctx.loaders.load(r.includeEvents === includeEvents ? r : { ...r, includeEvents })));
    return outcomes.map((outcome, index) => {
      const { carrier, trackingNumber, division } = requests[index]!;
      return outcome.ok
        ? { kind: 'tracked' as const, carrier, trackingNumber, shipments: outcome.shipments }
        : { kind: 'failure' as const, carrier, trackingNumber, division: division ?? null, error: outcome.error };
    });
  },

  /**
   * Shipments carrying a customer reference such as an order id: the labels bought here first (the same Shipment ids
   * tracking answers), then the carriers' own reference lookups beside them, without repeating a shipment a label
   * names. With `carrier`, that carrier only; without it, every carrier that offers a lookup (issue 9 item 8); a
   * carrier whose lookup fails fails the field with its code (`shipmentsByOrder` answers failures as data).
   */
  shipmentsByReference: async (_parent, { input, first, after }, ctx, info) => {
    // The carriers answer every match at once: the whole list is read, then paged (its order is stable per answer).
    return await pageOfList<Shipment>(ctx, () => shipmentsForReference(input, ctx, info), { first, after }, 'reference-shipment', (s) => s.id);
  },
};

/** Every shipment `shipmentsByReference` answers for `input`, stored labels first. */
async function shipmentsForReference(input: ReferenceLookupInput, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<Shipment[]> {
  const { carrier, lookup } = toReferenceLookup(input, operationSelectsEvents(info));
  const tracking = ctx.services.tracking;
  const carriers = carrier ? [carrier] : tracking.referenceCarriers;
  // Our labels are found by the order id they were bought with (a customer reference), so only that type reads them.
  const [labels, ...found] = await Promise.all([
    lookup.referenceType === 'CUSTOMER_REFERENCE' && ctx.services.shipping
      ? ctx.services.shipping.api.labels({ carrier, state: null, orderId: lookup.value }, null, REFERENCE_LABELS_MAX)
      : Promise.resolve([]),
    ...carriers.map((c) => tracking.trackByReference({ ...lookup, carrier: c }, ctx.deadline)),
  ]);
  const stored = (await Promise.all((labels ?? []).map((label) => labelShipment(label, ctx, info)))).filter((s): s is Shipment => s !== null);
  // Stored shipments carry our ids, so each parses; idNamesShipment also matches the same id.
  const named = stored.flatMap((s) => {
    const parts = parseShipmentId(s.id);
    return parts ? [{ id: s.id, parts }] : [];
  });
  const fromCarriers = found.flat().filter((shipment) => !named.some(({ id, parts }) => idNamesShipment(id, parts, shipment)));
  return [...stored, ...fromCarriers];
}

/** Loads a shipment by any shipment id the API hands out (H6: the lookup lives in shipment-lookup.ts). */
export function loadById(ctx: GraphQLContext, id: string, field: string, includeEvents: boolean): Promise<Shipment> {
  return loadShipmentById(ctx, id, field, includeEvents);
}

