import DataLoader from 'dataloader';
import { trackRequestKey } from '../domain/tracking.js';
/**
 * Per-request tracking loaders: one DataLoader per upstream route, with the connector's batch size (Carrier B: 30).
 * Every path into tracking (list queries, aliases, nested fields, the router's `_entities`) goes through here, so N
 * distinct Carrier B numbers in one request cost ceil(N/30) upstream calls. The service may share these batches with
 * concurrent requests' (TRACKING_BATCH_WINDOW_MS) and answer repeated lookups fresh (TRACKING_FRESHNESS_MS).
 */
export class TrackingLoaders {
    tracking;
    deadline;
    byRoute = new Map();
    /** `_entities` by id answered from the store: one query for the whole batch of references (docs/assumptions.md I4). */
    storedLoaders = new Map();
    /** `deadline`: the request's (REQUEST_DEADLINE_MS); lookups still waiting past it fail with UPSTREAM_DEADLINE_EXCEEDED. */
    constructor(tracking, deadline) {
        this.tracking = tracking;
        this.deadline = deadline;
    }
    load(request) {
        return this.loaderFor(request).load(request);
    }
    /** The stored shipment with this id when fresh enough to answer without a carrier call; null otherwise. */
    loadStored(shipmentId, includeEvents) {
        let loader = this.storedLoaders.get(includeEvents);
        if (!loader) {
            loader = new DataLoader(async (ids) => {
                const found = await this.tracking.storedShipments(ids, includeEvents);
                return ids.map((id) => found.get(id) ?? null);
            });
            this.storedLoaders.set(includeEvents, loader);
        }
        return loader.load(shipmentId);
    }
    loaderFor(request) {
        const route = this.tracking.route(request);
        let loader = this.byRoute.get(route.name);
        if (!loader) {
            loader = new DataLoader(async (requests) => {
                // Detailed scans cost more upstream; ask for them for the whole batch when any lookup in it needs events.
                const includeEvents = requests.some((r) => r.includeEvents);
                return this.tracking.trackShared(route, 
                // Only a lookup whose flag differs is copied (at 3,000 numbers a request, every copy is garbage to collect).
                requests.map((r) => (r.includeEvents === includeEvents ? r : { ...r, includeEvents })), this.deadline);
            }, {
                maxBatchSize: route.connector?.maxBatchSize ?? 30,
                // The events flag is not part of the key: the same number asked with and without events is one lookup.
                cacheKeyFn: trackRequestKey,
            });
            this.byRoute.set(route.name, loader);
        }
        return loader;
    }
}
