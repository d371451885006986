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
  /** The stored shipment with this id when fresh enough to stand for the carrier's answer; null otherwise. */
  find(shipmentId: string, includeEvents: boolean): Promise<Shipment | null>;
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

  async find(shipmentId: string, includeEvents: boolean): Promise<Shipment | null> {
    if (this.options.maxAgeMs <= 0) return null;
    try {
      const shipment = await this.log.storedShipment(shipmentId, this.options.maxAgeMs);
      // A latest-status-only snapshot cannot answer a selection of events.
      if (!shipment || (includeEvents && shipment.events === null)) return null;
      return shipment;
    } catch (error) {
      this.options.onStoreError?.(error);
      return null;
    }
  }
}
