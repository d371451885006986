import { z } from 'zod';

/**
 * `POST /shipping/v4/products` as assumed in E7 (the seed: "answers serviceability", "payload: see note" ... "the
 * payload of the products operation: not shown"). The request speaks the label request's vocabulary (seed 000,
 * Resources C: `pickup`, `distributionCenter`, `consigneeAddress`, `packageDetail` with weight in `LB` and dimension
 * in `IN`); the answer lists the products the lane has, each with the code sent as `orderedProductId` at label time.
 * An empty `products` list means the lane is not served (the interface has no other serviceability call).
 */
export interface EcommerceProductsRequest {
  pickup: string;
  distributionCenter: string;
  consigneeAddress: EcommerceWireAddress;
  packageDetail: {
    weight: { value: number; unitOfMeasure: 'LB' };
    dimension?: { length: number; width: number; height: number; unitOfMeasure: 'IN' };
    shippingCost?: { currency: string; declaredValue: number };
  };
  /** Local date at the distribution center the package is handed over, YYYY-MM-DD; delivery dates count from it. */
  expectedShipDate: string;
}

/** The label request's `consigneeAddress` members; absent where the rate request does not give them. */
export interface EcommerceWireAddress {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country: string;
}

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
export type EcommerceRateComponent = z.infer<typeof ecommerceRateComponent>;

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
export type EcommerceProduct = z.infer<typeof ecommerceProduct>;

// `products` is required: a 200 without it is the upstream breaking the contract, not an unserved lane.
export const ecommerceProductsAnswer = z.object({ products: z.array(ecommerceProduct) });
export type EcommerceProductsAnswer = z.infer<typeof ecommerceProductsAnswer>;
