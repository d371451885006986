import { decimalToWireNumber } from './rating-amount.js';
import { SHIPMENT_PURPOSE, looksLikeCarrierBService } from './rating-units.js';
/**
 * Assumption BR1: quotes are asked for drop-off at a carrier location. A quote promises no pickup (pickups are booked
 * on their own), so the drop-off price is the one every shipper can have; a scheduled pickup is priced when booked.
 */
export const CARRIER_B_PICKUP_TYPE = 'DROPOFF_AT_CARRIER_LOCATION';
/**
 * The Carrier B service codes a request asks for: those shaped like Carrier B's words (other carriers' codes are
 * theirs). `null` = every service (none requested at all).
 */
export function requestedCarrierBServices(request) {
    if (request.serviceCodes.length === 0)
        return null;
    return [...new Set(request.serviceCodes.filter(looksLikeCarrierBService))];
}
/**
 * `POST /rate/v1/rates/quotes` body for one rate request. One call per request: `serviceType` only when exactly one
 * Carrier B service is asked ("omit to rate every service"); with several, it is omitted and the answer is narrowed
 * to the asked ones by the connector.
 */
export function buildRateRequest(request, accountNumber) {
    const services = requestedCarrierBServices(request);
    const crossBorder = request.origin.countryCode !== request.destination.countryCode;
    const cod = request.cashOnDelivery;
    const customs = request.customs;
    return {
        accountNumber: { value: accountNumber },
        rateRequestControlParameters: {
            // "true adds commit dates and transit bands": a checkout needs the delivery estimate.
            returnTransitTimes: true,
            // "lists workable services when the requested one fails".
            servicesNeededOnRateFailure: true,
        },
        requestedShipment: {
            shipper: { address: address(request.origin) },
            recipient: { address: address(request.destination) },
            ...(services && services.length === 1 ? { serviceType: services[0] } : {}),
            packagingType: 'YOUR_PACKAGING',
            pickupType: CARRIER_B_PICKUP_TYPE,
            shipDateStamp: request.shipDate,
            ...(request.currency ? { preferredCurrency: request.currency } : {}),
            // Published and negotiated prices, kept apart as two quotes per service.
            rateRequestType: ['LIST', 'ACCOUNT'],
            ...(cod
                ? {
                    shipmentSpecialServices: {
                        specialServiceTypes: ['COD'],
                        // Assumption BR2: the whole order's amount at shipment level (a per-package split would be invented).
                        shipmentCODDetail: {
                            codCollectionType: 'CASH',
                            codCollectionAmount: { amount: decimalToWireNumber(cod.amount), currency: cod.currency },
                        },
                    },
                }
                : {}),
            ...(crossBorder && customs
                ? {
                    customsClearanceDetail: {
                        dutiesPayment: { paymentType: customs.dutiesPaidBy },
                        commercialInvoice: { shipmentPurpose: SHIPMENT_PURPOSE[customs.purpose] },
                        freightOnValue: 'CARRIER_RISK',
                        ...(request.declaredValue
                            ? { totalCustomsValue: { amount: decimalToWireNumber(request.declaredValue.amount), currency: request.declaredValue.currency } }
                            : {}),
                        commodities: customs.items.map((item) => ({
                            description: item.description,
                            ...(item.weight ? { weight: { units: item.weight.unit, value: item.weight.value } } : {}),
                            quantity: item.quantity,
                            quantityUnits: item.quantityUnit,
                            customsValue: { amount: decimalToWireNumber(item.value.amount), currency: item.value.currency },
                            ...(item.hsCode ? { harmonizedCode: item.hsCode } : {}),
                            ...(item.countryOfOrigin ? { countryOfManufacture: item.countryOfOrigin } : {}),
                        })),
                    },
                }
                : {}),
            requestedPackageLineItems: request.packages.map((pkg) => ({
                weight: { units: pkg.weight.unit, value: pkg.weight.value },
                // Assumption BR3: dimensions travel when given (the answer's `dimDivisor` and `ratedWeightMethod` price by them).
                ...(pkg.dimensions
                    ? {
                        dimensions: {
                            length: pkg.dimensions.length,
                            width: pkg.dimensions.width,
                            height: pkg.dimensions.height,
                            units: pkg.dimensions.unit,
                        },
                    }
                    : {}),
            })),
        },
    };
}
/** "`postalCode`, `countryCode` (2 letters)", and the rest of the address where the caller gave it. */
function address(input) {
    return {
        ...(input.postalCode ? { postalCode: input.postalCode } : {}),
        countryCode: input.countryCode,
        ...(input.city ? { city: input.city } : {}),
        ...(input.stateOrProvinceCode ? { stateOrProvinceCode: input.stateOrProvinceCode } : {}),
        ...(input.streetLines.length > 0 ? { streetLines: [...input.streetLines] } : {}),
        ...(input.residential !== null ? { residential: input.residential } : {}),
    };
}
