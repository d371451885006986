import { InputError } from '../../domain/errors.js';
import type { Shipment } from '../../domain/shipment.js';
import type { QueryResolvers } from '../../generated/graphql.js';
import type { GraphQLContext } from '../context.js';
import { toGraphQLError } from '../errors.js';
import { operationSelectsEvents } from '../selection.js';
import { loadOneShipment, loadShipmentById } from './shipment-lookup.js';

export const Query: QueryResolvers = {
  shipment: async (_parent, args, ctx, info) => {
    try {
      const request = ctx.services.tracking.validate({ ...args }, '');
      return await loadOneShipment(ctx, { ...request, includeEvents: operationSelectsEvents(info) }, null);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },

  shipmentById: async (_parent, { id }, ctx, info) => {
    try {
      return await loadById(ctx, id, 'id', operationSelectsEvents(info));
    } catch (error) {
      throw toGraphQLError(error);
    }
  },

  track: async (_parent, { inputs }, ctx, info) => {
    const tracking = ctx.services.tracking;
    let requests;
    try {
      tracking.checkRequestSize(inputs.length, 'inputs');
      // Every input is checked before any upstream call: one bad input refuses the whole field.
      requests = inputs.map((input, index) => tracking.validate(input, `inputs.${index}`));
    } catch (error) {
      throw toGraphQLError(error);
    }
    const includeEvents = operationSelectsEvents(info);
    const outcomes = await Promise.all(requests.map((r) => ctx.loaders.load({ ...r, includeEvents })));
    return outcomes.map((outcome, index) => {
      const { carrier, trackingNumber } = requests[index]!;
      return outcome.ok
        ? { kind: 'tracked' as const, carrier, trackingNumber, shipments: outcome.shipments }
        : { kind: 'failure' as const, carrier, trackingNumber, error: outcome.error };
    });
  },

  shipmentsByReference: async (_parent, { input }, ctx, info) => {
    try {
      const value = input.value.trim();
      if (value.length === 0) throw new InputError('input.value', 'must not be empty');
      if (value.length > 64) throw new InputError('input.value', 'must be at most 64 characters');
      return await ctx.services.tracking.trackByReference({
        carrier: input.carrier,
        referenceType: checkReferenceType(input.referenceType ?? 'CUSTOMER_REFERENCE'),
        value,
        shipDateBegin: input.shipDateBegin ?? null,
        shipDateEnd: input.shipDateEnd ?? null,
        includeEvents: operationSelectsEvents(info),
      }, ctx.deadline);
    } catch (error) {
      throw toGraphQLError(error);
    }
  },
};

/** Loads a shipment by any shipment id the API hands out (H6: the lookup lives in shipment-lookup.ts). */
export function loadById(ctx: GraphQLContext, id: string, field: string, includeEvents: boolean): Promise<Shipment> {
  return loadShipmentById(ctx, id, field, includeEvents);
}

/** Carrier B: "the reference types include CUSTOMER_REFERENCE, INVOICE, PURCHASE_ORDER, DEPARTMENT_NUMBER". */
function checkReferenceType(value: string): string {
  if (!/^[A-Z][A-Z_]{1,39}$/.test(value)) {
    throw new InputError('input.referenceType', 'must be a reference type such as CUSTOMER_REFERENCE or PURCHASE_ORDER');
  }
  return value;
}
