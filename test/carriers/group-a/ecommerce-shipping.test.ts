import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcommerceTrackingConnector } from '../../../src/carriers/group-a/ecommerce/connector.js';
import { outcomeUnknown } from '../../../src/carriers/types.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import type { CreatedShipment, ShipmentRequest } from '../../../src/domain/shipping.js';
import { ecommerceShippingRig, handleOf, labelRequest, type EcommerceShippingRig } from './ecommerce-shipping-harness.js';
import { trackRequest } from './harness.js';

/** Seed 000 interface C: label creation (Resources C), the three package ids, manifest and return labels (SE1-SE7). */
const LABEL = 'POST /shipping/v4/label';
const MANIFEST = 'POST /shipping/v4/manifest';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let rig: EcommerceShippingRig;
beforeAll(async () => {
  rig = await ecommerceShippingRig();
});
afterAll(async () => {
  await rig.close();
});

async function buy(request: ShipmentRequest): Promise<CreatedShipment> {
  expect(rig.shipping.check(request)).toEqual([]);
  const answer = await rig.shipping.create(request);
  if (answer.kind !== 'CREATED') throw new Error('e-commerce labels are synchronous');
  return answer.shipment;
}

async function track(number: string, idType: 'PACKAGE_ID' | 'CARRIER_PACKAGE_ID') {
  const connector = new EcommerceTrackingConnector({ client: rig.client, config: rig.config });
  const [outcome] = await connector.track([trackRequest(number, { division: 'ecommerce', ecommerceIdType: idType })]);
  return outcome;
}

function pkgWithId(packageId: string | null): ShipmentRequest['packages'] {
  return [{ weight: { value: 2, unit: 'LB' }, dimensions: null, description: 'Shoes', packageId, cashOnDelivery: null }];
}

