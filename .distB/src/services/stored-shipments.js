export class StoredShipments {
    log;
    options;
    constructor(log, options) {
        this.log = log;
        this.options = options;
    }
    async findMany(shipmentIds, includeEvents) {
        if (this.options.maxAgeMs <= 0 || shipmentIds.length === 0)
            return new Map();
        try {
            const found = await this.log.storedShipments(shipmentIds, this.options.maxAgeMs);
            // A latest-status-only snapshot cannot answer a selection of events.
            if (includeEvents)
                for (const [id, shipment] of found)
                    if (shipment.events === null)
                        found.delete(id);
            return found;
        }
        catch (error) {
            this.options.onStoreError?.(error);
            return new Map();
        }
    }
}
