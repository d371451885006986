import { isRecord } from '../core/http.js';
import { knownCurrency, minorFromAmount } from './express-rating-money.js';
import { PLANNED_SHIPPING, readAccount, readPackages } from './express-rating-request.js';
/** Postal codes are required except in the sandbox's countries without them (the carrier family's list, shortened). */
const WITHOUT_POSTAL_CODES = new Set(['AE', 'AG', 'AO', 'BS', 'BZ', 'FJ', 'GH', 'HK', 'JM', 'KP', 'QA', 'TT', 'UG', 'ZW']);
const CLOSE_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const fail = (detail) => ({ ok: false, detail });
function text(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
function readShipParty(value, at) {
    if (!isRecord(value))
        return fail(`${at} is required.`);
    const address = value['postalAddress'];
    if (!isRecord(address))
        return fail(`${at}.postalAddress is required.`);
    const contact = value['contactInformation'];
    if (!isRecord(contact))
        return fail(`${at}.contactInformation is required.`);
    const fullName = text(contact['fullName']);
    if (!fullName)
        return fail(`${at}.contactInformation.fullName is required.`);
    const countryCode = text(address['countryCode']);
    if (!countryCode || !/^[A-Z]{2}$/.test(countryCode))
        return fail(`${at}.postalAddress.countryCode must be a 2-letter country code.`);
    const addressLine1 = text(address['addressLine1']);
    if (!addressLine1)
        return fail(`${at}.postalAddress.addressLine1 is required.`);
    const cityName = text(address['cityName']);
    if (!cityName)
        return fail(`${at}.postalAddress.cityName is required.`);
    const postalCode = text(address['postalCode']);
    if (!postalCode && !WITHOUT_POSTAL_CODES.has(countryCode))
        return fail(`${at}.postalAddress.postalCode is required for ${countryCode}.`);
    return {
        ok: true,
        value: {
            fullName,
            companyName: text(contact['companyName']),
            addressLine1,
            cityName,
            postalCode,
            provinceCode: text(address['provinceCode']),
            countryCode,
        },
    };
}
function referenceValues(value, at) {
    if (value === undefined)
        return { ok: true, value: [] };
    if (!Array.isArray(value))
        return fail(`${at} must be an array.`);
    const values = [];
    for (const [i, entry] of value.entries()) {
        const v = isRecord(entry) ? text(entry['value']) : null;
        if (!v || !isRecord(entry) || !text(entry['typeCode']))
            return fail(`${at}[${i}] needs a value and a typeCode.`);
        values.push(v);
    }
    return { ok: true, value: values };
}
function readCod(body) {
    const services = Array.isArray(body['valueAddedServices']) ? body['valueAddedServices'] : [];
    for (const service of services) {
        if (!isRecord(service))
            continue;
        const currency = text(service['currency']);
        const value = service['value'];
        if (!currency || !knownCurrency(currency) || typeof value !== 'number' || !(value > 0)) {
            return fail('valueAddedServices[] needs a serviceCode, a positive value and a known currency.');
        }
        const minor = minorFromAmount(value, currency);
        if (minor === null)
            return fail(`valueAddedServices[].value has more decimals than ${currency} allows.`);
        return { ok: true, value: { minor, currency } };
    }
    return { ok: true, value: null };
}
export function readShipRequest(body) {
    if (!isRecord(body))
        return fail('The request body must be a JSON object.');
    const planned = typeof body['plannedShippingDateAndTime'] === 'string' ? PLANNED_SHIPPING.exec(body['plannedShippingDateAndTime']) : null;
    if (!planned)
        return fail('plannedShippingDateAndTime must be shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM.');
    const [, shipDate, readyTime, sign, hh, mm] = planned;
    if (Number.isNaN(Date.parse(`${shipDate}T${readyTime}Z`)))
        return fail('plannedShippingDateAndTime is not a real date and time.');
    const pickup = body['pickup'];
    if (!isRecord(pickup) || typeof pickup['isRequested'] !== 'boolean')
        return fail('pickup.isRequested is required (true or false).');
    const closeTime = text(pickup['closeTime']);
    if (closeTime && !CLOSE_TIME.test(closeTime))
        return fail('pickup.closeTime must be shaped HH:MM.');
    const productCode = text(body['productCode']);
    if (!productCode)
        return fail('productCode is required.');
    const account = readAccount(body);
    if (!account.ok)
        return account;
    const details = isRecord(body['customerDetails']) ? body['customerDetails'] : {};
    const shipper = readShipParty(details['shipperDetails'], 'customerDetails.shipperDetails');
    if (!shipper.ok)
        return shipper;
    const receiver = readShipParty(details['receiverDetails'], 'customerDetails.receiverDetails');
    if (!receiver.ok)
        return receiver;
    const references = referenceValues(body['customerReferences'], 'customerReferences');
    if (!references.ok)
        return references;
    if (body['unitOfMeasurement'] !== 'metric')
        return fail("unitOfMeasurement must be 'metric'.");
    const pieces = readPackages(body['packages']);
    if (!pieces.ok)
        return pieces;
    const raw = body['packages'];
    const packages = [];
    for (const [i, piece] of pieces.value.entries()) {
        const entry = raw[i];
        const refs = referenceValues(entry['customerReferences'], `packages[${i}].customerReferences`);
        if (!refs.ok)
            return refs;
        const dims = isRecord(entry['dimensions']) ? entry['dimensions'] : null;
        packages.push({ ...piece, lengthCm: dims?.['length'] ?? null, widthCm: dims?.['width'] ?? null, heightCm: dims?.['height'] ?? null, references: refs.value });
    }
    const crossBorder = shipper.value.countryCode !== receiver.value.countryCode;
    let declaredValue = null;
    const amounts = Array.isArray(body['monetaryAmount']) ? body['monetaryAmount'] : [];
    const declared = amounts.find((a) => isRecord(a) && a['typeCode'] === 'declaredValue');
    if (isRecord(declared) && typeof declared['value'] === 'number' && text(declared['currency'])) {
        declaredValue = { value: declared['value'], currency: text(declared['currency']) };
    }
    if (crossBorder) {
        if (body['isCustomsDeclarable'] !== true)
            return fail('isCustomsDeclarable must be true for a cross-border shipment.');
        if (!declaredValue || !(declaredValue.value > 0))
            return fail('monetaryAmount[] needs a declaredValue (value and currency) for a customs-declarable shipment.');
        const content = body['content'];
        const lines = isRecord(content) && isRecord(content['exportDeclaration']) ? content['exportDeclaration']['lineItems'] : undefined;
        if (!Array.isArray(lines) || lines.length === 0)
            return fail('content.exportDeclaration.lineItems[] is required for a customs-declarable shipment.');
        for (const [i, line] of lines.entries()) {
            if (!isRecord(line) || !text(line['description']) || typeof line['price'] !== 'number' || !isRecord(line['quantity'])) {
                return fail(`content.exportDeclaration.lineItems[${i}] needs a description, a price and a quantity.`);
            }
        }
    }
    const output = body['outputImageProperties'];
    const encoding = isRecord(output) ? text(output['encodingFormat'])?.toLowerCase() : null;
    if (encoding !== 'pdf' && encoding !== 'png')
        return fail("outputImageProperties.encodingFormat must be 'pdf' or 'png'.");
    const options = isRecord(output) && Array.isArray(output['imageOptions']) ? output['imageOptions'] : [];
    const documents = options.flatMap((o) => (isRecord(o) && o['isRequested'] !== false && text(o['typeCode']) ? [text(o['typeCode'])] : []));
    const cod = readCod(body);
    if (!cod.ok)
        return cod;
    return {
        ok: true,
        value: {
            shipper: shipper.value,
            receiver: receiver.value,
            account: account.value,
            productCode,
            shipDate,
            readyTime,
            offsetMinutes: (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)),
            crossBorder,
            packages,
            references: references.value,
            pickup: { requested: pickup['isRequested'], closeTime, location: text(pickup['location']) },
            format: encoding === 'png' ? 'PNG' : 'PDF',
            // Without imageOptions the label alone is produced.
            documents: documents.length > 0 ? documents : ['label'],
            cod: cod.value,
            declaredValue,
        },
    };
}
