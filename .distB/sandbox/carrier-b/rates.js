import { header } from '../core/http.js';
import { carrierBError } from './errors.js';
import { cleanPostalCode, existsWhenShaped } from './postal-codes.js';
import { DIM_DIVISOR, MAX_PARCEL_SHIPMENT_KG, NOT_SERVED_COUNTRIES, SERVICES, billableKg, inExtendedArea, isKnownCurrency, laneServices, priceService, quoteCurrency, toWire, transitOf, zoneOf, } from './rates-pricing.js';
import { parseRateRequest } from './rates-request.js';
/**
 * `POST /rate/v1/rates/quotes` (seed 001 "Rate request", "Rate answer"; docs/assumptions.md BR1-BR7). Deterministic:
 * the same request and seed give the same answer, delivery dates count from `shipDateStamp`. Lane rules:
 * - destination country CU, IR, KP or SY: 400 `RATE.DESTINATION.COUNTRY.NOTSERVED`;
 * - a postal code that does not exist (postal-codes.ts): 400 `RATE.ORIGIN|DESTINATION.POSTALCODE.INVALID`;
 * - a destination code ending in `999`, or more than 1000 kg (freight is not quoted): 200 with no rateReplyDetails;
 * - a destination code ending in `7`: an extended-area alert and surcharge;
 * - COD across a border: 400 `RATE.SPECIALSERVICE.COD.NOTALLOWED` (the seed: "intra-country cash on delivery");
 * - across a border without `customsClearanceDetail`: 400 `RATE.CUSTOMSCLEARANCEDETAIL.REQUIRED`;
 * - a `serviceType` the lane lacks: 400 `RATE.SERVICETYPE.NOTAVAILABLE`, listing `output.workableServices` when
 *   `servicesNeededOnRateFailure` is true (assumption BR5).
 */
