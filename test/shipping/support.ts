/**
 * Shipping service tests: a real store (PGlite or PostgreSQL) and fake connectors that implement the shipping
 * interfaces in process, count their calls, keep the "carrier's" shipments by purchase reference (so a reconciliation
 * finds what a lost answer created) and can be held mid-call.
 */
import { pino } from 'pino';
import type { ShippingConnector, TenderingConnector } from '../../src/carriers/types.js';
import { UpstreamError } from '../../src/domain/errors.js';
import type {
  CancelResult,
  CreatedShipment,
  CreateShipmentAnswer,
  LabelHandle,
  ReconcileResult,
  ShipmentJobResult,
  ShipmentRequest,
  TenderKind,
  TenderResult,
} from '../../src/domain/shipping.js';
import { InputError } from '../../src/domain/errors.js';
import { createMetrics, type Metrics } from '../../src/platform/metrics.js';
import { ShippingService, type ShippingServiceDeps, type ShippingSettings } from '../../src/services/shipping/shipping-service.js';
import type { Store } from '../../src/store/store.js';

export const silentLogger = pino({ level: 'silent' });

export const SETTINGS: ShippingSettings = {
  idempotencyTtlHours: 24,
  jobDeadlineMs: 60_000,
  workerIntervalMs: 3_600_000, // tests run passes themselves (runWorkerPass)
  leaseMs: 60_000,
  retryBaseMs: 1_000,
  retryMaxMs: 8_000,
  workerEnabled: false,
};

/** A settable clock: tests move time instead of waiting. */
export class Clock {
  constructor(public t = new Date('2030-05-01T10:00:00.000Z').getTime()) {}
  now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
}

/** A gate a fake call waits on until the test opens it. */
export class Gate {
  private open!: () => void;
  readonly opened = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  release(): void {
    this.open();
  }
}

export type CreateMode =
  | 'created'
  | 'accepted'
  /** The carrier creates the shipment, then the answer is lost (timeout after acting). */
  | 'lost-after-create'
  /** The answer is lost and the carrier created nothing. */
  | 'lost-before-create'
  | 'refused';

