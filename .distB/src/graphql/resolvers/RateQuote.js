/** Every member is the domain quote's own; the promised window carries no remark. */
export const RateQuote = {
    deliveryWindow: (quote) => (quote.deliveryWindow ? { ...quote.deliveryWindow, remark: null } : null),
};
