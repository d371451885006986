import { afterEach, describe, expect, it } from 'vitest';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import { outcomeUnknown } from '../../../src/carriers/types.js';
import { InputError, UpstreamError } from '../../../src/domain/errors.js';
import type { CreatedShipment, ShipmentRequest } from '../../../src/domain/shipping.js';
import { loadConfig } from '../../../src/config.js';
import { rateRequest } from './express-rating-harness.js';
import { platform } from './harness.js';
import { isPdf, isPng, RECIPIENT, SHIPPER, shipmentRequest, shippingSetup, type ShippingSetup } from './express-shipping-harness.js';

let setup: ShippingSetup | undefined;

afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

async function connect(...args: Parameters<typeof shippingSetup>): Promise<ShippingSetup> {
  setup = await shippingSetup(...args);
  return setup;
}

async function created(s: ShippingSetup, request: ShipmentRequest): Promise<CreatedShipment> {
  const answer = await s.shipping.create(request);
  if (answer.kind !== 'CREATED') throw new Error('express answers synchronously');
  return answer.shipment;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('Group A express shipment body (seed 000: POST /shipments, "request body: not shown"; SX1-SX4)', () => {
  it("each member the express body needs is refused before any call, naming the field under input.", async () => {
    const s = await connect();
    const cases: Array<[string, Partial<ShipmentRequest>]> = [
      ['input.accountNumber', { accountNumber: '950000009' }],
      ['input.serviceCode', { serviceCode: 'PRIORITY_OVERNIGHT' }],
      ['input.originUtcOffset', { originUtcOffset: null }],
      ['input.originUtcOffset', { originUtcOffset: '+5:30' }],
      ['input.readyTime', { readyTime: '2pm' }],
      ['input.shipper.address.streetLines', { shipper: { ...SHIPPER, address: { ...SHIPPER.address, streetLines: [] } } }],
      ['input.recipient.address.city', { recipient: { ...RECIPIENT, address: { ...RECIPIENT.address, city: ' ' } } }],
      ['input.recipient.address.postalCode', { recipient: { ...RECIPIENT, address: { ...RECIPIENT.address, postalCode: null } } }],
      ['input.shipper.contactName', { shipper: { ...SHIPPER, contactName: '' } }],
      ['input.packages.1.weight', { packages: [shipmentRequest().packages[0]!, { ...shipmentRequest().packages[1]!, weight: { value: 0, unit: 'KG' } }] }],
      ['input.customs', { customs: null }],
      ['input.declaredValue', { declaredValue: null }],
      ['input.pickup.readyAt', { pickup: { readyAt: '2026-03-13 15:00', closeTime: null, location: null, instructions: null } }],
      ['input.pickup.readyAt', { pickup: { readyAt: '2026-03-14T15:00:00', closeTime: null, location: null, instructions: null } }],
      ['input.pickup.closeTime', { pickup: { readyAt: '2026-03-13T15:00:00', closeTime: '6pm', location: null, instructions: null } }],
      ['input.labelDelivery', { labelDelivery: 'URL' }],
    ];
    for (const [field, change] of cases) {
      const request = shipmentRequest(change);
      expect(s.shipping.check(request).map((e) => e.field), field).toContain(field);
      const error = await rejection(s.shipping.create(request));
      expect(error).toBeInstanceOf(InputError);
      expect(outcomeUnknown(error)).toBe(false);
    }
    // A domestic shipment needs no customs; a country without postal codes needs none.
    const domestic = shipmentRequest({ recipient: { ...RECIPIENT, address: { ...SHIPPER.address, city: 'Delhi', postalCode: '110037' } }, customs: null, declaredValue: null });
    expect(s.shipping.check(domestic)).toEqual([]);
    expect(s.shipping.check(shipmentRequest())).toEqual([]);
    expect(s.calls()).toEqual({});
  });

  it('the simulator refuses a body without a required member with a 400 problem naming it', async () => {
    const s = await connect();
    await created(s, shipmentRequest());
    const body = s.bodies()[0]!;
    const auth = `Basic ${Buffer.from(`${s.sandbox.credentials.groupAExpress.username}:${s.sandbox.credentials.groupAExpress.password}`).toString('base64')}`;
    const without = (path: string): Record<string, any> => {
      const copy = structuredClone(body);
      const keys = path.split('.');
      const last = keys.pop()!;
      let at: any = copy;
      for (const key of keys) at = at[key];
      delete at[last];
      return copy;
    };
    const members = [
      'plannedShippingDateAndTime',
      'pickup',
      'productCode',
      'accounts',
      'customerDetails.receiverDetails.postalAddress.cityName',
      'customerDetails.shipperDetails.postalAddress.addressLine1',
      'customerDetails.shipperDetails.contactInformation',
      'packages',
      'outputImageProperties',
      'content',
    ];
    for (const member of members) {
      const response = await fetch(`${s.expressUrl}/expressapi/test/shipments`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(without(member)),
      });
      expect(response.status, member).toBe(400);
      const problem = (await response.json()) as { detail: string; status: number };
      expect(problem.status).toBe(400);
      expect(problem.detail, member).toContain(member === 'content' ? 'content.exportDeclaration' : member.split('.').slice(-1)[0]);
    }
    expect(s.sandbox.expressShipping.shipments()).toHaveLength(1);
  });

  it('plannedShippingDateAndTime is shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM; the order id and the purchase reference travel in customerReferences[]', async () => {
    const s = await connect();
    const request = shipmentRequest({ references: [{ type: 'customer-reference', value: 'PO-99', scope: null }] });
    await created(s, request);
    await created(s, shipmentRequest({ readyTime: null, pickup: { readyAt: '2026-03-13T09:30:00', closeTime: '18:00', location: 'reception', instructions: 'Ring twice' } }));
    const [first, second] = s.bodies();
    expect(first!['plannedShippingDateAndTime']).toBe('2026-03-13T14:00:00 GMT+05:30');
    // Without its own ready time, the booked pickup's.
    expect(second!['plannedShippingDateAndTime']).toBe('2026-03-13T09:30:00 GMT+05:30');
    expect(first!['customerReferences']).toEqual([
      { value: 'ORDER-4711', typeCode: 'CU' },
      { value: request.purchaseReference, typeCode: 'CU' },
      { value: 'PO-99', typeCode: 'CU' },
    ]);
    expect(first!['packages'][0]).toMatchObject({ typeCode: '2BP', weight: 2.5, dimensions: { length: 30, width: 20, height: 10 }, customerReferences: [{ value: 'BOX-1', typeCode: 'CU' }] });
    expect(first!['customerDetails']['shipperDetails']).toEqual({
      postalAddress: { addressLine1: 'Sahar Road 4', addressLine2: 'Andheri East', cityName: 'Mumbai', postalCode: '400099', provinceCode: 'MH', countryCode: 'IN' },
      contactInformation: { fullName: 'Asha Rao', companyName: 'Rao Textiles', phone: '+91 22 5550 1234', email: 'dispatch@rao.example' },
    });
    expect(first!['isCustomsDeclarable']).toBe(true);
    expect(first!['content']['exportDeclaration']['lineItems'][0]).toMatchObject({ description: 'Cotton shirts', price: 120, commodityCodes: [{ typeCode: 'outbound', value: '610910' }] });
    expect(first!['pickup']).toEqual({ isRequested: false });
    expect(second!['pickup']).toEqual({ isRequested: true, closeTime: '18:00', location: 'reception', specialInstructions: [{ value: 'Ring twice', typeCode: 'TBD' }] });
  });

  it('the account number travels in accounts[]: one credential pair serves several accounts', async () => {
    const s = await connect({ GROUP_A_EXPRESS_ACCOUNT_NUMBERS: '950000001,950000002' });
    await created(s, shipmentRequest());
    await created(s, shipmentRequest({ accountNumber: '950000002' }));
    const [first, second] = s.bodies();
    expect(first!['accounts']).toEqual([{ typeCode: 'shipper', number: '950000001' }]);
    expect(second!['accounts']).toEqual([{ typeCode: 'shipper', number: '950000002' }]);
    const authorizations = new Set(s.proxy.seen.map((r) => r.headers['authorization']));
    expect(authorizations.size).toBe(1);
    expect(s.shipping.accountNumbers).toEqual(['950000001', '950000002']);
    expect(s.shipping.defaultAccountNumber).toBe('950000001');
  });
});

