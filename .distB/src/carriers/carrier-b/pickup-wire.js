import { z } from 'zod';
/**
 * Carrier B pickups (seed 001: "Pickup availability, creation and cancellation operations exist; their paths: not
 * shown"). Assumption PB5: the paths follow the catalogue's `/{family}/v1/...` form.
 */
export const CARRIER_B_PICKUP_PATHS = {
    availability: '/pickup/v1/pickups/availabilities',
    create: '/pickup/v1/pickups',
    cancel: '/pickup/v1/pickups/cancel',
};
/** Assumption PB6: the ground and express networks' carrier codes, as tracking answers give them. */
export const CARRIER_B_PICKUP_CARRIER_CODES = { GROUND: 'CBXG', EXPRESS: 'CBXE' };
/** Seed 001 `associatedAccountNumberType` "e.g. `CARRIER_GROUND`"; the express network's name is assumption PB6. */
export const CARRIER_B_ACCOUNT_TYPES = { GROUND: 'CARRIER_GROUND', EXPRESS: 'CARRIER_EXPRESS' };
/**
 * Availability answer: the seed gives "cutoff time, pickup date, access time and ready time for an address, carrier
 * and request type" (PB7: `output.options[]` with `carrier`, `available`, `pickupDate`, `cutOffTime`, `accessTime`,
 * `readyTime`).
 */
export const availabilityAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        options: z.array(z.looseObject({
            carrier: z.string().min(1),
            available: z.boolean(),
            pickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
            cutOffTime: z.string().nullish(),
            accessTime: z.string().nullish(),
            readyTime: z.string().nullish(),
        })),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
/** Seed 001 "Pickup answer": `output.pickupConfirmationCode`, `output.message`, `output.location` (express), `output.alerts[]`. */
export const pickupCreateAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        pickupConfirmationCode: z.string().min(1),
        message: z.string().nullish(),
        location: z.string().nullish(),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
/** Answer "not shown" (PB9): `output.pickupConfirmationCode`, `output.cancelConfirmationMessage`, `output.alerts[]`. */
export const pickupCancelAnswerSchema = z.looseObject({
    transactionId: z.string().nullish(),
    output: z.looseObject({
        pickupConfirmationCode: z.string().nullish(),
        cancelConfirmationMessage: z.string().nullish(),
        alerts: z.array(z.unknown()).nullish(),
    }),
});
