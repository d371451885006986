import { InputError, NotFoundError } from '../../domain/errors.js';
import type { Label } from '../../domain/shipping.js';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../../generated/graphql.js';
import { shipmentFieldPath, toCreateShipment, toValidateShipment, type ShipmentInputContext } from '../inputs/shipment.js';
import { checkAccountFilter, checkLabelId, checkOrderId, checkTenderId } from '../inputs/shipment-parts.js';
import {
  returnOverridesAnything,
  toCancelReturn,
  toCancelShipment,
  toFetchDocument,
  toLabelFilter,
  toReturn,
  toSettleLabel,
  toTender,
  toUploadImage,
  toUploadInvoice,
} from '../inputs/label-operations.js';
import type { PurchaseOutcome } from '../../services/shipping/types.js';
import type { GraphQLContext, ShippingContext } from '../context.js';
import type { LabelCancellationModel } from '../shipping-models.js';
import { decodeCursor, encodeCursor, pageSize, toConnection, unknownCursor } from './connection.js';
import { notAvailable, payload, type PayloadAnswer } from '../errors.js';

/**
 * Shipping (schema/shipping.graphql): each resolver checks its input (src/graphql/inputs/shipment.ts: InputError naming the field
 * under `input.`, before any write or carrier call) and calls the service. Merged in resolvers/index.ts.
 */

export function shippingOf(ctx: GraphQLContext): ShippingContext {
  const shipping = ctx.services.shipping;
  // startServer always builds it (it needs only the store); a server assembled without a store has none.
  if (!shipping) throw notAvailable('shipping is not available on this server (it needs the store)', 'SHIPPING_NOT_AVAILABLE');
  return shipping;
}

function inputContext(ctx: GraphQLContext, shipping: ShippingContext): ShipmentInputContext {
  return { now: new Date(), divisionsOf: ctx.services.divisionsOf, shippers: shipping.shippers };
}

const LABEL_CURSOR = 'label';
/** Its own kind: a cursor of `labels` (newest first) means nothing in the untendered list (oldest first). */
const UNTENDERED_CURSOR = 'untendered';

/**
 * A purchase's payload (SG1): the label in every case the service answered; a carrier's refusal (FAILED,
 * `CARRIER_REFUSED`) is also a user error carrying the carrier's code and message.
 */
function purchaseAnswer(outcome: PurchaseOutcome): PayloadAnswer<PurchaseOutcome> {
  const { label } = outcome;
  const refused = label.state === 'FAILED' && label.failure?.code === 'CARRIER_REFUSED';
  return {
    result: outcome,
    warnings: label.warnings,
    refused: refused ? { field: 'input', message: label.failure!.message, carrierCode: label.failure!.carrierCode } : null,
  };
}

/** A cancellation's payload: the carrier's `cancelled: false` keeps the cancellation beside a user error in its words. */
function cancellationAnswer(cancellation: LabelCancellationModel): PayloadAnswer<LabelCancellationModel> {
  const { result } = cancellation;
  return {
    result: cancellation,
    warnings: result.warnings,
    refused: result.cancelled ? null : { field: 'input.labelId', message: `the carrier did not cancel it: ${result.message ?? 'no reason given'}`, carrierCode: null },
  };
}

export const shippingMutations: Pick<
  MutationResolvers,
  | 'createShipment'
  | 'validateShipment'
  | 'cancelShipment'
  | 'settleLabel'
  | 'tenderLabels'
  | 'createReturn'
  | 'cancelReturn'
  | 'uploadShipmentImage'
  | 'uploadCommercialInvoice'
  | 'fetchShipmentDocument'
> = {
  createShipment: (_parent, { input }, ctx) =>
    payload('purchase', async () => {
      const shipping = shippingOf(ctx);
      const { request, idempotencyKey } = toCreateShipment(input, inputContext(ctx, shipping));
      return purchaseAnswer(await shipping.api.createShipment(request, idempotencyKey));
    }, shipmentFieldPath(input)),
  validateShipment: (_parent, { input }, ctx) =>
    payload('validation', async () => {
      const shipping = shippingOf(ctx);
      const request = toValidateShipment(input, inputContext(ctx, shipping));
      return { result: await shipping.api.validateShipment(request) };
    }, shipmentFieldPath(input)),
  cancelShipment: (_parent, { input }, ctx) =>
    payload('cancellation', async () => {
      const shipping = shippingOf(ctx);
      return cancellationAnswer(await shipping.api.cancelShipment(toCancelShipment(input)));
    }),
  settleLabel: (_parent, { input }, ctx) =>
    payload('label', async () => {
      const shipping = shippingOf(ctx);
      const { label } = await shipping.api.settleLabel(toSettleLabel(input));
      return { result: label, warnings: label.warnings };
    }),
  tenderLabels: (_parent, { input }, ctx) =>
    payload('tender', async () => {
      const shipping = shippingOf(ctx);
      const tender = await shipping.api.tender(toTender(input, { divisionsOf: ctx.services.divisionsOf }));
      return { result: tender, warnings: tender.warnings };
    }),
  createReturn: (_parent, { input }, ctx) =>
    payload('purchase', async () => {
      const shipping = shippingOf(ctx);
      // Every field is checked first (all bad fields in one answer); overrides are then completed from the outbound
      // label (its parties swapped, its packages), read only for a well-formed input (SG6).
      const shape = toReturn(input, null);
      if (!returnOverridesAnything(input)) return purchaseAnswer(await shipping.api.createReturn(shape));
      const outbound = await shipping.api.label(shape.outboundLabelId);
      if (!outbound) throw new NotFoundError('input.outboundLabelId', 'no label has this id');
      const defaults = { shipper: outbound.request.shipper, recipient: outbound.request.recipient, packages: outbound.request.packages };
      return purchaseAnswer(await shipping.api.createReturn(toReturn(input, defaults)));
    }),
  cancelReturn: (_parent, { input }, ctx) =>
    payload('cancellation', async () => {
      return cancellationAnswer(await shippingOf(ctx).api.cancelReturn(toCancelReturn(input)));
    }),
  uploadShipmentImage: (_parent, { input }, ctx) =>
    payload('label', async () => {
      const shipping = shippingOf(ctx);
      const upload = toUploadImage(input);
      const { warnings } = await shipping.api.uploadShipmentImage(upload);
      const label = await shipping.api.label(upload.labelId);
      if (!label) throw new NotFoundError('input.labelId', 'no label has this id');
      return { result: label, warnings };
    }),
  uploadCommercialInvoice: (_parent, { input }, ctx) =>
    payload('invoiceUpload', async () => {
      const shipping = shippingOf(ctx);
      const invoice = toUploadInvoice(input);
      const { warnings } = await shipping.api.uploadCommercialInvoice(invoice);
      const label = invoice.labelId ? await shipping.api.label(invoice.labelId) : null;
      return { result: { invoiceNumber: invoice.invoiceNumber, label }, warnings };
    }),
  fetchShipmentDocument: (_parent, { input }, ctx) =>
    payload('document', async () => ({ result: await shippingOf(ctx).api.fetchDocument(toFetchDocument(input)) })),
};

