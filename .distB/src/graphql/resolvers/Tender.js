import { shippingOf } from './shipping.js';
/** `Tender`: a manifest or end-of-day close as stored; its labels resolve by id. */
export const Tender = {
    account: (tender) => tender.accountNumber,
    labels: async (tender, _args, ctx) => {
        const api = shippingOf(ctx).api;
        const labels = await Promise.all(tender.labelIds.map((id) => api.label(id)));
        return labels.filter((label) => label !== null);
    },
    createdAt: (tender) => tender.createdAt.toISOString(),
};
