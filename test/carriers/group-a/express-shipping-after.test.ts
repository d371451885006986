import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../src/domain/errors.js';
import type { CreatedShipment, ShipmentRequest } from '../../../src/domain/shipping.js';
import { trackRequest } from './harness.js';
import { isPdf, isPng, labelHandle, RECIPIENT, shipmentRequest, shippingSetup, type ShippingSetup } from './express-shipping-harness.js';

/** After creation: tracking from birth, cancellation, proof of delivery, other images and uploads (seed 000, B). */

let setup: ShippingSetup | undefined;

afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

async function connect(...args: Parameters<typeof shippingSetup>): Promise<ShippingSetup> {
  setup = await shippingSetup(...args);
  return setup;
}

async function created(s: ShippingSetup, request: ShipmentRequest = shipmentRequest()): Promise<CreatedShipment> {
  const answer = await s.shipping.create(request);
  if (answer.kind !== 'CREATED') throw new Error('express answers synchronously');
  return answer.shipment;
}

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const THREE_DAYS = 3 * 24 * 3_600_000;

async function unifiedTrack(s: ShippingSetup, number: string): Promise<{ status: number; body: any }> {
  const url = `${s.sandbox.urls.groupAUnified}/shipments?trackingNumber=${number}&service=express`;
  const response = await fetch(url, { headers: { 'Carrier-API-Key': s.sandbox.credentials.groupAUnified.apiKey } });
  return { status: response.status, body: await response.json() };
}

describe('a created express waybill is tracked from creation', () => {
  it('the created waybill tracks on express /tracking and on unified /track/shipments (service express), and moves on from creation', async () => {
    // Unified tracking's one call per 5 s is not what this test is about.
    const s = await connect({}, { unifiedQuota: { minIntervalMs: 0 } });
    const shipment = await created(s);
    const express = s.module.tracking!.interfaces.find((i) => i.upstream === 'group-a/express')!.connector;
    const [atBirth] = await express.track([trackRequest(shipment.trackingNumber, { division: 'express' })]);
    if (!atBirth?.ok) throw new Error(`express tracking failed: ${JSON.stringify(atBirth)}`);
    const [born] = atBirth.shipments;
    expect(born!.trackingNumber).toBe(shipment.trackingNumber);
    // The express network does not scan before pickup: the shipment's own status is all there is yet.
    expect(born!.status.nativeCode).toBe('pre-transit');
    expect(born!.pieces.map((p) => p.trackingNumber)).toEqual(shipment.pieces.map((p) => p.trackingNumber));
    const unified = await unifiedTrack(s, shipment.trackingNumber);
    expect(unified.status).toBe(200);
    expect(unified.body.shipments).toHaveLength(1);
    expect(unified.body.shipments[0]).toMatchObject({ id: shipment.trackingNumber, service: 'express', status: { statusCode: 'pre-transit' } });
    // The request's parties and order reference are the tracked shipment's.
    expect(unified.body.shipments[0].destination.address).toMatchObject({ addressLocality: 'Tokyo', countryCode: 'JP' });
    s.clock.advance(THREE_DAYS);
    const [later] = await express.track([trackRequest(shipment.trackingNumber, { division: 'express' })]);
    if (!later?.ok) throw new Error('express tracking failed');
    expect(later.shipments[0]!.status.status).toBe('DELIVERED');
    expect((await unifiedTrack(s, shipment.trackingNumber)).body.shipments[0].status.statusCode).toBe('delivered');
  });
});

