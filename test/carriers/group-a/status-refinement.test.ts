/**
 * Which word of a division's interface refines a unified status (docs/assumptions.md OS1): only a finer word for the
 * same thing, of the same moment where the division shows that moment (a pushed change may be hours old), and nothing
 * at all for statuses the unified vocabulary already says fully. The wire is covered end to end in
 * test/e2e/status-refinement.e2e.test.ts; here a division connector of our own answers, so each rule is one case.
 */
import { describe, expect, it } from 'vitest';
import { StatusRefinement, divisionLookup } from '../../../src/carriers/group-a/status-refinement.js';
import type { TrackingConnector } from '../../../src/carriers/types.js';
import type { Shipment, TrackingEvent } from '../../../src/domain/shipment.js';
import type { StatusReading } from '../../../src/domain/status.js';
import type { StatusChangeInput } from '../../../src/domain/status-change.js';
import type { TrackOutcome, TrackRequest } from '../../../src/domain/tracking.js';

const local = (localDateTime: string) => ({ instant: null, localDateTime });
const reading = (status: StatusReading['status'], nativeCode: string): StatusReading => ({ status, nativeCode, nativeText: null });

function event(at: string, status: StatusReading): TrackingEvent {
  return { time: { instant: `${at}+01:00`, localDateTime: null }, status, description: null, exceptionCode: null, exceptionDescription: null, location: null, pieceIds: [], signedBy: null, remark: null, nextSteps: null };
}

/** The express interface's answer: out for delivery now (WC at 09:30), picked up (PU) at 07:00 before. */
function expressShipment(trackingNumber: string, latest = reading('OUT_FOR_DELIVERY', 'WC')): Shipment {
  return {
    id: `GROUP_A:express:${trackingNumber}`, carrier: 'GROUP_A', division: 'express', source: 'group-a/express', trackingNumber, carrierUniqueId: null, carrierCode: null,
    status: latest, statusTime: null, statusDescription: null, statusLocation: null, service: null, origin: null, destination: null, shipper: null, recipient: null,
    pickedUpAt: null, shippedAt: null, deliveredAt: null, estimatedDelivery: null, delay: null, isReturn: null, pieceCount: null, totalWeight: null, pieces: [],
    events: [event('2026-03-10T09:30:00', latest), event('2026-03-10T07:00:00', reading('IN_TRANSIT', 'PU'))],
    proofOfDelivery: null, references: [], documentsAvailable: [], declaredValue: null, deliveryAttempts: null, serviceUrl: null, rerouteUrl: null, warnings: [],
  };
}

function division(answer: (request: TrackRequest) => Shipment): TrackingConnector & { calls: number } {
  return {
    upstream: 'group-a/express',
    maxBatchSize: 1,
    calls: 0,
    async track(requests) {
      this.calls += requests.length;
      return requests.map((request): TrackOutcome => ({ ok: true, shipments: [answer(request)] }));
    },
  };
}

function pushed(trackingNumber: string, at: string, statusCode: string): StatusChangeInput {
  return {
    shipmentId: `GROUP_A:express:${trackingNumber}`, carrier: 'GROUP_A', division: 'express', trackingNumber, status: reading(statusCode === 'transit' ? 'IN_TRANSIT' : 'EXCEPTION', statusCode),
    time: local(at), description: null, location: null, source: 'PUSH', dedupKey: `push|${trackingNumber}|${at}|${statusCode}`, references: [],
  };
}

describe('a unified status refined by its division', () => {
  it('a pushed transit of an earlier moment takes the division scan of that moment, not its latest word', async () => {
    const express = division((request) => expressShipment(request.trackingNumber));
    const refinement = new StatusRefinement({ divisions: new Map([['express', { connector: express, lookup: divisionLookup('express') }]]), timeoutMs: 1_000 });
    const [early, now] = await refinement.refineChanges([pushed('1234567801', '2026-03-10T07:00:00', 'transit'), pushed('1234567802', '2026-03-10T09:30:00', 'transit')]);
    expect(early!.status).toEqual(reading('IN_TRANSIT', 'PU'));
    expect(now!.status).toEqual(reading('OUT_FOR_DELIVERY', 'WC'));
  });

  it('a division already past the status (delivered) does not refine it, and says so', async () => {
    const express = division((request) => expressShipment(request.trackingNumber, reading('DELIVERED', 'OK')));
    const refinement = new StatusRefinement({ divisions: new Map([['express', { connector: express, lookup: divisionLookup('express') }]]), timeoutMs: 1_000 });
    const change = pushed('1234567803', '2026-03-10T08:15:00', 'transit');
    const [same] = await refinement.refineChanges([change]);
    expect(same).toEqual(change);
    const refined = await refinement.refine(change);
    expect(refined).toEqual({ ok: false, reason: expect.stringContaining('reads DELIVERED now') });
  });

  it('pre-transit, delivered, unknown and divisions without an interface of their own cost no call', async () => {
    const express = division((request) => expressShipment(request.trackingNumber));
    const refinement = new StatusRefinement({ divisions: new Map([['express', { connector: express, lookup: divisionLookup('express') }]]), timeoutMs: 1_000 });
    const changes = ['pre-transit', 'delivered', 'unknown'].map((code) => ({ ...pushed('1234567804', '2026-03-10T07:00:00', code), status: reading('UNKNOWN', code) }));
    const freight = { ...pushed('1234567805', '2026-03-10T07:00:00', 'transit'), division: 'freight' };
    expect(await refinement.refineChanges([...changes, freight])).toEqual([...changes, freight]);
    expect(express.calls).toBe(0);
  });

  it('the e-commerce interface is asked by the carrier package id', () => {
    expect(divisionLookup('ecommerce')('GM2026000015')).toMatchObject({ division: 'ecommerce', ecommerceIdType: 'CARRIER_PACKAGE_ID', trackingNumber: 'GM2026000015' });
  });
});
