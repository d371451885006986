/**
 * Group A's unified interface allows 250 calls a day and one every five seconds, so tracking queries answer from the
 * store's last answer (`shipment_latest.snapshot`) while it is fresh, with any newer pushed status laid over it
 * (DESIGN.md: "cache answers (push keeps them fresh)"). Everything else goes to the wrapped connector, and its
 * successful answers become the new snapshots, shared by every replica on the store.
 */
import type { TrackingConnector } from '../../carriers/types.js';
import type { CarrierInterface } from '../../domain/carrier.js';
import type { Shipment } from '../../domain/shipment.js';
import type { TrackOutcome, TrackRequest } from '../../domain/tracking.js';
import type { StatusLog } from '../../store/status-log.js';

export interface SnapshotTrackingOptions {
  /** How old a snapshot may be and still answer a query. */
  maxAgeMs: number;
  /** Store failures are logged and the call goes upstream: the store is an optimisation here, never a new failure. */
  onStoreError?: (error: unknown, operation: 'read' | 'save') => void;
}

export class SnapshotTrackingConnector implements TrackingConnector {
  readonly upstream: CarrierInterface;
  readonly maxBatchSize: number;
  private readonly onStoreError: (error: unknown, operation: 'read' | 'save') => void;

  constructor(
    private readonly inner: TrackingConnector,
    private readonly log: StatusLog,
    private readonly options: SnapshotTrackingOptions,
  ) {
    this.upstream = inner.upstream;
    this.maxBatchSize = inner.maxBatchSize;
    this.onStoreError = options.onStoreError ?? (() => undefined);
  }

  async track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    const outcomes: Array<TrackOutcome | undefined> = await Promise.all(requests.map((r) => this.fromStore(r)));
    const missing = requests.flatMap((request, index) => (outcomes[index] ? [] : [{ request, index }]));
    if (missing.length > 0) {
      const fetched = await this.inner.track(missing.map((m) => m.request));
      const toSave: Shipment[] = [];
      missing.forEach(({ index }, i) => {
        const outcome = fetched[i];
        outcomes[index] = outcome;
        if (outcome?.ok) toSave.push(...outcome.shipments);
      });
      await this.save(toSave);
    }
    return outcomes.map((outcome) => outcome ?? { ok: true as const, shipments: [] });
  }

  /** A stored answer when the lookup is one the snapshot can stand for and it is fresh; undefined otherwise. */
  private async fromStore(request: TrackRequest): Promise<TrackOutcome | undefined> {
    // A snapshot is the plain answer: lookups in another language, a ship-date window or by e-commerce id go upstream.
    if (request.language || request.shipDateBegin || request.shipDateEnd || request.ecommerceIdType) return undefined;
    try {
      const shipments = await this.log.freshSnapshot(
        { carrier: request.carrier, trackingNumber: request.trackingNumber, division: request.division },
        this.options.maxAgeMs,
        this.upstream,
      );
      if (!shipments) return undefined;
      // A latest-status-only snapshot cannot answer a query that selects events.
      if (request.includeEvents && shipments.some((s) => s.events === null)) return undefined;
      return { ok: true, shipments };
    } catch (error) {
      this.onStoreError(error, 'read');
      return undefined;
    }
  }

  private async save(shipments: readonly Shipment[]): Promise<void> {
    for (const shipment of shipments) {
      try {
        await this.log.saveSnapshot(shipment);
      } catch (error) {
        this.onStoreError(error, 'save');
      }
    }
  }
}