describe('Group A express cancellation (seed 000: "`shipmentTrackingNumber` (string), `reason` (string)"; SX6, SX7)', () => {
  it("cancel sends the seed's body; the shipment is cancelled, stops moving, and the lookup says so", async () => {
    const s = await connect({}, { unifiedQuota: { minIntervalMs: 0 } });
    const request = shipmentRequest();
    const shipment = await created(s, request);
    const result = await s.shipping.cancel!(labelHandle(shipment.trackingNumber), 'Order cancelled by the buyer');
    expect(result).toEqual({ cancelled: true, message: `Shipment ${shipment.trackingNumber} was cancelled.`, warnings: [] });
    expect(s.bodies('/shipments/cancel')).toEqual([{ shipmentTrackingNumber: shipment.trackingNumber, reason: 'Order cancelled by the buyer' }]);
    expect(s.sandbox.expressShipping.shipments()[0]!.cancelledAt).not.toBeNull();
    s.clock.advance(THREE_DAYS);
    const unified = await unifiedTrack(s, shipment.trackingNumber);
    expect(unified.body.shipments[0].status.statusCode).toBe('pre-transit');
    // Express tracking by the waybill still shows it (what an operator's settlement checks).
    const found = await s.shipping.findShipment!(shipment.trackingNumber, request);
    expect(found.kind).toBe('FOUND');
  });

  it('a second cancel answers the same result, with the carrier warning that nothing changed', async () => {
    const s = await connect();
    const shipment = await created(s);
    await s.shipping.cancel!(labelHandle(shipment.trackingNumber), null);
    const again = await s.shipping.cancel!(labelHandle(shipment.trackingNumber), null);
    expect(again.cancelled).toBe(true);
    expect(again.warnings.map((w) => w.message)).toEqual([expect.stringContaining('already cancelled')]);
    // Without a reason of the caller's, the body still carries the seed's `reason`.
    expect(s.bodies('/shipments/cancel')[0]!['reason']).toBe('Cancelled by the shipper');
  });

  it('a shipment already picked up cannot be cancelled (400, not outcome-unknown); an unknown waybill is UPSTREAM_NOT_FOUND', async () => {
    const s = await connect();
    const shipment = await created(s);
    s.clock.advance(THREE_DAYS);
    const late = await rejection(s.shipping.cancel!(labelHandle(shipment.trackingNumber), 'too late'));
    expect(late.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(late.message).toContain('picked up');
    const unknown = await rejection(s.shipping.cancel!(labelHandle('6999999991'), 'never created'));
    expect(unknown.code).toBe('UPSTREAM_NOT_FOUND');
  });
});

describe('Group A express documents (seed 000: `/proof-of-delivery`, `/get-image`, `/upload-image`, `/upload-invoice-data`; SX10-SX13)', () => {
  it('proof of delivery exists only once delivered: UPSTREAM_NOT_FOUND before, a real PDF after', async () => {
    const s = await connect();
    const shipment = await created(s);
    const before = await rejection(s.documents.fetch(labelHandle(shipment.trackingNumber), 'PROOF_OF_DELIVERY', 'PDF'));
    expect(before.code).toBe('UPSTREAM_NOT_FOUND');
    expect(before.message).toContain('not delivered yet');
    s.clock.advance(THREE_DAYS);
    const proof = await s.documents.fetch(labelHandle(shipment.trackingNumber), 'PROOF_OF_DELIVERY', 'PDF');
    expect(proof).toMatchObject({ kind: 'PROOF_OF_DELIVERY', nativeType: 'POD', format: 'PDF', contentType: 'application/pdf' });
    expect(isPdf(proof.content)).toBe(true);
    expect(s.calls()['GET /expressapi/test/shipments/{n}/proof-of-delivery']).toBe(2);
  });

  it('get-image answers the waybill document as a real file, in the format asked', async () => {
    const s = await connect();
    const shipment = await created(s);
    const pdf = await s.documents.fetch(labelHandle(shipment.trackingNumber), 'SHIPMENT_IMAGE', 'PDF');
    expect(pdf).toMatchObject({ kind: 'SHIPMENT_IMAGE', nativeType: 'waybill-doc', format: 'PDF', contentType: 'application/pdf' });
    expect(isPdf(pdf.content)).toBe(true);
    const png = await s.documents.fetch(labelHandle(shipment.trackingNumber), 'SHIPMENT_IMAGE', 'PNG');
    expect(png.contentType).toBe('image/png');
    expect(isPng(png.content)).toBe(true);
    expect(s.documents.fetchable).toEqual(['PROOF_OF_DELIVERY', 'SHIPMENT_IMAGE']);
  });

  it('upload-image sends documentImages[] by PATCH and the carrier records the image', async () => {
    const s = await connect();
    const shipment = await created(s);
    const image = Buffer.from('%PDF-1.7 signed commercial invoice');
    const answer = await s.documents.uploadImage!(shipment.trackingNumber, { format: 'pdf', content: image, typeCode: 'INV' });
    expect(answer.warnings).toEqual([]);
    const sent = s.proxy.seen.find((r) => r.method === 'PATCH')!;
    expect(sent.path).toBe(`/expressapi/test/shipments/${shipment.trackingNumber}/upload-image`);
    expect(JSON.parse(sent.body)).toEqual({ documentImages: [{ typeCode: 'INV', imageFormat: 'PDF', content: image.toString('base64') }] });
    expect(s.sandbox.expressShipping.images()).toEqual([
      { waybill: shipment.trackingNumber, typeCode: 'INV', imageFormat: 'PDF', bytes: image.length, at: expect.any(Date) },
    ]);
    // The sandbox: a waybill ending 404 is unknown.
    const unknown = await rejection(s.documents.uploadImage!('6999999404', { format: 'PNG', content: image, typeCode: null }));
    expect(unknown.code).toBe('UPSTREAM_NOT_FOUND');
  });

  it('upload-invoice-data works before creation (planned date and account) and after it (waybill); both are recorded', async () => {
    const s = await connect();
    const lines = [{ description: 'Cotton shirts', quantity: 2, value: { amount: '120.00', currency: 'USD' }, hsCode: '610910', countryOfOrigin: 'IN' }];
    await s.documents.uploadInvoice!({
      trackingNumber: null,
      accountNumber: '950000001',
      plannedShipDate: '2026-03-13',
      invoiceNumber: 'INV-1',
      invoiceDate: '2026-03-12',
      document: Buffer.from('%PDF-1.7 invoice'),
      lines,
    });
    const shipment = await created(s);
    await s.documents.uploadInvoice!({
      trackingNumber: shipment.trackingNumber,
      accountNumber: '950000001',
      plannedShipDate: null,
      invoiceNumber: 'INV-2',
      invoiceDate: '2026-03-13',
      document: null,
      lines,
    });
    const [before, after] = s.bodies('/upload-invoice-data');
    expect(before).toMatchObject({ plannedShippingDate: '2026-03-13', accounts: [{ typeCode: 'shipper', number: '950000001' }], content: { invoice: { number: 'INV-1', date: '2026-03-12' } } });
    expect(before!['content']['lineItems'][0]).toMatchObject({ description: 'Cotton shirts', price: 120, priceCurrency: 'USD', quantity: { value: 2, unitOfMeasurement: 'PCS' } });
    expect(after).toMatchObject({ shipmentTrackingNumber: shipment.trackingNumber });
    expect(s.sandbox.expressShipping.invoices().map((i) => [i.waybill, i.plannedShippingDate, i.invoiceNumber, i.withDocument])).toEqual([
      [null, '2026-03-13', 'INV-1', true],
      [shipment.trackingNumber, null, 'INV-2', false],
    ]);
  });

  it('an invoice for an account that is not configured is refused before any call', async () => {
    const s = await connect();
    await expect(
      s.documents.uploadInvoice!({ trackingNumber: null, accountNumber: '950000009', plannedShipDate: '2026-03-13', invoiceNumber: 'X', invoiceDate: '2026-03-13', document: null, lines: [] }),
    ).rejects.toMatchObject({ field: 'input.accountNumber' });
    expect(s.calls()).toEqual({});
  });
});

// Domestic shipments carry no invoice and no customs papers.
describe('Group A express domestic shipment', () => {
  it('a domestic shipment is not customs-declarable and gets no invoice', async () => {
    const s = await connect();
    const shipment = await created(
      s,
      shipmentRequest({ serviceCode: 'N', recipient: { ...RECIPIENT, address: { ...RECIPIENT.address, city: 'Delhi', postalCode: '110037', countryCode: 'IN', stateOrProvinceCode: 'DL' } }, customs: null, declaredValue: null }),
    );
    expect(s.bodies()[0]!['isCustomsDeclarable']).toBe(false);
    expect(s.bodies()[0]!['content']).toBeUndefined();
    expect(shipment.documents.map((d) => d.kind)).not.toContain('INVOICE');
  });
});
