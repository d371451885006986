import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Shipment } from '../../../src/domain/shipment.js';
import { carrierTimeFromIso } from '../../../src/domain/time.js';
import type { TrackOutcome, TrackRequest } from '../../../src/domain/tracking.js';
import { trackRequest } from '../../support/track-request.js';
import { outcomesFromTrackAnswer, shipmentsFromReferenceAnswer } from '../../../src/carriers/carrier-b/answer.js';
import { buildTrackRequest, localeFor } from '../../../src/carriers/carrier-b/client.js';
import { CARRIER_B_STATUS_CODES, readCarrierBStatus, readDelayStatus } from '../../../src/carriers/carrier-b/units.js';
import { trackAnswerSchema, weightEntrySchema, type WireTrackAnswer } from '../../../src/carriers/carrier-b/wire.js';

/** Recorded, seed-shaped track answers (test/fixtures/carrier-b) in; the unified result out. */
function recorded(name: string): WireTrackAnswer {
  const raw: unknown = JSON.parse(readFileSync(new URL(`../../fixtures/carrier-b/${name}.json`, import.meta.url), 'utf8'));
  return trackAnswerSchema.parse(raw);
}

function request(trackingNumber: string, extra: Partial<TrackRequest> = {}): TrackRequest {
  return trackRequest('CARRIER_B', trackingNumber, extra);
}

function shipmentsOf(outcome: TrackOutcome | undefined): Shipment[] {
  if (!outcome?.ok) throw new Error(`expected a found shipment, got ${outcome ? outcome.error.message : 'nothing'}`);
  return outcome.shipments;
}

function only(outcome: TrackOutcome | undefined): Shipment {
  const [shipment, ...rest] = shipmentsOf(outcome);
  if (!shipment || rest.length > 0) throw new Error('expected exactly one shipment');
  return shipment;
}

const delivered = () => only(outcomesFromTrackAnswer(recorded('track-delivered'), [request('794612345671')], true)[0]);

