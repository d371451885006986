import { LRUCache } from 'lru-cache';
/**
 * The identity of an address for "identical addresses are resolved once": each part upper-cased with its blanks
 * collapsed (the carriers read `10 elm  st` and `10 ELM ST` alike), empty parts dropped.
 */
export function addressKey(address) {
    const norm = (value) => (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
    return JSON.stringify([address.streetLines.map(norm).filter((l) => l !== ''), norm(address.city), norm(address.stateOrProvinceCode), norm(address.postalCode), address.countryCode]);
}
/**
 * Carriers' successful answers about addresses, shared across requests for ADDRESS_CACHE_TTL_SECONDS (AR4): addresses
 * change rarely and every check spends the carrier's quota. Bounded (least recently used go first); failures are never
 * put here. A TTL of 0 keeps nothing.
 */
export class AddressAnswerCache {
    cache;
    constructor(options) {
        this.cache =
            options.ttlMs > 0
                ? new LRUCache({ max: Math.max(1, options.maxEntries), ttl: options.ttlMs, ...(options.perf ? { perf: options.perf, ttlResolution: 0 } : {}) })
                : null;
    }
    get(key) {
        return this.cache?.get(key);
    }
    set(key, answer) {
        this.cache?.set(key, answer);
    }
}
