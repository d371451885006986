/**
 * What the services that follow a purchase share (cancellations, tenders, returns, documents): their dependencies, the
 * label lookup that refuses an unknown id on the caller's field, and how a carrier is named in a refusal.
 */
import type { DocumentConnector, ReturnsConnector, ShippingConnector, TenderingConnector } from '../../carriers/types.js';
import type { Carrier } from '../../domain/carrier.js';
import { NotFoundError } from '../../domain/errors.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { ShippingStore, type StoredLabel } from '../../store/shipping-store.js';
import { TenderStore } from '../../store/shipping-tenders.js';
import type { Store } from '../../store/store.js';
import type { IdempotencyKeys } from './idempotency.js';
import type { LabelRecords } from './label-records.js';
import type { ShippingMetrics } from './shipping-metrics.js';
import type { ShippingSettings } from './types.js';

export interface AfterPurchaseDeps {
  store: Store;
  records: LabelRecords;
  keys: IdempotencyKeys;
  metrics: ShippingMetrics;
  now: () => Date;
  shippingFor(carrier: Carrier, division: string | null): ShippingConnector | null;
  tendering: readonly TenderingConnector[];
  returns: readonly ReturnsConnector[];
  documents: readonly DocumentConnector[];
  label(id: string): Promise<StoredLabel | null>;
  settings(): Pick<ShippingSettings, 'leaseMs' | 'idempotencyTtlHours' | 'jobDeadlineMs' | 'retryBaseMs' | 'retryMaxMs'>;
}

/** `CARRIER_B`, `GROUP_A/express`: how refusals name a carrier's interface. */
export function named(carrier: Carrier, division: string | null): string {
  return division ? `${carrier}/${division}` : carrier;
}

export abstract class AfterPurchase {
  constructor(protected readonly deps: AfterPurchaseDeps) {}

  protected get db(): ShippingStore {
    return new ShippingStore(this.deps.store);
  }

  protected get keyStore(): IdempotencyKeyStore {
    return new IdempotencyKeyStore(this.deps.store);
  }

  protected get tenderStore(): TenderStore {
    return new TenderStore(this.deps.store);
  }

  /** The stored label, or NotFoundError on `field`. */
  protected async mustLabel(id: string, field: string): Promise<StoredLabel> {
    const label = await this.deps.label(id);
    if (!label) throw new NotFoundError(field, 'is not a label');
    return label;
  }
}
