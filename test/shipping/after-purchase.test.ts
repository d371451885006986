/**
 * Issue 9 items 4-8 (the service's part): cancellation idempotent by key and by state, tender eligibility and
 * visibility, documents fetched once, uploads refused for a carrier without them, shipments by order reference.
 * PGlite and PostgreSQL, fake connectors counting calls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentConnector, FetchableDocument, InvoiceUpload, ReturnsConnector } from '../../src/carriers/types.js';
import { InputError } from '../../src/domain/errors.js';
import type { CancelResult, CreatedReturn, FetchedDocument, LabelHandle, ReturnRequest } from '../../src/domain/shipping.js';
import { UpstreamError } from '../../src/domain/errors.js';
import type { Shipment } from '../../src/domain/shipment.js';
import { InputErrors } from '../../src/domain/input-errors.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { FakeShipping, makeService, shipmentRequest } from './support.js';

async function refusal(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

class FakeDocuments implements DocumentConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly fetchable: readonly FetchableDocument[] = ['PROOF_OF_DELIVERY'];
  fetches = 0;
  async fetch(label: LabelHandle, kind: FetchableDocument, format: 'PDF' | 'PNG'): Promise<FetchedDocument> {
    this.fetches += 1;
    return { kind, nativeType: 'SIGNATURE_PROOF_OF_DELIVERY', format, contentType: 'application/pdf', content: Buffer.from(`%PDF pod ${label.trackingNumber}`) };
  }
}

class FakeDocumentsWithUploads extends FakeDocuments {
  images: string[] = [];
  invoices: InvoiceUpload[] = [];
  async uploadImage(trackingNumber: string): Promise<{ warnings: [] }> {
    this.images.push(trackingNumber);
    return { warnings: [] };
  }
  async uploadInvoice(invoice: InvoiceUpload): Promise<{ warnings: [] }> {
    this.invoices.push(invoice);
    return { warnings: [] };
  }
}

class FakeReturns implements ReturnsConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  requests: ReturnRequest[] = [];
  cancels: string[] = [];
  lose = false;
  check(request: ReturnRequest): InputError[] {
    return request.packages.length === 0 ? [new InputError('input.request.packages', 'at least one')] : [];
  }
  async createReturn(request: ReturnRequest): Promise<CreatedReturn> {
    this.requests.push(request);
    if (this.lose) throw new UpstreamError('tag: connection reset', { code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b' });
    return { trackingNumber: `RT${this.requests.length}`, carrierReturnId: `RT${this.requests.length}`, documents: [], warnings: [], linkedToOutbound: true };
  }
  async cancelReturn(carrierReturnId: string): Promise<CancelResult> {
    this.cancels.push(carrierReturnId);
    return { cancelled: true, message: 'tag cancelled', warnings: [] };
  }
}

describe.each(STORE_BACKENDS)('after the purchase on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  });
  beforeEach(async () => {
    // Each test tenders its own labels: earlier tests' labels leave the untendered list.
    await store.query("UPDATE labels SET tendered = true WHERE state = 'PURCHASED'");
  });
  afterAll(async () => {
    await store.close();
  });

  it('cancel twice = one carrier call (another key, or the same key again)', async () => {
    const { service, shipping } = makeService(store);
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-CANCEL' }), 'key-cancel-buy');
    const first = await service.cancelShipment({ labelId: label.id, reason: 'customer changed mind', idempotencyKey: 'key-cancel-1' });
    expect(first.label).toMatchObject({ state: 'CANCELLED', cancellation: first.result });
    expect(first.label.cancelledAt).toBeInstanceOf(Date);
    const sameKey = await service.cancelShipment({ labelId: label.id, reason: 'customer changed mind', idempotencyKey: 'key-cancel-1' });
    const otherKey = await service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'key-cancel-2' });
    expect(sameKey.result).toEqual(first.result);
    expect(otherKey.result).toEqual(first.result);
    expect(shipping.calls.cancel).toBe(1);
  });

  it('ten concurrent cancels with different keys make one carrier call', async () => {
    const { service, shipping } = makeService(store);
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-CANCEL-RACE' }), 'key-cancel-race');
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: `key-cancel-race-${i}` })),
    );
    expect(shipping.calls.cancel).toBe(1);
    // Each answer is the cancellation, or (while it was running) a refusal naming the label: never a second call.
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value.label.state).toBe('CANCELLED');
      else expect((answer.reason as InputError).field).toBe('input.labelId');
    }
    expect((await service.label(label.id))?.state).toBe('CANCELLED');
  });

  it('only a PURCHASED label is cancelled: others are BAD_USER_INPUT naming input.labelId', async () => {
    const { service, shipping } = makeService(store);
    shipping.mode = 'refused';
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-CANCEL-FAILED' }), 'key-cancel-failed');
    const error = await refusal(service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'key-cancel-3' }));
    expect(error.field).toBe('input.labelId');
    expect(error.message).toContain('FAILED');
    expect((await refusal(service.cancelShipment({ labelId: 'Label:nope', reason: null, idempotencyKey: 'key-cancel-4' }))).field).toBe('input.labelId');
    expect(shipping.calls.cancel).toBe(0);
  });

  it('tender eligibility refusals name input.labelIds.N, before any call', async () => {
    const { service, shipping, tendering } = makeService(store);
    const good = await service.createShipment(shipmentRequest({ orderId: 'ORDER-T1' }), 'key-t1');
    const otherAccount = await service.createShipment(shipmentRequest({ orderId: 'ORDER-T2', accountNumber: '510087999' }), 'key-t2');
    shipping.mode = 'refused';
    const failed = await service.createShipment(shipmentRequest({ orderId: 'ORDER-T3' }), 'key-t3');
    shipping.mode = 'created';
    shipping.tenderBy = null; // the carrier expects it at once (an express label)
    const expected = await service.createShipment(shipmentRequest({ orderId: 'ORDER-T4' }), 'key-t4');
    const error = await refusal(
      service.tender({
        carrier: 'CARRIER_B',
        division: null,
        accountNumber: null,
        labelIds: [good.label.id, 'Label:unknown', failed.label.id, otherAccount.label.id, expected.label.id, good.label.id],
        date: '2030-05-01',
        idempotencyKey: 'key-tender-bad',
      }),
    );
    expect(error).toBeInstanceOf(InputErrors);
    expect((error as InputErrors).errors.map((e) => e.field)).toEqual([
      'input.labelIds.1',
      'input.labelIds.2',
      'input.labelIds.3',
      'input.labelIds.4',
      'input.labelIds.5',
    ]);
    expect(error.field).toBe('input.labelIds.1');
    expect(tendering.calls).toEqual([]);
  });

  it('tendered labels leave untenderedLabels; the tender is stored with its manifest and replayed by key', async () => {
    const { service, tendering } = makeService(store);
    const a = await service.createShipment(shipmentRequest({ orderId: 'ORDER-EOD-1' }), 'key-eod-1');
    const b = await service.createShipment(shipmentRequest({ orderId: 'ORDER-EOD-2' }), 'key-eod-2');
    const before = await service.untenderedLabels({ carrier: 'CARRIER_B', accountNumber: '510087000' });
    expect(before!.map((l) => l.id).sort()).toEqual([a.label.id, b.label.id].sort());
    const input = { carrier: 'CARRIER_B' as const, division: null, accountNumber: null, labelIds: null, date: '2030-05-01', idempotencyKey: 'key-eod' };
    const tender = await service.tender(input);
    expect(tender).toMatchObject({ kind: 'END_OF_DAY', accountNumber: '510087000', date: '2030-05-01' });
    expect(tender.labelIds.sort()).toEqual([a.label.id, b.label.id].sort());
    expect(tender.documents.map((d) => d.kind)).toEqual(['END_OF_DAY_MANIFEST']);
    expect(await service.untenderedLabels({ carrier: 'CARRIER_B', accountNumber: null })).toEqual([]);
    expect(await service.label(a.label.id)).toMatchObject({ tendered: true, tenderId: tender.id });
    expect(await service.tender(input)).toMatchObject({ id: tender.id });
    expect(tendering.calls).toHaveLength(1);
    expect(tendering.calls[0]?.accountNumber).toBe('510087000');
    // Nothing left: a new close names the field.
    expect((await refusal(service.tender({ ...input, idempotencyKey: 'key-eod-again' }))).field).toBe('input.labelIds');
    expect((await refusal(service.tender({ ...input, date: '2030-05-02' }))).field).toBe('input.idempotencyKey');
  });

  it('two tenders of one account at once make one carrier call, whatever their keys', async () => {
    const { service, tendering } = makeService(store);
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-RACE-1' }), 'key-race-1');
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-RACE-2' }), 'key-race-2');
    const input = { carrier: 'CARRIER_B' as const, division: null, accountNumber: null, labelIds: null, date: '2030-05-01' };
    const answers = await Promise.allSettled([service.tender({ ...input, idempotencyKey: 'key-race-a' }), service.tender({ ...input, idempotencyKey: 'key-race-b' })]);
    expect(tendering.calls).toHaveLength(1);
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as InputError] : []));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    // Refused while the other ran (on the account), or after it (nothing left to tender).
    expect(['input.accountNumber', 'input.labelIds']).toContain(refused[0]?.field);
    expect(await service.untenderedLabels({ carrier: 'CARRIER_B', accountNumber: '510087000' })).toEqual([]);
  });

  it('a close that tenders more than was named marks every waiting label the carrier lists', async () => {
    const { service, tendering } = makeService(store);
    const named = await service.createShipment(shipmentRequest({ orderId: 'ORDER-CLOSE-1' }), 'key-close-1');
    const other = await service.createShipment(shipmentRequest({ orderId: 'ORDER-CLOSE-2' }), 'key-close-2');
    const elsewhere = await service.createShipment(shipmentRequest({ orderId: 'ORDER-CLOSE-3', accountNumber: '510087999' }), 'key-close-3');
    // Like Carrier B's close: every open label of the account is closed, whatever was named.
    tendering.closeAll = [other.label.trackingNumber ?? '', elsewhere.label.trackingNumber ?? ''];
    const tender = await service.tender({ carrier: 'CARRIER_B', division: null, accountNumber: null, labelIds: [named.label.id], date: '2030-05-01', idempotencyKey: 'key-close' });
    expect(tender.labelIds.sort()).toEqual([named.label.id, other.label.id].sort());
    expect((await service.label(other.label.id))?.tendered).toBe(true);
    // A label of another account is never marked by this account's close.
    expect((await service.label(elsewhere.label.id))?.tendered).toBe(false);
  });

  it('a document is fetched from the carrier once; a second ask answers the stored one', async () => {
    const documents = new FakeDocuments();
    const { service } = makeService(store, { documents: [documents] });
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-POD' }), 'key-pod');
    const first = await service.fetchDocument({ labelId: label.id, kind: 'PROOF_OF_DELIVERY', format: 'PDF' });
    const second = await service.fetchDocument({ labelId: label.id, kind: 'PROOF_OF_DELIVERY', format: 'PDF' });
    expect(second.id).toBe(first.id);
    expect(documents.fetches).toBe(1);
    expect((await service.documentContent(first.id))?.content.toString()).toContain(label.trackingNumber ?? 'missing');
    expect((await refusal(service.fetchDocument({ labelId: label.id, kind: 'BILL_OF_LADING', format: 'PDF' }))).field).toBe('input.kind');
  });

  it('a return is bought once per key, linked to its outbound, and cancelled once', async () => {
    const returns = new FakeReturns();
    const { service } = makeService(store, { returns: [returns] });
    const { label: outbound } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-RETURN' }), 'key-return-out');
    const input = { outboundLabelId: outbound.id, request: null, idempotencyKey: 'key-return' };
    const first = await service.createReturn(input);
    expect(first).toMatchObject({ replayed: false, label: { kind: 'RETURN', state: 'PURCHASED', returnOf: outbound.id, trackingNumber: 'RT1', carrierReturnId: 'RT1' } });
    // The outbound's parties, swapped; its tracking number handed to the carrier for the link.
    expect(returns.requests[0]).toMatchObject({ from: outbound.request.recipient, to: outbound.request.shipper, outbound: { trackingNumber: outbound.trackingNumber } });
    expect(await service.createReturn(input)).toMatchObject({ replayed: true, label: { id: first.label.id } });
    expect(returns.requests).toHaveLength(1);
    const cancelled = await service.cancelReturn({ labelId: first.label.id, idempotencyKey: 'key-return-cancel' });
    const again = await service.cancelReturn({ labelId: first.label.id, idempotencyKey: 'key-return-cancel-2' });
    expect(cancelled.label.state).toBe('CANCELLED');
    expect(again.result).toEqual(cancelled.result);
    expect(returns.cancels).toEqual(['RT1']);
    // A return is not cancelled as a shipment, and a return of a return is refused.
    expect((await refusal(service.cancelShipment({ labelId: first.label.id, reason: null, idempotencyKey: 'key-x' }))).field).toBe('input.labelId');
    expect((await refusal(service.createReturn({ ...input, outboundLabelId: first.label.id, idempotencyKey: 'key-y' }))).field).toBe('input.outboundLabelId');
  });

  it('a return whose answer was lost is UNKNOWN, never bought again by a retry', async () => {
    const returns = new FakeReturns();
    returns.lose = true;
    const { service } = makeService(store, { returns: [returns] });
    const { label: outbound } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-RETURN-LOST' }), 'key-return-lost-out');
    const input = { outboundLabelId: outbound.id, request: null, idempotencyKey: 'key-return-lost' };
    expect((await service.createReturn(input)).label).toMatchObject({ state: 'UNKNOWN', nextAttemptAt: null, failure: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect((await service.createReturn(input)).replayed).toBe(true);
    expect(returns.requests).toHaveLength(1);
  });

  it('labels are listed newest first, a page at a time; an unknown cursor answers null', async () => {
    const { service, clock } = makeService(store);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1_000);
      ids.push((await service.createShipment(shipmentRequest({ orderId: 'ORDER-PAGE' }), `key-page-${i}`)).label.id);
    }
    const filter = { carrier: 'CARRIER_B' as const, state: null, orderId: 'ORDER-PAGE' };
    const page1 = await service.labels(filter, null, 2);
    expect(page1?.map((l) => l.id)).toEqual([ids[2], ids[1]]);
    const page2 = await service.labels(filter, page1?.[1]?.id ?? null, 2);
    expect(page2?.map((l) => l.id)).toEqual([ids[0]]);
    expect(await service.labels(filter, 'Label:unknown', 2)).toBeNull();
    expect(await service.labels({ ...filter, state: 'FAILED' }, null, 10)).toEqual([]);
  });

  it("validation runs our checks and the carrier's, creating nothing", async () => {
    const { service, shipping } = makeService(store);
    let validated = 0;
    Object.assign(shipping, {
      validate: async () => {
        validated += 1;
        return { valid: true, alerts: [{ code: 'SHIP.VALIDATION.SUCCESS', message: 'ok', type: 'NOTE' }] };
      },
    });
    expect(await service.validateShipment(shipmentRequest({ orderId: 'ORDER-VALIDATE' }))).toMatchObject({ valid: true, alerts: [{ code: 'SHIP.VALIDATION.SUCCESS' }] });
    const heavy = shipmentRequest({ packages: [{ weight: { value: 99, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: null }] });
    expect((await refusal(service.validateShipment(heavy))).field).toBe('input.packages.0.weight');
    expect(validated).toBe(1);
    expect(shipping.calls.create).toBe(0);
    expect(await service.labels({ carrier: null, state: null, orderId: 'ORDER-VALIDATE' }, null, 10)).toEqual([]);
  });

  it('images and invoices go through the document connector of the label\'s carrier', async () => {
    const documents = new FakeDocumentsWithUploads();
    const { service } = makeService(store, { documents: [documents] });
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-UPLOADS' }), 'key-uploads');
    await service.uploadShipmentImage({ labelId: label.id, format: 'PNG', content: Buffer.from('png'), typeCode: null });
    expect(documents.images).toEqual([label.trackingNumber]);
    const invoice = { invoiceNumber: 'INV-9', invoiceDate: '2030-05-01', document: null, lines: [] };
    await service.uploadCommercialInvoice({ ...invoice, labelId: label.id, accountNumber: null, plannedShipDate: null });
    expect(documents.invoices[0]).toMatchObject({ trackingNumber: label.trackingNumber, accountNumber: '510087000' });
    // Before creation: the planned date is needed, the account defaults to the carrier's configured one.
    expect((await refusal(service.uploadCommercialInvoice({ ...invoice, labelId: null, accountNumber: null, plannedShipDate: null }))).field).toBe('input.plannedShipDate');
    await service.uploadCommercialInvoice({ ...invoice, labelId: null, accountNumber: null, plannedShipDate: '2030-05-03' });
    expect(documents.invoices[1]).toMatchObject({ trackingNumber: null, accountNumber: '510087000', plannedShipDate: '2030-05-03' });
  });

  it('an upload to a carrier without it is BAD_USER_INPUT naming the field', async () => {
    const { service } = makeService(store);
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-UPLOAD' }), 'key-upload');
    const image = await refusal(service.uploadShipmentImage({ labelId: label.id, format: 'PNG', content: Buffer.from('png'), typeCode: null }));
    expect(image.field).toBe('input.labelId');
    const invoice = await refusal(
      service.uploadCommercialInvoice({
        labelId: label.id,
        accountNumber: null,
        plannedShipDate: null,
        invoiceNumber: 'INV-1',
        invoiceDate: '2030-05-01',
        document: null,
        lines: [],
      }),
    );
    expect(invoice.field).toBe('input.labelId');
  });

  it('shipmentsByReference answers stored labels first and carrier shipments no label names', async () => {
    const stored = await (async () => {
      const { service } = makeService(store);
      return (await service.createShipment(shipmentRequest({ orderId: 'ORDER-REF-9', references: [{ type: 'PO', value: 'PO-77', scope: null }] }), 'key-ref-9')).label;
    })();
    const shipment = (id: string): Shipment => ({ id, carrier: 'CARRIER_B', division: null }) as Shipment;
    const { service } = makeService(store, {
      shipping: new FakeShipping(),
      lookupReference: async () => ({
        shipments: [shipment(stored.shipmentId ?? ''), shipment('CARRIER_B:-:999999999999')],
        failures: [{ carrier: 'GROUP_A', code: 'UPSTREAM_UNAVAILABLE', message: 'down' }],
      }),
    });
    const found = await service.shipmentsByReference('ORDER-REF-9');
    expect(found.labels.map((l) => l.id)).toEqual([stored.id]);
    expect(found.carrierShipments.map((s) => s.id)).toEqual(['CARRIER_B:-:999999999999']);
    expect(found.failures).toHaveLength(1);
    expect((await service.shipmentsByReference('PO-77')).labels.map((l) => l.id)).toEqual([stored.id]);
  });
});
