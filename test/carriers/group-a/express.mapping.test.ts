import { describe, expect, it } from 'vitest';
import { mapExpressShipment, recombineExpressEventTime } from '../../../src/carriers/group-a/express/mapping.js';
import { expressTrackingAnswer, type ExpressShipment } from '../../../src/carriers/group-a/express/wire.js';
import type { Shipment } from '../../../src/domain/shipment.js';
import { loadFixture } from './fixtures.js';

function wire(): { shipment: ExpressShipment; warnings: unknown[] } {
  const answer = expressTrackingAnswer.parse(loadFixture('express-tracking.json'));
  const shipment = answer.shipments[0];
  if (!shipment) throw new Error('fixture has no shipment');
  return { shipment, warnings: answer.warnings ?? [] };
}

function mapped(edit: (shipment: ExpressShipment) => ExpressShipment = (s) => s): Shipment {
  const { shipment, warnings } = wire();
  return mapExpressShipment(edit(shipment), warnings);
}

describe('Group A express tracking mapping (seed 000, Resources B)', () => {
  it('date, time and GMTOffset are three separate strings the caller recombines into one instant', () => {
    expect(recombineExpressEventTime('2026-03-01', '14:05:00', '+05:30')).toEqual({
      instant: '2026-03-01T14:05:00+05:30',
      localDateTime: null,
    });
    expect(recombineExpressEventTime('2026-03-01', '14:05:00', '-0330')?.instant).toBe('2026-03-01T14:05:00-03:30');
    expect(recombineExpressEventTime('2026-03-01', '14:05', 'GMT+01:00')?.instant).toBe('2026-03-01T14:05:00+01:00');
    expect(mapped().events?.[1]?.time).toEqual({ instant: '2026-03-01T14:05:00+05:30', localDateTime: null });
  });

  it('without a GMT offset the time stays a local date-time: a zone is never guessed', () => {
    expect(recombineExpressEventTime('2026-03-01', '14:05:00', null)).toEqual({
      instant: null,
      localDateTime: '2026-03-01T14:05:00',
    });
    expect(recombineExpressEventTime('2026-03-01', '14:05:00', 'CET')?.instant).toBeNull();
    expect(recombineExpressEventTime('01.03.2026', '14:05:00', '+01:00')).toBeNull();
  });

  it('typeCode OK means delivered', () => {
    const shipment = mapped();
    expect(shipment.events?.[0]?.status).toEqual({ status: 'DELIVERED', nativeCode: 'OK', nativeText: 'Delivered' });
    expect(shipment.deliveredAt?.instant).toBe('2026-03-02T10:15:00+05:30');
    expect(shipment.proofOfDelivery?.signedBy).toBe('A RAO');
  });

  it('on interface B the event typeCode is the only exception reason indicator', () => {
    const exception = mapped().events?.find((event) => event.status.nativeCode === 'NH');
    expect(exception?.status.status).toBe('EXCEPTION');
    expect(exception?.exceptionCode).toBe('NH');
    expect(exception?.exceptionDescription).toBe('Recipient not home');
    const pickup = mapped().events?.find((event) => event.status.nativeCode === 'PU');
    expect(pickup?.exceptionCode).toBeNull();
  });

  it('an unlisted typeCode is UNKNOWN with its native code and text kept (assumption X3)', () => {
    const shipment = mapped((s) => ({
      ...s,
      status: 'in-progress',
      events: [{ date: '2026-03-03', time: '09:00:00', GMTOffset: '+05:30', typeCode: 'ZZ', description: 'Odd scan' }],
    }));
    expect(shipment.events?.[0]?.status).toEqual({ status: 'UNKNOWN', nativeCode: 'ZZ', nativeText: 'Odd scan' });
  });

  it('shipment status delivered appears; other values are kept native and read from the latest typeCode (X2)', () => {
    expect(mapped().status).toEqual({ status: 'DELIVERED', nativeCode: 'delivered', nativeText: 'Delivered' });
    const moving = mapped((s) => ({ ...s, status: 'transit', events: (s.events ?? []).slice(0, 1) }));
    expect(moving.status).toEqual({ status: 'IN_TRANSIT', nativeCode: 'transit', nativeText: 'Shipment picked up' });
    expect(moving.deliveredAt).toBeNull();
  });

  it('events are the history, newest first, with their service area', () => {
    const shipment = mapped();
    expect(shipment.events?.map((e) => e.status.nativeCode)).toEqual(['OK', 'NH', 'PU']);
    expect(shipment.statusLocation).toEqual({ id: 'BLR', type: 'service-area', description: 'Bengaluru-IN', address: null });
    expect(shipment.statusTime?.instant).toBe('2026-03-02T10:15:00+05:30');
  });

  it('pieces carry their own number, typeCode, per-piece tracking number, weights, dimensions and events', () => {
    const piece = mapped().pieces[0];
    expect(piece).toMatchObject({
      id: 'JD014600006281790001',
      trackingNumber: 'JD014600006281790001',
      sequenceNumber: 1,
      typeCode: '2BP',
      weight: { value: 1.8, unit: 'kg' },
      dimensions: { length: { value: 30, unit: 'cm' }, width: { value: 20, unit: 'cm' }, height: { value: 10, unit: 'cm' } },
    });
    expect(piece?.events.map((e) => e.status.nativeCode)).toEqual(['OK', 'PU']);
    expect(piece?.events[0]?.pieceIds).toEqual(['JD014600006281790001']);
  });

  it('piece events have no GMTOffset: the same scan at shipment level lends its offset, otherwise local (X4)', () => {
    const [first, second] = mapped().pieces;
    expect(first?.events[0]?.time).toEqual({ instant: '2026-03-02T10:15:00+05:30', localDateTime: null });
    expect(first?.events[1]?.time).toEqual({ instant: '2026-02-27T16:40:00+01:00', localDateTime: null });
    // AF on 2026-02-28 03:10 has no shipment-level twin: it stays local.
    expect(second?.events[0]?.time).toEqual({ instant: null, localDateTime: '2026-02-28T03:10:00' });
  });

  it('shipperReferences typeCode CU is the customer reference', () => {
    expect(mapped().references).toEqual([
      { type: 'customer-reference', value: 'ORDER-1001', scope: null },
      { type: 'INV', value: 'INV-77', scope: null },
    ]);
  });

  it('shipperDetails and receiverDetails are the parties with their postal addresses', () => {
    const shipment = mapped();
    expect(shipment.shipper).toEqual({
      name: 'Example Shop GmbH',
      organizationName: null,
      policy: null,
      address: { policy: null, streetLines: null, locality: 'Leipzig', region: null, postalCode: '04109', countryCode: 'DE' },
    });
    expect(shipment.recipient?.name).toBe('Asha Rao');
    expect(shipment.recipient?.address).toMatchObject({ locality: 'Bengaluru', region: 'KA', postalCode: '560001' });
    expect(shipment.destination?.address?.countryCode).toBe('IN');
  });

  it('totalWeight with unitOfMeasurements metric, and numberOfPieces', () => {
    const shipment = mapped();
    expect(shipment.totalWeight).toEqual({ value: 3.5, unit: 'kg' });
    expect(shipment.pieceCount).toBe(2);
    expect(shipment.service).toEqual({ code: 'P', name: null });
    expect(shipment.shippedAt).toEqual({ instant: null, localDateTime: '2026-02-27T16:40:00' });
  });

  it('soft failures arrive as warnings[] in an otherwise successful answer and are returned', () => {
    expect(mapped().warnings).toEqual([{ code: null, message: 'Shipment data was partially retrieved', type: null }]);
    const objectWarning = mapExpressShipment(wire().shipment, [{ code: 'W01', message: 'Partial data' }]);
    expect(objectWarning.warnings).toEqual([{ code: 'W01', message: 'Partial data', type: null }]);
  });

  it('the id names the express division and the waybill', () => {
    const shipment = mapped();
    expect(shipment.id).toBe('GROUP_A:express:1234567877');
    expect([shipment.division, shipment.source, shipment.trackingNumber]).toEqual(['express', 'group-a/express', '1234567877']);
    expect(shipment.estimatedDelivery).toEqual({
      from: { instant: null, localDateTime: '2026-03-02T18:00:00' },
      to: { instant: null, localDateTime: '2026-03-02T18:00:00' },
      remark: 'By end of day',
    });
  });
});
