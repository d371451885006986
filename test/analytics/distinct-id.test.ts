/**
 * One distinct id per shipment at the bridge (AX10): a label's events and its shipment's status changes share it, even
 * where tracking adds the carrier's uniqueness suffix that the creation answer lacks (Carrier B). In process: pure.
 */
import { expect, it } from 'vitest';
import { labelEvent, shipmentDistinctId, statusChangeEvent } from '../../src/domain/lifecycle-events.js';
import type { Label } from '../../src/domain/shipping.js';
import type { StatusChange } from '../../src/domain/status-change.js';

const address = { streetLines: ['600 Congress Ave'], city: 'Austin', stateOrProvinceCode: 'TX', postalCode: '78701', countryCode: 'US' };

it('a Carrier B label and the status changes of its tracked shipment share one distinct_id (the uniqueness suffix left out)', () => {
  // As stored at purchase (the creation answer has no unique id) and as tracking names the same shipment.
  const label = {
    id: 'Label:1', carrier: 'CARRIER_B', division: null, trackingNumber: '570000000001', shipmentId: 'CARRIER_B:-:570000000001',
    serviceCode: 'CARRIER_GROUND', serviceName: null, orderId: 'ORDER-1', kind: 'OUTBOUND', returnOf: null, failure: null,
    tenderBy: 'END_OF_DAY', tenderId: null, pieces: [], upstream: 'carrierB',
    request: { shipDate: '2026-11-25', packages: [{}], shipper: { address }, recipient: { address } },
  } as unknown as Label;
  const change = {
    shipmentId: 'CARRIER_B:-:570000000001:20522~570000000001~CBXG', carrier: 'CARRIER_B', division: null,
    trackingNumber: '570000000001', dedupKey: 'k1', cursor: '7', recordedAt: '2026-11-25T10:00:00Z', source: 'POLL',
    status: { status: 'IN_TRANSIT', nativeCode: 'IT', nativeText: 'In transit' }, time: null, location: null,
    description: null, references: [],
  } as unknown as StatusChange;
  const purchased = labelEvent(label, 'PURCHASED', new Date('2026-11-25T09:00:00Z'));
  const moved = statusChangeEvent(change);
  expect(purchased.distinctId).toBe('CARRIER_B:-:570000000001');
  expect(moved.distinctId).toBe(purchased.distinctId);
  // The full id is still there, as a property.
  expect(moved.properties.shipment_id).toBe(change.shipmentId);
});

it('an id without a suffix, or not one of ours, is its own distinct id', () => {
  expect(shipmentDistinctId('GROUP_A:express:1234567890')).toBe('GROUP_A:express:1234567890');
  expect(shipmentDistinctId('Label:abc')).toBe('Label:abc');
});
