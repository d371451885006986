import { underCarrierDeadline } from './carrier-deadline.js';
import { validateLandedCostInput } from './landed-cost-input.js';
/**
 * Duty and tax estimates from every carrier that gives them, asked in parallel (karrio's Rating.fetch shape): one
 * outcome per carrier, an itemised estimate or a typed failure, so one failing or late carrier never hides another.
 * The request is already validated (landed-cost-input.ts).
 */
export class LandedCostService {
    options;
    constructor(options) {
        this.options = options;
    }
    /** A client's request, checked before any upstream call (BAD_USER_INPUT naming `path.field`). */
    validate(raw, path = 'input') {
        return validateLandedCostInput(raw, path, this.options.input);
    }
    estimate(request, requestDeadline) {
        return Promise.all(this.options.connectors.map(async (connector) => {
            const base = { carrier: connector.carrier, division: connector.division, upstream: connector.upstream };
            const outcome = await underCarrierDeadline(connector.upstream, `${connector.upstream} landed-cost`, { carrierDeadlineMs: this.options.carrierDeadlineMs, requestDeadline }, () => connector.landedCost(request), (error) => ({ ok: false, ...base, error }), (error) => this.options.onUnexpected?.(error, connector));
            if (!outcome.ok)
                this.options.onFailure?.(outcome.error);
            return outcome;
        }));
    }
}
