import { UpstreamError } from '../../../domain/errors.js';
import { expressAddressValidateAnswer } from './address-validate-wire.js';
import { mapExpressWarnings } from './mapping.js';
import { asUpstreamError } from './rating.js';
const UPSTREAM = 'group-a/express';
const OPERATION = 'address-validate';
/**
 * Group A express `GET /address-validate` (shapes: assumption PX2): one call per purpose. Rejects with UpstreamError;
 * a postal code the carrier does not know is its 404, `UPSTREAM_NOT_FOUND`.
 */
export class ExpressAddressCapabilityConnector {
    upstream = UPSTREAM;
    carrier = 'GROUP_A';
    division = 'express';
    client;
    constructor(options) {
        this.client = options.client;
    }
    async capability(address, purpose) {
        const type = purpose === 'PICKUP' ? 'pickup' : 'delivery';
        let answer;
        try {
            answer = await this.client.call({
                operation: OPERATION,
                method: 'GET',
                path: '/address-validate',
                query: expressAddressValidateQuery(address, type),
                schema: expressAddressValidateAnswer,
            });
        }
        catch (error) {
            throw asUpstreamError(OPERATION, error);
        }
        // An answer about the other purpose would be read as this one's: refused rather than guessed.
        if (answer.type !== type) {
            throw new UpstreamError(`${UPSTREAM} ${OPERATION}: the answer is about ${answer.type}, we asked about ${type}`, {
                code: 'UPSTREAM_CONTRACT',
                upstream: UPSTREAM,
                operation: OPERATION,
                httpStatus: 200,
            });
        }
        return mapAddressCapability(answer);
    }
}
/** The query of assumption PX2. */
export function expressAddressValidateQuery(address, type) {
    return {
        type,
        countryCode: address.countryCode,
        postalCode: address.postalCode,
        cityName: address.city,
        provinceCode: address.stateOrProvinceCode,
        addressLine1: address.streetLines[0] ?? null,
        addressLine2: address.streetLines[1] ?? null,
    };
}
export function mapAddressCapability(answer) {
    const first = answer.address?.[0] ?? null;
    return {
        pickupCapable: answer.type === 'pickup' ? answer.capable : null,
        deliveryCapable: answer.type === 'delivery' ? answer.capable : null,
        serviceAreaCode: first?.serviceArea?.code ?? null,
        matched: first === null
            ? null
            : {
                streetLines: first.addressLine1 ? [first.addressLine1] : [],
                city: first.cityName ?? null,
                stateOrProvinceCode: first.provinceCode ?? null,
                postalCode: first.postalCode ?? null,
                countryCode: first.countryCode,
            },
        warnings: mapExpressWarnings(answer.warnings ?? []),
    };
}
