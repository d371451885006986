import { createHash } from 'node:crypto';
import { header, isRecord } from '../core/http.js';
import { carrierBError } from './errors.js';
import { lookUpPostalCode } from './postal-codes.js';
import { readJsonObject } from './request.js';
/** Addresses per call the sandbox takes (docs/assumptions.md PB2); more is 400 `ADDRESS.ADDRESSESTOVALIDATE.TOOMANY`. */
export const ADDRESS_RESOLVE_MAX = 100;
const PO_BOX = /\b(P\.?\s?O\.?\s?BOX|POST OFFICE BOX)\b/i;
const GENERAL_DELIVERY = /\bGENERAL DELIVERY\b/i;
const BUSINESS = /\b(SUITE|STE|FLOOR|INC|LTD|LLC|PLAZA|CENTER|CENTRE|INDUSTRIAL|WAREHOUSE|OFFICE PARK)\b/i;
const UNRESOLVABLE = /\bNOWHERE\b/i;
/** A simulated defect of the carrier (to exercise "an input the answer leaves out fails alone"). */
const DROPPED = /\[DROP\]/i;
/**
 * `POST /address/v1/addresses/resolve` (seed 001 "Address resolution"), answer per assumption PB1. Deterministic
 * conventions (sandbox/README.md "Carrier B address resolution"): a street line with `SUITE`, `FLOOR`, `INC`, `LTD`,
 * `PLAZA`, `CENTER`... is BUSINESS, anything else RESIDENTIAL; `PO BOX` sets `postOfficeBox`; `GENERAL DELIVERY` sets
 * `generalDelivery`; a postal code not in the postal book (postal-codes.ts: e.g. one starting `000`) or a street line
 * with `NOWHERE` cannot be resolved (no `resolutionMethodName`, classification UNKNOWN, DPV false, a message); a
 * missing postal code is filled from nothing (resolved by street and city, DPV false, a NOTE); a street line with
 * `[DROP]` is left out of the answer. Resolution tokens are a hash of the cleaned address, given when asked for.
 */
export function addressResolveRoute(guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/address/v1/addresses/resolve',
        kind: 'business',
        guards,
        handle: (req) => {
            const fail = (code, message) => carrierBError(nextTransactionId(), 400, code, message);
            const body = readJsonObject(req);
            if (!body.ok)
                return fail(body.code, body.message);
            const controls = body.value['validateAddressControlParameters'];
            const tokens = isRecord(controls) && controls['includeResolutionTokens'] === true;
            const inputs = body.value['addressesToValidate'];
            if (!Array.isArray(inputs) || inputs.length === 0)
                return fail('ADDRESS.ADDRESSESTOVALIDATE.EMPTY', 'Please provide addressesToValidate.');
            if (inputs.length > ADDRESS_RESOLVE_MAX)
                return fail('ADDRESS.ADDRESSESTOVALIDATE.TOOMANY', `At most ${ADDRESS_RESOLVE_MAX} addresses per request.`);
            const resolved = [];
            for (const [index, item] of inputs.entries()) {
                const id = isRecord(item) ? item['clientReferenceId'] : undefined;
                const address = isRecord(item) ? item['address'] : undefined;
                if (typeof id !== 'string' || id === '')
                    return fail('ADDRESS.CLIENTREFERENCEID.REQUIRED', `addressesToValidate[${index}].clientReferenceId is required.`);
                if (!isRecord(address))
                    return fail('ADDRESS.ADDRESS.REQUIRED', `addressesToValidate[${index}].address is required.`);
                const lines = address['streetLines'];
                const country = address['countryCode'];
                if (!Array.isArray(lines) || lines.length === 0 || !lines.every((l) => typeof l === 'string')) {
                    return fail('ADDRESS.STREETLINES.REQUIRED', `addressesToValidate[${index}].address.streetLines is required.`);
                }
                if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country))
                    return fail('ADDRESS.COUNTRYCODE.INVALID', `addressesToValidate[${index}].address.countryCode must be two upper-case letters.`);
                const streetLines = lines.map((l) => l.trim().toUpperCase().replace(/\s+/g, ' '));
                if (streetLines.some((l) => DROPPED.test(l)))
                    continue;
                const text = (key) => (typeof address[key] === 'string' && address[key] !== '' ? address[key].trim().toUpperCase() : null);
                const city = text('city');
                const state = text('stateOrProvinceCode');
                const postal = text('postalCode');
                const book = postal === null ? null : lookUpPostalCode(country, postal);
                const messages = [];
                let resolvable = !streetLines.some((l) => UNRESOLVABLE.test(l));
                if (postal !== null && book === null) {
                    resolvable = false;
                    messages.push({ code: 'ADDRESS.POSTALCODE.NOTFOUND', message: `The postal code ${postal} does not exist in ${country}.` });
                }
                else if (!resolvable) {
                    messages.push({ code: 'ADDRESS.NOT.RESOLVED', message: 'The address could not be resolved.' });
                }
                else if (postal === null) {
                    messages.push({ code: 'ADDRESS.POSTALCODE.MISSING', message: 'Resolved by street and city only; no postal code was given.' });
                }
                const joined = streetLines.join(' ');
                const entry = {
                    clientReferenceId: id,
                    streetLinesToken: streetLines,
                    city: book?.city ?? city,
                    stateOrProvinceCode: book?.stateOrProvinceCode ?? state,
                    postalCode: book?.cleanedPostalCode ?? postal,
                    countryCode: country,
                    classification: resolvable ? (BUSINESS.test(joined) ? 'BUSINESS' : 'RESIDENTIAL') : 'UNKNOWN',
                    postOfficeBox: PO_BOX.test(joined),
                    generalDelivery: GENERAL_DELIVERY.test(joined),
                    normalizedStatusNameDPV: resolvable && postal !== null,
                    customerMessages: messages,
                };
                if (resolvable)
                    entry['resolutionMethodName'] = postal === null ? 'STREET_CITY_MATCH' : 'USPS_VALIDATE';
                if (tokens && resolvable) {
                    entry['resolutionToken'] = createHash('sha256').update(JSON.stringify([streetLines, entry['city'], entry['postalCode'], country])).digest('hex').slice(0, 24);
                }
                resolved.push(entry);
            }
            const customerTransactionId = header(req, 'x-customer-transaction-id');
            return {
                status: 200,
                json: {
                    transactionId: nextTransactionId(),
                    ...(customerTransactionId ? { customerTransactionId } : {}),
                    output: { resolvedAddresses: resolved, alerts: [] },
                },
            };
        },
    };
}
