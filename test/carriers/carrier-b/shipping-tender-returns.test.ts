import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedShipment, ReturnRequest, ShipmentRequest } from '../../../src/domain/shipping.js';
import type { TrackRequest } from '../../../src/domain/tracking.js';
import { callsTo, handleOf, party, shipmentRequest, startShippingWorld, type ShippingWorld } from './shipping-support.js';

/** Seed 001: ground end-of-day close, return tags linked to the outbound, tracking documents, over real HTTP. */
let world: ShippingWorld;
const ACCOUNT = '740561073';
const TODAY = '2026-03-10';

beforeAll(async () => {
  world = await startShippingWorld('carrier-b-shipping-tender');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

async function ship(request: ShipmentRequest): Promise<CreatedShipment> {
  const answer = await world.shipping.create(request);
  if (answer.kind !== 'CREATED') throw new Error('expected a synchronous creation');
  return answer.shipment;
}

function handle(request: ShipmentRequest, shipment: CreatedShipment) {
  return handleOf(request, shipment.trackingNumber, shipment.pieces.map((p) => p.trackingNumber));
}

function track(trackingNumber: string): TrackRequest {
  return { carrier: 'CARRIER_B', trackingNumber, division: null, carrierCode: null, carrierUniqueId: null, shipDateBegin: null, shipDateEnd: null, language: null, ecommerceIdType: null, includeEvents: false };
}

describe('seed 001: "ground label created -> end-of-day close -> tendered; close produces the end-of-day manifest"', () => {
  it('the end-of-day close tenders only the open ground labels (not express, not cancelled) and yields a PDF manifest; a second close tenders nothing', async () => {
    const groundA = shipmentRequest({ serviceCode: 'CARRIER_GROUND' });
    const groundB = shipmentRequest({ serviceCode: 'CARRIER_GROUND' });
    const cancelled = shipmentRequest({ serviceCode: 'CARRIER_GROUND' });
    const express = shipmentRequest({ serviceCode: 'PRIORITY_OVERNIGHT' });
    const [a, b, c, e] = [await ship(groundA), await ship(groundB), await ship(cancelled), await ship(express)];
    await world.shipping.cancel!(handle(cancelled, c), null);
    const labels = [handle(groundA, a), handle(groundB, b)];

    const close = await world.tendering.tender(ACCOUNT, labels, TODAY);
    expect(world.tendering.kind).toBe('END_OF_DAY');
    expect(close.tenderedTrackingNumbers!.toSorted()).toEqual([a.trackingNumber, b.trackingNumber].toSorted());
    expect(close.tenderedTrackingNumbers!).not.toContain(e.trackingNumber);
    expect(close.tenderedTrackingNumbers!).not.toContain(c.trackingNumber);
    expect(close.documents).toHaveLength(1);
    expect(close.documents[0]!.kind).toBe('END_OF_DAY_MANIFEST');
    expect(close.documents[0]!.content!.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const again = await world.tendering.tender(ACCOUNT, labels, TODAY);
    expect(again.tenderedTrackingNumbers).toEqual([]);
    expect(again.documents).toEqual([]);
    expect(again.warnings.map((w) => w.code)).toEqual(['SHIP.ENDOFDAY.NOSHIPMENTS']);
    expect(callsTo(world.sandbox, 'POST /ship/v1/endofday/')).toBe(2);

    // A tendered ground shipment can no longer be cancelled: the carrier refuses (known outcome, its code kept).
    await expect(world.shipping.cancel!(handle(groundA, a), null)).rejects.toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', carrierCode: 'SHIP.CANCEL.TENDERED' });
  });
});

describe('seed 001 return tags: "creates a courier-collected return tag", cancel by shipment id, linked to the outbound', () => {
  function returnRequest(outbound: ShipmentRequest, shipment: CreatedShipment): ReturnRequest {
    return {
      outbound: handle(outbound, shipment),
      from: outbound.recipient,
      to: outbound.shipper,
      packages: outbound.packages,
      serviceCode: null,
      pickupReadyAt: '2026-03-12T09:00:00',
      reason: 'Wrong size',
      labelFormat: 'PDF',
      purchaseReference: `${outbound.purchaseReference.slice(0, 20)}RET`,
    };
  }

  it('a return tag is created, linked to its outbound (associated shipments list it), and cancelled by its shipment id', async () => {
    const outbound = shipmentRequest();
    const shipment = await ship(outbound);
    const request = returnRequest(outbound, shipment);
    expect(world.returns.check(request)).toEqual([]);
    const tag = await world.returns.createReturn(request);
    expect(tag.trackingNumber).toMatch(/^67\d{10}$/);
    expect(tag.carrierReturnId).toBe(tag.trackingNumber);
    expect(tag.linkedToOutbound).toBe(true);
    expect(tag.documents).toEqual([]);
    expect(callsTo(world.sandbox, 'POST /ship/v1/shipments/tag')).toBe(1);
    expect(callsTo(world.sandbox, 'POST /track/v1/associatedshipments')).toBe(1);

    const cancelled = await world.returns.cancelReturn!(tag.carrierReturnId!, ACCOUNT);
    expect(cancelled).toEqual({ cancelled: true, message: 'Return tag is successfully cancelled.', warnings: [] });
    expect(callsTo(world.sandbox, 'PUT /ship/v1/shipments/tag/cancel/{shipmentid}')).toBe(1);
  });

  it('a tag for an outbound the carrier does not know is created but not linked, with a warning saying so', async () => {
    // Sandbox convention: a number ending 404 is unknown to the carrier.
    const outbound = shipmentRequest();
    const request = returnRequest(outbound, { trackingNumber: '670999999404', pieces: [] } as unknown as CreatedShipment);
    const tag = await world.returns.createReturn(request);
    expect(tag.linkedToOutbound).toBe(false);
    expect(tag.warnings.map((w) => w.code)).toContain('RETURN_LINK_UNCONFIRMED');
  });

  // check() is synchronous and makes no call by construction; the service runs it before any carrier call.
  it('a return without a sender contact or with a malformed ready time is refused by check, naming the fields', () => {
    const outbound = shipmentRequest();
    const request = { ...returnRequest(outbound, { trackingNumber: '670000000001', pieces: [] } as unknown as CreatedShipment), from: party({ contactName: '' }), pickupReadyAt: 'tomorrow' };
    expect(world.returns.check(request).map((e) => e.field)).toEqual(['input.from.contactName', 'input.pickupReadyAt']);
  });
});

describe('seed 001 tracking documents: SIGNATURE_PROOF_OF_DELIVERY, BILL_OF_LADING, FREIGHT_BILLING_DOCUMENT, PDF or PNG', () => {
  it('a ground shipment has its bill of lading (PDF)', async () => {
    const request = shipmentRequest({ serviceCode: 'CARRIER_GROUND' });
    const shipment = await ship(request);
    const doc = await world.documents.fetch(handle(request, shipment), 'BILL_OF_LADING', 'PDF');
    expect(doc).toMatchObject({ kind: 'BILL_OF_LADING', nativeType: 'BILL_OF_LADING', format: 'PDF', contentType: 'application/pdf' });
    expect(doc.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a freight service has its freight billing document', async () => {
    const request = shipmentRequest({ serviceCode: 'CARRIER_FREIGHT_ECONOMY' });
    const shipment = await ship(request);
    const doc = await world.documents.fetch(handle(request, shipment), 'FREIGHT_BILLING_DOCUMENT', 'PDF');
    expect(doc.nativeType).toBe('FREIGHT_BILLING_DOCUMENT');
  });

  it('a delivered shipment has its signature proof of delivery (our PROOF_OF_DELIVERY), here as PNG', async () => {
    const request = shipmentRequest();
    // Sandbox convention: last digit 0 = delivered.
    const doc = await world.documents.fetch(handleOf(request, '200000000010', ['200000000010']), 'PROOF_OF_DELIVERY', 'PNG');
    expect(doc).toMatchObject({ kind: 'PROOF_OF_DELIVERY', nativeType: 'SIGNATURE_PROOF_OF_DELIVERY', format: 'PNG', contentType: 'image/png' });
    expect(doc.content.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  });

  it('a document the shipment does not have yet (no proof before delivery) is the carrier 404, UPSTREAM_NOT_FOUND', async () => {
    const request = shipmentRequest();
    const shipment = await ship(request);
    await expect(world.documents.fetch(handle(request, shipment), 'PROOF_OF_DELIVERY', 'PDF')).rejects.toMatchObject({
      code: 'UPSTREAM_NOT_FOUND',
      carrierCode: 'TRACKING.DOCUMENT.NOTAVAILABLE',
    });
  });
});

describe('ground labels move only once tendered (last: moves the sandbox clock)', () => {
  it('a ground label stays "label created" for days until the end-of-day close, then progresses', async () => {
    const request = shipmentRequest({ serviceCode: 'CARRIER_GROUND' });
    const shipment = await ship(request);
    const tracker = world.module.tracking!.interfaces[0]!.connector;
    world.clock.advance(3 * 86_400_000);
    const [waiting] = await tracker.track([track(shipment.trackingNumber)]);
    expect(waiting!.ok && waiting!.shipments[0]!.status.status).toBe('LABEL_CREATED');
    await world.tendering.tender(ACCOUNT, [handle(request, shipment)], '2026-03-13');
    world.clock.advance(10 * 86_400_000);
    const [moved] = await tracker.track([track(shipment.trackingNumber)]);
    expect(moved!.ok && moved!.shipments[0]!.status.status).toBe('DELIVERED');
  });
});
