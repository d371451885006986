import { InputError } from '../../domain/errors.js';
import { looksLikeCarrierBService } from './rating-units.js';
import { CARRIER_B_REFERENCE_TYPES, PURCHASE_REFERENCE_TYPE } from './ship-units.js';
/**
 * Carrier B's own refusals of a shipment request, found before any call (seed 001: "Required inputs: account number,
 * pickup type, service type, packaging type, shipper, recipient, payment type, package weights, label specification").
 * Every missing or malformed one is reported, each naming its field under `input.`; none is a call.
 */
/** Customer reference values: at most 40 characters (assumption SB4; the seed gives no length). */
export const CARRIER_B_REFERENCE_MAX = 40;
const ENUM_WORD = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const DECIMAL = /^\d{1,12}(\.\d{1,3})?$/;
const COUNTRY = /^[A-Z]{2}$/;
export function checkCarrierBShipment(request, ctx) {
    const errors = [];
    const fail = (field, message) => errors.push(new InputError(`input.${field}`, message));
    // account number
    if (request.accountNumber !== null) {
        if (request.accountNumber.trim() === '')
            fail('accountNumber', 'the account number is required (or omit it to use the configured one)');
        else if (!ctx.accountNumbers.includes(request.accountNumber))
            fail('accountNumber', 'this account is not configured for Carrier B');
    }
    // service type
    if (!request.serviceCode || request.serviceCode.trim() === '')
        fail('serviceCode', 'the service type is required');
    else if (!looksLikeCarrierBService(request.serviceCode))
        fail('serviceCode', `"${request.serviceCode}" is not a Carrier B service type (e.g. CARRIER_GROUND)`);
    // pickup and packaging type: null is the connector's default, so only a given malformed value is refused
    if (request.pickupType !== null && !ENUM_WORD.test(request.pickupType))
        fail('pickupType', 'the pickup type must be an upper-case word such as DROPOFF_AT_CARRIER_LOCATION');
    if (request.packagingType !== null && !ENUM_WORD.test(request.packagingType))
        fail('packagingType', 'the packaging type must be an upper-case word such as YOUR_PACKAGING');
    // payment type: the only one the seed shows
    if (request.paymentType !== 'SENDER')
        fail('paymentType', 'the payment type must be SENDER');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(request.shipDate ?? ''))
        fail('shipDate', 'the ship date must be YYYY-MM-DD');
    // shipper and recipient
    checkParty(request.shipper, 'shipper', fail);
    checkParty(request.recipient, 'recipient', fail);
    // package weights
    if (!Array.isArray(request.packages) || request.packages.length === 0)
        fail('packages', 'at least one package with its weight is required');
    const codCurrencies = new Set();
    (request.packages ?? []).forEach((pkg, i) => {
        const weight = pkg?.weight;
        if (!weight || !Number.isFinite(weight.value) || weight.value <= 0)
            fail(`packages.${i}.weight`, 'each package needs a weight above zero');
        else if (weight.unit !== 'KG' && weight.unit !== 'LB')
            fail(`packages.${i}.weight.unit`, 'the weight unit must be KG or LB');
        const cod = pkg?.cashOnDelivery;
        if (cod) {
            if (!DECIMAL.test(cod.amount) || Number(cod.amount) <= 0)
                fail(`packages.${i}.cashOnDelivery.amount`, 'the amount to collect must be a decimal above zero');
            if (!/^[A-Z]{3}$/.test(cod.currency))
                fail(`packages.${i}.cashOnDelivery.currency`, 'the currency must be an ISO 4217 code');
            codCurrencies.add(cod.currency);
        }
    });
    if (codCurrencies.size > 0 && !request.codCollectionType)
        fail('codCollectionType', 'cash on delivery needs a collection type (e.g. CASH)');
    if (request.codCollectionType && !ENUM_WORD.test(request.codCollectionType))
        fail('codCollectionType', 'the collection type must be an upper-case word such as CASH');
    if (codCurrencies.size > 1)
        fail('packages', 'every package collects cash on delivery in the same currency');
    // label specification
    if (request.labelFormat !== 'PDF' && request.labelFormat !== 'PNG')
        fail('labelFormat', 'Carrier B labels are PDF or PNG');
    if (request.labelDelivery !== 'INLINE' && request.labelDelivery !== 'URL')
        fail('labelDelivery', 'the label arrives INLINE or as a URL');
    // references
    if (request.orderId !== null && !validReference(request.orderId)) {
        fail('orderId', `the order id must be 1 to ${CARRIER_B_REFERENCE_MAX} characters (it travels as CUSTOMER_REFERENCE)`);
    }
    (request.references ?? []).forEach((reference, i) => {
        if (!CARRIER_B_REFERENCE_TYPES.includes(reference.type)) {
            fail(`references.${i}.type`, `Carrier B reference types are ${CARRIER_B_REFERENCE_TYPES.join(', ')}`);
        }
        else if (reference.type === PURCHASE_REFERENCE_TYPE) {
            fail(`references.${i}.type`, `${PURCHASE_REFERENCE_TYPE} carries our purchase reference (it finds a lost answer again)`);
        }
        else if (reference.type === 'CUSTOMER_REFERENCE' && request.orderId !== null) {
            fail(`references.${i}.type`, 'CUSTOMER_REFERENCE carries the order id');
        }
        if (!validReference(reference.value))
            fail(`references.${i}.value`, `a reference value is 1 to ${CARRIER_B_REFERENCE_MAX} characters`);
    });
    if (!validReference(request.purchaseReference))
        fail('idempotencyKey', 'the purchase reference derived from it does not fit a Carrier B reference');
    return errors;
}
export function checkParty(party, name, fail) {
    if (!party) {
        fail(name, `the ${name} is required`);
        return;
    }
    if (!party.contactName || party.contactName.trim() === '')
        fail(`${name}.contactName`, `the ${name}'s contact name is required`);
    const address = party.address;
    if (!address) {
        fail(`${name}.address`, `the ${name}'s address is required`);
        return;
    }
    if (!Array.isArray(address.streetLines) || address.streetLines.length === 0 || address.streetLines.some((l) => !l || l.trim() === '')) {
        fail(`${name}.address.streetLines`, 'one to three street lines are required');
    }
    else if (address.streetLines.length > 3)
        fail(`${name}.address.streetLines`, 'at most three street lines');
    if (!address.city || address.city.trim() === '')
        fail(`${name}.address.city`, 'the city is required');
    if (!COUNTRY.test(address.countryCode ?? ''))
        fail(`${name}.address.countryCode`, 'the country is an ISO 3166-1 alpha-2 code');
}
function validReference(value) {
    return typeof value === 'string' && value.trim().length > 0 && value.length <= CARRIER_B_REFERENCE_MAX;
}
