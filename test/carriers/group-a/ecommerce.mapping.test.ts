import { describe, expect, it } from 'vitest';
import { mapEcommercePackage } from '../../../src/carriers/group-a/ecommerce/mapping.js';
import { ecommerceTrackingAnswer, type EcommercePackage } from '../../../src/carriers/group-a/ecommerce/wire.js';
import { loadFixture } from './fixtures.js';

function wire(): EcommercePackage {
  const pkg = ecommerceTrackingAnswer.parse(loadFixture('ecommerce-tracking.json')).packages[0];
  if (!pkg) throw new Error('fixture has no package');
  return pkg;
}

describe('Group A e-commerce tracking mapping (seed 000, interface C; assumptions E1, E2)', () => {
  it('three identifiers exist per package: packageId, carrierPackageId and trackingId are all stored', () => {
    expect(mapEcommercePackage(wire(), 'GM12345678').references).toEqual([
      { type: 'package-id', value: 'PKG-12345678', scope: null },
      { type: 'carrier-package-id', value: 'GM12345678', scope: null },
      { type: 'tracking-id', value: '9261299000000012345678', scope: null },
    ]);
  });

  it("tracking accepts the caller's package id or the carrier's id: the tracking number is the id looked up", () => {
    expect(mapEcommercePackage(wire(), 'GM12345678')).toMatchObject({
      id: 'GROUP_A:ecommerce:GM12345678',
      trackingNumber: 'GM12345678',
      division: 'ecommerce',
      source: 'group-a/ecommerce',
    });
    expect(mapEcommercePackage(wire(), 'PKG-12345678').trackingNumber).toBe('PKG-12345678');
  });

  it('event dates are ISO 8601 with offset: instants, newest first, the latest is the status', () => {
    const shipment = mapEcommercePackage(wire(), 'GM12345678');
    expect(shipment.events?.map((e) => e.time?.instant)).toEqual([
      '2026-03-03T11:20:00-05:00',
      '2026-03-02T21:00:00-05:00',
      '2026-03-01T08:00:00-05:00',
      '2026-02-28T17:30:00-05:00',
    ]);
    expect(shipment.status).toEqual({ status: 'DELIVERED', nativeCode: 'DELIVERED', nativeText: 'Delivered' });
    expect(shipment.deliveredAt?.instant).toBe('2026-03-03T11:20:00-05:00');
    expect(shipment.pickedUpAt?.instant).toBe('2026-03-01T08:00:00-05:00');
    expect(shipment.statusLocation?.address).toMatchObject({ locality: 'New York', region: 'NY', postalCode: '10001', countryCode: 'US' });
  });

  it('event codes follow the assumed table; an unknown code is UNKNOWN with its native code kept', () => {
    const codes = ['LABEL_CREATED', 'MANIFESTED', 'PICKED_UP', 'PROCESSED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_ATTEMPTED', 'EXCEPTION', 'RETURNED', 'ODD'];
    const statuses = codes.map(
      (eventCode) => mapEcommercePackage({ ...wire(), events: [{ date: '2026-03-01T08:00:00-05:00', eventCode }] }, 'GM1').status.status,
    );
    expect(statuses).toEqual(['LABEL_CREATED', 'PRE_TRANSIT', 'IN_TRANSIT', 'IN_TRANSIT', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_ATTEMPTED', 'EXCEPTION', 'RETURNED', 'UNKNOWN']);
  });

  it('an exception event keeps its code as the exception indicator', () => {
    const exception = mapEcommercePackage(wire(), 'GM12345678').events?.[1];
    expect(exception).toMatchObject({ exceptionCode: 'EXCEPTION', exceptionDescription: 'Address correction needed' });
  });
});
