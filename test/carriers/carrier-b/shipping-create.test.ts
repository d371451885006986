import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outcomeUnknown } from '../../../src/carriers/types.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import type { CreatedShipment, CreateShipmentAnswer, ShipmentRequest } from '../../../src/domain/shipping.js';
import { lookupByNumber } from '../../../src/domain/tracking.js';
import { callsTo, party, shipmentRequest, startShippingWorld, type ShippingWorld } from './shipping-support.js';

/** Seed 001 "Shipment creation request/answer" over real HTTP: our connector as the module builds it -> the sandbox. */
const CREATE = 'POST /ship/v1/shipments';
let world: ShippingWorld;

beforeAll(async () => {
  world = await startShippingWorld('carrier-b-shipping-create');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

function created(answer: CreateShipmentAnswer): CreatedShipment {
  if (answer.kind !== 'CREATED') throw new Error(`expected a synchronous creation, got ${answer.kind}`);
  return answer.shipment;
}

describe('seed 001 required inputs: "account number, pickup type, service type, packaging type, shipper, recipient, payment type, package weights, label specification"', () => {
  const cases: Array<[string, Partial<ShipmentRequest> | ((r: ShipmentRequest) => ShipmentRequest), string]> = [
    ['account number empty', { accountNumber: '' }, 'input.accountNumber'],
    ['account number not the configured one', { accountNumber: '999999999' }, 'input.accountNumber'],
    ['pickup type malformed', { pickupType: 'drop off' }, 'input.pickupType'],
    ['service type missing', { serviceCode: '' }, 'input.serviceCode'],
    ['service type not a Carrier B word', { serviceCode: 'P' }, 'input.serviceCode'],
    ['packaging type empty', { packagingType: '' }, 'input.packagingType'],
    ['shipper without contact name', (r) => ({ ...r, shipper: party({ contactName: ' ' }) }), 'input.shipper.contactName'],
    ['recipient without street lines', (r) => ({ ...r, recipient: { ...r.recipient, address: { ...r.recipient.address, streetLines: [] } } }), 'input.recipient.address.streetLines'],
    ['recipient without city', (r) => ({ ...r, recipient: party({ city: '' }) }), 'input.recipient.address.city'],
    ['payment type other than SENDER', { paymentType: 'RECIPIENT' as 'SENDER' }, 'input.paymentType'],
    ['no package', { packages: [] }, 'input.packages'],
    ['package weight zero', (r) => ({ ...r, packages: [{ ...r.packages[0]!, weight: { value: 0, unit: 'KG' } }] }), 'input.packages.0.weight'],
    ['label format not PDF or PNG', { labelFormat: 'ZPL' as 'PDF' }, 'input.labelFormat'],
    ['label delivery not INLINE or URL', { labelDelivery: 'FAX' as 'URL' }, 'input.labelDelivery'],
    [
      'cash on delivery without codCollectionType',
      (r) => ({ ...r, packages: [{ ...r.packages[0]!, cashOnDelivery: { amount: '10.00', currency: 'USD' } }] }),
      'input.codCollectionType',
    ],
    ['our purchase-reference type given as a caller reference', { references: [{ type: 'DEPARTMENT_NUMBER', value: 'D1', scope: null }] }, 'input.references.0.type'],
  ];

  // check() is synchronous and makes no call by construction; that the service runs it before any carrier call (a
  // refused request costs no call) is shown over /graphql in test/shipping-api/input.test.ts.
  it.each(cases)('%s is refused by check, naming %s', (_name, change, field) => {
    const base = shipmentRequest();
    const request = typeof change === 'function' ? change(base) : { ...base, ...change };
    const errors = world.shipping.check(request);
    expect(errors.map((e) => e.field)).toContain(field);
  });

  it('a complete request has no refusal; the connector defaults for pickup and packaging type count as given', async () => {
    const request = shipmentRequest({ pickupType: null, packagingType: null });
    expect(world.shipping.check(request)).toEqual([]);
    // The sandbox requires both: a creation with the defaults is accepted, so they were sent.
    const shipment = created(await world.shipping.create(request));
    expect(shipment.trackingNumber).toMatch(/^67\d{10}$/);
  });

  it('the sandbox refuses a creation lacking required inputs with one dotted errors[] code per input (HTTP 400)', async () => {
    const token = await fetch(`${world.sandbox.urls.carrierB}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: world.sandbox.credentials.carrierB.clientId, client_secret: world.sandbox.credentials.carrierB.clientSecret }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const response = await fetch(`${world.sandbox.urls.carrierB}/ship/v1/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify({ requestedShipment: { recipients: [] } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ code: string }> };
    expect(body.errors.map((e) => e.code)).toEqual([
      'SHIP.ACCOUNTNUMBER.REQUIRED',
      'SHIP.PICKUPTYPE.REQUIRED',
      'SHIP.SERVICETYPE.REQUIRED',
      'SHIP.PACKAGINGTYPE.REQUIRED',
      'SHIP.SHIPPER.REQUIRED',
      'SHIP.RECIPIENTS.REQUIRED',
      'SHIP.PAYMENTTYPE.REQUIRED',
      'SHIP.LABELSPECIFICATION.REQUIRED',
      'SHIP.PACKAGE.WEIGHT.REQUIRED',
    ]);
  });
});

describe('seed 001 shipment creation answer', () => {
  it('a synchronous creation gives the master number and one tracking number per piece, each piece with its label (real PDF), sent once', async () => {
    const request = shipmentRequest({
      packages: [1.2, 3.4, 5].map((kg) => ({ weight: { value: kg, unit: 'KG' as const }, dimensions: null, description: null, packageId: null, cashOnDelivery: null })),
    });
    const shipment = created(await world.shipping.create(request));
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
    expect(shipment.pieces.map((p) => p.sequence)).toEqual([1, 2, 3]);
    expect(shipment.pieces[0]!.trackingNumber).toBe(shipment.trackingNumber);
    expect(new Set(shipment.pieces.map((p) => p.trackingNumber)).size).toBe(3);
    const labels = shipment.documents.filter((d) => d.kind === 'LABEL');
    expect(labels.map((d) => d.pieceTrackingNumber)).toEqual(shipment.pieces.map((p) => p.trackingNumber));
    for (const label of labels) expect(label.content!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Charges per piece, summed in decimal: the total is the sum of the pieces' net charges.
    const cents = shipment.pieces.reduce((sum, p) => sum + Math.round(Number(p.netCharge!.amount) * 100), 0);
    expect(Math.round(Number(shipment.total!.amount) * 100)).toBe(cents);
    expect(shipment.total!.currency).toBe('USD');
    expect(shipment.tendered).toBe(true);
    expect(shipment.tenderBy).toBeNull();
  });

  it('COD per package: each piece collects its own packageCODDetail.codCollectionAmount', async () => {
    const request = shipmentRequest({
      codCollectionType: 'CASH',
      packages: [
        { weight: { value: 1, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: { amount: '25.00', currency: 'USD' } },
        { weight: { value: 2, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: { amount: '40.50', currency: 'USD' } },
      ],
    });
    expect(world.shipping.check(request)).toEqual([]);
    const shipment = created(await world.shipping.create(request));
    expect(shipment.pieces.map((p) => p.cashOnDelivery)).toEqual([
      { amount: '25.00', currency: 'USD' },
      { amount: '40.50', currency: 'USD' },
    ]);
  });

  it('customer references on pieces: the order id as CUSTOMER_REFERENCE and our purchase reference on every piece; a reference lookup by order id finds it', async () => {
    const request = shipmentRequest({
      orderId: 'ORDER-REF-77',
      packages: [1, 2].map((kg) => ({ weight: { value: kg, unit: 'KG' as const }, dimensions: null, description: null, packageId: null, cashOnDelivery: null })),
    });
    const shipment = created(await world.shipping.create(request));
    for (const piece of shipment.pieces) {
      expect(piece.references).toEqual(
        expect.arrayContaining([
          { type: 'CUSTOMER_REFERENCE', value: 'ORDER-REF-77', scope: null },
          { type: 'DEPARTMENT_NUMBER', value: request.purchaseReference, scope: null },
        ]),
      );
    }
    const found = await world.module.tracking!.references!.connector!.trackByReference({
      carrier: 'CARRIER_B',
      referenceType: 'CUSTOMER_REFERENCE',
      value: 'ORDER-REF-77',
      shipDateBegin: null,
      shipDateEnd: null,
      includeEvents: false,
    });
    expect(found.map((s) => s.trackingNumber)).toEqual(shipment.pieces.map((p) => p.trackingNumber));
  });

  it('alerts reach warnings: an invalid phone on a contact and SHIP.RECIPIENT.POSTALCITY.MISMATCH', async () => {
    const request = shipmentRequest({ recipient: party({ contactName: 'Grace Hopper', phone: '555-01', city: 'Boston', postalCode: '10001', state: 'NY' }) });
    const shipment = created(await world.shipping.create(request));
    expect(shipment.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['SHIP.RECIPIENT.PHONENUMBER.INVALID', 'SHIP.RECIPIENT.POSTALCITY.MISMATCH']));
    expect(shipment.warnings.find((w) => w.code === 'SHIP.RECIPIENT.POSTALCITY.MISMATCH')!.type).toBe('WARNING');
  });

  it('label delivery URL -> labelResponseOptions URL_ONLY; the carrier answers a url, downloaded once, so the content is always set (PNG)', async () => {
    const shipment = created(await world.shipping.create(shipmentRequest({ labelDelivery: 'URL', labelFormat: 'PNG' })));
    const label = shipment.documents.find((d) => d.kind === 'LABEL')!;
    expect(label.url).toMatch(/\/ship\/v1\/documents\/[a-f0-9]{32}$/);
    expect(label.format).toBe('PNG');
    expect(label.content!.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect(callsTo(world.sandbox, 'GET /ship/v1/documents/{id}')).toBe(1);
  });

  it('a ground service is not tendered until the end-of-day close (tenderBy END_OF_DAY); express is tendered when created', async () => {
    const ground = created(await world.shipping.create(shipmentRequest({ serviceCode: 'CARRIER_GROUND' })));
    expect(ground.trackingNumber).toMatch(/^57\d{10}$/);
    expect([ground.tendered, ground.tenderBy]).toEqual([false, 'END_OF_DAY']);
    const express = created(await world.shipping.create(shipmentRequest({ serviceCode: 'STANDARD_OVERNIGHT' })));
    expect([express.tendered, express.tenderBy]).toEqual([true, null]);
  });

  it('a carrier refusal (400 errors[]) rejects with UPSTREAM_BAD_REQUEST carrying the carrier code and message, and its outcome is known (not outcomeUnknown)', async () => {
    const request = shipmentRequest({ serviceCode: 'CARRIER_TELEPORT' });
    expect(world.shipping.check(request)).toEqual([]);
    const error = await world.shipping.create(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamError);
    const upstream = error as UpstreamError;
    expect(upstream.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(upstream.carrierCode).toBe('SHIP.SERVICETYPE.INVALID');
    expect(upstream.message).toContain('Service type CARRIER_TELEPORT is not valid.');
    expect(upstream.transactionId).not.toBeNull();
    expect(outcomeUnknown(upstream)).toBe(false);
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
  });
});

describe('tracked from birth', () => {
  it('a created number tracks on /track/v1/trackingnumbers at once (label created), then moves along', async () => {
    const shipment = created(await world.shipping.create(shipmentRequest({ serviceCode: 'PRIORITY_OVERNIGHT' })));
    const tracker = world.module.tracking!.interfaces[0]!.connector;
    const [now] = await tracker.track([lookupByNumber('CARRIER_B', shipment.trackingNumber, true)]);
    expect(now!.ok).toBe(true);
    const first = now!.ok ? now!.shipments[0]! : null;
    expect(first!.status.status).toBe('LABEL_CREATED');
    expect(first!.service?.code).toBe('PRIORITY_OVERNIGHT');
    world.clock.advance(6 * 86_400_000);
    const [later] = await tracker.track([lookupByNumber('CARRIER_B', shipment.pieces[0]!.trackingNumber, true)]);
    expect(later!.ok && later!.shipments[0]!.status.status).toBe('DELIVERED');
  });
});
