/** The rate shop as the service returned it; DELIVER_BY's exclusions and request warnings default to none. */
export const RateShopResult = {
    excluded: (shop) => shop.excluded ?? [],
    warnings: (shop) => shop.warnings ?? [],
};
