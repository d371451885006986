import { z } from 'zod';
/**
 * Wire shapes of the express rate answer (seed 000, "Express rate answer"). `/products` answers the same `products[]`
 * (assumption XR4). The answer is read in two steps: the envelope here (a mismatch fails the whole call as
 * UPSTREAM_CONTRACT), then each product on its own (`expressRateProduct`), so one unreadable product fails alone.
 * Unknown members are tolerated.
 */
const str = z.string().nullish();
const num = z.number().nullish();
/** "`totalPrice[]` (`currencyType`, `priceCurrency`, `price`)": one currency view. */
const totalPrice = z.object({
    currencyType: z.string().min(1),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code'),
    price: z.number().finite(),
});
/** "`totalPriceBreakdown[]` (`currencyType`, `priceCurrency`, `priceBreakdown[]` of `typeCode` and `price`)". */
const totalPriceBreakdown = z.object({
    currencyType: z.string().min(1),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code').nullish(),
    priceBreakdown: z.array(z.object({ typeCode: z.string().min(1), price: z.number().finite() })).nullish(),
});
export const expressRateProduct = z.object({
    productName: str,
    productCode: z.string().min(1),
    localProductCode: str,
    localProductCountryCode: str,
    networkTypeCode: str,
    isCustomerAgreement: z.boolean().nullish(),
    weight: z.object({ volumetric: num, provided: num, unitOfMeasurement: str }).nullish(),
    totalPrice: z.array(totalPrice).nullish(),
    totalPriceBreakdown: z.array(totalPriceBreakdown).nullish(),
    pickupCapabilities: z
        .object({
        nextBusinessDay: z.boolean().nullish(),
        localCutoffDateAndTime: str,
        GMTCutoffTime: str,
        pickupEarliest: str,
        pickupLatest: str,
        originServiceAreaCode: str,
    })
        .nullish(),
    deliveryCapabilities: z
        .object({
        deliveryTypeCode: str,
        estimatedDeliveryDateAndTime: str,
        destinationServiceAreaCode: str,
        totalTransitDays: z.number().int().nonnegative().nullish(),
    })
        .nullish(),
    warnings: z.array(z.unknown()).nullish(),
});
/**
 * "There is no separate serviceability endpoint: a rate call either returns products or does not": `products` is
 * required (a 200 without it breaks the contract) and may be empty (the lane is not served, assumption XR3).
 */
export const expressRateAnswer = z.object({
    products: z.array(z.unknown()),
    // "a successful answer can still carry `warnings[]` and must be inspected": strings or objects, both read.
    warnings: z.array(z.unknown()).nullish(),
});
