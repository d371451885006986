import { decimalToWireNumber } from './rating-amount.js';
import { SHIPMENT_PURPOSE } from './rating-units.js';
import { DEFAULT_PACKAGING_TYPE, DEFAULT_PICKUP_TYPE, LABEL_RESOLUTION, LABEL_STOCK_TYPE, ORDER_REFERENCE_TYPE, PURCHASE_REFERENCE_TYPE, } from './ship-units.js';
/**
 * `POST /ship/v1/shipments` body from a checked ShipmentRequest (the seed's "Shipment creation request"). The same
 * body goes to `/ship/v1/shipments/packages/validate` ("same shape as creation").
 */
export function buildShipRequest(request, accountNumber) {
    const references = customerReferences(request);
    const codPackages = request.packages.some((pkg) => pkg.cashOnDelivery);
    const crossBorder = request.shipper.address.countryCode !== request.recipient.address.countryCode;
    // "totalWeight: number" (no unit shown): in the first package's unit, the others converted to it.
    const unit = request.packages[0]?.weight.unit ?? 'KG';
    const totalWeight = request.packages.reduce((sum, pkg) => sum + inUnit(pkg.weight.value, pkg.weight.unit, unit), 0);
    return {
        // INLINE -> `LABEL` (the seed: "decides whether the label arrives inline or as a URL"); URL -> `URL_ONLY` (SB7).
        labelResponseOptions: request.labelDelivery === 'URL' ? 'URL_ONLY' : 'LABEL',
        mergeLabelDocOption: 'LABELS_AND_DOCS',
        accountNumber: { value: accountNumber },
        requestedShipment: {
            shipDatestamp: request.shipDate,
            pickupType: request.pickupType ?? DEFAULT_PICKUP_TYPE,
            serviceType: request.serviceCode,
            packagingType: request.packagingType ?? DEFAULT_PACKAGING_TYPE,
            totalWeight: Math.round(totalWeight * 1000) / 1000,
            shipper: wireParty(request.shipper),
            recipients: [wireParty(request.recipient)],
            shippingChargesPayment: { paymentType: request.paymentType, payor: { responsibleParty: { accountNumber: { value: accountNumber } } } },
            labelSpecification: {
                labelFormatType: 'COMMON2D',
                imageType: request.labelFormat,
                labelStockType: LABEL_STOCK_TYPE,
                labelOrder: 'SHIPPING_LABEL_FIRST',
                resolution: LABEL_RESOLUTION,
            },
            ...(codPackages && request.codCollectionType
                ? { shipmentSpecialServices: { specialServiceTypes: ['COD'], shipmentCODDetail: { codCollectionType: request.codCollectionType } } }
                : {}),
            ...(crossBorder && request.customs
                ? {
                    customsClearanceDetail: {
                        dutiesPayment: { paymentType: request.customs.dutiesPaidBy },
                        commercialInvoice: { shipmentPurpose: SHIPMENT_PURPOSE[request.customs.purpose] },
                        freightOnValue: 'CARRIER_RISK',
                        ...(request.declaredValue
                            ? { totalCustomsValue: { amount: decimalToWireNumber(request.declaredValue.amount), currency: request.declaredValue.currency } }
                            : {}),
                        commodities: request.customs.items.map((item) => ({
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
            requestedPackageLineItems: request.packages.map((pkg, i) => ({
                sequenceNumber: i + 1,
                weight: { units: pkg.weight.unit, value: pkg.weight.value },
                ...(pkg.dimensions
                    ? { dimensions: { length: pkg.dimensions.length, width: pkg.dimensions.width, height: pkg.dimensions.height, units: pkg.dimensions.unit } }
                    : {}),
                ...(pkg.description ? { itemDescription: pkg.description } : {}),
                // "customerReferences[] on pieces": every piece carries the order id and our purchase reference, so a lookup by
                // either finds the shipment whichever piece the carrier indexes.
                customerReferences: references,
                ...(pkg.cashOnDelivery
                    ? {
                        packageSpecialServices: {
                            specialServiceTypes: ['COD'],
                            packageCODDetail: { codCollectionAmount: { amount: decimalToWireNumber(pkg.cashOnDelivery.amount), currency: pkg.cashOnDelivery.currency } },
                        },
                    }
                    : {}),
            })),
        },
    };
}
const KG_PER_LB = 0.45359237;
function inUnit(value, from, to) {
    if (from === to)
        return value;
    return from === 'LB' ? value * KG_PER_LB : value / KG_PER_LB;
}
/** Order id (`CUSTOMER_REFERENCE`), the caller's other references, and our purchase reference (SB1). */
export function customerReferences(request) {
    return [
        ...(request.orderId ? [{ customerReferenceType: ORDER_REFERENCE_TYPE, value: request.orderId }] : []),
        ...request.references.map((r) => ({ customerReferenceType: r.type, value: r.value })),
        { customerReferenceType: PURCHASE_REFERENCE_TYPE, value: request.purchaseReference },
    ];
}
export function wireParty(input) {
    const { address } = input;
    return {
        contact: {
            personName: input.contactName,
            ...(input.companyName ? { companyName: input.companyName } : {}),
            ...(input.phone ? { phoneNumber: input.phone } : {}),
            ...(input.email ? { emailAddress: input.email } : {}),
        },
        address: {
            streetLines: [...address.streetLines],
            city: address.city,
            ...(address.stateOrProvinceCode ? { stateOrProvinceCode: address.stateOrProvinceCode } : {}),
            ...(address.postalCode ? { postalCode: address.postalCode } : {}),
            countryCode: address.countryCode,
            ...(address.residential !== null ? { residential: address.residential } : {}),
        },
    };
}
