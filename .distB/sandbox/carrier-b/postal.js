import { header } from '../core/http.js';
import { carrierBError } from './errors.js';
import { lookUpPostalCode, normalisePostalCode } from './postal-codes.js';
import { readJsonObject } from './request.js';
/**
 * `POST /country/v1/postal/validate` (seed 001: "postal code check"; shapes "not shown", docs/assumptions.md BP1):
 * request `{ countryCode, postalCode, stateOrProvinceCode?, checkForMismatch? }`; a code in the book (postal-codes.ts)
 * answers 200 with the cleaned code, state and city where known, and a mismatch alert when the given state differs;
 * a code that is not in it answers 400 `COUNTRY.POSTALCODE.INVALID`.
 */
export function postalValidateRoute(guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/country/v1/postal/validate',
        kind: 'business',
        guards,
        handle: (req) => {
            const body = readJsonObject(req);
            if (!body.ok)
                return carrierBError(nextTransactionId(), 400, body.code, body.message);
            const countryCode = body.value['countryCode'];
            const postalCode = body.value['postalCode'];
            const state = body.value['stateOrProvinceCode'];
            if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) {
                return carrierBError(nextTransactionId(), 400, 'COUNTRY.COUNTRYCODE.INVALID', 'countryCode must be two upper-case letters.');
            }
            if (typeof postalCode !== 'string' || postalCode.trim() === '') {
                return carrierBError(nextTransactionId(), 400, 'COUNTRY.POSTALCODE.EMPTY', 'Please provide a postal code.');
            }
            const entry = lookUpPostalCode(countryCode, postalCode);
            if (!entry) {
                return carrierBError(nextTransactionId(), 400, 'COUNTRY.POSTALCODE.INVALID', `Postal code ${normalisePostalCode(postalCode)} is not valid for country ${countryCode}.`);
            }
            const alerts = [];
            const givenState = typeof state === 'string' && state.trim() !== '' ? state.trim().toUpperCase() : null;
            if (body.value['checkForMismatch'] !== false && givenState && entry.stateOrProvinceCode && givenState !== entry.stateOrProvinceCode) {
                alerts.push({
                    code: 'POSTALCODE.STATEORPROVINCECODE.MISMATCH',
                    message: `Postal code ${entry.cleanedPostalCode} is in ${entry.stateOrProvinceCode}, not ${givenState}.`,
                    alertType: 'WARNING',
                });
            }
            const customerTransactionId = header(req, 'x-customer-transaction-id');
            return {
                status: 200,
                json: {
                    transactionId: nextTransactionId(),
                    ...(customerTransactionId !== undefined ? { customerTransactionId } : {}),
                    output: {
                        countryCode,
                        cleanedPostalCode: entry.cleanedPostalCode,
                        ...(entry.stateOrProvinceCode ? { stateOrProvinceCode: entry.stateOrProvinceCode } : {}),
                        ...(entry.city ? { city: entry.city } : {}),
                        alerts,
                    },
                },
            };
        },
    };
}
