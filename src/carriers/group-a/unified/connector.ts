import { createHash } from 'node:crypto';
import { UpstreamError } from '../../../domain/errors.js';
import type { Shipment } from '../../../domain/shipment.js';
import { trackRequestKey, type TrackOutcome, type TrackRequest } from '../../../domain/tracking.js';
import type { GroupATrackingConfig } from '../config.js';
import { staticHeaderAuth } from '../../../platform/http/auth.js';
import { outsideDeadline } from '../../../platform/http/deadline.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import type { QuotaCounter, QuotaRule } from '../../../platform/quota.js';
import { QuotaLimiter } from '../../../platform/quota-limiter.js';
import { MemoryQuotaCounter } from '../../../platform/quota-memory.js';
import type { TrackingConnector } from '../../types.js';
import { missingPayload } from '../../missing-payload.js';
import { notFound, readProblem, trackEach } from '../shared.js';
import type { StatusRefinement } from '../status-refinement.js';
import { MemoryTrackingCache, type TrackingCache } from './cache.js';
import { mapUnifiedShipment } from './mapping.js';
import { unifiedTrackingAnswer, type UnifiedShipment, type UnifiedTrackingAnswer } from './wire.js';

const UPSTREAM = 'group-a/tracking';
/** Assumption U1: follow `nextUrl` until null, at most 10 pages. */
export const MAX_PAGES = 10;
/** A 404 is kept this long at most (a number can become known soon after its label is printed). */
export const NOT_FOUND_TTL_MS = 60_000;

export interface UnifiedConnectorOptions {
  config: GroupATrackingConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Connections of the pool (UPSTREAM_POOL_CONNECTIONS_<UPSTREAM>, else UPSTREAM_POOL_CONNECTIONS); the client's default when absent. */
  connections?: number;
  /** Shared counter (the store's) when replicas share one quota; defaults to an in-process counter. */
  quotaCounter?: QuotaCounter;
  cache?: TrackingCache;
  /**
   * Reads a `transit` or `failure` again on the shipment's division's own interface (docs/assumptions.md OS1). Applied
   * before an answer is cached or shared, so every caller and every cached reading costs one refinement at most.
   */
  refinement?: StatusRefinement | null;
  now?: () => number;
}

/**
 * The quota key names the application credential ("the quota is therefore shared by everything tracked through that
 * application") by a hash, so the key itself never reaches the store, logs or metrics.
 */
export function unifiedQuotaKey(apiKey: string): string {
  return `${UPSTREAM}:${createHash('sha256').update(apiKey, 'utf8').digest('hex').slice(0, 16)}`;
}

/**
 * The upstream measures the interval where calls arrive, and a request can travel slowly (a new TLS connection, a
 * congested link) while the next travels fast. A slot is therefore held until its answer arrives and the interval runs
 * from there (assumption U6); a call that never reports back holds it at most as long as an attempt can last.
 */
export function unifiedQuotaRule(config: GroupATrackingConfig, timeouts: HttpTimeouts): QuotaRule {
  const holdMs = timeouts.connectTimeoutMs + timeouts.headersTimeoutMs + timeouts.bodyTimeoutMs;
  return { minIntervalMs: config.minIntervalMs, dailyLimit: config.dailyQuota, holdMs };
}

/**
 * Group A unified tracking (interface A): one number per call, static key, a tiny quota. Identical lookups in flight
 * share one upstream call, answers are cached, and every HTTP attempt (pages and retries included) waits for a quota
 * slot, failing at once with UPSTREAM_RATE_LIMITED when no slot comes within `maxWaitMs`.
 */
export class UnifiedTrackingConnector implements TrackingConnector {
  readonly upstream = UPSTREAM;
  readonly maxBatchSize = 1;
  readonly limiter: QuotaLimiter;
  /**
   * Its own client: the quota spaces its every attempt, the proof-of-delivery links its answers give included
   * (unified/linked-documents.ts follows them through this client).
   */
  readonly client: UpstreamClient;
  private readonly cache: TrackingCache;
  private readonly inFlight = new Map<string, Promise<Shipment[]>>();
  private readonly now: () => number;

