import { plannedShippingDateAndTime } from './rating-request.js';
import { centimetres, EXPRESS_PACKAGE_TYPE_CODE, kilograms } from './rating-units.js';
import { CUSTOMER_REFERENCE_TYPE_CODE, DEFAULT_READY_TIME, EXPORT_REASON_TYPES, INCOTERMS } from './ship-units.js';
/** Cross-border means the countries differ (XR2): customs are declared and an invoice is asked for. */
export function isCrossBorderShipment(request) {
    return request.shipper.address.countryCode !== request.recipient.address.countryCode;
}
/**
 * The ready time the body carries (SX1): the request's own, else the booked pickup's ready time, else midday. The
 * pickup's date must be the ship date (`check` refuses another).
 */
export function expressReadyTime(request) {
    if (request.readyTime)
        return request.readyTime;
    const fromPickup = request.pickup?.readyAt.split('T')[1];
    return fromPickup ?? DEFAULT_READY_TIME;
}
export function party(who) {
    const { address } = who;
    const [line1 = '', line2, line3] = address.streetLines;
    return {
        postalAddress: {
            addressLine1: line1,
            ...(line2 ? { addressLine2: line2 } : {}),
            ...(line3 ? { addressLine3: line3 } : {}),
            cityName: address.city,
            ...(address.postalCode ? { postalCode: address.postalCode } : {}),
            ...(address.stateOrProvinceCode ? { provinceCode: address.stateOrProvinceCode } : {}),
            countryCode: address.countryCode,
        },
        contactInformation: {
            fullName: who.contactName,
            ...(who.companyName ? { companyName: who.companyName } : {}),
            ...(who.phone ? { phone: who.phone } : {}),
            ...(who.email ? { email: who.email } : {}),
        },
    };
}
/**
 * "A caller that wants to find a shipment by its own order id writes that id into ... `customerReferences[]`
 * (express) at shipment creation": the order id first, then our purchase reference (so a lost answer is found by it,
 * never bought again), then the caller's further references; each once (SX3).
 */
export function expressCustomerReferences(request) {
    const values = [request.orderId, request.purchaseReference, ...request.references.map((r) => r.value)];
    const seen = new Set();
    const references = [];
    for (const value of values) {
        if (!value || seen.has(value))
            continue;
        seen.add(value);
        references.push({ value, typeCode: CUSTOMER_REFERENCE_TYPE_CODE });
    }
    return references;
}
/**
 * Sum of decimal strings of one currency, exactly (never through floats): scaled to the longest fraction as BigInt.
 * Exported for the check's currency rule and for tests.
 */
export function sumDecimals(amounts) {
    const scale = Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
    const total = amounts.reduce((sum, a) => {
        const [whole = '0', fraction = ''] = a.split('.');
        return sum + BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
    }, 0n);
    if (scale === 0)
        return total.toString();
    const negative = total < 0n;
    const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
    return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
function amount(money) {
    return Number(money.amount);
}
/** Cash on delivery of the packages, as one shipment-level value-added service (the rate request's `KB`, XR7). */
function cashOnDelivery(request, codServiceCode) {
    const cod = request.packages.map((p) => p.cashOnDelivery).filter((m) => m !== null);
    const currency = cod[0]?.currency;
    if (!currency)
        return undefined;
    return [{ serviceCode: codServiceCode, value: Number(sumDecimals(cod.map((m) => m.amount))), currency }];
}
function content(request) {
    const customs = request.customs;
    if (!customs || !isCrossBorderShipment(request))
        return undefined;
    return {
        description: customs.items.map((item) => item.description).join(', ').slice(0, 70),
        incoterm: INCOTERMS[customs.dutiesPaidBy] ?? 'DAP',
        exportDeclaration: {
            exportReasonType: EXPORT_REASON_TYPES[customs.purpose] ?? 'permanent',
            lineItems: customs.items.map((item, i) => ({
                number: i + 1,
                description: item.description,
                // The domain's value is the whole line's (CustomsItem.value); the carrier family prices the line too.
                price: amount(item.value),
                priceCurrency: item.value.currency,
                quantity: { value: item.quantity, unitOfMeasurement: item.quantityUnit },
                ...(item.hsCode ? { commodityCodes: [{ typeCode: 'outbound', value: item.hsCode }] } : {}),
                ...(item.countryOfOrigin ? { manufacturerCountry: item.countryOfOrigin } : {}),
                ...(item.weight ? { weight: { netValue: kilograms(item.weight), grossValue: kilograms(item.weight) } } : {}),
            })),
        },
    };
}
/** The body; `request` passed `check` (an offset and a ready time we cannot shape throw: our bug, not the caller's). */
export function expressShipmentRequest(request, settings) {
    const crossBorder = isCrossBorderShipment(request);
    const pickup = request.pickup;
    const valueAddedServices = cashOnDelivery(request, settings.codServiceCode);
    const customsContent = content(request);
    const documents = [
        { typeCode: 'label', isRequested: true },
        { typeCode: 'waybill-doc', isRequested: true },
        { typeCode: 'qr-code', isRequested: true },
        // A commercial invoice only where customs need one.
        ...(crossBorder ? [{ typeCode: 'invoice', isRequested: true }] : []),
    ];
    return {
        plannedShippingDateAndTime: plannedShippingDateAndTime(request.shipDate, expressReadyTime(request), request.originUtcOffset ?? ''),
        // "can book a pickup in the same call": isRequested says whether it does (SX2).
        pickup: pickup
            ? {
                isRequested: true,
                ...(pickup.closeTime ? { closeTime: pickup.closeTime } : {}),
                ...(pickup.location ? { location: pickup.location } : {}),
                ...(pickup.instructions ? { specialInstructions: [{ value: pickup.instructions, typeCode: 'TBD' }] } : {}),
            }
            : { isRequested: false },
        productCode: request.serviceCode,
        // "the account number is supplied in the body (`accounts[]`), so one credential pair can serve several accounts".
        accounts: [{ typeCode: 'shipper', number: settings.accountNumber }],
        customerDetails: { shipperDetails: party(request.shipper), receiverDetails: party(request.recipient) },
        customerReferences: expressCustomerReferences(request),
        unitOfMeasurement: 'metric',
        isCustomsDeclarable: crossBorder,
        ...(request.declaredValue
            ? { monetaryAmount: [{ typeCode: 'declaredValue', value: amount(request.declaredValue), currency: request.declaredValue.currency }] }
            : {}),
        ...(valueAddedServices ? { valueAddedServices } : {}),
        packages: request.packages.map((pkg) => ({
            typeCode: EXPRESS_PACKAGE_TYPE_CODE,
            weight: kilograms(pkg.weight),
            ...(pkg.dimensions ? { dimensions: centimetres(pkg.dimensions) } : {}),
            ...(pkg.description ? { description: pkg.description } : {}),
            ...(pkg.packageId ? { customerReferences: [{ value: pkg.packageId, typeCode: CUSTOMER_REFERENCE_TYPE_CODE }] } : {}),
        })),
        outputImageProperties: { encodingFormat: request.labelFormat === 'PNG' ? 'png' : 'pdf', imageOptions: documents },
        ...(customsContent ? { content: customsContent } : {}),
    };
}
