/**
 * `isReturn` is what each carrier's answer says, never invented (docs/assumptions.md B6, X6, E6): true on the
 * carrier's return indicator, false where the answer describes the shipment without one, null where it says nothing.
 * Recorded, seed-shaped answers in; the unified Shipment out. (Over HTTP through the simulators: test/ids/one-id.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapTrackResult } from '../../src/carriers/carrier-b/mapping.js';
import { trackResultSchema } from '../../src/carriers/carrier-b/wire.js';
import { mapEcommercePackage } from '../../src/carriers/group-a/ecommerce/mapping.js';
import { ecommercePackage } from '../../src/carriers/group-a/ecommerce/wire.js';
import { mapExpressShipment } from '../../src/carriers/group-a/express/mapping.js';
import { expressTrackingAnswer } from '../../src/carriers/group-a/express/wire.js';

const fixture = (path: string): any => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8'));

describe('Carrier B isReturn (B6)', () => {
  const delivered = fixture('carrier-b/track-delivered.json').output.completeTrackResults[0].trackResults[0];
  const read = (result: unknown) =>
    mapTrackResult(trackResultSchema.parse(result), { trackingNumber: '794612345671', detailedScans: true, warnings: [] }).isReturn;

  it('a track result with a latest status and no return indicator is not a return', () => {
    expect(read(delivered)).toBe(false);
  });

  it('a returnDetail on the way back is a return, before any returned-to-shipper scan', () => {
    expect(read({ ...delivered, returnDetail: { reasonDetail: [{ type: 'RETURN_TO_SHIPPER', description: 'Returning package to shipper' }] } })).toBe(
      true,
    );
  });

  it('a latest status returned to shipper (RS) is a return', () => {
    expect(read({ ...delivered, latestStatusDetail: { ...delivered.latestStatusDetail, code: 'RS', derivedCode: 'RS' } })).toBe(true);
  });

  it('without a latest status the carrier said nothing: null', () => {
    const { latestStatusDetail: _omitted, ...rest } = delivered;
    expect(read({ ...rest, scanEvents: [] })).toBeNull();
  });

  it('an empty returnDetail says nothing more than its absence', () => {
    expect(read({ ...delivered, returnDetail: {} })).toBe(false);
  });
});

describe('Group A express isReturn (X6)', () => {
  const shipment = expressTrackingAnswer.parse(fixture('group-a/express-tracking.json')).shipments[0]!;

  it('a shipment status other than returned, with no RT scan, is not a return', () => {
    expect(mapExpressShipment({ ...shipment, status: 'transit', events: [] }).isReturn).toBe(false);
  });

  it('the status returned is a return', () => {
    expect(mapExpressShipment({ ...shipment, status: 'returned', events: [] }).isReturn).toBe(true);
  });

  it('an RT scan (returned to the shipper) is a return', () => {
    const rt = { date: '2026-03-10', time: '10:00:00', GMTOffset: '+01:00', typeCode: 'RT', description: 'Returned' };
    expect(mapExpressShipment({ ...shipment, status: null, events: [rt] }).isReturn).toBe(true);
  });

  it('no status and no RT scan says nothing: null', () => {
    expect(mapExpressShipment({ ...shipment, status: null, events: [] }).isReturn).toBeNull();
  });
});

describe('Group A e-commerce isReturn (E6)', () => {
  const event = (eventCode: string) => ({ date: '2026-03-10T10:00:00+01:00', eventCode, description: eventCode });
  const pkg = (events: ReturnType<typeof event>[]) =>
    ecommercePackage.parse({ packageId: 'PKG-1', carrierPackageId: 'GM1', trackingId: '9261299000000000000001', events });

  it('a RETURNED event is a return', () => {
    expect(mapEcommercePackage(pkg([event('RETURNED'), event('IN_TRANSIT')]), 'GM1').isReturn).toBe(true);
  });

  it('without it the answer cannot tell a return label from an outbound package: null, not false', () => {
    expect(mapEcommercePackage(pkg([event('IN_TRANSIT')]), 'GM1').isReturn).toBeNull();
  });

  it("the id is the carrier's package id whichever id was looked up (I1)", () => {
    expect(mapEcommercePackage(pkg([]), 'PKG-1').id).toBe('GROUP_A:ecommerce:GM1');
    expect(mapEcommercePackage(pkg([]), 'GM1').id).toBe('GROUP_A:ecommerce:GM1');
    expect(mapEcommercePackage(pkg([]), 'PKG-1').trackingNumber).toBe('PKG-1');
  });
});
