/** Status-change inputs for the real-time tests: one helper, unique dedup keys unless a test fixes one. */
import type { Shipment } from '../../src/domain/shipment.js';
import { pushDedupKey, type StatusChangeInput } from '../../src/domain/status-change.js';
import type { ShipmentStatus } from '../../src/domain/status.js';

let sequence = 0;

export function changeInput(overrides: Partial<StatusChangeInput> & { statusCode?: ShipmentStatus; at?: string } = {}): StatusChangeInput {
  sequence += 1;
  const trackingNumber = overrides.trackingNumber ?? '00340434292135100186';
  const at = overrides.at ?? new Date(Date.UTC(2030, 0, 1, 8, 0, sequence)).toISOString();
  const { statusCode, at: _at, ...rest } = overrides;
  return {
    shipmentId: `GROUP_A:parcel-de:${trackingNumber}`,
    carrier: 'GROUP_A',
    division: 'parcel-de',
    trackingNumber,
    status: { status: statusCode ?? 'IN_TRANSIT', nativeCode: 'transit', nativeText: 'The shipment is in transit' },
    time: { instant: at, localDateTime: null },
    description: 'Sorted at hub',
    location: null,
    source: 'PUSH',
    dedupKey: pushDedupKey(trackingNumber, `${at}#${sequence}`, 'transit'),
    references: [],
    ...rest,
  };
}

/** A Group A shipment as the unified connector would answer it (latest status only unless events are given). */
export function shipmentSnapshot(overrides: Partial<Shipment> = {}): Shipment {
  const trackingNumber = overrides.trackingNumber ?? '00340434292135100186';
  return {
    id: `GROUP_A:parcel-de:${trackingNumber}`,
    carrier: 'GROUP_A',
    division: 'parcel-de',
    source: 'group-a/tracking',
    trackingNumber,
    carrierUniqueId: null,
    carrierCode: null,
    status: { status: 'IN_TRANSIT', nativeCode: 'transit', nativeText: 'In transit' },
    statusTime: { instant: '2030-01-01T08:00:00.000Z', localDateTime: null },
    statusDescription: 'Sorted at hub',
    statusLocation: null,
    service: null,
    origin: null,
    destination: null,
    shipper: null,
    recipient: null,
    pickedUpAt: null,
    shippedAt: null,
    deliveredAt: null,
    estimatedDelivery: null,
    delay: null,
    isReturn: null,
    pieceCount: null,
    totalWeight: null,
    pieces: [],
    events: null,
    proofOfDelivery: null,
    references: [],
    documentsAvailable: [],
    declaredValue: null,
    deliveryAttempts: null,
    serviceUrl: null,
    rerouteUrl: null,
    warnings: [],
    ...overrides,
  } as Shipment;
}