  constructor(private readonly options: UnifiedConnectorOptions) {
    const { config } = options;
    this.now = options.now ?? Date.now;
    this.limiter = new QuotaLimiter({
      upstream: UPSTREAM,
      key: unifiedQuotaKey(config.apiKey),
      rule: unifiedQuotaRule(config, options.timeouts),
      counter: options.quotaCounter ?? new MemoryQuotaCounter(),
      maxWaitMs: config.maxWaitMs,
      metrics: options.metrics,
      now: this.now,
    });
    this.cache = options.cache ?? new MemoryTrackingCache(config.cacheTtlMs, 10_000, this.now);
    this.client = new UpstreamClient({
      upstream: UPSTREAM,
      baseUrl: config.baseUrl,
      auth: staticHeaderAuth('Carrier-API-Key', config.apiKey),
      timeouts: options.timeouts,
      metrics: options.metrics,
      logger: options.logger,
      readError: readProblem,
      retryBaseDelayMs: options.retryBaseDelayMs,
      ...(options.connections !== undefined ? { connections: options.connections } : {}),
      beforeAttempt: () => this.limiter.acquire(),
    });
  }

  track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    return trackEach(UPSTREAM, requests, (request) => this.trackOne(request));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async trackOne(request: TrackRequest): Promise<TrackOutcome> {
    const key = trackRequestKey(request);
    const cached = this.cache.get(key);
    if (cached) return cached.length > 0 ? { ok: true, shipments: cached } : { ok: false, error: notFound(UPSTREAM) };
    let pending = this.inFlight.get(key);
    if (!pending) {
      // Shared by every caller that asks for this number meanwhile: no one caller's deadline may cancel it (each caller's
      // wait is bounded by its own, src/platform/http/deadline.ts), and its answer is cached for the next.
      pending = outsideDeadline(() => this.lookup(request, key)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { ok: true, shipments: await pending };
  }

  private async lookup(request: TrackRequest, key: string): Promise<Shipment[]> {
    try {
      const wire = await this.fetchPages(request);
      if (wire.length === 0) throw missingPayload(UPSTREAM, 'track', 'any shipment');
      const unified = wire.map(mapUnifiedShipment);
      const shipments = this.options.refinement ? await this.options.refinement.refineShipments(unified) : unified;
      this.cache.set(key, shipments);
      return shipments;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.code === 'UPSTREAM_NOT_FOUND') {
        this.cache.set(key, [], Math.min(this.options.config.cacheTtlMs, NOT_FOUND_TTL_MS));
      }
      if (error.code === 'UPSTREAM_RATE_LIMITED' && !error.retryAt) throw this.withRetryAt(error);
      throw error;
    }
  }

  /** Page 1 and every `nextUrl` after it (each a quota call), de-duplicated by division and id. */
  private async fetchPages(request: TrackRequest): Promise<UnifiedShipment[]> {
    const { config } = this.options;
    const first = new URL(`${config.baseUrl.replace(/\/+$/, '')}/shipments`);
    first.searchParams.set('trackingNumber', request.trackingNumber);
    // "send it whenever known, otherwise the owning division is guessed"
    if (request.division) first.searchParams.set('service', request.division);
    if (request.language) first.searchParams.set('language', request.language);
    first.searchParams.set('limit', String(config.pageLimit));

    const found = new Map<string, UnifiedShipment>();
    const visited = new Set<string>();
    let url: string | null = first.toString();
    while (url !== null) {
      if (visited.size === MAX_PAGES) {
        this.options.logger.warn({ upstream: UPSTREAM, pages: MAX_PAGES }, 'ambiguous number has more pages than we follow');
        break;
      }
      visited.add(url);
      const answer: UnifiedTrackingAnswer = await this.client.call({ operation: 'track', method: 'GET', path: url, schema: unifiedTrackingAnswer });
      for (const shipment of answer.shipments) found.set(`${shipment.service ?? ''}|${shipment.id}`, shipment);
      // Relative links resolve against the page that carried them; another origin is refused by the client (U2).
      const next: string | null = answer.nextUrl ? new URL(answer.nextUrl, url).toString() : null;
      url = next !== null && !visited.has(next) ? next : null;
    }
    return [...found.values()];
  }

  /** Assumption U5: a 429 without Retry-After is retried no sooner than our own next interval slot. */
  private withRetryAt(error: UpstreamError): UpstreamError {
    const retryAt = new Date(this.now() + this.options.config.minIntervalMs);
    return new UpstreamError(error.message, {
      code: error.code,
      upstream: error.upstream,
      carrierCode: error.carrierCode,
      retryAt,
      operation: error.operation ?? 'track',
      ...(error.httpStatus !== null ? { httpStatus: error.httpStatus } : {}),
    }, { cause: error });
  }
}
