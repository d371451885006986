import type { TrackingDirectory, TrackingRoute, WatchRefusal } from '../carriers/types.js';
import type { Carrier, CarrierInterface } from '../domain/carrier.js';
import { InputError, UpstreamError } from '../domain/errors.js';
import { idNamesShipment, type ShipmentIdParts } from '../domain/ids.js';
import type { Shipment } from '../domain/shipment.js';
import type { ReferenceLookup, TrackOutcome, TrackRequest } from '../domain/tracking.js';
import type { StoredShipmentSource } from './stored-shipments.js';
import { TrackingBatcher, type TrackingBatcherOptions } from './tracking-batcher.js';
import { checkTrackLookup, type TrackLookup } from '../domain/track-lookup.js';
import { DeadlineExceededError, withDeadline, type RequestDeadline } from '../platform/http/deadline.js';

export type { TrackingRoute } from '../carriers/types.js';

/** A Group A division as it appears in an id: the unified `service` value (lower-case name). */
const ID_DIVISION = /^[a-z0-9-]{1,32}$/;

export interface TrackingServiceOptions {
  /** Who tracks a number: the carrier registry (src/carriers/registry.ts); the service names no carrier. */
  routes: TrackingDirectory;
  /** Group A divisions accepted as input (docs/assumptions.md U3). */
  divisions: readonly string[];
  /** Most tracking numbers one GraphQL request may ask for (docs/assumptions.md S1). */
  maxNumbersPerRequest: number;
  /** Told of every failed lookup (counted and logged once: src/platform/upstream-failures.ts). */
  onFailure?: (error: UpstreamError) => void;
  /** Where `_entities` references by id are answered without a carrier call (docs/assumptions.md I4); none by default. */
  stored?: StoredShipmentSource | null;
  /** Batching across requests and the freshness window (TRACKING_BATCH_WINDOW_MS, TRACKING_FRESHNESS_MS); off when absent. */
  sharing?: TrackingBatcherOptions;
}

/** Tracking across every carrier: validates lookups, routes each to its interface, and tracks batches there. */
export class TrackingService {
  private readonly batcher: TrackingBatcher | null;

  constructor(private readonly options: TrackingServiceOptions) {
    this.batcher = options.sharing ? new TrackingBatcher((route, requests, deadline) => this.trackOnRoute(route, requests, deadline), options.sharing) : null;
  }

  get maxNumbersPerRequest(): number {
    return this.options.maxNumbersPerRequest;
  }

  /** A lookup however it is named (client input, a watch, a shipment id), checked with this server's carriers and divisions. */
  validate(lookup: TrackLookup, path: string): TrackRequest {
    return checkTrackLookup(lookup, path, this.options.divisions, this.options.routes.carriers);
  }

  /** Fails before any upstream call when one request asks for more numbers than the documented cap. */
  checkRequestSize(count: number, field: string): void {
    if (count > this.options.maxNumbersPerRequest) {
      throw new InputError(field, `asks for ${count} tracking numbers; at most ${this.options.maxNumbersPerRequest} per request`);
    }
  }

  /** Where one lookup goes, by its carrier module's rule (e.g. Group A express numbers to express when configured). */
  route(request: TrackRequest): TrackingRoute {
    return this.options.routes.route(request);
  }

  /** Whether the carrier reuses numbers (its ids carry its unique id), as its module says. */
  /** Why this lookup's carrier will not have it polled (its interface pushes instead); null when it may be. */
  unwatchable(request: TrackRequest): WatchRefusal | null {
    return this.options.routes.unwatchable(request);
  }

  numbersReused(carrier: Carrier): boolean {
    return this.options.routes.numbersReused(carrier);
  }

  /**
   * A GraphQL request's batch on one route: shared with concurrent requests' lookups and answered fresh where the
   * route batches and sharing is configured (src/services/tracking-batcher.ts); otherwise `trackOnRoute`. Never rejects.
   */
  trackShared(route: TrackingRoute, requests: readonly TrackRequest[], deadline?: RequestDeadline): Promise<TrackOutcome[]> {
    if (this.batcher?.handles(route)) return this.batcher.track(route, requests, deadline);
    return this.trackOnRoute(route, requests, deadline);
  }

  /** Tracks requests that share one route; one outcome per request, in order. Never rejects. */
  async trackOnRoute(route: TrackingRoute, requests: readonly TrackRequest[], deadline?: RequestDeadline): Promise<TrackOutcome[]> {
    const outcomes = await this.trackWithConnector(route, requests, deadline);
    for (const outcome of outcomes) if (!outcome.ok) this.options.onFailure?.(outcome.error);
    return outcomes;
  }

