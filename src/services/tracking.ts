import type { ReferenceTrackingConnector, TrackingConnector } from '../carriers/types.js';
import type { CarrierInterface } from '../domain/carrier.js';
import { InputError, UpstreamError } from '../domain/errors.js';
import type { Shipment } from '../domain/shipment.js';
import type { ReferenceLookup, TrackOutcome, TrackRequest } from '../domain/tracking.js';
import { validateTrackInput, type TrackInputRaw } from './track-input.js';

export interface TrackingConnectors {
  carrierB?: TrackingConnector & ReferenceTrackingConnector;
  groupAUnified?: TrackingConnector;
  groupAExpress?: TrackingConnector;
  groupAEcommerce?: TrackingConnector;
}

/** Where one lookup goes: the connector, and the batch it may share with others bound there. */
export interface TrackingRoute {
  name: CarrierInterface;
  connector: TrackingConnector | null;
}

export interface TrackingServiceOptions {
  connectors: TrackingConnectors;
  /** Group A divisions accepted as input (docs/assumptions.md U3). */
  divisions: readonly string[];
  /** Most tracking numbers one GraphQL request may ask for (docs/assumptions.md S1). */
  maxNumbersPerRequest: number;
  /** Told of every failed lookup (counted and logged once: src/platform/upstream-failures.ts). */
  onFailure?: (error: UpstreamError) => void;
}

/** Tracking across every carrier: validates lookups, routes each to its interface, and tracks batches there. */
export class TrackingService {
  constructor(private readonly options: TrackingServiceOptions) {}

  get maxNumbersPerRequest(): number {
    return this.options.maxNumbersPerRequest;
  }

  validate(raw: TrackInputRaw, path: string): TrackRequest {
    return validateTrackInput(raw, path, this.options.divisions);
  }

  /** Fails before any upstream call when one request asks for more numbers than the documented cap. */
  checkRequestSize(count: number, field: string): void {
    if (count > this.options.maxNumbersPerRequest) {
      throw new InputError(field, `asks for ${count} tracking numbers; at most ${this.options.maxNumbersPerRequest} per request`);
    }
  }

  /**
   * Group A express numbers go to the express interface when it is configured (it has no 1-per-5-s quota);
   * e-commerce ids go to the e-commerce interface; everything else of Group A to unified tracking.
   */
  route(request: TrackRequest): TrackingRoute {
    const { connectors } = this.options;
    if (request.carrier === 'CARRIER_B') return { name: 'carrier-b', connector: connectors.carrierB ?? null };
    if (request.division === 'express' && connectors.groupAExpress) {
      return { name: 'group-a/express', connector: connectors.groupAExpress };
    }
    if (request.division === 'ecommerce' && request.ecommerceIdType && connectors.groupAEcommerce) {
      return { name: 'group-a/ecommerce', connector: connectors.groupAEcommerce };
    }
    if (request.ecommerceIdType === 'PACKAGE_ID') {
      // The caller's own package id is known only to the e-commerce interface, never to unified tracking.
      return { name: 'group-a/ecommerce', connector: connectors.groupAEcommerce ?? null };
    }
    return { name: 'group-a/tracking', connector: connectors.groupAUnified ?? null };
  }

  /** Tracks requests that share one route; one outcome per request, in order. Never rejects. */
  async trackOnRoute(route: TrackingRoute, requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    const outcomes = await this.trackWithConnector(route, requests);
    for (const outcome of outcomes) if (!outcome.ok) this.options.onFailure?.(outcome.error);
    return outcomes;
  }

  private async trackWithConnector(route: TrackingRoute, requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    if (!route.connector) {
      return requests.map(() => ({ ok: false as const, error: notConfigured(route.name) }));
    }
    try {
      return await route.connector.track(requests);
    } catch (cause) {
      // A connector promises never to reject; if one does, its items fail, the request does not.
      const error =
        cause instanceof UpstreamError
          ? cause
          : new UpstreamError(`${route.name}: unexpected failure`, { code: 'UPSTREAM_UNAVAILABLE', upstream: route.name }, { cause });
      return requests.map(() => ({ ok: false as const, error }));
    }
  }

  async trackByReference(lookup: ReferenceLookup): Promise<Shipment[]> {
    if (lookup.carrier !== 'CARRIER_B') {
      throw new InputError('input.carrier', 'reference lookup is offered by CARRIER_B only');
    }
    const connector = this.options.connectors.carrierB;
    try {
      if (!connector) throw notConfigured('carrier-b');
      return await connector.trackByReference(lookup);
    } catch (error) {
      if (error instanceof UpstreamError) this.options.onFailure?.(error);
      throw error;
    }
  }
}

function notConfigured(upstream: CarrierInterface): UpstreamError {
  return new UpstreamError(`${upstream} is not configured on this server`, { code: 'UPSTREAM_NOT_CONFIGURED', upstream });
}
