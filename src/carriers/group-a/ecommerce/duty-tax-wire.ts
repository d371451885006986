import { z } from 'zod';
import { wireAmount, wireCurrency, type EcommerceWireAddress } from './rating-wire.js';

/**
 * The duty-and-tax operation as assumed in E10 (the seed lists "duty and tax" among interface C's operations and
 * shows neither path nor shapes). The request reuses the label request's vocabulary (`pickup`, `distributionCenter`,
 * `consigneeAddress`, `packageDetail` in LB) plus the content lines; the answer itemises charges per content line.
 */
export interface EcommerceDutyTaxRequest {
  pickup: string;
  distributionCenter: string;
  consigneeAddress: EcommerceWireAddress;
  packageDetail: {
    weight: { value: number; unitOfMeasure: 'LB' };
    /** The cost of shipping, where the destination's dutiable value includes it. */
    shippingCost?: { currency: string; freight: number };
  };
  /** One per content line, in the order given: `lineNumber` 1 is the first. */
  customsDetails: Array<{
    itemDescription: string;
    packagedQuantity: number;
    quantityUnit: string;
    /** Value of the whole line. */
    itemValue: number;
    currency: string;
    hsCode?: string;
    countryOfOrigin?: string;
  }>;
  /** Currency the estimate is wanted in; the interface may answer in another, and says which. */
  currency?: string;
}

export const ecommerceDutyTaxCharge = z.object({
  /** `DUTY`, `TAX` or `FEE` (E10); another word is OTHER with the native code kept. */
  type: z.string().trim().min(1),
  code: z.string().nullish(),
  description: z.string().nullish(),
  amount: wireAmount,
  /** 1-based content line the charge is for; null or absent = the whole shipment. */
  lineNumber: z.number().int().positive().nullish(),
});
export type EcommerceDutyTaxCharge = z.infer<typeof ecommerceDutyTaxCharge>;

export const ecommerceDutyTaxAnswer = z.object({
  currency: wireCurrency,
  totalAmount: wireAmount,
  charges: z.array(ecommerceDutyTaxCharge),
});
export type EcommerceDutyTaxAnswer = z.infer<typeof ecommerceDutyTaxAnswer>;
