import { LRUCache } from 'lru-cache';
import type { PostalValidationConnector, RatingConnector } from '../../carriers/types.js';
import type { UpstreamError } from '../../domain/errors.js';
import type { RateOutcome, RateRequest } from '../../domain/rating.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import { currentDeadline, outsideDeadline, type RequestDeadline } from '../../platform/http/deadline.js';
import { callCarrier, failed, unexpectedFailure, CarrierDeadlineError, type RatingOperation } from './carrier-call.js';
import { PostalCheck } from './postal-check.js';
import type { RateAnswerSource } from './rating-metrics.js';
import { rateRequestKey } from './request-key.js';
import { orderQuotes } from './strategies.js';
import type { RateInputRules, RateShop, RateShopOptions, RateShopper, SkippedCarrier } from './types.js';

export interface RatingServiceOptions {
  /** The registry's rating connectors, in the registry's order. */
  connectors: readonly RatingConnector[];
  /** The registry's postal validators (Carrier B), when configured. */
  postalValidators?: readonly PostalValidationConnector[];
  /** RATE_CARRIER_DEADLINE_MS: each carrier's own deadline. */
  carrierDeadlineMs: number;
  /** RATE_CACHE_TTL_MS: how long a carrier's successful answer to an identical request is reused; 0 disables. */
  cacheTtlMs: number;
  /** RATE_CACHE_MAX_ENTRIES: bound of the cache (entries are one carrier's answer to one request). */
  cacheMaxEntries: number;
  /** What input validation checks against: the configured express accounts and Group A divisions. */
  input?: { expressAccountNumbers: readonly string[]; divisions: readonly string[] };
  /** Every failed outcome, once (metrics and the failure log line). */
  onFailure?: (error: UpstreamError) => void;
  /** Each carrier answer a request used, by where it came from (rate_answers_total on /metrics). */
  onAnswer?: (upstream: string, source: RateAnswerSource) => void;
  /** A connector that rejected despite its contract (a bug of ours): logged with its stack. */
  onUnexpected?: (error: unknown, connector: RatingConnector) => void;
  now?: () => Date;
}

/** Per call: the GraphQL request's deadline and where the input sits in the operation (for BAD_USER_INPUT paths). */
export interface ShopContext {
  /** Default: the ambient deadline's signal, if any (src/platform/http/deadline.ts). */
  deadline?: RequestDeadline;
  /** Path of the rate request in the operation's input; default `input`. */
  fieldPrefix?: string;
}

/** One carrier's answer, with when it was asked and whether this request reused it. */
interface TimedOutcome {
  outcome: RateOutcome;
  quotedAt: string;
  /** This request called no carrier for it (cache, or an identical request's call in flight). */
  reused: boolean;
}

/** What serviceability derives from one outcome: the services a carrier offered (none = not served). */
export interface ServiceabilityAnswer {
  outcomes: RateOutcome[];
  skipped: SkippedCarrier[];
  warnings: CarrierWarning[];
  checkedAt: string;
  fromCache: boolean;
}

/**
 * Rate shopping across every rating connector (DESIGN.md "Rating and the delivery promise"; karrio's Rating.fetch):
 * filter, let each connector refuse a lane it cannot serve (no call), check postal codes, then ask every remaining
 * carrier IN PARALLEL, each under its own deadline, each at most once per request. One carrier's failure or lateness
 * is its own typed outcome beside the others' quotes. A carrier's successful answer is shared with identical requests
 * in flight and cached for RATE_CACHE_TTL_MS (quoting spends the same quota as everything else: express test 500 a
 * day); failures are never cached, so a timeout does not stick.
 */
export class RatingService implements RateShopper {
  private readonly cache: LRUCache<string, { outcome: RateOutcome; quotedAt: string }> | null;
  private readonly inflight = new Map<string, Promise<{ outcome: RateOutcome; quotedAt: string }>>();
  private readonly postal: PostalCheck;
  private readonly now: () => Date;

  constructor(private readonly options: RatingServiceOptions) {
    // A test that drives `now` drives the caches' TTLs too; otherwise lru-cache's monotonic clock.
    const perf = options.now ? { now: () => options.now!().getTime() } : undefined;
    this.cache =
      options.cacheTtlMs > 0
        ? new LRUCache({ max: Math.max(1, options.cacheMaxEntries), ttl: options.cacheTtlMs, ...(perf ? { perf, ttlResolution: 0 } : {}) })
        : null;
    this.postal = new PostalCheck(options.postalValidators ?? [], options.carrierDeadlineMs, options.cacheMaxEntries, options.cacheTtlMs, perf);
    this.now = options.now ?? (() => new Date());
  }