export const shippingQueries: Pick<QueryResolvers, 'label' | 'labels' | 'untenderedLabels' | 'tender' | 'shipmentsByOrder'> = {
  label: async (_parent, { id }, ctx) => {
    return await shippingOf(ctx).api.label(checkLabelId(id, 'id'));
  },
  labels: async (_parent, { filter, first, after }, ctx) => {
    const size = pageSize(ctx, first);
    const afterId = decodeCursor(LABEL_CURSOR, after);
    if (afterId !== null) checkLabelId(afterId, 'after');
    const items = await shippingOf(ctx).api.labels(toLabelFilter(filter), afterId, size + 1);
    if (!items) throw unknownCursor(after!);
    return toConnection(items, size, (label) => encodeCursor(LABEL_CURSOR, label.id));
  },
  untenderedLabels: async (_parent, { carrier, accountNumber, first, after }, ctx) => {
    const size = pageSize(ctx, first);
    const afterId = decodeCursor(UNTENDERED_CURSOR, after);
    if (afterId !== null) checkLabelId(afterId, 'after');
    const filter = { carrier: carrier ?? null, accountNumber: checkAccountFilter(accountNumber, 'accountNumber') };
    const items = await shippingOf(ctx).api.untenderedLabels(filter, { afterId, limit: size + 1 });
    if (!items) throw unknownCursor(after!);
    return toConnection(items, size, (label) => encodeCursor(UNTENDERED_CURSOR, label.id));
  },
  tender: async (_parent, { id }, ctx) => {
    return await shippingOf(ctx).api.tenderById(checkTenderId(id, 'id'));
  },
  shipmentsByOrder: async (_parent, { orderId }, ctx) => {
    return await shippingOf(ctx).api.shipmentsByReference(checkOrderId(orderId, 'orderId'));
  },
};

export const shippingSubscriptions: Pick<SubscriptionResolvers, 'labelUpdated'> = {
  labelUpdated: {
    // The id is checked and the label read before anything is subscribed; the subscriber first gets the label as it is
    // now, then every stored change (SG9), so a change between its mutation's answer and the subscription is not lost.
    subscribe: async (_parent, { id }, ctx: GraphQLContext) => {
      const api = shippingOf(ctx).api;
      const labelId = checkLabelId(id, 'id');
      const abort = new AbortController();
      const updates = api.labelUpdates(labelId, abort.signal)[Symbol.asyncIterator]();
      const current = await api.label(labelId);
      if (!current) {
        abort.abort();
        throw new NotFoundError('id', 'no label has this id');
      }
      return labelStream(current, updates, abort);
    },
    resolve: (label: Label) => label,
  },
};

/** The current label, then each update newer than the last one sent; ending the stream ends the service's updates. */
function labelStream(current: Label, updates: AsyncIterator<Label>, abort: AbortController): AsyncIterableIterator<Label> {
  let last: Label | null = null;
  const done = (): IteratorResult<Label> => ({ done: true, value: undefined });
  const stream: AsyncIterableIterator<Label> = {
    [Symbol.asyncIterator]: () => stream,
    async next() {
      if (last === null) {
        last = current;
        return { done: false, value: current };
      }
      for (;;) {
        const next = await updates.next();
        if (next.done) return done();
        // A change stored before the first read is already in `current`.
        if (next.value.updatedAt.getTime() < last.updatedAt.getTime()) continue;
        if (next.value.updatedAt.getTime() === last.updatedAt.getTime() && next.value.state === last.state) continue;
        last = next.value;
        return { done: false, value: next.value };
      }
    },
    async return() {
      abort.abort();
      await updates.return?.();
      return done();
    },
  };
  return stream;
}