describe('Group A express shipment-creation answer (seed 000, "Express shipment-creation answer")', () => {
  it('per-piece numbers, and label, waybill-doc, invoice and qr-code documents as real PDF/PNG bytes', async () => {
    const s = await connect();
    const shipment = await created(s, shipmentRequest());
    const [ledger] = s.sandbox.expressShipping.shipments();
    expect(shipment.trackingNumber).toBe(ledger!.waybill);
    expect(shipment.pieces.map((p) => [p.sequence, p.trackingNumber])).toEqual(ledger!.pieceNumbers.map((n, i) => [i + 1, n]));
    expect(shipment.pieces[0]!.references).toEqual([{ type: 'CU', value: 'BOX-1', scope: null }]);
    const kinds = shipment.documents.map((d) => `${d.kind}:${d.nativeType}:${d.format}`).sort();
    expect(kinds).toEqual(['INVOICE:invoice:PDF', 'LABEL:label:PDF', 'LABEL:label:PDF', 'QR_CODE:qr-code:PNG', 'QR_CODE:qr-code:PNG', 'WAYBILL:waybill-doc:PDF']);
    for (const document of shipment.documents) {
      expect(document.format === 'PDF' ? isPdf(document.content) : isPng(document.content), document.kind).toBe(true);
    }
    // Labels and QR codes belong to their piece.
    const labels = shipment.documents.filter((d) => d.kind === 'LABEL' || d.kind === 'QR_CODE');
    expect(labels.map((d) => d.pieceTrackingNumber).sort()).toEqual([...ledger!.pieceNumbers, ...ledger!.pieceNumbers].sort());
    expect(shipment.documents.find((d) => d.kind === 'WAYBILL')!.pieceTrackingNumber).toBeNull();
    expect(shipment).toMatchObject({ carrier: 'GROUP_A', division: 'express', upstream: 'group-a/express', serviceCode: 'P', tendered: true, tenderBy: null });
  });

  it('PNG labels when the caller asks for PNG', async () => {
    const s = await connect();
    const shipment = await created(s, shipmentRequest({ labelFormat: 'PNG' }));
    expect(s.bodies()[0]!['outputImageProperties']['encodingFormat']).toBe('png');
    const labels = shipment.documents.filter((d) => d.kind === 'LABEL');
    expect(labels).toHaveLength(2);
    for (const label of labels) expect(isPng(label.content)).toBe(true);
  });

  it('the total is the BILLC entry of shipmentCharges[] (the price /rates quotes for the product), its serviceBreakdown the breakdown', async () => {
    const s = await connect();
    const shipment = await created(s, shipmentRequest());
    const rating = s.module.rating.find((r) => r.upstream === 'group-a/express')!;
    const outcome = await rating.rate(
      rateRequest({
        origin: { ...SHIPPER.address },
        destination: { ...RECIPIENT.address },
        packages: shipmentRequest().packages.map((p) => ({ weight: p.weight, dimensions: p.dimensions })),
        serviceCodes: ['P'],
      }),
    );
    if (!outcome.ok) throw outcome.error;
    const quote = outcome.quotes.find((q) => q.serviceCode === 'P')!;
    expect(shipment.total).toEqual(quote.total);
    expect(shipment.total!.currency).toBe('USD');
    expect(shipment.breakdown.map((l) => [l.kind, l.code, l.amount])).toEqual(quote.breakdown.map((l) => [l.kind, l.code, l.amount]));
    expect(shipment.breakdown.find((l) => l.code === 'FF')!.name).toBe('FUEL SURCHARGE');
  });

  it('warnings[] reach the result: a package sent without dimensions, a remote destination', async () => {
    const s = await connect();
    const plain = await created(s, shipmentRequest());
    expect(plain.warnings).toEqual([]);
    const request = shipmentRequest();
    const noDimensions = await created(s, shipmentRequest({ packages: [request.packages[0]!, { ...request.packages[1]!, dimensions: null }] }));
    expect(noDimensions.warnings).toEqual([{ code: null, type: null, message: expect.stringContaining('Package 2 has no dimensions') }]);
    const remote = await created(s, shipmentRequest({ recipient: { ...RECIPIENT, address: { ...RECIPIENT.address, postalCode: '144-0077' } } }));
    expect(remote.warnings.map((w) => w.message)).toEqual([expect.stringContaining('remote area')]);
    expect(remote.breakdown.map((l) => l.code)).toContain('OO');
  });

  it('a pickup in the same call yields dispatchConfirmationNumber and cancelPickupUrl {express_url}/expressapi/shipment-pickups/{n}; trackingUrl is {express_url}/expressapi/shipments/{n}/tracking', async () => {
    const s = await connect();
    const withPickup = await created(s, shipmentRequest({ pickup: { readyAt: '2026-03-13T15:00:00', closeTime: '18:00', location: 'reception', instructions: null } }));
    const dcn = withPickup.dispatchConfirmationNumber;
    expect(dcn).toMatch(/^PRG\d{12}$/);
    expect(withPickup.links.cancelPickupUrl).toBe(`${s.expressUrl}/expressapi/shipment-pickups/${dcn}`);
    expect(withPickup.links.trackingUrl).toBe(`${s.expressUrl}/expressapi/shipments/${withPickup.trackingNumber}/tracking`);
    expect(withPickup.links.onDemandDeliveryUrl).toContain(withPickup.trackingNumber);
    expect(s.sandbox.expressShipping.shipments()[0]!.dispatchConfirmationNumber).toBe(dcn);
    const withoutPickup = await created(s, shipmentRequest());
    expect(withoutPickup.dispatchConfirmationNumber).toBeNull();
    expect(withoutPickup.links.cancelPickupUrl).toBeNull();
    expect(withoutPickup.links.trackingUrl).toBe(`${s.expressUrl}/expressapi/shipments/${withoutPickup.trackingNumber}/tracking`);
  });
});

