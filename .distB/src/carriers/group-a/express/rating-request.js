import { centimetres, ESTIMATED_DELIVERY_TYPE_CODE, EXPRESS_PACKAGE_TYPE_CODE, kilograms, looksLikeExpressProduct } from './rating-units.js';
const SHIP_DATE = /^\d{4}-\d{2}-\d{2}$/;
const READY_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
/**
 * "`plannedShippingDateAndTime` string shaped `YYYY-MM-DDTHH:MM:SS GMT+HH:MM`": the origin's local ship date and ready
 * time, and its UTC offset on that date. `+0530` gains its colon; `HH:MM` gains `:00`. Anything else throws: the
 * rating input was validated before, so a shape we cannot write is our bug, not the caller's.
 */
export function plannedShippingDateAndTime(shipDate, readyTime, originUtcOffset) {
    const time = READY_TIME.exec(readyTime);
    const offset = OFFSET.exec(originUtcOffset === 'Z' ? '+00:00' : originUtcOffset);
    if (!SHIP_DATE.test(shipDate) || !time || !offset) {
        throw new Error(`cannot shape plannedShippingDateAndTime from ${shipDate} ${readyTime} ${originUtcOffset}`);
    }
    return `${shipDate}T${time[1]}:${time[2]}:${time[3] ?? '00'} GMT${offset[1]}${offset[2]}:${offset[3]}`;
}
export function expressParty(address, withProvince) {
    return {
        countryCode: address.countryCode,
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
        ...(address.city ? { cityName: address.city } : {}),
        ...(address.streetLines[0] ? { addressLine1: address.streetLines[0] } : {}),
        ...(withProvince && address.stateOrProvinceCode ? { provinceCode: address.stateOrProvinceCode } : {}),
    };
}
export function expressPackages(packages) {
    return packages.map((pkg) => ({
        typeCode: EXPRESS_PACKAGE_TYPE_CODE,
        weight: kilograms(pkg.weight),
        ...(pkg.dimensions ? { dimensions: centimetres(pkg.dimensions) } : {}),
    }));
}
/** Cross-border means the countries differ (assumption XR2): then customs are declared. */
export function isCrossBorder(request) {
    return request.origin.countryCode !== request.destination.countryCode;
}
function amount(money) {
    return Number(money.amount);
}
/**
 * The express product codes a request names: those shaped like express codes (other carriers' codes are theirs).
 * `null` = every product (none named at all); empty = only other carriers' codes were named.
 */
export function requestedExpressProducts(request) {
    if (request.serviceCodes.length === 0)
        return null;
    return [...new Set(request.serviceCodes.filter(looksLikeExpressProduct))];
}
/**
 * `productsAndServices[]`: one entry per requested product code, each carrying cash on delivery when asked; with COD
 * and no product named, one entry without `productCode` whose value-added services apply to every product
 * (assumption XR7). Absent when neither is asked.
 */
function productsAndServices(request, codServiceCode) {
    const cod = request.cashOnDelivery;
    const valueAddedServices = cod ? [{ serviceCode: codServiceCode, value: amount(cod), currency: cod.currency }] : undefined;
    const products = requestedExpressProducts(request);
    if (products !== null) {
        return products.map((productCode) => ({ productCode, ...(valueAddedServices ? { valueAddedServices } : {}) }));
    }
    return valueAddedServices ? [{ valueAddedServices }] : undefined;
}
export function expressRateRequest(request, settings) {
    const products = productsAndServices(request, settings.codServiceCode);
    return {
        customerDetails: {
            shipperDetails: expressParty(request.origin, false),
            receiverDetails: expressParty(request.destination, true),
        },
        // "the account number is supplied in the body (`accounts[]`), so one credential pair can serve several accounts".
        accounts: [{ typeCode: 'shipper', number: settings.accountNumber }],
        ...(products ? { productsAndServices: products } : {}),
        // The shipper's account pays the transport (assumption XR2).
        payerCountryCode: request.origin.countryCode,
        plannedShippingDateAndTime: plannedShippingDateAndTime(request.shipDate, request.readyTime, request.originUtcOffset),
        unitOfMeasurement: 'metric',
        isCustomsDeclarable: isCrossBorder(request),
        ...(request.declaredValue
            ? { monetaryAmount: [{ typeCode: 'declaredValue', value: amount(request.declaredValue), currency: request.declaredValue.currency }] }
            : {}),
        estimatedDeliveryDate: { isRequested: true, typeCode: ESTIMATED_DELIVERY_TYPE_CODE },
        packages: expressPackages(request.packages),
    };
}
