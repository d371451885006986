import { NotFoundError } from '../../domain/errors.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { ShippingStore } from '../../store/shipping-store.js';
import { TenderStore } from '../../store/shipping-tenders.js';
/** `CARRIER_B`, `GROUP_A/express`: how refusals name a carrier's interface. */
export function named(carrier, division) {
    return division ? `${carrier}/${division}` : carrier;
}
export class AfterPurchase {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    get db() {
        return new ShippingStore(this.deps.store);
    }
    get keyStore() {
        return new IdempotencyKeyStore(this.deps.store);
    }
    get tenderStore() {
        return new TenderStore(this.deps.store);
    }
    /** The stored label, or NotFoundError on `field`. */
    async mustLabel(id, field) {
        const label = await this.deps.label(id);
        if (!label)
            throw new NotFoundError(field, 'is not a label');
        return label;
    }
}
