/** In-process TTL map with a size bound (oldest entries go first). */
export class MemoryTrackingCache {
    ttlMs;
    maxEntries;
    now;
    entries = new Map();
    constructor(ttlMs, maxEntries = 10_000, now = Date.now) {
        this.ttlMs = ttlMs;
        this.maxEntries = maxEntries;
        this.now = now;
    }
    get(key) {
        const entry = this.entries.get(key);
        if (!entry)
            return undefined;
        if (entry.expiresAt <= this.now()) {
            this.entries.delete(key);
            return undefined;
        }
        return entry.shipments;
    }
    set(key, shipments, ttlMs = this.ttlMs) {
        if (ttlMs <= 0)
            return;
        this.entries.delete(key);
        this.entries.set(key, { shipments, expiresAt: this.now() + ttlMs });
        while (this.entries.size > this.maxEntries) {
            const oldest = this.entries.keys().next();
            if (oldest.done)
                break;
            this.entries.delete(oldest.value);
        }
    }
}