/** A fake shipping connector of one carrier and division. */
export class FakeShipping implements ShippingConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly defaultAccountNumber = '510087000';
  readonly accountNumbers = ['510087000', '510087999'];
  /** The fake creates at once (or never): a lookup proves "not created" as soon as the creation was sent. */
  processingGraceMs = 0;
  calls = { create: 0, jobResult: 0, reconcile: 0, cancel: 0, download: 0 };
  mode: CreateMode = 'created';
  /** Held before answering create when set. */
  createGate: Gate | null = null;
  /** Held after the carrier created the shipment, before the answer, when set. */
  answerGate: Gate | null = null;
  /** Signalled when a create call arrives. */
  onCreate: (() => void) | null = null;
  /** RUNNING answers before the job's documents appear (Infinity: never). */
  runningPolls = 2;
  /** What reconcile answers when the carrier holds nothing for the reference: NOT_CREATED, or INCONCLUSIVE. */
  absentAnswer: 'NOT_CREATED' | 'INCONCLUSIVE' = 'NOT_CREATED';
  tenderBy: TenderKind | null = 'END_OF_DAY';
  /** The carrier's shipments, by our purchase reference. */
  readonly shipments = new Map<string, CreatedShipment>();
  private readonly jobs = new Map<string, { reference: string; polls: number }>();
  private serial = 0;

  check(request: ShipmentRequest): InputError[] {
    const errors: InputError[] = [];
    if (request.serviceCode === '') errors.push(new InputError('input.serviceCode', 'is required'));
    request.packages.forEach((p, i) => {
      if (p.weight.value > 68) errors.push(new InputError(`input.packages.${i}.weight`, 'at most 68 KG'));
    });
    return errors;
  }

  private make(request: ShipmentRequest): CreatedShipment {
    this.serial += 1;
    const trackingNumber = `7946${String(this.serial).padStart(8, '0')}`;
    return {
      carrier: this.carrier,
      division: null,
      upstream: this.upstream,
      trackingNumber,
      carrierUniqueId: null,
      carrierCode: 'CBXG',
      serviceCode: request.serviceCode,
      serviceName: 'Ground',
      pieces: request.packages.map((_, i) => ({
        sequence: i + 1,
        trackingNumber: i === 0 ? trackingNumber : `${trackingNumber}-${i + 1}`,
        packageId: null,
        carrierPackageId: null,
        netCharge: { amount: '12.50', currency: 'USD' },
        cashOnDelivery: null,
        references: [{ type: 'CUSTOMER_REFERENCE', value: request.purchaseReference, scope: null }],
      })),
      documents: [
        { kind: 'LABEL', nativeType: 'LABEL', format: 'PDF', content: Buffer.from(`%PDF-1.4 label ${trackingNumber}`), url: null, pieceTrackingNumber: trackingNumber, copiesToPrint: 1 },
      ],
      total: { amount: '12.50', currency: 'USD' },
      breakdown: [],
      dispatchConfirmationNumber: null,
      links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
      warnings: [{ code: 'SHIP.ALERT', message: 'an alert the carrier sent', type: 'NOTE' }],
      tendered: this.tenderBy === null,
      tenderBy: this.tenderBy,
      transactionId: `tx-${this.serial}`,
    };
  }

  async create(request: ShipmentRequest): Promise<CreateShipmentAnswer> {
    this.calls.create += 1;
    this.onCreate?.();
    if (this.createGate) await this.createGate.opened;
    switch (this.mode) {
      case 'created': {
        const shipment = this.make(request);
        this.shipments.set(request.purchaseReference, shipment);
        // The carrier has acted; the answer waits here when a test holds it (a process dying after the call).
        if (this.answerGate) await this.answerGate.opened;
        return { kind: 'CREATED', shipment };
      }
      case 'accepted': {
        const jobId = `job-${this.calls.create}`;
        this.jobs.set(jobId, { reference: request.purchaseReference, polls: 0 });
        this.shipments.set(request.purchaseReference, this.make(request));
        return { kind: 'ACCEPTED', job: { jobId, warnings: [], transactionId: 'tx-accepted' } };
      }
      case 'lost-after-create':
        this.shipments.set(request.purchaseReference, this.make(request));
        throw new UpstreamError('carrier-b create: no answer within the timeout', { code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b' });
      case 'lost-before-create':
        throw new UpstreamError('carrier-b create: connection reset', { code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b' });
      case 'refused':
        throw new UpstreamError('carrier-b create: Invalid postal code', {
          code: 'UPSTREAM_BAD_REQUEST',
          upstream: 'carrier-b',
          carrierCode: 'POSTALCODE.INVALID',
          transactionId: 'tx-refused',
          httpStatus: 400,
        });
    }
  }

  async jobResult(jobId: string): Promise<ShipmentJobResult> {
    this.calls.jobResult += 1;
    const job = this.jobs.get(jobId);
    if (!job) throw new UpstreamError('unknown job', { code: 'UPSTREAM_NOT_FOUND', upstream: 'carrier-b' });
    job.polls += 1;
    if (job.polls <= this.runningPolls) return { kind: 'RUNNING' };
    const shipment = this.shipments.get(job.reference);
    if (!shipment) throw new Error('job without shipment');
    return { kind: 'CREATED', shipment };
  }

  reconciled: string[] = [];
  reconcileGate: Gate | null = null;
  async reconcile(request: ShipmentRequest): Promise<ReconcileResult> {
    this.calls.reconcile += 1;
    this.reconciled.push(request.purchaseReference);
    if (this.reconcileGate) await this.reconcileGate.opened;
    const found = this.shipments.get(request.purchaseReference);
    if (found) return { kind: 'FOUND', shipment: found };
    return this.absentAnswer === 'NOT_CREATED' ? { kind: 'NOT_CREATED' } : { kind: 'INCONCLUSIVE', reason: 'reference lookup not indexed yet' };
  }

  async cancel(label: LabelHandle): Promise<CancelResult> {
    this.calls.cancel += 1;
    return { cancelled: true, message: `${label.trackingNumber} cancelled`, warnings: [] };
  }
}

export class FakeTendering implements TenderingConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly kind = 'END_OF_DAY' as const;
  calls: { accountNumber: string; trackingNumbers: string[]; date: string }[] = [];
  /** Numbers the close names beside the ones sent (a carrier that closes every open shipment of the account). */
  closeAll: string[] = [];
  async tender(accountNumber: string, labels: readonly LabelHandle[], date: string): Promise<TenderResult> {
    this.calls.push({ accountNumber, trackingNumbers: labels.map((l) => l.trackingNumber), date });
    return {
      kind: 'END_OF_DAY',
      tenderedTrackingNumbers: [...labels.map((l) => l.trackingNumber), ...this.closeAll],
      documents: [{ kind: 'END_OF_DAY_MANIFEST', nativeType: null, format: 'PDF', content: Buffer.from('%PDF-1.4 manifest'), url: null, pieceTrackingNumber: null, copiesToPrint: null }],
      warnings: [],
      transactionId: 'tx-close',
    };
  }
}

export function shipmentRequest(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  const party = (name: string, city: string, postalCode: string) => ({
    contactName: name,
    companyName: null,
    phone: '+1 901 555 0100',
    email: null,
    address: { streetLines: ['1 Main St'], city, stateOrProvinceCode: 'TN', postalCode, countryCode: 'US', residential: false },
  });
  return {
    carrier: 'CARRIER_B',
    division: null,
    serviceCode: 'GROUND',
    accountNumber: null,
    shipDate: '2030-05-01',
    shipper: party('Ship Per', 'Memphis', '38118'),
    recipient: party('Reci Pient', 'Nashville', '37203'),
    returnTo: null,
    packages: [{ weight: { value: 2, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: null }],
    packagingType: null,
    pickupType: null,
    paymentType: 'SENDER',
    customs: null,
    declaredValue: null,
    codCollectionType: null,
    orderId: 'ORDER-1001',
    references: [],
    labelFormat: 'PDF',
    labelDelivery: 'INLINE',
    pickup: null,
    quotedTotal: null,
    purchaseReference: '',
    ...overrides,
  };
}

export interface Harness {
  service: ShippingService;
  shipping: FakeShipping;
  tendering: FakeTendering;
  clock: Clock;
  metrics: Metrics;
  purchased: string[];
}

export function makeService(
  store: Store,
  options: Partial<Omit<ShippingServiceDeps, 'shipping'>> & { shipping?: FakeShipping; clock?: Clock } = {},
): Harness {
  const { shipping: given, clock: givenClock, ...deps } = options;
  const shipping = given ?? new FakeShipping();
  const tendering = new FakeTendering();
  const clock = givenClock ?? new Clock();
  const metrics = createMetrics();
  const purchased: string[] = [];
  const service = new ShippingService({
    store,
    shipping: [shipping],
    tendering: [tendering],
    returns: [],
    documents: [],
    settings: SETTINGS,
    logger: silentLogger,
    metrics,
    now: clock.now,
    onPurchased: (label) => {
      purchased.push(label.id);
    },
    ...deps,
  });
  return { service, shipping, tendering, clock, metrics, purchased };
}
