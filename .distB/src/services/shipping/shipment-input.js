import { randomUUID } from 'node:crypto';
import { CARRIERS } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import { checkOptionalText, checkText } from '../../domain/text-bounds.js';
import { checkAddress, checkCountry, checkCustoms, checkMoney, checkPackages, } from '../rating/rate-input-parts.js';
import { MAX_SHIP_DAYS_AHEAD } from '../rating/rate-input.js';
import { purchaseReference } from './purchase-key.js';
// ---------------------------------------------------------------------------------------------------------------------
// Rules (SG3: bounds the seeds do not give)
// ---------------------------------------------------------------------------------------------------------------------
const PRINTABLE = 'printable characters (no control characters)';
const RULES = {
    // SG3: Stripe's keys are up to 255 characters; visible ASCII so a key is the same bytes in every log and header.
    idempotencyKey: { what: 'an idempotency key', max: 255, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
    serviceCode: { what: 'a service code', max: 40, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
    accountNumber: { what: 'an account number', max: 32, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
    contactName: { what: 'a contact name', max: 70, pattern: null, charset: PRINTABLE },
    companyName: { what: 'a company name', max: 100, pattern: null, charset: PRINTABLE },
    phone: { what: 'a phone number', max: 25, pattern: /^\+?[0-9 ()./-]{5,25}$/, charset: 'digits, spaces and "+()-./" (5 to 25)' },
    email: { what: 'an e-mail address', max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, charset: 'an e-mail address such as "ops@example.com"' },
    city: { what: 'a city', max: 64, pattern: null, charset: PRINTABLE },
    description: { what: 'a description', max: 200, pattern: null, charset: PRINTABLE },
    // The seed (000): "packageId ... maximum 30 characters" (e-commerce); refused here for every carrier (SG4).
    packageId: { what: 'a package id', max: 30, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
    carrierEnum: { what: 'a carrier code word', max: 40, pattern: /^[A-Z][A-Z0-9_]*$/, charset: 'upper-case letters, digits and "_" (e.g. YOUR_PACKAGING)' },
    orderId: { what: 'an order id', max: 64, pattern: null, charset: PRINTABLE },
    referenceValue: { what: 'a reference', max: 64, pattern: null, charset: PRINTABLE },
    closeTime: { what: 'a local time', max: 5, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, charset: 'a local time HH:MM' },
    location: { what: 'a pickup location', max: 80, pattern: null, charset: PRINTABLE },
    instructions: { what: 'instructions', max: 200, pattern: null, charset: PRINTABLE },
    reason: { what: 'a reason', max: 200, pattern: null, charset: PRINTABLE },
    labelId: { what: 'a label id', max: 64, pattern: /^Label:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, charset: 'a label id such as "Label:<uuid>"' },
    tenderId: { what: 'a tender id', max: 64, pattern: /^Tender:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, charset: 'a tender id such as "Tender:<uuid>"' },
    imageFormat: { what: 'a file format', max: 5, pattern: /^[A-Za-z]{2,5}$/, charset: 'letters (e.g. "PNG")' },
    typeCode: { what: 'a type code', max: 10, pattern: /^[A-Za-z0-9]+$/, charset: 'letters and digits (e.g. "CIN")' },
    invoiceNumber: { what: 'an invoice number', max: 35, pattern: /^[\x20-\x7E]+$/, charset: 'printable ASCII characters' },
};
const MAX_REFERENCES = 5;
const MAX_LABEL_IDS = 1000;
const MAX_INVOICE_LINES = 100;
/** SG3: uploads are decoded into memory and sent on; a larger file is a mistake or an attack. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const REFERENCE_TYPES = ['CUSTOMER_REFERENCE', 'INVOICE', 'PURCHASE_ORDER', 'DEPARTMENT_NUMBER'];
const LABEL_FORMATS = ['PDF', 'PNG'];
const LABEL_DELIVERIES = ['URL', 'INLINE'];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const OFFSET_RE = /^([+-])(\d{2}):([0-5]\d)$/;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
// ---------------------------------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------------------------------
/** An idempotency key: 1 to 255 visible ASCII characters (SG3). */
export function checkIdempotencyKey(value, field) {
    // Not trimmed: a key is an opaque token, and " k" must not replay "k".
    if (typeof value !== 'string' || value.length === 0)
        throw new InputError(field, 'is required; expected an idempotency key (1 to 255 visible ASCII characters)');
    if (value.length > RULES.idempotencyKey.max)
        throw new InputError(field, `must be at most ${RULES.idempotencyKey.max} characters (an idempotency key)`);
    if (!RULES.idempotencyKey.pattern.test(value))
        throw new InputError(field, `may contain only ${RULES.idempotencyKey.charset} (an idempotency key)`);
    return value;
}
/**
 * The reconciliation reference written into the shipment (and used as the e-commerce package id when none is given):
 * derived from the key by purchase-key.ts, so a retry of a lost purchase finds the same shipment (SG5).
 */
export const CREATE_SHIPMENT_SCOPE = 'createShipment';
/** `createShipment`'s input: the request and its key. */
export function toCreateShipment(raw, ctx, path = 'input') {
    const idempotencyKey = checkIdempotencyKey(raw.idempotencyKey, `${path}.idempotencyKey`);
    return { request: toShipmentRequest(raw, ctx, purchaseReference(CREATE_SHIPMENT_SCOPE, idempotencyKey), path), idempotencyKey };
}
/** `validateShipment`'s input: nothing is bought, so the reference only has to be unique. */
export function toValidateShipment(raw, ctx, path = 'input') {
    return toShipmentRequest(raw, ctx, `VAL${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`, path);
}
export function toShipmentRequest(raw, ctx, purchaseReference, path = 'input') {
    const at = (field) => `${path}.${field}`;
    const selection = checkServiceSelection(raw, at, ctx);
    const shipper = checkParty(raw.shipper, at('shipper'));
    const recipient = checkParty(raw.recipient, at('recipient'));
    const returnTo = raw.returnTo ? checkParty(raw.returnTo, at('returnTo')) : null;
    const packages = checkShipmentPackages(raw.packages, at('packages'));
    const declaredValue = raw.declaredValue ? checkMoney(raw.declaredValue, at('declaredValue')) : null;
    const customs = raw.customs ? checkCustoms(raw.customs, at('customs')) : null;
    const from = shipper.address.countryCode;
    const to = recipient.address.countryCode;
    // The rate request's rule (RT1), so what was quoted can be shipped: any two different countries need customs.
    if (from !== to) {
        if (!customs)
            throw new InputError(at('customs'), `is required when shipper and recipient countries differ (${from} to ${to})`);
        if (!declaredValue)
            throw new InputError(at('declaredValue'), `is required when shipper and recipient countries differ (${from} to ${to})`);
    }
    const hasCod = packages.some((p) => p.cashOnDelivery !== null);
    const codCollectionType = checkOptionalText(raw.codCollectionType, at('codCollectionType'), RULES.carrierEnum);
    if (hasCod && codCollectionType === null)
        throw new InputError(at('codCollectionType'), 'is required when a package has cashOnDelivery (e.g. CASH)');
    const accountNumber = checkOptionalText(raw.accountNumber, at('accountNumber'), RULES.accountNumber);
    const originUtcOffset = checkOffset(raw.originUtcOffset, at('originUtcOffset'));
    const request = {
        carrier: selection.carrier,
        division: selection.division,
        serviceCode: selection.serviceCode,
        accountNumber,
        shipDate: checkShipDate(raw.shipDate, at('shipDate'), ctx.now, originUtcOffset),
        readyTime: checkReadyTime(raw.readyTime, at('readyTime')),
        originUtcOffset,
        shipper,
        recipient,
        returnTo,
        packages,
        packagingType: checkOptionalText(raw.packagingType, at('packagingType'), RULES.carrierEnum),
        pickupType: checkOptionalText(raw.pickupType, at('pickupType'), RULES.carrierEnum),
        paymentType: 'SENDER',
        customs,
        declaredValue,
        codCollectionType: hasCod ? codCollectionType : null,
        orderId: checkOptionalText(raw.orderId, at('orderId'), RULES.orderId),
        references: checkReferences(raw.references, at('references')),
        labelFormat: checkLabelFormat(raw.labelFormat, at('labelFormat')),
        labelDelivery: checkOneOf(raw.labelDelivery ?? 'INLINE', LABEL_DELIVERIES, at('labelDelivery')),
        pickup: raw.pickup ? checkPickup(raw.pickup, at('pickup')) : null,
        quotedTotal: selection.quotedTotal,
        purchaseReference,
    };
    // Last: whether this server ships with that carrier and account (shape errors above name the field first).
    checkOffered(request, raw, at, ctx);
    return request;
}
export function toCancelShipment(raw, path = 'input') {
    return {
        labelId: checkLabelId(raw.labelId, `${path}.labelId`),
        reason: checkOptionalText(raw.reason, `${path}.reason`, RULES.reason),
        idempotencyKey: checkIdempotencyKey(raw.idempotencyKey, `${path}.idempotencyKey`),
    };
}
export function toCancelReturn(raw, path = 'input') {
    return { labelId: checkLabelId(raw.labelId, `${path}.labelId`), idempotencyKey: checkIdempotencyKey(raw.idempotencyKey, `${path}.idempotencyKey`) };
}
export function toTender(raw, ctx, path = 'input') {
    const at = (field) => `${path}.${field}`;
    const carrier = checkCarrier(raw.carrier, at('carrier'));
    const division = checkDivision(carrier, raw.division, at('division'), ctx.divisions);
    let labelIds = null;
    if (raw.labelIds != null) {
        if (raw.labelIds.length === 0)
            throw new InputError(at('labelIds'), 'must name at least one label (omit it for every eligible label)');
        if (raw.labelIds.length > MAX_LABEL_IDS)
            throw new InputError(at('labelIds'), `at most ${MAX_LABEL_IDS} labels`);
        labelIds = raw.labelIds.map((id, i) => checkLabelId(id, at(`labelIds.${i}`)));
        const seen = new Set();
        labelIds.forEach((id, i) => {
            if (seen.has(id))
                throw new InputError(at(`labelIds.${i}`), 'names a label already listed');
            seen.add(id);
        });
    }
    return {
        carrier,
        division,
        accountNumber: checkOptionalText(raw.accountNumber, at('accountNumber'), RULES.accountNumber),
        labelIds,
        date: checkDate(raw.date, at('date')),
        idempotencyKey: checkIdempotencyKey(raw.idempotencyKey, at('idempotencyKey')),
    };
}
/**
 * `createReturn`'s input. `outbound` is the outbound label's request (loaded by the resolver after the id was checked):
 * omitted parts default to it, the parties swapped (SG6).
 */
export function toReturn(raw, outbound, path = 'input') {
    const at = (field) => `${path}.${field}`;
    const outboundLabelId = checkLabelId(raw.outboundLabelId, at('outboundLabelId'));
    const idempotencyKey = checkIdempotencyKey(raw.idempotencyKey, at('idempotencyKey'));
    const from = raw.from ? checkParty(raw.from, at('from')) : null;
    const to = raw.to ? checkParty(raw.to, at('to')) : null;
    const packages = raw.packages ? checkShipmentPackages(raw.packages, at('packages')) : null;
    const serviceCode = checkOptionalText(raw.serviceCode, at('serviceCode'), RULES.serviceCode);
    const pickupReadyAt = checkLocalDateTime(raw.pickupReadyAt, at('pickupReadyAt'));
    const reason = checkOptionalText(raw.reason, at('reason'), RULES.reason);
    const labelFormat = checkLabelFormat(raw.labelFormat, at('labelFormat'));
    const overridden = from || to || packages || serviceCode || pickupReadyAt || reason || labelFormat !== 'PDF';
    if (!overridden || !outbound)
        return { outboundLabelId, idempotencyKey, request: null };
    return {
        outboundLabelId,
        idempotencyKey,
        request: {
            from: from ?? outbound.recipient,
            to: to ?? outbound.shipper,
            packages: packages ?? outbound.packages,
            serviceCode,
            pickupReadyAt,
            reason,
            labelFormat,
        },
    };
}
/** Whether a return input overrides anything (then the resolver loads the outbound label for the defaults). */
export function returnOverridesAnything(raw) {
    return !!(raw.from || raw.to || raw.packages || raw.serviceCode || raw.pickupReadyAt || raw.reason || (raw.labelFormat && raw.labelFormat !== 'PDF'));
}
export function toFetchDocument(raw, path = 'input') {
    return {
        labelId: checkLabelId(raw.labelId, `${path}.labelId`),
        kind: checkOneOf(raw.kind, ['PROOF_OF_DELIVERY', 'SHIPMENT_IMAGE', 'BILL_OF_LADING', 'FREIGHT_BILLING_DOCUMENT'], `${path}.kind`),
        format: checkLabelFormat(raw.format, `${path}.format`),
    };
}
export function toUploadImage(raw, path = 'input') {
    return {
        labelId: checkLabelId(raw.labelId, `${path}.labelId`),
        format: checkText(raw.format, `${path}.format`, RULES.imageFormat).toUpperCase(),
        content: checkBase64(raw.contentBase64, `${path}.contentBase64`, true),
        typeCode: checkOptionalText(raw.typeCode, `${path}.typeCode`, RULES.typeCode)?.toUpperCase() ?? null,
    };
}
export function toUploadInvoice(raw, path = 'input') {
    const at = (field) => `${path}.${field}`;
    const labelId = raw.labelId == null || raw.labelId === '' ? null : checkLabelId(raw.labelId, at('labelId'));
    const plannedShipDate = checkDate(raw.plannedShipDate, at('plannedShipDate'));
    // Express: before creation the invoice is matched by account and planned date; after it, by the shipment.
    if (labelId === null && plannedShipDate === null)
        throw new InputError(at('plannedShipDate'), 'is required when no labelId is given (an upload before creation)');
    if (raw.lines.length === 0)
        throw new InputError(at('lines'), 'at least one line is required');
    if (raw.lines.length > MAX_INVOICE_LINES)
        throw new InputError(at('lines'), `at most ${MAX_INVOICE_LINES} lines`);
    return {
        labelId,
        accountNumber: checkOptionalText(raw.accountNumber, at('accountNumber'), RULES.accountNumber),
        plannedShipDate,
        invoiceNumber: checkText(raw.invoiceNumber, at('invoiceNumber'), RULES.invoiceNumber),
        invoiceDate: checkDate(raw.invoiceDate, at('invoiceDate')) ?? missing(at('invoiceDate')),
        document: checkBase64(raw.documentBase64, at('documentBase64'), false),
        lines: raw.lines.map((line, i) => {
            const l = (field) => at(`lines.${i}.${field}`);
            if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 1_000_000)
                throw new InputError(l('quantity'), 'must be a whole number from 1 to 1000000');
            return {
                description: checkText(line.description, l('description'), RULES.description),
                quantity: line.quantity,
                value: checkMoney(line.value, l('value')),
                hsCode: checkOptionalText(line.hsCode, l('hsCode'), { what: 'a Harmonised System code', max: 13, pattern: /^\d{4}(\.?\d{2}){1,3}$/, charset: 'a Harmonised System code of 6 to 10 digits (dots allowed)' })?.replace(/\./g, '') ?? null,
                countryOfOrigin: line.countryOfOrigin == null || line.countryOfOrigin.trim() === '' ? null : checkCountry(line.countryOfOrigin, l('countryOfOrigin')),
            };
        }),
    };
}
export function toLabelFilter(raw, path = 'filter') {
    return {
        carrier: raw?.carrier == null ? null : checkCarrier(raw.carrier, `${path}.carrier`),
        state: raw?.state == null ? null : checkOneOf(raw.state, ['PENDING', 'PURCHASED', 'FAILED', 'UNKNOWN', 'CANCELLED'], `${path}.state`),
        orderId: checkOptionalText(raw?.orderId, `${path}.orderId`, RULES.orderId),
    };
}
export function checkOrderId(value, field) {
    return checkText(value, field, RULES.orderId);
}
export function checkAccountFilter(value, field) {
    return checkOptionalText(value, field, RULES.accountNumber);
}
/** A tender id as we hand it out (`Tender:<uuid>`); BAD_USER_INPUT on `field` otherwise. */
export function checkTenderId(value, field) {
    return checkText(value, field, RULES.tenderId);
}
/** A label id as we hand it out (`Label:<uuid>`); BAD_USER_INPUT on `field` otherwise. */
export function checkLabelId(value, field) {
    return checkText(value, field, RULES.labelId);
}
// ---------------------------------------------------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------------------------------------------------
function checkServiceSelection(raw, at, ctx) {
    if (raw.quote && raw.service)
        throw new InputError(at('service'), 'give either quote or service, not both');
    const selected = raw.quote ?? raw.service;
    if (!selected)
        throw new InputError(at('service'), 'is required: name the service, or give the quote taken from rates as quote');
    const where = raw.quote ? at('quote') : at('service');
    const carrier = checkCarrier(selected.carrier, `${where}.carrier`);
    const division = checkDivision(carrier, selected.division, `${where}.division`, ctx.divisions);
    return {
        carrier,
        division,
        serviceCode: checkText(selected.serviceCode, `${where}.serviceCode`, RULES.serviceCode),
        quotedTotal: raw.quote ? checkMoney(raw.quote.total, `${where}.total`, { allowZero: true }) : null,
    };
}
function checkOffered(request, raw, at, ctx) {
    const where = raw.quote ? at('quote') : at('service');
    const offers = ctx.shippers.filter((s) => s.carrier === request.carrier && s.division === request.division);
    if (offers.length === 0) {
        const field = request.division === null ? `${where}.carrier` : `${where}.division`;
        const available = ctx.shippers.map((s) => (s.division ? `${s.carrier}/${s.division}` : s.carrier));
        throw new InputError(field, `no shipping is configured for ${request.division ? `${request.carrier}/${request.division}` : request.carrier} on this server${available.length ? `; available: ${available.join(', ')}` : ''}`);
    }
    if (request.accountNumber !== null && !offers.some((o) => o.accountNumbers.includes(request.accountNumber))) {
        throw new InputError(at('accountNumber'), 'is not a shipping account configured on this server for that carrier');
    }
}
function checkCarrier(value, field) {
    if (!CARRIERS.includes(value))
        throw new InputError(field, `expected one of ${CARRIERS.join(', ')}`);
    return value;
}
/** Group A ships per division (express, ecommerce): required there, and meaningless for other carriers. */
function checkDivision(carrier, value, field, divisions) {
    const division = checkOptionalText(value, field, 'division');
    if (carrier !== 'GROUP_A') {
        if (division !== null)
            throw new InputError(field, `is for GROUP_A only; omit it for ${carrier}`);
        return null;
    }
    if (division === null)
        throw new InputError(field, `is required for GROUP_A; expected one of ${divisions.join(', ')}`);
    if (!divisions.includes(division))
        throw new InputError(field, `unknown Group A division; expected one of ${divisions.join(', ')}`);
    return division;
}
export function checkParty(raw, at) {
    return {
        contactName: checkText(raw.contactName, `${at}.contactName`, RULES.contactName),
        companyName: checkOptionalText(raw.companyName, `${at}.companyName`, RULES.companyName),
        phone: checkOptionalText(raw.phone, `${at}.phone`, RULES.phone),
        email: checkOptionalText(raw.email, `${at}.email`, RULES.email),
        address: checkShippingAddress(raw.address, `${at}.address`),
    };
}
/** The rate request's address check, plus what a label needs: a street line and a city. */
export function checkShippingAddress(raw, at) {
    if (raw.streetLines.length === 0)
        throw new InputError(`${at}.streetLines`, 'at least one street line is required');
    const checked = checkAddress(raw, at);
    return {
        streetLines: checked.streetLines,
        city: checkText(raw.city, `${at}.city`, RULES.city),
        stateOrProvinceCode: checked.stateOrProvinceCode,
        postalCode: checked.postalCode,
        countryCode: checked.countryCode,
        residential: checked.residential,
    };
}
function checkShipmentPackages(raw, at) {
    const measured = checkPackages(raw, at);
    const seen = new Map();
    return raw.map((p, i) => {
        const packageId = checkOptionalText(p.packageId, `${at}.${i}.packageId`, RULES.packageId);
        if (packageId !== null) {
            if (seen.has(packageId))
                throw new InputError(`${at}.${i}.packageId`, `repeats the package id of packages.${seen.get(packageId)}`);
            seen.set(packageId, i);
        }
        return {
            weight: measured[i].weight,
            dimensions: measured[i].dimensions,
            description: checkOptionalText(p.description, `${at}.${i}.description`, RULES.description),
            packageId,
            cashOnDelivery: p.cashOnDelivery ? checkMoney(p.cashOnDelivery, `${at}.${i}.cashOnDelivery`) : null,
        };
    });
}
function checkReferences(raw, at) {
    if (!raw)
        return [];
    if (raw.length > MAX_REFERENCES)
        throw new InputError(at, `at most ${MAX_REFERENCES} references`);
    return raw.map((r, i) => ({
        type: checkOneOf(r.type ?? 'CUSTOMER_REFERENCE', REFERENCE_TYPES, `${at}.${i}.type`),
        value: checkText(r.value, `${at}.${i}.value`, RULES.referenceValue),
        scope: null,
    }));
}
function checkPickup(raw, at) {
    return {
        readyAt: checkLocalDateTime(raw.readyAt, `${at}.readyAt`) ?? missing(`${at}.readyAt`),
        closeTime: checkOptionalText(raw.closeTime, `${at}.closeTime`, RULES.closeTime),
        location: checkOptionalText(raw.location, `${at}.location`, RULES.location),
        instructions: checkOptionalText(raw.instructions, `${at}.instructions`, RULES.instructions),
    };
}
function checkLabelFormat(value, field) {
    return checkOneOf(value ?? 'PDF', LABEL_FORMATS, field);
}
function checkOneOf(value, allowed, field) {
    if (!allowed.includes(value))
        throw new InputError(field, `expected one of ${allowed.join(', ')}`);
    return value;
}
function checkDate(value, field) {
    if (value == null || value.trim() === '')
        return null;
    const match = DATE_RE.exec(value.trim());
    const date = match ? new Date(`${match[0]}T00:00:00Z`) : null;
    if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0]) {
        throw new InputError(field, 'must be a date YYYY-MM-DD');
    }
    return match[0];
}
/**
 * SG3 (the rate request's RT2): today or up to MAX_SHIP_DAYS_AHEAD days ahead. "Today" is the origin's date at
 * `originUtcOffset` when given; without it any date that is still today somewhere (UTC-12:00), since we never guess the
 * origin's time zone. Default: today at the offset (UTC when none).
 */
function checkShipDate(value, field, now, offset) {
    const today = localDate(now, offset ?? '+00:00');
    const date = checkDate(value, field);
    if (date === null)
        return today;
    const earliest = offset ? today : localDate(now, '-12:00');
    if (date < earliest)
        throw new InputError(field, 'must not be in the past (today at the origin is allowed)');
    const latest = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_SHIP_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
    if (date > latest)
        throw new InputError(field, `must be at most ${MAX_SHIP_DAYS_AHEAD} days ahead`);
    return date;
}
function localDate(now, offset) {
    const match = OFFSET_RE.exec(offset);
    const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
    return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}
/** `+HH:MM` / `-HH:MM` from -12:00 to +14:00; null when not given (never guessed). */
function checkOffset(value, field) {
    if (value == null || value.trim() === '')
        return null;
    const match = OFFSET_RE.exec(value.trim());
    const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : Number.NaN;
    if (!match || minutes < -12 * 60 || minutes > 14 * 60)
        throw new InputError(field, 'must be a UTC offset from -12:00 to +14:00, e.g. "+05:30"');
    return match[0];
}
/** `HH:MM` or `HH:MM:SS`, answered as `HH:MM:SS`; null when not given (the connector's default). */
function checkReadyTime(value, field) {
    if (value == null || value.trim() === '')
        return null;
    const match = TIME_RE.exec(value.trim());
    if (!match)
        throw new InputError(field, 'must be a local time HH:MM or HH:MM:SS');
    return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}
function checkLocalDateTime(value, field) {
    if (value == null || value.trim() === '')
        return null;
    const match = LOCAL_DATE_TIME_RE.exec(value.trim());
    if (!match || checkDate(match[1], field) === null)
        throw new InputError(field, 'must be a local date-time YYYY-MM-DDTHH:MM:SS without offset');
    return match[0];
}
function checkBase64(value, field, required) {
    if (value == null || value === '') {
        if (required)
            throw new InputError(field, 'is required: the file, base64-encoded');
        return null;
    }
    // Checked before decoding: Buffer.from ignores characters outside the alphabet, which would hide a broken upload.
    if (value.length > Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 4)
        throw new InputError(field, `must be at most ${MAX_UPLOAD_BYTES} bytes decoded`);
    if (value.length % 4 !== 0 || !BASE64_RE.test(value))
        throw new InputError(field, 'must be base64 (RFC 4648, padded)');
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length === 0)
        throw new InputError(field, 'must not be empty');
    if (bytes.length > MAX_UPLOAD_BYTES)
        throw new InputError(field, `must be at most ${MAX_UPLOAD_BYTES} bytes decoded`);
    return bytes;
}
function missing(field) {
    throw new InputError(field, 'is required');
}
