import { z } from 'zod';
/**
 * Wire shape of express `GET /address-validate` (seed 000: "checks pickup and delivery capability of an origin or
 * destination"; shapes "not shown"). Our choice, assumption PX2, which the sandbox follows: one `type` a call, its
 * answer says whether that type is served and the address as the carrier matched it, with its service area.
 */
export const expressAddressValidateAnswer = z.object({
    type: z.enum(['pickup', 'delivery']),
    capable: z.boolean(),
    address: z
        .array(z.object({
        addressLine1: z.string().nullish(),
        cityName: z.string().nullish(),
        provinceCode: z.string().nullish(),
        postalCode: z.string().nullish(),
        countryCode: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code'),
        serviceArea: z.object({ code: z.string().min(1), description: z.string().nullish() }).nullish(),
    }))
        .nullish(),
    warnings: z.array(z.unknown()).nullish(),
});