  private async trackWithConnector(route: TrackingRoute, requests: readonly TrackRequest[], deadline?: RequestDeadline): Promise<TrackOutcome[]> {
    if (!route.connector) {
      return requests.map(() => ({ ok: false as const, error: notConfigured(route.name) }));
    }
    const connector = route.connector;
    try {
      return await withDeadline(deadline, () => connector.track(requests));
    } catch (cause) {
      // A connector promises never to reject; if one does, its items fail, the request does not.
      const error =
        cause instanceof DeadlineExceededError
          ? deadlineExceeded(route.name, cause)
          : cause instanceof UpstreamError
          ? cause
          : new UpstreamError(`${route.name}: unexpected failure`, { code: 'UPSTREAM_UNAVAILABLE', upstream: route.name }, { cause });
      return requests.map(() => ({ ok: false as const, error }));
    }
  }

  /**
   * The lookup that finds the shipment a (checked) id names: Carrier B narrowed by the carrier's unique id; refined by
   * the carrier's module (Group A: an e-commerce id, the carrier's `carrierPackageId` (I1), on the e-commerce interface
   * when it is configured, so it does not spend unified tracking's quota). Parts the server does not accept (an unknown division) are an InputError on
   * `field`.
   */
  requestForShipmentId(parts: ShipmentIdParts, field: string): TrackRequest {
    let request: TrackRequest;
    try {
      // The division is checked apart: an id carries the division the carrier answered with (unified `service`, e.g.
      // `freight`), which resolves even when it is not among the divisions accepted as input (U3).
      request = this.validate(
        { carrier: parts.carrier, trackingNumber: parts.trackingNumber, division: null, carrierUniqueId: parts.carrierUniqueId },
        '',
      );
    } catch (error) {
      if (error instanceof InputError) throw new InputError(field, `is not a shipment id this server resolves (${error.message})`);
      throw error;
    }
    if (parts.division !== null) {
      if (!this.options.routes.hasDivisions(parts.carrier) || !ID_DIVISION.test(parts.division)) {
        throw new InputError(field, `is not a shipment id this server resolves (division "${parts.division}")`);
      }
      request = { ...request, division: parts.division };
    }
    return this.options.routes.lookupForShipmentId(request);
  }

  /** Stored shipments fresh enough to answer `_entities` references by id without a carrier call; others are absent. */
  async storedShipments(ids: readonly string[], includeEvents: boolean): Promise<Map<string, Shipment>> {
    return (await this.options.stored?.findMany(ids, includeEvents)) ?? new Map();
  }

  /** Carriers whose modules offer a lookup by customer reference. */
  get referenceCarriers(): readonly Carrier[] {
    return this.options.routes.carriersWithReferences;
  }

  /** A checked reference lookup (the GraphQL edge checks it: src/graphql/inputs/track.ts). */
  async trackByReference(lookup: ReferenceLookup, deadline?: RequestDeadline): Promise<Shipment[]> {
    const references = this.options.routes.references(lookup.carrier);
    if (!references) {
      throw new InputError('input.carrier', `reference lookup is offered by ${this.options.routes.carriersWithReferences.join(', ')} only`);
    }
    const { upstream, connector } = references;
    try {
      if (!connector) throw notConfigured(upstream);
      return await withDeadline(deadline, () => connector.trackByReference(lookup));
    } catch (cause) {
      const error = cause instanceof DeadlineExceededError ? deadlineExceeded(upstream, cause) : cause;
      if (error instanceof UpstreamError) this.options.onFailure?.(error);
      throw error;
    }
  }
}

/** The lookups still waiting when the request's deadline passed fail alone, naming the limit; answered ones stand. */
function deadlineExceeded(upstream: CarrierInterface, cause: DeadlineExceededError): UpstreamError {
  return new UpstreamError(`${upstream}: ${cause.message} before it answered`, { code: 'UPSTREAM_DEADLINE_EXCEEDED', upstream }, { cause });
}

function notConfigured(upstream: CarrierInterface): UpstreamError {
  return new UpstreamError(`${upstream} is not configured on this server`, { code: 'UPSTREAM_NOT_CONFIGURED', upstream });
}

/**
 * The one shipment of an answer that `id` names (see `idNamesShipment`): UPSTREAM_NOT_FOUND when none does,
 * UPSTREAM_AMBIGUOUS naming the candidates' ids when a short Carrier B id names several.
 */
export function shipmentNamedBy(shipments: readonly Shipment[], id: string, parts: ShipmentIdParts, upstream: CarrierInterface): Shipment {
  const named = shipments.filter((shipment) => idNamesShipment(id, parts, shipment));
  const exact = named.find((shipment) => shipment.id === id);
  if (exact) return exact;
  const [first, ...others] = named;
  if (!first) throw new UpstreamError(`no shipment with id ${id}`, { code: 'UPSTREAM_NOT_FOUND', upstream });
  if (others.length > 0) {
    const candidates = named.map((s) => s.id);
    throw new UpstreamError(`${id} matches ${candidates.length} shipments; reference one by its full id`, {
      code: 'UPSTREAM_AMBIGUOUS',
      upstream,
      candidates,
    });
  }
  return first;
}
