import { UpstreamError } from '../../domain/errors.js';
import type { CarrierWarning, Shipment } from '../../domain/shipment.js';
import type { ShipmentStatus, StatusReading } from '../../domain/status.js';
import type { StatusChangeInput } from '../../domain/status-change.js';
import type { CarrierTime } from '../../domain/time.js';
import { lookupByNumber, type TrackRequest } from '../../domain/tracking.js';
import { recordUpstreamFailure, type FailureSink } from '../../platform/upstream-failures.js';
import type { TrackingConnector } from '../types.js';

/**
 * The unified status codes a division's own interface reads finer, and the readings that are finer words for each:
 * "This is the whole vocabulary; finer detail exists only as free text" (the unified interface), while the express
 * scan `WC` and the e-commerce events say OUT_FOR_DELIVERY or DELIVERY_ATTEMPTED. Free text is never read.
 */
const FINER_READINGS: Readonly<Record<string, ReadonlySet<ShipmentStatus>>> = {
  transit: new Set(['IN_TRANSIT', 'OUT_FOR_DELIVERY']),
  failure: new Set(['EXCEPTION', 'DELIVERY_ATTEMPTED']),
};

/** The warning a reading carries when its division could not refine it (the unified reading stands). */
export const STATUS_NOT_REFINED = 'STATUS_NOT_REFINED';

/** A division's interface and how it is asked for one number. */
export interface DivisionTracking {
  readonly connector: TrackingConnector;
  lookup(trackingNumber: string): TrackRequest;
}

/** The division's reading of a unified status, or why there is none. */
export type Refinement = { ok: true; status: StatusReading } | { ok: false; reason: string };

/** What is refined: the unified reading of one shipment at one moment. */
export interface UnifiedReading {
  division: string | null;
  trackingNumber: string;
  status: StatusReading;
  time: CarrierTime | null;
}

export interface StatusRefinementOptions {
  /** Each division with a tracking interface of its own that is configured (express, e-commerce). */
  divisions: ReadonlyMap<string, DivisionTracking>;
  /** GROUP_A_STATUS_REFINE_TIMEOUT_MS: how long a reading waits for its division; past it the unified reading stands. */
  timeoutMs: number;
  /** Where a failed division call is counted and logged once (upstream_errors_total), as every upstream failure is. */
  failures?: FailureSink;
}

/**
 * One status per shipment, whichever interface answers: a unified `transit` or `failure` of a shipment whose division
 * has its own tracking interface is read again there, through that interface's connector (its client, pool and daily
 * quota), and the division's finer word replaces it. Concurrent refinements of one number share one division call.
 * When the division cannot answer in time, fails, is out of quota or does not know the number, the unified reading
 * stands and the caller is told (a warning on a shipment); never an error.
 */
export class StatusRefinement {
  private readonly inFlight = new Map<string, Promise<Shipment | string>>();

  constructor(private readonly options: StatusRefinementOptions) {}

  /** Whether this unified reading is one a configured division refines (no call is made otherwise). */
  refines(reading: Pick<UnifiedReading, 'division' | 'status'>): boolean {
    const code = reading.status.nativeCode;
    return code !== null && FINER_READINGS[code] !== undefined && reading.division !== null && this.options.divisions.has(reading.division);
  }

  /** A unified answer with each refinable status read by its division; a reading that could not be refined says why. */
  async refineShipments(shipments: readonly Shipment[]): Promise<Shipment[]> {
    return Promise.all(
      shipments.map(async (shipment) => {
        if (!this.refines(shipment)) return shipment;
        const refined = await this.refine({ division: shipment.division, trackingNumber: shipment.trackingNumber, status: shipment.status, time: shipment.statusTime });
        if (refined.ok) return { ...shipment, status: refined.status };
        return { ...shipment, warnings: [...shipment.warnings, notRefined(shipment.division, shipment.status, refined.reason)] };
      }),
    );
  }

  /**
   * Pushed changes with each refinable status read by its division, so the log never records a reading a query would
   * contradict. A change that cannot be refined is recorded with the unified reading (a query then answers the same,
   * with its warning).
   */
  async refineChanges(changes: readonly StatusChangeInput[]): Promise<StatusChangeInput[]> {
    return Promise.all(
      changes.map(async (change) => {
        if (!this.refines(change)) return change;
        const refined = await this.refine(change);
        return refined.ok ? { ...change, status: refined.status } : change;
      }),
    );
  }

