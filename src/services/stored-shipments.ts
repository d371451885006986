/**
 * Shipments answered from the store instead of a carrier, for the router's `_entities` (DESIGN.md: "`_entities`
 * resolves through the same loaders as queries and answers from the store first"). A referencing subgraph that stores
 * `Shipment.id` would otherwise spend a carrier call (Group A unified: 250 a day) on every page view. Only references
 * by `id` are answered here: an id names one shipment, while a `carrier trackingNumber` may name several (a reused
 * Carrier B number, a Group A number shared by divisions), which only the carrier can tell (docs/assumptions.md I4).
 */
import type { Shipment } from '../domain/shipment.js';
import type { StatusLog } from '../store/status-log.js';

export interface StoredShipmentSource {
  /** The stored shipments with these ids that are fresh enough to stand for the carrier's answer; others are absent. */
  findMany(shipmentIds: readonly string[], includeEvents: boolean): Promise<Map<string, Shipment>>;
}

export interface StoredShipmentsOptions {
  /** ENTITY_STORE_MAX_AGE_MS: how recently the stored row must have been updated (0 turns the store off). */
  maxAgeMs: number;
  /** The store is an optimisation here, never a new failure: a failed read is logged and the carrier is asked. */
  onStoreError?: (error: unknown) => void;
}

export class StoredShipments implements StoredShipmentSource {
  constructor(
    private readonly log: StatusLog,
    private readonly options: StoredShipmentsOptions,
  ) {}

  async findMany(shipmentIds: readonly string[], includeEvents: boolean): Promise<Map<string, Shipment>> {
    if (this.options.maxAgeMs <= 0 || shipmentIds.length === 0) return new Map();
    try {
      const found = await this.log.storedShipments(shipmentIds, this.options.maxAgeMs);
      // A latest-status-only snapshot cannot answer a selection of events.
      if (includeEvents) for (const [id, shipment] of found) if (shipment.events === null) found.delete(id);
      return found;
    } catch (error) {
      this.options.onStoreError?.(error);
      return new Map();
    }
  }
}
