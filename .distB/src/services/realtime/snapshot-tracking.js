export class SnapshotTrackingConnector {
    inner;
    log;
    options;
    upstream;
    maxBatchSize;
    onStoreError;
    constructor(inner, log, options) {
        this.inner = inner;
        this.log = log;
        this.options = options;
        this.upstream = inner.upstream;
        this.maxBatchSize = inner.maxBatchSize;
        this.onStoreError = options.onStoreError ?? (() => undefined);
    }
    async track(requests) {
        const outcomes = await Promise.all(requests.map((r) => this.fromStore(r)));
        const missing = requests.flatMap((request, index) => (outcomes[index] ? [] : [{ request, index }]));
        if (missing.length > 0) {
            const fetched = await this.inner.track(missing.map((m) => m.request));
            const toSave = [];
            missing.forEach(({ index }, i) => {
                const outcome = fetched[i];
                outcomes[index] = outcome;
                if (outcome?.ok)
                    toSave.push(...outcome.shipments);
            });
            await this.save(toSave);
        }
        return outcomes.map((outcome) => outcome ?? { ok: true, shipments: [] });
    }
    /** A stored answer when the lookup is one the snapshot can stand for and it is fresh; undefined otherwise. */
    async fromStore(request) {
        // A snapshot is the plain answer: lookups in another language, a ship-date window or by e-commerce id go upstream.
        if (request.language || request.shipDateBegin || request.shipDateEnd || request.ecommerceIdType)
            return undefined;
        try {
            const shipments = await this.log.freshSnapshot({ carrier: request.carrier, trackingNumber: request.trackingNumber, division: request.division }, this.options.maxAgeMs);
            if (!shipments)
                return undefined;
            // A latest-status-only snapshot cannot answer a query that selects events.
            if (request.includeEvents && shipments.some((s) => s.events === null))
                return undefined;
            return { ok: true, shipments };
        }
        catch (error) {
            this.onStoreError(error, 'read');
            return undefined;
        }
    }
    async save(shipments) {
        for (const shipment of shipments) {
            try {
                await this.log.saveSnapshot(shipment);
            }
            catch (error) {
                this.onStoreError(error, 'save');
            }
        }
    }
}
