import { isRecord } from '../core/http.js';
import { lookUpPostalCode } from './postal-codes.js';
import { SERVICES } from './rates-pricing.js';
/** Services the sandbox ships: every rated one, and the seed's freight economy word (ground network, with freight documents). */
export const SHIPPABLE_SERVICES = {
    ...Object.fromEntries(Object.values(SERVICES).map((s) => [s.serviceType, { name: s.serviceName, baseCents: s.baseCents, perKgCents: s.perKgCents, ground: s.serviceType === 'CARRIER_GROUND' }])),
    CARRIER_FREIGHT_ECONOMY: { name: 'Carrier Freight Economy', baseCents: 18000, perKgCents: 120, ground: true },
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export function parseShipRequest(body) {
    const errors = [];
    const alerts = [];
    const need = (code, message) => errors.push({ code, message });
    const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
    const account = isRecord(body['accountNumber']) ? text(body['accountNumber']['value']) : null;
    if (!account)
        need('SHIP.ACCOUNTNUMBER.REQUIRED', 'Please provide accountNumber.value.');
    const responseOption = body['labelResponseOptions'] ?? 'LABEL';
    if (responseOption !== 'LABEL' && responseOption !== 'URL_ONLY')
        need('SHIP.LABELRESPONSEOPTIONS.INVALID', 'labelResponseOptions must be LABEL or URL_ONLY.');
    const shipment = isRecord(body['requestedShipment']) ? body['requestedShipment'] : null;
    if (!shipment) {
        need('SHIP.REQUESTEDSHIPMENT.REQUIRED', 'Please provide requestedShipment.');
        return { ok: false, errors };
    }
    const shipDatestamp = text(shipment['shipDatestamp']);
    if (shipDatestamp && !DATE.test(shipDatestamp))
        need('SHIP.SHIPDATESTAMP.INVALID', 'shipDatestamp must be YYYY-MM-DD.');
    const pickupType = text(shipment['pickupType']);
    if (!pickupType)
        need('SHIP.PICKUPTYPE.REQUIRED', 'Please provide requestedShipment.pickupType.');
    const serviceType = text(shipment['serviceType']);
    if (!serviceType)
        need('SHIP.SERVICETYPE.REQUIRED', 'Please provide requestedShipment.serviceType.');
    else if (!SHIPPABLE_SERVICES[serviceType])
        need('SHIP.SERVICETYPE.INVALID', `Service type ${serviceType} is not valid.`);
    const packagingType = text(shipment['packagingType']);
    if (!packagingType)
        need('SHIP.PACKAGINGTYPE.REQUIRED', 'Please provide requestedShipment.packagingType.');
    const shipper = readParty(shipment['shipper'], 'SHIPPER', need);
    const recipients = shipment['recipients'];
    const recipient = Array.isArray(recipients) && recipients.length > 0 ? readParty(recipients[0], 'RECIPIENTS', need) : null;
    if (!Array.isArray(recipients) || recipients.length === 0)
        need('SHIP.RECIPIENTS.REQUIRED', 'Please provide at least one recipient.');
    const payment = isRecord(shipment['shippingChargesPayment']) ? text(shipment['shippingChargesPayment']['paymentType']) : null;
    if (!payment)
        need('SHIP.PAYMENTTYPE.REQUIRED', 'Please provide shippingChargesPayment.paymentType.');
    const spec = isRecord(shipment['labelSpecification']) ? shipment['labelSpecification'] : null;
    const imageType = spec ? text(spec['imageType']) : null;
    if (!spec || !imageType || !text(spec['labelStockType']))
        need('SHIP.LABELSPECIFICATION.REQUIRED', 'Please provide labelSpecification with imageType and labelStockType.');
    else if (imageType !== 'PDF' && imageType !== 'PNG')
        need('SHIP.LABELSPECIFICATION.IMAGETYPE.INVALID', 'labelSpecification.imageType must be PDF or PNG.');
    // Cash on delivery: a shipment-level special service with its collection type, the amount per package.
    const special = isRecord(shipment['shipmentSpecialServices']) ? shipment['shipmentSpecialServices'] : null;
    const codRequested = Array.isArray(special?.['specialServiceTypes']) && special['specialServiceTypes'].includes('COD');
    const codDetail = special && isRecord(special['shipmentCODDetail']) ? special['shipmentCODDetail'] : null;
    const codCollectionType = codDetail ? text(codDetail['codCollectionType']) : null;
    if (codRequested && !codCollectionType)
        need('SHIP.COD.COLLECTIONTYPE.REQUIRED', 'Please provide shipmentCODDetail.codCollectionType.');
    const items = shipment['requestedPackageLineItems'];
    const packages = [];
    if (!Array.isArray(items) || items.length === 0)
        need('SHIP.PACKAGE.WEIGHT.REQUIRED', 'Please provide requestedPackageLineItems with their weights.');
    else {
        items.forEach((item, i) => {
            const weight = isRecord(item) && isRecord(item['weight']) ? item['weight'] : null;
            const value = weight && typeof weight['value'] === 'number' && weight['value'] > 0 ? weight['value'] : null;
            const units = weight && (weight['units'] === 'KG' || weight['units'] === 'LB') ? weight['units'] : null;
            if (value === null || units === null)
                need('SHIP.PACKAGE.WEIGHT.REQUIRED', `Please provide a weight (value above zero, units KG or LB) for package ${i + 1}.`);
            const services = isRecord(item) && isRecord(item['packageSpecialServices']) ? item['packageSpecialServices'] : null;
            const codAmount = services && isRecord(services['packageCODDetail']) ? services['packageCODDetail']['codCollectionAmount'] : undefined;
            let cod = null;
            if (codAmount !== undefined) {
                if (!isRecord(codAmount) || typeof codAmount['amount'] !== 'number' || !(codAmount['amount'] > 0) || typeof codAmount['currency'] !== 'string') {
                    need('SHIP.PACKAGE.CODAMOUNT.INVALID', `packageCODDetail.codCollectionAmount of package ${i + 1} needs an amount above zero and a currency.`);
                }
                else
                    cod = { amount: codAmount['amount'], currency: codAmount['currency'] };
                if (!codRequested)
                    need('SHIP.COD.SPECIALSERVICE.REQUIRED', 'A package collects cash on delivery: add COD to shipmentSpecialServices.specialServiceTypes.');
            }
            const refs = isRecord(item) && Array.isArray(item['customerReferences']) ? item['customerReferences'] : [];
            const references = refs.flatMap((r) => isRecord(r) && typeof r['customerReferenceType'] === 'string' && typeof r['value'] === 'string'
                ? [{ customerReferenceType: r['customerReferenceType'], value: r['value'] }]
                : []);
            if (value !== null && units !== null)
                packages.push({ weightKg: units === 'LB' ? value * 0.45359237 : value, weight: { units, value }, cod, references });
        });
        if (codRequested && packages.length > 0 && !packages.some((p) => p.cod))
            need('SHIP.PACKAGE.CODAMOUNT.REQUIRED', 'COD needs packageCODDetail.codCollectionAmount on the packages that collect.');
    }
    // The seed: "intra-country cash on delivery requested as a special service".
    if (codRequested && shipper && recipient && shipper.countryCode !== recipient.countryCode) {
        need('SHIP.COD.INTERNATIONAL.NOTALLOWED', 'Cash on delivery is offered within one country only.');
    }
    if (errors.length > 0 || !account || !pickupType || !serviceType || !packagingType || !shipper || !recipient || !imageType) {
        return { ok: false, errors };
    }
    for (const [party, role] of [[shipper, 'SHIPPER'], [recipient, 'RECIPIENT']]) {
        if (party.phoneNumber !== null && !validPhone(party.phoneNumber)) {
            alerts.push({ code: `SHIP.${role}.PHONENUMBER.INVALID`, message: `The ${role.toLowerCase()} contact's phone number is not valid.`, alertType: 'WARNING' });
        }
    }
    const book = recipient.postalCode ? lookUpPostalCode(recipient.countryCode, recipient.postalCode) : null;
    if (book?.city && book.city !== recipient.city.toUpperCase()) {
        alerts.push({
            code: 'SHIP.RECIPIENT.POSTALCITY.MISMATCH',
            message: `Recipient postal code ${recipient.postalCode} belongs to ${book.city}, not ${recipient.city}.`,
            alertType: 'WARNING',
        });
    }
    return {
        ok: true,
        alerts,
        value: {
            accountNumber: account,
            labelResponseOptions: responseOption,
            shipDatestamp: shipDatestamp ?? '',
            pickupType,
            serviceType,
            packagingType,
            shipper,
            recipient,
            imageType: imageType,
            codCollectionType,
            packages,
        },
    };
}
function readParty(value, role, need) {
    if (!isRecord(value)) {
        need(`SHIP.${role}.REQUIRED`, `Please provide the ${role.toLowerCase()}.`);
        return null;
    }
    const contact = isRecord(value['contact']) ? value['contact'] : {};
    const address = isRecord(value['address']) ? value['address'] : {};
    const str = (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    const personName = str(contact['personName']) ?? str(contact['companyName']);
    const streetLines = Array.isArray(address['streetLines']) ? address['streetLines'].filter((l) => typeof l === 'string' && l.trim() !== '') : [];
    const city = str(address['city']);
    const countryCode = str(address['countryCode']);
    let ok = true;
    if (!personName) {
        need(`SHIP.${role}.CONTACT.REQUIRED`, `Please provide the ${role.toLowerCase()}'s contact personName or companyName.`);
        ok = false;
    }
    if (streetLines.length === 0 || !city || !countryCode || !/^[A-Z]{2}$/.test(countryCode)) {
        need(`SHIP.${role}.ADDRESS.REQUIRED`, `Please provide the ${role.toLowerCase()}'s address: streetLines, city and a two-letter countryCode.`);
        ok = false;
    }
    if (!ok)
        return null;
    return {
        personName: personName,
        companyName: str(contact['companyName']),
        phoneNumber: str(contact['phoneNumber']),
        streetLines,
        city: city,
        stateOrProvinceCode: str(address['stateOrProvinceCode']),
        postalCode: str(address['postalCode']),
        countryCode: countryCode,
    };
}
/** A phone number the carrier accepts: 10 to 15 digits once spaces, dashes, dots, brackets and a leading + are removed. */
function validPhone(phone) {
    const digits = phone.replace(/[\s\-().+]/g, '');
    return /^\d{10,15}$/.test(digits);
}
