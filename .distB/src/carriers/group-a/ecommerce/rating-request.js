import { dimensionsInInches, weightInPounds } from './rating-units.js';
/** The label request's `consigneeAddress` from ours; members we do not have are left out, never sent empty. */
export function consigneeAddressOf(address) {
    const [address1, address2] = address.streetLines;
    return {
        ...(address1 ? { address1 } : {}),
        ...(address2 ? { address2 } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.stateOrProvinceCode ? { state: address.stateOrProvinceCode } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
        country: address.countryCode,
    };
}
/** `packageDetail` weight in LB and dimension in IN (E8), as the label request measures them. */
export function packageMeasuresOf(pkg) {
    return {
        weight: { value: weightInPounds(pkg.weight), unitOfMeasure: 'LB' },
        ...(pkg.dimensions ? { dimension: dimensionsInInches(pkg.dimensions) } : {}),
    };
}
/** One products request for a one-package rate request (E7; several packages are refused before any call). */
export function buildProductsRequest(account, request, pkg) {
    const { declaredValue } = request;
    return {
        pickup: account.pickup,
        distributionCenter: account.distributionCenter,
        consigneeAddress: consigneeAddressOf(request.destination),
        packageDetail: {
            ...packageMeasuresOf(pkg),
            ...(declaredValue ? { shippingCost: { currency: declaredValue.currency, declaredValue: Number(declaredValue.amount) } } : {}),
        },
        expectedShipDate: request.shipDate,
    };
}
