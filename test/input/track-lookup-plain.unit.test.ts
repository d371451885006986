/**
 * The plain lookup (a tracked carrier and a number, nothing else) is answered without the member-by-member collection
 * (src/domain/track-lookup.ts): the answer must be the one the full check gives, and every refusal the full check's.
 */
import { describe, expect, it } from 'vitest';
import { CARRIERS, type Carrier } from '../../src/domain/carrier.js';
import { InputError } from '../../src/domain/errors.js';
import { checkTrackLookup } from '../../src/domain/track-lookup.js';

const TRACKED = new Set<Carrier>(CARRIERS);
const DIVISIONS = ['express', 'ecommerce'];

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof InputError ? error.message : String(error);
  }
  return 'accepted';
}

describe('a plain tracking lookup', () => {
  it('is checked to the same request as the full check gives (which a blank optional member sends it through)', () => {
    for (const carrier of CARRIERS) {
      for (const trackingNumber of ['123456789012', '  123456789012 ', 'AB-12']) {
        const plain = checkTrackLookup({ carrier, trackingNumber }, '', DIVISIONS, TRACKED);
        expect(Object.keys(plain)).toEqual(['carrier', 'trackingNumber', 'division', 'carrierCode', 'carrierUniqueId', 'shipDateBegin', 'shipDateEnd', 'language', 'ecommerceIdType', 'includeEvents']);
        expect(plain).toEqual(checkTrackLookup({ carrier, trackingNumber, language: '' }, '', DIVISIONS, TRACKED));
        expect(plain).toEqual(checkTrackLookup({ carrier, trackingNumber, division: null, carrierCode: null, carrierUniqueId: undefined }, '', DIVISIONS, TRACKED));
      }
    }
  });

  it("is refused with the full check's words: an unknown or untracked carrier, a bad number", () => {
    const onlyB = new Set<Carrier>(['CARRIER_B']);
    expect(refusal(() => checkTrackLookup({ carrier: 'NOPE', trackingNumber: '1' }, 'inputs.0', DIVISIONS, TRACKED))).toMatch(/^inputs\.0\.carrier: unknown carrier "NOPE"/);
    expect(refusal(() => checkTrackLookup({ carrier: 'GROUP_A', trackingNumber: '1' }, '', DIVISIONS, onlyB))).toMatch(/^carrier: GROUP_A has no tracking interface/);
    expect(refusal(() => checkTrackLookup({ carrier: 'CARRIER_B', trackingNumber: '   ' }, '', DIVISIONS, TRACKED))).toMatch(/^trackingNumber: must not be empty; expected a tracking number/);
    expect(refusal(() => checkTrackLookup({ carrier: 'CARRIER_B', trackingNumber: 'x'.repeat(41) }, '', DIVISIONS, TRACKED))).toMatch(/^trackingNumber: must be at most 40/);
    expect(refusal(() => checkTrackLookup({ carrier: 'CARRIER_B', trackingNumber: '12\u000034' }, '', DIVISIONS, TRACKED))).toMatch(/^trackingNumber: must contain only/);
    expect(refusal(() => checkTrackLookup({ carrier: 'CARRIER_B', trackingNumber: '12 34' }, '', DIVISIONS, TRACKED))).toMatch(/^trackingNumber: may contain only/);
  });
});