export function rateQuotesRoute(ctx, guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/rate/v1/rates/quotes',
        kind: 'business',
        guards,
        handle: (req) => {
            const parsed = parseRateRequest(req);
            if (!parsed.ok)
                return carrierBError(nextTransactionId(), 400, parsed.code, parsed.message);
            return answerRateRequest(ctx, req, parsed.value, nextTransactionId);
        },
    };
}
function answerRateRequest(ctx, req, request, nextTransactionId) {
    const refuse = (status, code, message) => carrierBError(nextTransactionId(), status, code, message);
    if (request.accountNumber !== ctx.credentials.carrierB.accountNumber) {
        return refuse(403, 'ACCOUNT.NUMBER.MISMATCH', 'The account number is not the one these credentials ship for.');
    }
    const { origin, destination } = request;
    if (NOT_SERVED_COUNTRIES.includes(destination.countryCode)) {
        return refuse(400, 'RATE.DESTINATION.COUNTRY.NOTSERVED', `Service is not available to country ${destination.countryCode}.`);
    }
    for (const [side, address] of [['ORIGIN', origin], ['DESTINATION', destination]]) {
        if (address.postalCode && !existsWhenShaped(address.countryCode, cleanPostalCode(address.countryCode, address.postalCode))) {
            return refuse(400, `RATE.${side}.POSTALCODE.INVALID`, `Postal code ${address.postalCode} does not exist in ${address.countryCode}.`);
        }
    }
    const crossBorder = origin.countryCode !== destination.countryCode;
    if (crossBorder && request.codRequested) {
        return refuse(400, 'RATE.SPECIALSERVICE.COD.NOTALLOWED', 'COD is available for shipments within one country only.');
    }
    if (crossBorder && !request.customs) {
        return refuse(400, 'RATE.CUSTOMSCLEARANCEDETAIL.REQUIRED', 'customsClearanceDetail is required for a shipment that crosses a border.');
    }
    if (request.serviceType && !SERVICES[request.serviceType]) {
        return refuse(400, 'RATE.SERVICETYPE.INVALID', `serviceType ${request.serviceType} is not a valid service type.`);
    }
    const alerts = alertsFor(request);
    const { kg, method } = billableKg(request.packages);
    if (notServed(destination) || kg > MAX_PARCEL_SHIPMENT_KG)
        return rateAnswer(req, nextTransactionId(), [], alerts);
    const services = laneServices(origin, destination, request.packages);
    let rated = services;
    if (request.serviceType) {
        rated = services.filter((service) => service.serviceType === request.serviceType);
        if (rated.length === 0) {
            const workable = request.servicesNeededOnRateFailure
                ? { output: { workableServices: services.map((s) => ({ serviceType: s.serviceType, serviceName: s.serviceName })) } }
                : {};
            return {
                status: 400,
                json: {
                    transactionId: nextTransactionId(),
                    errors: [
                        {
                            code: 'RATE.SERVICETYPE.NOTAVAILABLE',
                            message: `${request.serviceType} is not available between ${origin.countryCode} and ${destination.countryCode} for this shipment.`,
                            parameterList: [],
                        },
                    ],
                    ...workable,
                },
            };
        }
    }
    const zone = zoneOf(ctx.seed, origin, destination);
    const details = rated.map((service) => replyDetail(ctx.seed, request, service, zone, kg, method));
    return rateAnswer(req, nextTransactionId(), details, alerts);
}
/** The sandbox's unserved lanes that answer with no services at all: destination codes ending in 999. */
function notServed(destination) {
    return destination.postalCode !== null && cleanPostalCode(destination.countryCode, destination.postalCode).endsWith('999');
}
function alertsFor(request) {
    const alerts = [];
    if (inExtendedArea(request.destination)) {
        alerts.push({
            code: 'RATE.DESTINATION.EXTENDEDAREA',
            message: 'The destination is in an extended delivery area; an extended delivery area surcharge applies.',
            alertType: 'NOTE',
        });
    }
    if (request.preferredCurrency && !isKnownCurrency(request.preferredCurrency)) {
        alerts.push({
            code: 'RATE.PREFERREDCURRENCY.UNSUPPORTED',
            message: `Rates cannot be returned in ${request.preferredCurrency}; they are in ${quoteCurrency(request)}.`,
            alertType: 'WARNING',
        });
    }
    return alerts;
}
/** Which `rateType` entries to give: those asked among LIST and ACCOUNT; ACCOUNT when neither is asked. */
function rateTypesFor(request) {
    const types = [];
    if (request.rateRequestTypes.includes('ACCOUNT'))
        types.push('ACCOUNT');
    if (request.rateRequestTypes.includes('LIST'))
        types.push('LIST');
    return types.length > 0 ? types : ['ACCOUNT'];
}
function replyDetail(seed, request, service, zone, kg, method) {
    const currency = quoteCurrency(request);
    const wire = (minor) => toWire(minor, currency);
    const lines = (items) => items.map((line) => ({ type: line.type, description: line.description, amount: wire(line.minor) }));
    const crossBorder = request.origin.countryCode !== request.destination.countryCode;
    const ratedShipmentDetails = rateTypesFor(request).map((rateType) => {
        const price = priceService(seed, request, service, zone, kg, rateType === 'ACCOUNT');
        const surcharges = price.surcharges.reduce((sum, line) => sum + line.minor, 0);
        const taxes = price.taxes.reduce((sum, line) => sum + line.minor, 0);
        const net = price.baseMinor - price.discountMinor + surcharges + taxes;
        return {
            rateType,
            ratedWeightMethod: method,
            totalBaseCharge: wire(price.baseMinor),
            totalDiscounts: wire(price.discountMinor),
            totalNetCharge: wire(net),
            totalDutiesAndTaxes: wire(price.dutiesMinor),
            totalNetChargeWithDutiesAndTaxes: wire(net + price.dutiesMinor),
            shipmentRateDetail: {
                currency,
                rateZone: crossBorder ? String.fromCharCode(63 + zone) : String(zone),
                ratingBasis: 'WEIGHT',
                pricingCode: 'PACKAGE',
                totalSurcharges: wire(surcharges),
                fuelSurchargePercent: price.fuelSurchargePercent,
                dimDivisor: DIM_DIVISOR,
                surCharges: lines(price.surcharges),
                taxes: lines(price.taxes),
            },
        };
    });
    const guarantee = { ineligibleForMoneyBackGuarantee: service.ineligibleForMoneyBackGuarantee };
    return {
        serviceType: service.serviceType,
        serviceName: service.serviceName,
        packagingType: 'YOUR_PACKAGING',
        ratedShipmentDetails,
        // "returnTransitTimes ... true adds commit dates and transit bands": without it, none are given.
        operationalDetail: request.returnTransitTimes ? { ...transitOf(request.shipDateStamp, service, zone), ...guarantee } : guarantee,
    };
}
function rateAnswer(req, transactionId, rateReplyDetails, alerts) {
    const customerTransactionId = header(req, 'x-customer-transaction-id');
    return {
        status: 200,
        json: {
            transactionId,
            ...(customerTransactionId !== undefined ? { customerTransactionId } : {}),
            output: { rateReplyDetails, alerts },
        },
    };
}