describe('e-commerce label creation (seed 000 Resources C)', () => {
  it('a packageId of 31 characters is refused before any call, naming input.packages.0.packageId (30 passes)', async () => {
    const before = rig.calls(LABEL);
    const tooLong = labelRequest({ packages: pkgWithId('A'.repeat(31)) });
    const errors = rig.shipping.check(tooLong);
    expect(errors.map((e) => e.field)).toEqual(['input.packages.0.packageId']);
    expect(errors[0]?.message).toContain('at most 30 characters');
    expect(rig.calls(LABEL)).toBe(before);

    const thirty = `P${Date.now()}`.padEnd(30, 'X');
    const created = await buy(labelRequest({ packages: pkgWithId(thirty) }));
    expect(created.pieces[0]?.packageId).toBe(thirty);
    expect(rig.calls(LABEL)).toBe(before + 1);
  });

  it('the carrier enforces the 30-character packageId too: the simulator answers 400 to a body that skipped our check', async () => {
    const request = labelRequest({ packages: pkgWithId('B'.repeat(31)) });
    await expect(rig.shipping.create(request)).rejects.toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', httpStatus: 400 });
  });

  it('the three ids are stored: packageId (ours), carrierPackageId and trackingId (the label\'s tracking number), and all track', async () => {
    const request = labelRequest();
    const created = await buy(request);
    const [piece] = created.pieces;
    // No packageId given: our purchase reference stands for it, so a lost answer can be found by it.
    expect(piece?.packageId).toBe(request.purchaseReference);
    expect(piece?.carrierPackageId).toMatch(/^GM\d{20}$/);
    expect(piece?.trackingNumber).toMatch(/^9261299\d{20}$/);
    expect(created.trackingNumber).toBe(piece?.trackingNumber);
    expect(created).toMatchObject({ carrier: 'GROUP_A', division: 'ecommerce', upstream: 'group-a/ecommerce', serviceCode: 'GND', tendered: false, tenderBy: 'MANIFEST' });

    for (const [number, idType] of [
      [request.purchaseReference, 'PACKAGE_ID'],
      [piece?.carrierPackageId ?? '', 'CARRIER_PACKAGE_ID'],
    ] as const) {
      const outcome = await track(number, idType);
      expect(outcome?.ok).toBe(true);
      const shipment = outcome?.ok ? outcome.shipments[0] : undefined;
      const refs = Object.fromEntries((shipment?.references ?? []).map((r) => [r.type, r.value]));
      expect(refs).toMatchObject({ 'package-id': request.purchaseReference, 'carrier-package-id': piece?.carrierPackageId, 'tracking-id': piece?.trackingNumber });
      expect(shipment?.events?.map((e) => e.status.nativeCode)).toEqual(['LABEL_CREATED']);
    }
  });

  it('the label is a real PDF (pdf-lib opens it) or a real PNG, as the caller asks', async () => {
    const pdf = await buy(labelRequest());
    const pdfDoc = pdf.documents[0];
    expect(pdfDoc).toMatchObject({ kind: 'LABEL', format: 'PDF', pieceTrackingNumber: pdf.trackingNumber });
    expect(pdfDoc?.content?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const opened = await PDFDocument.load(pdfDoc?.content ?? Buffer.alloc(0));
    expect(opened.getPageCount()).toBeGreaterThanOrEqual(1);

    const png = await buy(labelRequest({ labelFormat: 'PNG' }));
    expect(png.documents[0]).toMatchObject({ kind: 'LABEL', format: 'PNG' });
    expect(png.documents[0]?.content?.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('one package per label: two packages are BAD_USER_INPUT naming input.packages, before any call', () => {
    const request = labelRequest({ packages: [...pkgWithId('TWO-1'), ...pkgWithId('TWO-2')] });
    expect(rig.shipping.check(request).map((e) => e.field)).toEqual(['input.packages']);
  });

  it('missing consignee lines are refused naming each field', () => {
    const request = labelRequest({
      recipient: { ...labelRequest().recipient, contactName: ' ', address: { ...labelRequest().recipient.address, streetLines: [], city: '', postalCode: null } },
    });
    expect(rig.shipping.check(request).map((e) => e.field)).toEqual([
      'input.recipient.contactName',
      'input.recipient.address.streetLines',
      'input.recipient.address.city',
      'input.recipient.address.postalCode',
    ]);
  });

  it('what the label request has no member for is refused, not dropped (customs, references, a pickup, URL delivery, another account, a foreign origin)', () => {
    const request = labelRequest({
      accountNumber: '999',
      references: [{ type: 'customer-reference', value: 'X', scope: null }],
      labelDelivery: 'URL',
      pickup: { readyAt: '2030-01-07T10:00:00', closeTime: null, location: null, instructions: null },
      shipper: { ...labelRequest().shipper, address: { ...labelRequest().shipper.address, countryCode: 'CA' } },
    });
    expect(rig.shipping.check(request).map((e) => e.field).sort()).toEqual(
      ['input.accountNumber', 'input.labelDelivery', 'input.pickup', 'input.references', 'input.shipper.address.countryCode'].sort(),
    );
  });

  it('a lost answer (connection reset after the label was created) is outcomeUnknown, and reconcile finds the one package', async () => {
    const request = labelRequest();
    const before = rig.calls(LABEL);
    rig.sandbox.loseNextAnswer('groupAEcommerce', { count: 1, mode: 'reset' });
    const error = await rig.shipping.create(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(outcomeUnknown(error)).toBe(true);
    // Sent once: no automatic retry of a purchase.
    expect(rig.calls(LABEL)).toBe(before + 1);

    const reconciled = await rig.shipping.reconcile!(request, new Date());
    expect(reconciled.kind).toBe('FOUND');
    if (reconciled.kind !== 'FOUND') return;
    const [piece] = reconciled.shipment.pieces;
    expect(piece?.packageId).toBe(request.purchaseReference);
    expect(piece?.carrierPackageId).toMatch(/^GM\d{20}$/);
    expect(reconciled.shipment.trackingNumber).toBe(piece?.trackingNumber);
    expect(reconciled.shipment.tenderBy).toBe('MANIFEST');
    // Reconciling looked the package up; it bought nothing.
    expect(rig.calls(LABEL)).toBe(before + 1);
  });

  it('a timeout after the carrier created the label is outcomeUnknown too, and reconcile finds it', async () => {
    const slow = await ecommerceShippingRig({ headersTimeoutMs: 1_000 });
    try {
      const request = labelRequest();
      slow.sandbox.loseNextAnswer('groupAEcommerce', { count: 1, mode: 'timeout', delayMs: 3_000 });
      const error = await slow.shipping.create(request).then(
        () => null,
        (e: unknown) => e,
      );
      expect(outcomeUnknown(error)).toBe(true);
      expect(slow.calls(LABEL)).toBe(1);
      const reconciled = await slow.shipping.reconcile!(request, new Date());
      expect(reconciled.kind === 'FOUND' && reconciled.shipment.pieces[0]?.packageId).toBe(request.purchaseReference);
      expect(slow.calls(LABEL)).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('reconcile of a purchase the carrier never received is NOT_CREATED', async () => {
    expect(await rig.shipping.reconcile!(labelRequest(), new Date())).toEqual({ kind: 'NOT_CREATED' });
  });

  it('a refusal by the carrier (unknown product) is not outcomeUnknown', async () => {
    const error = await rig.shipping.create(labelRequest({ serviceCode: 'NOPE' })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', httpStatus: 400 });
    expect(outcomeUnknown(error)).toBe(false);
  });
});

describe('e-commerce manifest (seed 000: manifests[].carrierPackageIds[] -> driver\'s summary manifest)', () => {
  it('the manifest tenders the listed carrierPackageIds and yields the driver\'s summary manifest as a PDF', async () => {
    const requests = [labelRequest(), labelRequest()];
    const labels = await Promise.all(requests.map(buy));
    const before = rig.calls(MANIFEST);
    const result = await rig.tendering.tender('5351244', labels.map((l, i) => handleOf(l, requests[i] as ShipmentRequest)), '2030-01-07');
    expect(rig.calls(MANIFEST)).toBe(before + 1);
    expect(result.kind).toBe('MANIFEST');
    expect(result.tenderedTrackingNumbers!.sort()).toEqual(labels.map((l) => l.trackingNumber).sort());
    expect(result.warnings).toEqual([]);
    expect(result.documents).toHaveLength(1);
    expect(result.documents[0]).toMatchObject({ kind: 'MANIFEST', nativeType: 'driver-summary-manifest', format: 'PDF' });
    expect(result.documents[0]?.content?.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The carrier now expects them: tracking shows MANIFESTED.
    const outcome = await track(labels[0]?.pieces[0]?.carrierPackageId ?? '', 'CARRIER_PACKAGE_ID');
    expect(outcome?.ok && outcome.shipments[0]?.events?.map((e) => e.status.nativeCode)).toEqual(['MANIFESTED', 'LABEL_CREATED']);
  });

  it('a package manifested twice, or unknown, is refused as a whole (nothing manifested), naming the ids', async () => {
    const request = labelRequest();
    const label = await buy(request);
    const handle = handleOf(label, request);
    await rig.tendering.tender('5351244', [handle], '2030-01-07');

    const fresh = labelRequest();
    const freshLabel = await buy(fresh);
    const again = await rig.tendering.tender('5351244', [handle, handleOf(freshLabel, fresh)], '2030-01-07').then(
      () => null,
      (e: unknown) => e,
    );
    expect(again).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', httpStatus: 400 });
    expect((again as Error).message).toContain(`already manifested: ${handle.carrierPackageIds[0]}`);
    // All or none: the fresh label was not manifested by the refused request.
    const freshOutcome = await track(freshLabel.pieces[0]?.carrierPackageId ?? '', 'CARRIER_PACKAGE_ID');
    expect(freshOutcome?.ok && freshOutcome.shipments[0]?.events?.map((e) => e.status.nativeCode)).toEqual(['LABEL_CREATED']);

    const unknown = await rig.tendering.tender('5351244', [{ ...handle, carrierPackageIds: ['GM00000000000000000000'] }], '2030-01-07').then(
      () => null,
      (e: unknown) => e,
    );
    expect((unknown as Error).message).toContain('unknown carrierPackageIds: GM00000000000000000000');
  });
});

describe('e-commerce return labels (SE6)', () => {
  it('a return label is created for an outbound package, linked to it, with its own three ids and a real label', async () => {
    const outboundRequest = labelRequest();
    const outbound = await buy(outboundRequest);
    const returnRequest = {
      outbound: handleOf(outbound, outboundRequest),
      from: outboundRequest.recipient,
      to: outboundRequest.shipper,
      packages: pkgWithId(null),
      serviceCode: null,
      pickupReadyAt: null,
      reason: 'Wrong size',
      labelFormat: 'PDF' as const,
      purchaseReference: labelRequest().purchaseReference,
    };
    expect(rig.returns.check(returnRequest)).toEqual([]);
    const created = await rig.returns.createReturn(returnRequest);
    expect(created.linkedToOutbound).toBe(true);
    expect(created.packageId).toBe(returnRequest.purchaseReference);
    expect(created.carrierPackageId).toMatch(/^GM\d{20}$/);
    expect(created.carrierPackageId).not.toBe(outbound.pieces[0]?.carrierPackageId);
    expect(created.trackingNumber).toMatch(/^9261299\d{20}$/);
    expect(created.documents[0]).toMatchObject({ kind: 'RETURN_LABEL', format: 'PDF' });
    expect(created.documents[0]?.content?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const outcome = await track(returnRequest.purchaseReference, 'PACKAGE_ID');
    expect(outcome?.ok).toBe(true);
  });

  it('a return of several packages, or with a 31-character packageId, is refused before any call', () => {
    const outboundRequest = labelRequest();
    const base = {
      outbound: { ...handleOf({ pieces: [{ carrierPackageId: 'GM77000000000000000001' }], trackingNumber: 'T' } as CreatedShipment, outboundRequest) },
      from: outboundRequest.recipient,
      to: outboundRequest.shipper,
      serviceCode: null,
      pickupReadyAt: null,
      reason: null,
      labelFormat: 'PDF' as const,
      purchaseReference: outboundRequest.purchaseReference,
    };
    expect(rig.returns.check({ ...base, packages: [...pkgWithId(null), ...pkgWithId(null)] }).map((e) => e.field)).toEqual(['input.packages']);
    expect(rig.returns.check({ ...base, packages: pkgWithId('R'.repeat(31)) }).map((e) => e.field)).toEqual(['input.packages.0.packageId']);
  });
});
