import { z } from 'zod';
/**
 * Carrier B rating wire shapes (seed 001, "Rate request", "Rate answer", "Errors"). What the seed lists is read; other
 * members are tolerated (loose objects). Amounts are JSON numbers on the wire ("(numbers)"); the mapping turns them
 * into decimal strings (rating-amount.ts).
 */
const text = z.string().nullish();
/** "totalBaseCharge, totalDiscounts, ... (numbers)". */
const amount = z.number().finite().nullish();
/**
 * `surCharges[]` and `taxes[]` items: "Member fields of surcharge and tax items: not shown". Assumption BR4: each has
 * `type` (code), `description` and `amount` (a number); an item without an amount is a contract mismatch.
 */
export const chargeItemSchema = z.looseObject({
    type: text,
    description: text,
    amount: z.number().finite(),
});
/** `ratedShipmentDetails[]`: "`rateType`, `ratedWeightMethod`, `totalBaseCharge`, ..., `shipmentRateDetail`". */
export const ratedShipmentDetailSchema = z.looseObject({
    rateType: text,
    ratedWeightMethod: text,
    totalBaseCharge: amount,
    totalDiscounts: amount,
    // The amount every quote is priced at: without it there is nothing to quote.
    totalNetCharge: z.number().finite(),
    totalDutiesAndTaxes: amount,
    totalNetChargeWithDutiesAndTaxes: amount,
    // The seed puts the currency in shipmentRateDetail; an entry-level `currency` is read as a fallback.
    currency: text,
    shipmentRateDetail: z
        .looseObject({
        currency: text,
        rateZone: text,
        ratingBasis: text,
        pricingCode: text,
        totalSurcharges: amount,
        fuelSurchargePercent: amount,
        dimDivisor: amount,
        surCharges: z.array(chargeItemSchema).nullish(),
        taxes: z.array(chargeItemSchema).nullish(),
    })
        .nullish(),
});
/** `operationalDetail`: "`transitTime` (enumerated word), `commitDate`, `deliveryDate` (date-times), `deliveryDay`, `ineligibleForMoneyBackGuarantee`". */
export const operationalDetailSchema = z.looseObject({
    transitTime: text,
    commitDate: text,
    deliveryDate: text,
    deliveryDay: text,
    ineligibleForMoneyBackGuarantee: z.boolean().nullish(),
});
/** `output.rateReplyDetails[]`: "`serviceType`, `serviceName`, `packagingType`, `ratedShipmentDetails[]`, `operationalDetail`". */
export const rateReplyDetailSchema = z.looseObject({
    serviceType: z.string().min(1),
    serviceName: text,
    packagingType: text,
    ratedShipmentDetails: z.array(ratedShipmentDetailSchema),
    operationalDetail: operationalDetailSchema.nullish(),
});
/** The rate answer. An empty (or absent) `rateReplyDetails` is the seed's "a rate call that returns ... not" services. */
export const rateAnswerSchema = z.looseObject({
    transactionId: text,
    customerTransactionId: text,
    output: z.looseObject({
        rateReplyDetails: z.array(rateReplyDetailSchema).nullish(),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
/**
 * A rate failure's body: the seed's error body (`transactionId`, `errors[]`), and, when `servicesNeededOnRateFailure`
 * was sent, the services that would work. "lists workable services when the requested one fails": where and how is
 * not shown; assumption BR5: `output.workableServices[]`, each `{ serviceType, serviceName }` (a bare string is read too).
 */
export const rateFailureBodySchema = z.looseObject({
    transactionId: text,
    output: z
        .looseObject({
        workableServices: z
            .array(z.union([z.string(), z.looseObject({ serviceType: z.string(), serviceName: text })]))
            .nullish(),
        alerts: z.array(z.unknown()).nullish(),
    })
        .nullish(),
});
