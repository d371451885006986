import { z } from 'zod';
/**
 * Wire shapes of express `GET /servicepoint` (seed 000: "finds service points and drop-off locations"; request and
 * response shapes "not shown"). Our choice, assumption PX1, which the sandbox follows.
 */
const time = z.string().regex(/^\d{2}:\d{2}$/, 'HH:MM');
const servicePoint = z.object({
    id: z.string().min(1),
    name: z.string().min(1),
    typeCode: z.string().min(1).nullish(),
    address: z.object({
        addressLine1: z.string().nullish(),
        addressLine2: z.string().nullish(),
        cityName: z.string().nullish(),
        provinceCode: z.string().nullish(),
        postalCode: z.string().nullish(),
        countryCode: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code'),
    }),
    geoLocation: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).nullish(),
    distance: z.object({ value: z.number().finite().nonnegative(), unitOfMeasurement: z.enum(['km', 'mi']) }).nullish(),
    openingHours: z.array(z.object({ dayOfWeek: z.string().min(1), openingTime: time, closingTime: time })).nullish(),
    capabilities: z.array(z.string().min(1)).nullish(),
});
export const expressServicePointAnswer = z.object({
    servicePoints: z.array(servicePoint),
    warnings: z.array(z.unknown()).nullish(),
});