  /**
   * What a rate request is checked against before any upstream call (the GraphQL edge checks it:
   * src/graphql/inputs/rates.ts): the clock and this server's configuration.
   */
  inputRules(): RateInputRules {
    return {
      now: this.now(),
      expressAccountNumbers: this.options.input?.expressAccountNumbers ?? [],
      divisions: this.options.input?.divisions ?? [],
      // Each carrier module knows which of its own codes its rate interface never quotes.
      unquotableService: (code) => {
        for (const connector of this.options.connectors) {
          const reason = connector.unquotableService?.(code) ?? null;
          if (reason !== null) return reason;
        }
        return null;
      },
    };
  }

  /** The connectors a rate shop would ask, for a caller that wants to know without asking (the delivery promise). */
  get connectors(): readonly RatingConnector[] {
    return this.options.connectors;
  }

  async shop(request: RateRequest, options: RateShopOptions, context: ShopContext = {}): Promise<RateShop> {
    const answered = await this.fanOut(request, options, 'rate', context);
    const quotes = answered.outcomes.flatMap((o) => (o.outcome.ok ? o.outcome.quotes : []));
    const ordered = orderQuotes(quotes, options.strategy, { preferredCurrency: request.currency, deliverBy: options.deliverBy });
    return {
      outcomes: answered.outcomes.map((o) => o.outcome),
      skipped: answered.skipped,
      quotes: ordered.quotes,
      best: ordered.quotes[0] ?? null,
      excluded: ordered.excluded,
      warnings: answered.warnings,
      ...this.timing(answered.outcomes),
    };
  }

  /**
   * Serviceability from rate calls (the seeds: "a rate call either returns products or does not"): each carrier's
   * `available()` where it has one (express `/products`), else `rate()`; an answer with no service means not served.
   * The same fan-out, deadlines, coalescing and cache; a cached rate answer to the same request is reused.
   */
  async serviceability(request: RateRequest, options: Pick<RateShopOptions, 'carriers' | 'divisions'>, context: ShopContext = {}): Promise<ServiceabilityAnswer> {
    const answered = await this.fanOut(request, { ...options, strategy: 'CHEAPEST', deliverBy: null }, 'available', context);
    const timing = this.timing(answered.outcomes);
    return {
      outcomes: answered.outcomes.map((o) => o.outcome),
      skipped: answered.skipped,
      warnings: answered.warnings,
      checkedAt: timing.quotedAt,
      fromCache: timing.fromCache,
    };
  }

  private async fanOut(
    request: RateRequest,
    options: RateShopOptions,
    operation: RatingOperation,
    context: ShopContext,
  ): Promise<{ outcomes: TimedOutcome[]; skipped: SkippedCarrier[]; warnings: CarrierWarning[] }> {
    const deadline = context.deadline ?? ambientDeadline();
    const skipped: SkippedCarrier[] = [];
    const asked: RatingConnector[] = [];
    const broken: TimedOutcome[] = [];
    for (const connector of this.options.connectors) {
      let refusal;
      try {
        refusal = filteredOut(connector, options) ?? connector.refuses(request);
      } catch (error) {
        // `refuses` must not throw; if it does (a bug of ours) only that carrier fails, like a rejected `rate`.
        this.options.onUnexpected?.(error, connector);
        broken.push({ outcome: failed(connector, unexpectedFailure(connector, 'refuses')), quotedAt: this.now().toISOString(), reused: false });
        continue;
      }
      if (refusal) skipped.push({ carrier: connector.carrier, division: connector.division, upstream: connector.upstream, refusal });
      else asked.push(connector);
    }
    // Before any rate call: a postal code the carrier says does not exist is the caller's error (RT8).
    const validators = this.postal.relevant(new Set(asked.map((c) => c.upstream)));
    const warnings = validators.length > 0 ? await this.postal.check(request, validators, context.fieldPrefix ?? 'input', deadline) : [];
    const key = rateRequestKey(request);
    const outcomes = [...broken, ...(await Promise.all(asked.map((connector) => this.answerOf(connector, operation, request, key, deadline))))];
    for (const { outcome, reused } of outcomes) {
      if (!reused && !outcome.ok) this.options.onFailure?.(outcome.error);
    }
    return { outcomes, skipped, warnings };
  }

