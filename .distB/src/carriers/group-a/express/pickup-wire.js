import { z } from 'zod';
/**
 * Wire shapes of express pickups (seed 000: "Express pickup answer: `dispatchConfirmationNumbers` (array of string),
 * `readyByTime` (HH:MM), `nextPickupDate` (YYYY-MM-DD), `warnings` (array of string)"; the request, and the method and
 * path of create, update and cancel: "not shown"). Our choice, assumption PX3, which the sandbox follows.
 */
export const PICKUPS_PATH = '/pickups';
/** Update: PATCH on the pickup the dispatch confirmation number names ("the handle for update and cancel"). */
export const pickupPath = (dispatchConfirmationNumber) => `${PICKUPS_PATH}/${encodeURIComponent(dispatchConfirmationNumber)}`;
/** Cancel: DELETE on the path the seed's `cancelPickupUrl` form names, below the base (test or production). */
export const cancelPickupPath = (dispatchConfirmationNumber) => `/shipment-pickups/${encodeURIComponent(dispatchConfirmationNumber)}`;
export const expressPickupAnswer = z.object({
    dispatchConfirmationNumbers: z.array(z.string().min(1)).min(1),
    readyByTime: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'HH:MM').nullish(),
    nextPickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').nullish(),
    warnings: z.array(z.unknown()).nullish(),
});
export const expressPickupCancelAnswer = z.object({
    dispatchConfirmationNumber: z.string().min(1),
    status: z.string().min(1),
    message: z.string().nullish(),
    warnings: z.array(z.unknown()).nullish(),
});
