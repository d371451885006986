import { mapDutyTaxAnswer, buildDutyTaxRequest } from './duty-tax-mapping.js';
import { ecommerceDutyTaxAnswer } from './duty-tax-wire.js';
import { ecommerceAccountSettings } from './rating-config.js';
import { ECOMMERCE_DIVISION, ECOMMERCE_UPSTREAM } from './rating-mapping.js';
import { recordedFailure } from './rating.js';
import { UpstreamError } from '../../../domain/errors.js';
/**
 * Group A e-commerce duty and tax ("E-commerce interface (C): product lookup, duty and tax, ..."): one POST to the
 * configured path (GROUP_A_ECOM_DUTY_TAX_PATH, E10), charges itemised per content line with the answer's currency.
 */
export class EcommerceDutyTaxConnector {
    upstream = ECOMMERCE_UPSTREAM;
    carrier = 'GROUP_A';
    division = ECOMMERCE_DIVISION;
    client;
    settings;
    failures;
    constructor({ client, config, failures }) {
        this.client = client;
        this.settings = ecommerceAccountSettings(config);
        this.failures = failures;
    }
    async landedCost(request) {
        const base = { carrier: this.carrier, division: this.division, upstream: this.upstream };
        try {
            const { pickup, distributionCenter, distributionCenterCountry, dutyTaxPath } = this.settings;
            if (!pickup || !distributionCenter) {
                throw new UpstreamError(`${this.upstream} duty-tax: needs GROUP_A_ECOM_PICKUP_ACCOUNT and GROUP_A_ECOM_DISTRIBUTION_CENTER`, {
                    code: 'UPSTREAM_NOT_CONFIGURED',
                    upstream: this.upstream,
                    operation: 'duty-tax',
                });
            }
            // As for rating (E9): parcels leave from the distribution center, so an estimate from elsewhere is not asked.
            if (request.origin.countryCode !== distributionCenterCountry) {
                throw new UpstreamError(`${this.upstream} duty-tax: e-commerce parcels leave from ${distributionCenter} in ${distributionCenterCountry} (GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY); the origin is in ${request.origin.countryCode}`, { code: 'UPSTREAM_BAD_REQUEST', upstream: this.upstream, operation: 'duty-tax' });
            }
            const answer = await this.client.call({
                operation: 'duty-tax',
                method: 'POST',
                path: dutyTaxPath,
                json: buildDutyTaxRequest({ pickup, distributionCenter }, request),
                schema: ecommerceDutyTaxAnswer,
                // An estimate creates nothing at the carrier, so a 500/503 may be asked again once.
                idempotent: true,
            });
            const { total, lines } = mapDutyTaxAnswer(answer, request.customs.items.length, this.upstream);
            return { ok: true, ...base, total, lines, warnings: [] };
        }
        catch (error) {
            return { ok: false, ...base, error: recordedFailure(error, 'duty-tax', this.failures) };
        }
    }
}
