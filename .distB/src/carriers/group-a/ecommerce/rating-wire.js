import { z } from 'zod';
const text = z.string().nullish();
/** Amounts travel as JSON numbers (like the label request's `weight.value`); an exponent form is no price. */
export const wireAmount = z
    .number()
    .finite()
    .refine((n) => !/e/i.test(String(n)), 'an amount in plain decimal notation');
export const wireCurrency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
const wireDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a YYYY-MM-DD date');
const days = z.number().int().nonnegative();
export const ecommerceRateComponent = z.object({
    /** `BASE`, `SURCHARGE`, `DISCOUNT`, `TAX`, `DUTY` (E7); another word is kept as its native code. */
    type: text,
    code: text,
    description: text,
    amount: wireAmount,
});
export const ecommerceProduct = z.object({
    orderedProductId: z.string().trim().min(1),
    productName: text,
    rate: z.object({
        amount: wireAmount,
        currency: wireCurrency,
        rateType: text,
        rateComponents: z.array(ecommerceRateComponent).default([]),
    }),
    estimatedDeliveryDate: z
        .object({
        deliveryDaysMin: days.nullish(),
        deliveryDaysMax: days.nullish(),
        estimatedDeliveryMin: wireDate.nullish(),
        estimatedDeliveryMax: wireDate.nullish(),
        isGuaranteed: z.boolean().nullish(),
    })
        .nullish(),
});
// `products` is required: a 200 without it is the upstream breaking the contract, not an unserved lane.
export const ecommerceProductsAnswer = z.object({ products: z.array(ecommerceProduct) });
