import { z } from 'zod';
import { wireAmount, wireCurrency } from './rating-wire.js';
export const ecommerceDutyTaxCharge = z.object({
    /** `DUTY`, `TAX` or `FEE` (E10); another word is OTHER with the native code kept. */
    type: z.string().trim().min(1),
    code: z.string().nullish(),
    description: z.string().nullish(),
    amount: wireAmount,
    /** 1-based content line the charge is for; null or absent = the whole shipment. */
    lineNumber: z.number().int().positive().nullish(),
});
export const ecommerceDutyTaxAnswer = z.object({
    currency: wireCurrency,
    totalAmount: wireAmount,
    charges: z.array(ecommerceDutyTaxCharge),
});