describe('Group A express creation is sent once; a lost answer is never bought again nor looked up where the carrier shows nothing', () => {
  it('a lost answer (connection reset after the carrier created) rejects with outcomeUnknown; there is no reference lookup, and the waybill is found by express tracking', async () => {
    const s = await connect();
    const request = shipmentRequest();
    s.sandbox.loseNextAnswer('groupAExpress', { count: 1, mode: 'reset' });
    const error = await rejection(s.shipping.create(request));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(outcomeUnknown(error)).toBe(true);
    // Sent once: never retried, and the carrier created exactly one shipment.
    expect(s.calls()['POST /expressapi/test/shipments']).toBe(1);
    expect(s.sandbox.expressShipping.shipments()).toHaveLength(1);
    // The carrier shows no lookup by a reference we wrote: the connector offers none (an operator settles the label).
    expect(s.shipping.reconcile).toBeUndefined();
    const [only] = s.sandbox.expressShipping.shipments();
    const result = await s.shipping.findShipment!(only!.waybill, request);
    if (result.kind !== 'FOUND') throw new Error(`expected FOUND, got ${result.kind}`);
    expect(result.shipment.trackingNumber).toBe(only!.waybill);
    expect(result.shipment.pieces.map((p) => p.trackingNumber)).toEqual(only!.pieceNumbers);
    expect(result.shipment.warnings.map((w) => w.code)).toContain('SETTLED_FROM_TRACKING');
    expect(s.calls()['POST /expressapi/test/shipments']).toBe(1);
    expect(s.sandbox.expressShipping.shipments()).toHaveLength(1);
    // Only the seed's tracking by waybill was asked.
    const gets = s.proxy.seen.filter((r) => r.method === 'GET');
    expect(gets.map((r) => new URL(r.path, 'http://x').pathname)).toEqual(['/expressapi/test/tracking']);
  });

  it("findShipment is NOT_CREATED for a waybill the carrier does not know, INCONCLUSIVE for one carrying none of the label's references, and rejects typed when tracking fails", async () => {
    const s = await connect();
    await created(s, shipmentRequest());
    // The sandbox knows no waybill ending 404.
    expect(await s.shipping.findShipment!('6999999404', shipmentRequest())).toEqual({ kind: 'NOT_CREATED' });
    // Another shipper's waybill (the sandbox tracks any other 10 digits, with its own order reference).
    expect(await s.shipping.findShipment!('6999999999', shipmentRequest())).toMatchObject({ kind: 'INCONCLUSIVE', reason: expect.stringContaining('none of this label') });
    // Tracking is a GET: retried once on 503; failing twice is the carrier's typed unavailability, not a verdict.
    s.sandbox.failNext('groupAExpress', { status: 503, count: 2 });
    const waybill = s.sandbox.expressShipping.shipments()[0]!.waybill;
    const error = await rejection(s.shipping.findShipment!(waybill, shipmentRequest()));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('a refusal (400) is not outcomeUnknown, and nothing was created', async () => {
    const s = await connect();
    // `Z` is shaped like a product code, but the lane has no such product: the carrier refuses.
    const error = await rejection(s.shipping.create(shipmentRequest({ serviceCode: 'Z' })));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe('UPSTREAM_BAD_REQUEST');
    expect((error as UpstreamError).message).toContain('productCode Z is not available');
    expect(outcomeUnknown(error)).toBe(false);
    expect(s.sandbox.expressShipping.shipments()).toHaveLength(0);
  });

  it('a 503 to the creation is not retried (sent once) and its outcome is unknown', async () => {
    const s = await connect();
    s.sandbox.failNext('groupAExpress', { status: 503, count: 1 });
    const error = await rejection(s.shipping.create(shipmentRequest()));
    expect(outcomeUnknown(error)).toBe(true);
    expect(s.calls()['POST /expressapi/test/shipments']).toBe(1);
  });

  it('shipping spends the express daily test quota that rating spends (one client)', async () => {
    const s = await connect({ GROUP_A_EXPRESS_DAILY_QUOTA: '1' });
    const rating = s.module.rating.find((r) => r.upstream === 'group-a/express')!;
    expect((await rating.rate(rateRequest())).ok).toBe(true);
    const error = await rejection(s.shipping.create(shipmentRequest()));
    expect((error as UpstreamError).code).toBe('UPSTREAM_RATE_LIMITED');
    // Refused by our quota before sending: surely not created.
    expect(outcomeUnknown(error)).toBe(false);
    expect(s.calls()['POST /expressapi/test/shipments']).toBeUndefined();
  });
});

describe('Group A module wiring (issue 9)', () => {
  it('the module offers express shipping and documents only when express is configured', async () => {
    const loaded = loadConfig({});
    if (!loaded.ok) throw new Error('an empty configuration is valid');
    const bare = groupAModule.build({ config: loaded.config, ...platform() });
    expect(bare.shipping?.filter((c) => c.upstream === 'group-a/express') ?? []).toEqual([]);
    expect(bare.documents?.filter((c) => c.upstream === 'group-a/express') ?? []).toEqual([]);
    await bare.close();
    const s = await connect();
    expect(s.shipping).toMatchObject({ carrier: 'GROUP_A', division: 'express', upstream: 'group-a/express' });
    expect(s.documents).toMatchObject({ carrier: 'GROUP_A', division: 'express', upstream: 'group-a/express' });
  });
});

describe('Group A express cash on delivery (rate request `valueAddedServices[]`, XR7; SX9)', () => {
  it("the packages' cash-on-delivery amounts travel summed exactly as one value-added service, and are charged", async () => {
    const s = await connect();
    const base = shipmentRequest();
    const domestic = {
      serviceCode: 'N',
      recipient: { ...RECIPIENT, address: { ...RECIPIENT.address, city: 'Delhi', postalCode: '110037', countryCode: 'IN', stateOrProvinceCode: 'DL' } },
      customs: null,
      declaredValue: null,
    };
    const shipment = await created(
      s,
      shipmentRequest({
        ...domestic,
        packages: [
          { ...base.packages[0]!, cashOnDelivery: { amount: '1050.10', currency: 'INR' } },
          { ...base.packages[1]!, cashOnDelivery: { amount: '25.05', currency: 'INR' } },
        ],
      }),
    );
    expect(s.bodies()[0]!['valueAddedServices']).toEqual([{ serviceCode: 'KB', value: 1075.15, currency: 'INR' }]);
    expect(shipment.breakdown.map((l) => l.code)).toContain('KB');
    const mixed = shipmentRequest({
      ...domestic,
      packages: [
        { ...base.packages[0]!, cashOnDelivery: { amount: '10', currency: 'INR' } },
        { ...base.packages[1]!, cashOnDelivery: { amount: '10', currency: 'USD' } },
      ],
    });
    expect(s.shipping.check(mixed).map((e) => e.field)).toEqual(['input.packages.1.cashOnDelivery.currency']);
  });
});