  /** The division's reading of this unified reading (see `finerReading`). */
  async refine(reading: UnifiedReading): Promise<Refinement> {
    const division = reading.division === null ? undefined : this.options.divisions.get(reading.division);
    if (!division) return { ok: false, reason: 'no interface of its own is configured' };
    const answer = await this.divisionAnswer(reading.division!, reading.trackingNumber, division);
    if (typeof answer === 'string') return { ok: false, reason: answer };
    return finerReading(reading, answer);
  }

  /** The division's shipment for a number, or why there is none; one call for every concurrent caller. */
  private divisionAnswer(division: string, trackingNumber: string, tracking: DivisionTracking): Promise<Shipment | string> {
    const key = `${division}|${trackingNumber}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.askDivision(trackingNumber, tracking).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async askDivision(trackingNumber: string, tracking: DivisionTracking): Promise<Shipment | string> {
    const { timeoutMs } = this.options;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        this.options.failures?.logger.warn({ upstream: tracking.connector.upstream, timeoutMs }, 'division tracking did not answer in time; the unified status stands');
        resolve(`it did not answer within ${timeoutMs} ms`);
      }, timeoutMs);
      timer.unref();
    });
    const asked = tracking.connector.track([tracking.lookup(trackingNumber)]).then(([outcome]): Shipment | string => {
      if (!outcome) return 'it gave no answer';
      if (!outcome.ok) {
        if (this.options.failures) recordUpstreamFailure(outcome.error, this.options.failures);
        return outcome.error.code;
      }
      return outcome.shipments.find((s) => s.trackingNumber === trackingNumber) ?? (outcome.shipments.length === 1 ? outcome.shipments[0]! : 'it does not show this number');
    }, (error: unknown) => (error instanceof UpstreamError ? error.code : 'it failed'));
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The division's word for the same moment: its scan at the unified status's local time when it shows one (a pushed
 * change may be hours old), else its latest status; either only when it is a finer word for the unified code (a
 * division already past it, e.g. delivered, is not a reading of this status).
 */
function finerReading(reading: UnifiedReading, shipment: Shipment): Refinement {
  const finer = FINER_READINGS[reading.status.nativeCode ?? ''];
  if (!finer) return { ok: false, reason: 'nothing to refine' };
  const moment = localPart(reading.time);
  if (moment !== null) {
    const latestAtMoment = localPart(shipment.statusTime) === moment || localPart(shipment.events?.[0]?.time ?? null) === moment;
    if (latestAtMoment && finer.has(shipment.status.status)) return { ok: true, status: shipment.status };
    const scan = shipment.events?.find((event) => localPart(event.time) === moment);
    if (scan) {
      return finer.has(scan.status.status)
        ? { ok: true, status: scan.status }
        : { ok: false, reason: `its scan of that moment reads ${scan.status.status}, not a finer word for "${reading.status.nativeCode}"` };
    }
  }
  if (finer.has(shipment.status.status)) return { ok: true, status: shipment.status };
  return { ok: false, reason: `it reads ${shipment.status.status} now, not a finer word for "${reading.status.nativeCode}"` };
}

/** The local wall-clock part of a time (`YYYY-MM-DDTHH:MM:SS`), whether the carrier gave an offset or not. */
function localPart(time: CarrierTime | null): string | null {
  const value = time?.localDateTime ?? time?.instant ?? null;
  return value === null || value.length < 19 ? null : value.slice(0, 19);
}

function notRefined(division: string | null, status: StatusReading, reason: string): CarrierWarning {
  return {
    code: STATUS_NOT_REFINED,
    message: `the ${division ?? ''} interface could not give its finer reading of the unified "${status.nativeCode}" (${reason}); the unified reading stands`,
    type: 'WARNING',
  };
}

/** How each division's own interface is asked for a unified number (the e-commerce one by the carrier's package id). */
export function divisionLookup(division: 'express' | 'ecommerce'): (trackingNumber: string) => TrackRequest {
  return (trackingNumber) => ({
    ...lookupByNumber('GROUP_A', trackingNumber, true),
    division,
    ...(division === 'ecommerce' ? { ecommerceIdType: 'CARRIER_PACKAGE_ID' as const } : {}),
  });
}