  /** One carrier's answer: from the cache, from an identical request's call in flight, or from a call of our own. */
  private async answerOf(
    connector: RatingConnector,
    operation: RatingOperation,
    request: RateRequest,
    requestKey: string,
    deadline: RequestDeadline | undefined,
  ): Promise<TimedOutcome> {
    const id = connectorId(connector);
    // A rate answer also answers serviceability; `available` answers are kept apart (they may carry no price).
    const rateKey = `rate|${id}|${requestKey}`;
    const ownKey = operation === 'available' && connector.available ? `available|${id}|${requestKey}` : rateKey;
    for (const key of new Set([rateKey, ownKey])) {
      const hit = this.cache?.get(key);
      if (hit) {
        this.options.onAnswer?.(connector.upstream, 'cache');
        return { ...hit, reused: true };
      }
    }
    const pending = this.inflight.get(ownKey);
    if (pending) {
      this.options.onAnswer?.(connector.upstream, 'in_flight');
      return { ...(await waitWithin(pending, connector, deadline)), reused: true };
    }
    this.options.onAnswer?.(connector.upstream, 'carrier');
    const quotedAt = this.now().toISOString();
    // The shared call must not be cancelled by this request's deadline alone once others wait on it: it runs outside
    // the ambient scope and under its own combined deadline (callCarrier), which this request set.
    const call = outsideDeadline(() =>
      callCarrier(connector, operation, request, { carrierDeadlineMs: this.options.carrierDeadlineMs, requestDeadline: deadline }, (error, c) =>
        this.options.onUnexpected?.(error, c),
      ),
    )
      .then((outcome) => {
        if (outcome.ok) this.cache?.set(ownKey, { outcome, quotedAt });
        return { outcome, quotedAt };
      })
      .finally(() => this.inflight.delete(ownKey));
    this.inflight.set(ownKey, call);
    return { ...(await call), reused: false };
  }

  private timing(outcomes: readonly TimedOutcome[]): { quotedAt: string; fromCache: boolean } {
    if (outcomes.length === 0) return { quotedAt: this.now().toISOString(), fromCache: false };
    const oldest = outcomes.map((o) => o.quotedAt).sort()[0]!;
    return { quotedAt: oldest, fromCache: outcomes.every((o) => o.reused) };
  }
}

function connectorId(connector: RatingConnector): string {
  return `${connector.upstream}|${connector.carrier}|${connector.division ?? '-'}`;
}

/** The request's filters (RT7): a carrier not named, or a Group A division not named, is skipped without a call. */
function filteredOut(connector: RatingConnector, options: Pick<RateShopOptions, 'carriers' | 'divisions'>) {
  if (options.carriers && !options.carriers.includes(connector.carrier)) {
    return { code: 'FILTERED_OUT', message: `${connector.carrier} is not among the requested carriers` };
  }
  if (options.divisions && connector.division !== null && !options.divisions.includes(connector.division)) {
    return { code: 'FILTERED_OUT', message: `division ${connector.division} is not among the requested divisions` };
  }
  return null;
}

/** The ambient deadline as a RequestDeadline (its length unknown: messages then name the variable only). */
function ambientDeadline(): RequestDeadline | undefined {
  const signal = currentDeadline();
  return signal ? { signal, ms: Number.NaN } : undefined;
}

/**
 * A request that joins another's call in flight still waits no longer than its own deadline: past it, its answer for
 * that carrier is a timeout outcome (the shared call goes on for the others).
 */
function waitWithin<T extends { outcome: RateOutcome }>(
  pending: Promise<T>,
  connector: RatingConnector,
  deadline: RequestDeadline | undefined,
): Promise<T | { outcome: RateOutcome; quotedAt: string }> {
  if (!deadline) return pending;
  const late = () => ({
    outcome: failed(connector, new CarrierDeadlineError('REQUEST_DEADLINE_MS', Number.isNaN(deadline.ms) ? null : deadline.ms, connector.upstream, `${connector.upstream} rate`)),
    quotedAt: new Date().toISOString(),
  });
  if (deadline.signal.aborted) return Promise.resolve(late());
  return new Promise((resolve) => {
    const onAbort = () => resolve(late());
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    void pending.then(resolve).finally(() => deadline.signal.removeEventListener('abort', onAbort));
  });
}
