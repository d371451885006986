import { describe, expect, it } from 'vitest';
import { wireAmountToDecimal } from '../../../src/carriers/carrier-b/rating-amount.js';
import { quotesFromRateReply, readRateFailureBody } from '../../../src/carriers/carrier-b/rating-answer.js';
import { rateAnswerSchema } from '../../../src/carriers/carrier-b/rating-wire.js';
import type { RateRequest } from '../../../src/domain/rating.js';

/** Recorded-shape payloads in, unified quotes out (karrio's style), for what the sandbox does not vary. */
const request = {
  origin: { countryCode: 'US', postalCode: '38017', city: null, stateOrProvinceCode: null, streetLines: [], residential: null },
  destination: { countryCode: 'US', postalCode: '10001', city: null, stateOrProvinceCode: null, streetLines: [], residential: null },
  packages: [{ weight: { value: 1, unit: 'KG' }, dimensions: null }],
  shipDate: '2026-03-13',
  readyTime: '10:00:00',
  originUtcOffset: '-06:00',
  declaredValue: null,
  customs: null,
  cashOnDelivery: null,
  currency: null,
  serviceCodes: [],
  expressAccountNumber: null,
  itemCount: null,
} satisfies RateRequest;

function answer(detail: Record<string, unknown>) {
  return rateAnswerSchema.parse({
    transactionId: 't-1',
    output: {
      rateReplyDetails: [
        {
          serviceType: 'PRIORITY_OVERNIGHT',
          serviceName: 'Priority Overnight',
          ratedShipmentDetails: [
            {
              rateType: 'PAYOR_ACCOUNT_PACKAGE',
              totalBaseCharge: 10.1,
              totalDiscounts: 0.2,
              totalNetCharge: 0.1 + 0.2 + 10,
              shipmentRateDetail: { currency: 'USD', totalSurcharges: 0.4 },
            },
          ],
          ...detail,
        },
      ],
    },
  });
}

describe('Carrier B rate answer mapping', () => {
  it('amounts are numbers on the wire: decimal strings without float artefacts, padded to the minor digits', () => {
    expect(wireAmountToDecimal(0.1 + 0.2, 'USD')).toBe('0.30');
    expect(wireAmountToDecimal(12.3, 'USD')).toBe('12.30');
    expect(wireAmountToDecimal(1234.5678, 'USD')).toBe('1234.5678');
    expect(wireAmountToDecimal(1500, 'JPY')).toBe('1500');
    expect(wireAmountToDecimal(1.5e-7, 'USD')).toBe('0.00000015');
    expect(wireAmountToDecimal(1e21, 'USD')).toBe('1000000000000000000000.00');
    expect(wireAmountToDecimal(-3.1, 'KWD')).toBe('-3.100');
  });

  it('a family rate word (PAYOR_ACCOUNT_PACKAGE) is ACCOUNT, the native word kept; totalSurcharges is one line when no items are listed', () => {
    const [quote] = quotesFromRateReply(answer({}).output.rateReplyDetails!, request, []);
    expect(quote).toMatchObject({ rateType: 'ACCOUNT', nativeRateType: 'PAYOR_ACCOUNT_PACKAGE', total: { amount: '10.30', currency: 'USD' } });
    expect(quote!.breakdown).toEqual([
      { kind: 'BASE', code: null, name: 'totalBaseCharge', amount: { amount: '10.10', currency: 'USD' } },
      { kind: 'DISCOUNT', code: null, name: 'totalDiscounts', amount: { amount: '0.20', currency: 'USD' } },
      { kind: 'SURCHARGE', code: null, name: 'totalSurcharges', amount: { amount: '0.40', currency: 'USD' } },
    ]);
  });

  it('commit and delivery date-times are instants only when the carrier writes an offset', () => {
    const detail = { operationalDetail: { transitTime: 'TWO_DAYS', commitDate: '2026-03-16T10:30:00-05:00', deliveryDate: '2026-03-16T10:30:00' } };
    const [quote] = quotesFromRateReply(answer(detail).output.rateReplyDetails!, request, []);
    expect(quote!.commitDate).toEqual({ instant: '2026-03-16T10:30:00-05:00', localDateTime: null });
    expect(quote!.estimatedDelivery).toEqual({ instant: null, localDateTime: '2026-03-16T10:30:00' });
    expect(quote!.transitDays).toBe(2);
    expect(quote!.guaranteed).toBeNull();
  });

  it('an entry without a currency is UPSTREAM_CONTRACT, not a quote in a guessed currency', () => {
    const parsed = rateAnswerSchema.parse({
      output: { rateReplyDetails: [{ serviceType: 'X_Y', ratedShipmentDetails: [{ rateType: 'LIST', totalNetCharge: 1 }] }] },
    });
    expect(() => quotesFromRateReply(parsed.output.rateReplyDetails!, request, [])).toThrow(expect.objectContaining({ code: 'UPSTREAM_CONTRACT' }));
  });

  it('workable services are read as objects or bare strings (assumption BR5), nothing from an unreadable body', () => {
    expect(readRateFailureBody({ output: { workableServices: [{ serviceType: 'A_B' }, 'C_D', 'A_B'] } }).workableServices).toEqual(['A_B', 'C_D']);
    expect(readRateFailureBody('<html>').workableServices).toEqual([]);
  });
});
