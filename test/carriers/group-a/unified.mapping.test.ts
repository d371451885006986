import { describe, expect, it } from 'vitest';
import { mapUnifiedShipment } from '../../../src/carriers/group-a/unified/mapping.js';
import { unifiedTrackingAnswer, type UnifiedShipment } from '../../../src/carriers/group-a/unified/wire.js';
import type { Shipment } from '../../../src/domain/shipment.js';
import { loadFixture } from './fixtures.js';

function answer() {
  return unifiedTrackingAnswer.parse(loadFixture('unified-tracking.json'));
}

function mapped(): Shipment[] {
  return answer().shipments.map(mapUnifiedShipment);
}

function first(): Shipment {
  const shipment = mapped()[0];
  if (!shipment) throw new Error('fixture has no shipment');
  return shipment;
}

function withStatusCode(statusCode: string): UnifiedShipment {
  const wire = answer().shipments[0]!;
  return { ...wire, status: { ...wire.status, statusCode, status: `free text for ${statusCode}` } };
}

describe('Group A unified tracking mapping (seed 000, Resources A)', () => {
  it('statusCode values pre-transit, transit, delivered, failure, unknown are the whole vocabulary', () => {
    const table: Array<[string, string]> = [
      ['pre-transit', 'PRE_TRANSIT'],
      ['transit', 'IN_TRANSIT'],
      ['delivered', 'DELIVERED'],
      ['failure', 'EXCEPTION'],
      ['unknown', 'UNKNOWN'],
    ];
    for (const [code, status] of table) {
      expect(mapUnifiedShipment(withStatusCode(code)).status).toEqual({
        status,
        nativeCode: code,
        nativeText: `free text for ${code}`,
      });
    }
  });

  it('finer detail exists only as free text: an unlisted code is UNKNOWN with its native code kept', () => {
    expect(mapUnifiedShipment(withStatusCode('held-at-customs')).status).toEqual({
      status: 'UNKNOWN',
      nativeCode: 'held-at-customs',
      nativeText: 'free text for held-at-customs',
    });
  });

  it('failure is the only exception signal: free-text description, no reason code', () => {
    const failure = first().events?.find((event) => event.status.nativeCode === 'failure');
    expect(failure?.status.status).toBe('EXCEPTION');
    expect(failure?.exceptionCode).toBeNull();
    expect(failure?.description).toBe('Recipient not available');
    expect(failure?.remark).toBe('Card left');
    expect(failure?.nextSteps).toBe('A new delivery attempt will be made on the next working day.');
  });

  it('timestamps are ISO 8601 local date-times without offset: no zone is guessed', () => {
    const shipment = first();
    expect(shipment.statusTime).toEqual({ instant: null, localDateTime: '2026-03-02T10:15:00' });
    expect(shipment.pickedUpAt).toEqual({ instant: null, localDateTime: '2026-02-27T16:40:00' });
    for (const event of shipment.events ?? []) expect(event.time?.instant).toBeNull();
  });

  it('more than one shipment when a number is ambiguous: each its own id and division from service', () => {
    const shipments = mapped();
    expect(shipments.map((s) => [s.id, s.division, s.trackingNumber])).toEqual([
      ['GROUP_A:express:AMB12345', 'express', 'AMB12345'],
      ['GROUP_A:ecommerce:AMB12345', 'ecommerce', 'AMB12345'],
    ]);
    expect(shipments.every((s) => s.carrier === 'GROUP_A' && s.source === 'group-a/tracking')).toBe(true);
  });

  it('address members may be absent when masked: absent stays null and @policy is exposed', () => {
    const destination = first().destination;
    expect(destination?.policy).toBe('postal-code');
    expect(destination?.address).toEqual({
      policy: 'postal-code',
      streetLines: null,
      locality: null,
      region: null,
      postalCode: '560001',
      countryCode: 'IN',
    });
    expect(first().origin?.address?.streetLines).toEqual(['Hauptstrasse 1']);
  });

  it('person entities carry their own @policy marker: a masked name is absent', () => {
    const [entitled, masked] = mapped();
    expect(entitled?.recipient).toMatchObject({ name: 'Asha Rao', policy: null });
    expect(entitled?.shipper).toMatchObject({ organizationName: 'Example Shop GmbH' });
    expect(masked?.recipient).toEqual({ name: null, organizationName: null, policy: 'postal-code', address: null });
    expect(masked?.shipper?.organizationName).toBeNull();
  });

  it('pieceIds link events to particular pieces of a multi-piece shipment', () => {
    const shipment = first();
    expect(shipment.pieceCount).toBe(2);
    expect(shipment.pieces.map((piece) => piece.id)).toEqual(['JD014600006281790001', 'JD014600006281790002']);
    expect(shipment.pieces[0]?.events.map((e) => e.status.nativeCode)).toEqual(['transit']);
    expect(shipment.pieces[1]?.events.map((e) => e.status.nativeCode)).toEqual(['failure', 'transit']);
    expect(shipment.events?.[1]?.pieceIds).toEqual(['JD014600006281790002']);
  });

  it('events are the history, newest first', () => {
    expect(first().events?.map((e) => e.time?.localDateTime)).toEqual([
      '2026-03-02T10:15:00',
      '2026-03-01T14:05:00',
      '2026-02-28T08:00:00',
    ]);
  });

  it('proofOfDeliverySignedAvailable says whether a signed version exists before the link is followed', () => {
    expect(first().proofOfDelivery).toEqual({
      time: { instant: null, localDateTime: '2026-03-02T10:15:00' },
      signedBy: null,
      receivedBy: null,
      documentUrl: 'https://track.example/pod?token=abc',
      signatureUrl: null,
      signedAvailable: true,
    });
    expect(first().deliveredAt?.localDateTime).toBe('2026-03-02T10:15:00');
  });

  it('references keep @scope, number and type (customer-reference carries the order id)', () => {
    expect(first().references).toEqual([
      { type: 'customer-reference', value: 'ORDER-1001', scope: 'public' },
      { type: 'shipment-id', value: '1234567890', scope: 'public' },
    ]);
  });

  it('weight and dimensions keep value and unitText', () => {
    const [multi, single] = mapped();
    expect(multi?.totalWeight).toEqual({ value: 3.5, unit: 'kg' });
    // The domain Shipment has no dimensions of its own: a single-piece shipment's dimensions are its piece's.
    expect(single?.pieces[0]?.dimensions).toEqual({
      length: { value: 10, unit: 'in' },
      width: { value: 8, unit: 'in' },
      height: { value: 4, unit: 'in' },
    });
    expect(multi?.pieces[0]?.dimensions).toBeNull();
  });

  it('estimatedDeliveryTimeFrame is the delivery window, with estimatedTimeOfDeliveryRemark', () => {
    expect(first().estimatedDelivery).toEqual({
      from: { instant: null, localDateTime: '2026-03-02T09:00:00' },
      to: { instant: null, localDateTime: '2026-03-02T18:00:00' },
      remark: 'By end of day',
    });
  });

  it('returnFlag is true for a return movement', () => {
    expect(mapped().map((s) => s.isReturn)).toEqual([false, true]);
  });

  it('serviceUrl and rerouteUrl (present when the shipment can be redirected) are kept', () => {
    const [express, ecommerce] = mapped();
    expect(express?.serviceUrl).toBe('https://track.example/express?id=AMB12345');
    expect(express?.rerouteUrl).toBe('https://track.example/reroute?id=AMB12345');
    expect(ecommerce?.rerouteUrl).toBeNull();
  });

  it('product and status location are read from details and status', () => {
    expect(first().service).toEqual({ code: 'P', name: 'EXPRESS WORLDWIDE' });
    expect(first().statusLocation?.address).toMatchObject({ locality: 'Bengaluru', postalCode: '560001', countryCode: 'IN' });
    expect(first().statusDescription).toBe('Delivered - Signed for by receiver');
  });
});
