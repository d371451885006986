import { z } from 'zod';
/**
 * Wire shapes of express `POST /landed-cost` (seed 000: "duty and tax estimate"; "Request and response shapes of the
 * last six rows ...: not shown"). Our choice, assumption XR8, which the sandbox follows: the rate request's parties,
 * account and packages plus `items[]`; the answer itemises `items[].breakdown[]` and shipment-level `charges[]`, and
 * totals them in `totalPrice[]` currency views like the rate answer (`BILLC` is the one to use).
 */
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
const charge = z.object({
    typeCode: z.string().min(1),
    name: z.string().nullish(),
    price: z.number().finite(),
    priceCurrency: currency,
});
export const expressLandedCostAnswer = z.object({
    items: z.array(z.object({ number: z.number().int().positive(), breakdown: z.array(charge) })),
    charges: z.array(charge).nullish(),
    totalPrice: z.array(z.object({ currencyType: z.string().min(1), priceCurrency: currency, price: z.number().finite() })),
    warnings: z.array(z.unknown()).nullish(),
});