describe('Carrier B mapping (seed 001, Track answer)', () => {
  it('delivered is a terminal derivedCode (DL, assumption B1), kept beside its native code and text', () => {
    const shipment = delivered();
    expect(shipment.status).toEqual({ status: 'DELIVERED', nativeCode: 'DL', nativeText: 'Delivered' });
    expect(shipment.statusDescription).toBe('Delivered');
    expect(shipment.statusLocation?.address).toMatchObject({ locality: 'NORTON', region: 'VA', countryCode: 'US' });
    expect(shipment.id).toBe('CARRIER_B:-:794612345671:12029~794612345671~CBXE');
    expect(shipment.carrierUniqueId).toBe('12029~794612345671~CBXE');
    expect(shipment.carrierCode).toBe('CBXE');
    expect(shipment.service).toEqual({ code: 'INTERNATIONAL_PRIORITY', name: 'IP' });
  });

  it('scanEvents dates are ISO 8601 with offset: events are instants with their offset, newest first', () => {
    const events = delivered().events ?? [];
    expect(events.map((e) => e.time?.instant)).toEqual([
      '2024-03-07T14:01:00-05:00',
      '2024-03-06T02:10:00+04:00',
      '2024-03-05T09:46:00+05:30',
    ]);
    expect(events.every((e) => e.time?.localDateTime === null)).toBe(true);
    expect(events.map((e) => e.status)).toEqual([
      { status: 'DELIVERED', nativeCode: 'DL', nativeText: 'Delivered' },
      { status: 'IN_TRANSIT', nativeCode: 'AR', nativeText: 'Arrived at carrier location' },
      { status: 'IN_TRANSIT', nativeCode: 'PU', nativeText: 'Picked up' },
    ]);
    expect(events[0]?.location).toEqual({
      id: 'NORA',
      type: 'DELIVERY_LOCATION',
      description: null,
      address: { policy: null, streetLines: null, locality: 'NORTON', region: 'VA', postalCode: '24273', countryCode: 'US' },
    });
    expect(events[0]?.exceptionCode).toBeNull();
    expect(delivered().statusTime?.instant).toBe('2024-03-07T14:01:00-05:00');
  });

  it('dateAndTimes is a typed list: selected by type (ACTUAL_PICKUP, SHIP, ACTUAL_DELIVERY), never by position', () => {
    const shipment = delivered();
    expect(shipment.pickedUpAt).toEqual({ instant: '2024-03-05T09:46:00+05:30', localDateTime: null });
    expect(shipment.shippedAt).toEqual({ instant: '2024-03-05T00:00:00+05:30', localDateTime: null });
    expect(shipment.deliveredAt).toEqual({ instant: '2024-03-07T14:01:00-05:00', localDateTime: null });
  });

  it('packageDetails.count and deliveryAttempts are strings on the wire and numbers in the result', () => {
    const shipment = delivered();
    expect(shipment.pieceCount).toBe(3);
    expect(shipment.deliveryAttempts).toBe(2);
    const partial = outcomesFromTrackAnswer(recorded('track-partial'), [request('794612345673')], true);
    expect(only(partial[0]).deliveryAttempts).toBe(0);
  });

  it('deliveryDetails give proof of delivery and the actual delivery address; availableImages say which documents exist', () => {
    const shipment = delivered();
    expect(shipment.proofOfDelivery).toEqual({
      time: { instant: '2024-03-07T14:01:00-05:00', localDateTime: null },
      signedBy: 'J.DOE',
      receivedBy: 'J.DOE',
      documentUrl: null,
      signatureUrl: null,
      signedAvailable: true,
    });
    expect(shipment.destination?.address).toMatchObject({ locality: 'NORTON', postalCode: '24273', countryCode: 'US' });
    expect(shipment.recipient?.address).toMatchObject({ locality: 'NORTON', region: 'VA', postalCode: '24273' });
    expect(shipment.recipient?.name).toBeNull();
    expect(shipment.documentsAvailable).toEqual([
      { type: 'SIGNATURE_PROOF_OF_DELIVERY', size: 'LARGE' },
      { type: 'BILL_OF_LADING', size: 'LARGE' },
    ]);
  });

  it('declaredValue is money with amount and currency; estimatedDeliveryTimeWindow is a window of instants', () => {
    const shipment = delivered();
    expect(shipment.declaredValue).toEqual({ amount: '56.8', currency: 'USD' });
    expect(shipment.estimatedDelivery).toEqual({
      from: { instant: '2024-03-07T10:00:00-05:00', localDateTime: null },
      to: { instant: '2024-03-07T18:00:00-05:00', localDateTime: null },
      remark: 'ESTIMATED_DELIVERY',
    });
    expect(shipment.totalWeight).toEqual({ value: 22, unit: 'LB' });
  });

  it('delayDetail.status ON_TIME, EARLY, DELAYED; type WEATHER and subType SNOW are kept', () => {
    expect(delivered().delay).toEqual({ status: 'EARLY', type: null, subType: null });
    const inTransit = only(outcomesFromTrackAnswer(recorded('track-partial'), [request('794612345673')], true)[0]);
    expect(inTransit.delay).toEqual({ status: 'DELAYED', type: 'WEATHER', subType: 'SNOW' });
    expect(inTransit.status).toEqual({ status: 'IN_TRANSIT', nativeCode: 'IT', nativeText: 'In transit' });
    expect(['ON_TIME', 'EARLY', 'DELAYED', 'LATE'].map(readDelayStatus)).toEqual(['ON_TIME', 'EARLY', 'DELAYED', null]);
  });

  it('alert codes appear in alerts[] of successful answers and reach every shipment of that call as warnings', () => {
    expect(delivered().warnings).toEqual([
      { code: 'TRACKING.DATA.INCOMPLETE', message: 'Some scan data is not yet available.', type: 'NOTE' },
    ]);
    const reused = shipmentsOf(outcomesFromTrackAnswer(recorded('track-reused'), [request('990000000013')], true)[0]);
    for (const shipment of reused) {
      expect(shipment.warnings).toEqual([{ code: null, message: 'shipment data may be incomplete', type: null }]);
    }
  });

  it('a number with error inside a 200 fails only its own item', () => {
    const numbers = ['794612345673', '794612345404'];
    const [found, notFound] = outcomesFromTrackAnswer(recorded('track-partial'), numbers.map((n) => request(n)), true);
    expect(found?.ok).toBe(true);
    expect(notFound?.ok).toBe(false);
    if (notFound?.ok !== false) return;
    expect(notFound.error.code).toBe('UPSTREAM_NOT_FOUND');
    expect(notFound.error.carrierCode).toBe('TRACKING.TRACKINGNUMBER.NOTFOUND');
    expect(notFound.error.upstream).toBe('carrier-b');
  });

  it('an error code other than not found is UPSTREAM_BAD_REQUEST carrying the carrier code', () => {
    const [outcome] = outcomesFromTrackAnswer(recorded('track-partial'), [request('794612345111')], true);
    expect(outcome?.ok === false && outcome.error.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(outcome?.ok === false && outcome.error.carrierCode).toBe('TRACKING.TRACKINGNUMBER.INVALID');
  });

  it('one malformed track result is UPSTREAM_CONTRACT for its own number while siblings succeed', () => {
    const [sibling, malformed] = outcomesFromTrackAnswer(
      recorded('track-partial'),
      [request('794612345673'), request('794612345500')],
      true,
    );
    expect(sibling?.ok).toBe(true);
    expect(malformed?.ok === false && malformed.error.code).toBe('UPSTREAM_CONTRACT');
    expect(malformed?.ok === false && malformed.error.message).toMatch(/latestStatusDetail/);
  });

  it('a requested number the answer omits is UPSTREAM_CONTRACT', () => {
    const [outcome] = outcomesFromTrackAnswer(recorded('track-delivered'), [request('794699999999')], true);
    expect(outcome?.ok === false && outcome.error.code).toBe('UPSTREAM_CONTRACT');
  });

  it('a reused number without unique id answers every candidate, each with its own id (assumption B4)', () => {
    const shipments = shipmentsOf(outcomesFromTrackAnswer(recorded('track-reused'), [request('990000000013')], true)[0]);
    expect(shipments.map((s) => s.id)).toEqual([
      'CARRIER_B:-:990000000013:19800~990000000013~CBXE',
      'CARRIER_B:-:990000000013:19550~990000000013~CBXG',
    ]);
    expect(shipments.map((s) => s.status.status)).toEqual(['OUT_FOR_DELIVERY', 'DELIVERED']);
  });

  it('trackingNumberUniqueId or carrierCode on the request keeps only the matching candidate', () => {
    const answer = recorded('track-reused');
    const byId = only(outcomesFromTrackAnswer(answer, [request('990000000013', { carrierUniqueId: '19550~990000000013~CBXG' })], true)[0]);
    expect(byId.carrierCode).toBe('CBXG');
    const byCode = only(outcomesFromTrackAnswer(answer, [request('990000000013', { carrierCode: 'CBXE' })], true)[0]);
    expect(byCode.carrierUniqueId).toBe('19800~990000000013~CBXE');
    const none = outcomesFromTrackAnswer(answer, [request('990000000013', { carrierUniqueId: '1~990000000013~CBXX' })], true)[0];
    expect(none?.ok === false && none.error.code).toBe('UPSTREAM_NOT_FOUND');
  });

  it('a number asked twice in one call (with and without unique id) gives each candidate once', () => {
    const answer = recorded('track-reused');
    const twice: WireTrackAnswer = { ...answer, output: { ...answer.output, completeTrackResults: [...answer.output.completeTrackResults, answer.output.completeTrackResults[0]] } };
    const [all, one] = outcomesFromTrackAnswer(twice, [request('990000000013'), request('990000000013', { carrierCode: 'CBXG' })], true);
    expect(shipmentsOf(all)).toHaveLength(2);
    expect(shipmentsOf(one)).toHaveLength(1);
  });

  it('includeDetailedScans false gives the latest status only: events are null, not empty', () => {
    const shipment = only(outcomesFromTrackAnswer(recorded('track-latest-only'), [request('794612345678')], false)[0]);
    expect(shipment.events).toBeNull();
    expect(shipment.statusTime?.instant).toBe('2024-03-05T09:46:00+05:30');
  });

  it('an unknown status code is UNKNOWN with its native code and text kept', () => {
    const shipment = only(outcomesFromTrackAnswer(recorded('track-latest-only'), [request('794612345678')], false)[0]);
    expect(shipment.status).toEqual({ status: 'UNKNOWN', nativeCode: 'ZQ', nativeText: 'Something new' });
  });

  it('masked or absent fields stay null: absent is not empty', () => {
    const shipment = only(outcomesFromTrackAnswer(recorded('track-latest-only'), [request('794612345678')], false)[0]);
    expect(shipment.proofOfDelivery).toBeNull();
    expect(shipment.deliveryAttempts).toBeNull();
    expect(shipment.pieceCount).toBeNull();
    expect(shipment.declaredValue).toBeNull();
    expect(shipment.estimatedDelivery).toBeNull();
    expect(shipment.recipient).toBeNull();
    expect(shipment.destination).toBeNull();
    expect(shipment.delay).toBeNull();
    expect(shipment.pickedUpAt).toBeNull();
    expect(shipment.deliveredAt).toBeNull();
    expect(shipment.documentsAvailable).toEqual([]);
    expect(shipment.warnings).toEqual([]);
  });

  it('unknown extra members of the answer are tolerated', () => {
    // track-delivered.json carries additionalTrackingInfo, returnDetail and scanLocation.residential.
    expect(delivered().trackingNumber).toBe('794612345671');
  });

  it('the status table reads PU picked up, DL delivered, RS returned, and the rest of the family codes at a glance', () => {
    expect(CARRIER_B_STATUS_CODES).toMatchObject({
      OC: 'LABEL_CREATED',
      PU: 'IN_TRANSIT',
      IT: 'IN_TRANSIT',
      AR: 'IN_TRANSIT',
      DP: 'IN_TRANSIT',
      AF: 'IN_TRANSIT',
      OD: 'OUT_FOR_DELIVERY',
      DL: 'DELIVERED',
      DE: 'DELIVERY_ATTEMPTED',
      RS: 'RETURNED',
      CA: 'CANCELLED',
      SE: 'EXCEPTION',
      HL: 'EXCEPTION',
      DY: 'EXCEPTION',
    });
    expect(readCarrierBStatus(['', 'PU'], 'Picked up')).toEqual({ status: 'IN_TRANSIT', nativeCode: 'PU', nativeText: 'Picked up' });
  });

  it('a reference lookup answers in the track answer form: every shipment, not-found entries mean none', () => {
    const shipments = shipmentsFromReferenceAnswer(recorded('track-reused'), false);
    expect(shipments).toHaveLength(2);
    expect(shipments.every((s) => s.events === null)).toBe(true);
    expect(() => shipmentsFromReferenceAnswer(recorded('track-partial'), false)).toThrow(/track result does not match/);
  });
});

describe('Carrier B weights and offsets read without the schema read as the schema reads them', () => {
  /** The delivered fixture with its weight entries replaced by `weight`. */
  function weightOf(weight: unknown[]): Shipment['totalWeight'] {
    const answer = structuredClone(recorded('track-delivered')) as unknown as { output: { completeTrackResults: Array<{ trackResults: Array<Record<string, any>> }> } };
    answer.output.completeTrackResults[0]!.trackResults[0]!['packageDetails'].weightAndDimensions = { weight };
    return only(outcomesFromTrackAnswer(answer as unknown as WireTrackAnswer, [request('794612345671')], true)[0]).totalWeight;
  }
  const bySchema = (entry: unknown) => {
    const parsed = weightEntrySchema.safeParse(entry);
    const unit = parsed.success ? (parsed.data.units ?? parsed.data.unit) : undefined;
    return parsed.success && unit ? { value: parsed.data.value, unit } : null;
  };

  it('a weight entry, numeric string or number, well formed or not, maps to what weightEntrySchema makes of it', () => {
    const entries: unknown[] = [
      { unit: 'LB', value: '26.9' },
      { units: 'KG', value: ' 12.2 ' },
      { unit: 'LB', value: 22 },
      { unit: 'LB', value: '1e3' },
      { unit: 'LB', value: '0x10' },
      { unit: 'LB', value: '' },
      { unit: 'LB', value: '0' },
      { unit: 'LB', value: '-3' },
      { unit: 'LB', value: 'heavy' },
      { unit: 'LB', value: 'Infinity' },
      { unit: 'LB', value: true },
      { unit: 'LB', value: null },
      { unit: '', value: '5' },
      { units: 'KG', unit: 'LB', value: '5' },
      { value: '5' },
    ];
    for (const entry of entries) expect([entry, weightOf([entry])]).toEqual([entry, bySchema(entry)]);
    // The first entry the schema accepts wins, as before.
    expect(weightOf([{ unit: 'LB', value: 'heavy' }, { unit: 'KG', value: '12.2' }])).toEqual({ value: 12.2, unit: 'KG' });
  });

  it('instants keep an offset written +hh:mm or Z and gain the colon in +hhmm', () => {
    expect(['2024-03-07T10:00:00-05:00', '2024-03-07T10:00:00Z', '2024-03-07T10:00:00+0530', '2024-03-07T10:00:00.5-0500'].map((v) => carrierTimeFromIso(v)?.instant)).toEqual([
      '2024-03-07T10:00:00-05:00',
      '2024-03-07T10:00:00Z',
      '2024-03-07T10:00:00+05:30',
      '2024-03-07T10:00:00.5-05:00',
    ]);
  });
});

describe('Carrier B track request (seed 001, Track request)', () => {
  it('includeDetailedScans is true only when a request in the chunk asks for events', () => {
    expect(buildTrackRequest([request('794612345671', { includeEvents: false })]).includeDetailedScans).toBe(false);
    expect(
      buildTrackRequest([request('794612345671', { includeEvents: false }), request('794612345672')]).includeDetailedScans,
    ).toBe(true);
  });

  it('trackingNumberInfo carries carrierCode and trackingNumberUniqueId, and shipDateBegin/End narrow a window, only when given', () => {
    const body = buildTrackRequest([
      request('990000000013', { carrierCode: 'CBXG', carrierUniqueId: 'u1', shipDateBegin: '2024-01-01', shipDateEnd: '2024-01-31' }),
      request('794612345671'),
      request('794612345671'),
    ]);
    expect(body.trackingInfo).toEqual([
      {
        trackingNumberInfo: { trackingNumber: '990000000013', carrierCode: 'CBXG', trackingNumberUniqueId: 'u1' },
        shipDateBegin: '2024-01-01',
        shipDateEnd: '2024-01-31',
      },
      { trackingNumberInfo: { trackingNumber: '794612345671' } },
    ]);
  });

  it('x-locale has the shape xx_XX: from the request language when it names a country, else the configured locale', () => {
    expect(localeFor({ language: 'de-DE' }, 'en_US')).toBe('de_DE');
    expect(localeFor({ language: 'fr_FR' }, null)).toBe('fr_FR');
    expect(localeFor({ language: 'en' }, 'en_GB')).toBe('en_GB');
    expect(localeFor({ language: null }, null)).toBeNull();
  });
});
