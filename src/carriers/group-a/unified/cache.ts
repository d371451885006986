import type { Shipment } from '../../../domain/shipment.js';

/**
 * Answers of the unified interface, kept because its quota is tiny (DESIGN.md: "cache answers (push keeps them
 * fresh)"). Keyed by `trackRequestKey`. An empty array records "this number is unknown" (a 404), kept for a shorter
 * time by the caller through `ttlMs`. The store-backed cache replaces the in-memory default across replicas.
 */
export interface TrackingCache {
  get(key: string): Shipment[] | undefined;
  /** `ttlMs` overrides the cache's default lifetime for this entry. */
  set(key: string, shipments: Shipment[], ttlMs?: number): void;
}

interface Entry {
  shipments: Shipment[];
  expiresAt: number;
}

/** In-process TTL map with a size bound (oldest entries go first). */
export class MemoryTrackingCache implements TrackingCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Shipment[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.shipments;
  }

  set(key: string, shipments: Shipment[], ttlMs: number = this.ttlMs): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { shipments, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
