import type {
  AddressCapabilityConnector,
  AddressResolutionConnector,
  NotificationConnector,
  PostalValidationConnector,
  ServicePointConnector,
} from '../../carriers/types.js';
import type { Carrier, CarrierInterface } from '../../domain/carrier.js';
import { InputError, UpstreamError } from '../../domain/errors.js';
import type {
  AddressCapability,
  AddressInput,
  EmailNotificationRequest,
  EmailNotificationResult,
  PerInput,
  ResolvedAddress,
  ServicePointQuery,
  ServicePointSearch,
} from '../../domain/pickups-addresses.js';
import type { PostalValidation } from '../../domain/rating.js';
import type { RequestDeadline } from '../../platform/http/deadline.js';
import { underCarrierDeadline } from '../landed-cost/carrier-deadline.js';
import type {
  AddressCheck,
  AddressCheckFailure,
  AddressesApi,
  AddressResolutionOutcome,
  ResolveAddressesOptions,
  ServicePointsAnswer,
} from '../pickups/types.js';
import { AddressAnswerCache, addressKey } from './answer-cache.js';

export interface AddressesServiceOptions {
  resolution: readonly AddressResolutionConnector[];
  capability: readonly AddressCapabilityConnector[];
  postal: readonly PostalValidationConnector[];
  servicePoints: readonly ServicePointConnector[];
  notifications: readonly NotificationConnector[];
  /** Each carrier call's deadline, rating's (RATE_CARRIER_DEADLINE_MS), within the request's (AR3). */
  carrierDeadlineMs: number;
  /** ADDRESS_CACHE_TTL_SECONDS (as ms) and ADDRESS_CACHE_MAX_ENTRIES; `perf` drives the TTL clock in tests. */
  cache: { ttlMs: number; maxEntries: number; perf?: { now(): number } };
  /** Records a failure once (metrics and one log line), as tracking and rating do. */
  onFailure?: (error: UpstreamError) => void;
  /** A connector that broke its never-reject contract: logged with its stack. */
  onUnexpected?: (error: unknown, upstream: CarrierInterface) => void;
}

/** A carrier's answer about one distinct address, or its typed failure. */
type Answer<T> = { ok: true; value: T; resolvedAt: Date; fromCache: boolean } | { ok: false; error: UpstreamError };
type Distinct = ReadonlyArray<readonly [key: string, address: AddressInput]>;

/** Which carrier and division an interface speaks for, as its connector declares it. */
type Source = { carrier: Carrier; division: string | null };

/**
 * Address resolution, service points and email notifications over the registry's connectors (issue 10). Every carrier
 * is asked in parallel under its own deadline; one that fails is a typed failure beside the others' answers, per input.
 */
export class AddressesService implements AddressesApi {
  private readonly cache: AddressAnswerCache;

  /** Each interface's carrier and division, as its module's connectors declare them (never guessed from its name). */
  private readonly sources: ReadonlyMap<CarrierInterface, Source>;

  constructor(private readonly options: AddressesServiceOptions) {
    this.sources = new Map<CarrierInterface, Source>([
      ...options.resolution.map((c) => [c.upstream, { carrier: c.carrier, division: null }] as const),
      ...options.capability.map((c) => [c.upstream, { carrier: c.carrier, division: c.division }] as const),
      ...options.postal.map((c) => [c.upstream, { carrier: c.carrier, division: c.division }] as const),
    ]);
    this.cache = new AddressAnswerCache(options.cache);
  }

  async resolveAddresses(inputs: readonly AddressInput[], options: ResolveAddressesOptions, deadline?: RequestDeadline): Promise<AddressResolutionOutcome[]> {
    this.requireConfigured(options);
    const keys = inputs.map(addressKey);
    // Identical addresses are asked about once per request: the first spelling goes upstream, every copy shares its answer.
    const distinct = new Map<string, AddressInput>();
    keys.forEach((key, i) => {
      if (!distinct.has(key)) distinct.set(key, inputs[i]!);
    });
    const entries: Distinct = [...distinct.entries()];
    const reported = new Set<UpstreamError>();
    const report = (error: UpstreamError) => {
      if (reported.has(error)) return;
      reported.add(error);
      this.options.onFailure?.(error);
    };
    const [resolutions, capabilities, postal] = await Promise.all([
      Promise.all(this.options.resolution.map(async (c) => ({ upstream: c.upstream, answers: await this.resolveWith(c, entries, options.includeResolutionTokens, deadline) }))),
      Promise.all(
        this.options.capability.flatMap((c) =>
          options.capabilities.map(async (purpose) => ({ connector: c, purpose, answers: await this.capabilityWith(c, purpose, entries, deadline) })),
        ),
      ),
      options.validatePostalCodes ? Promise.all(this.options.postal.map(async (v) => ({ upstream: v.upstream, answers: await this.postalWith(v, entries, deadline) }))) : [],
    ]);

    return inputs.map((input, index): AddressResolutionOutcome => {
      const key = keys[index]!;
      const outcome: AddressResolutionOutcome = { input, resolutions: [], capabilities: [], postalCodes: [], failures: [] };
      const fail = (upstream: CarrierInterface, check: AddressCheck, error: UpstreamError) => {
        report(error);
        outcome.failures.push(failureOf(this.sourceOf(upstream), upstream, check, error));
      };
      for (const { upstream, answers } of resolutions) {
        const answer = answers.get(key)!;
        if (!answer.ok) fail(upstream, 'RESOLUTION', answer.error);
        else if (options.strict && !answer.value.resolved) outcome.failures.push(unresolved(this.sourceOf(upstream), upstream, index, answer.value));
        else outcome.resolutions.push({ ...this.sourceOf(upstream), upstream, resolvedAt: answer.resolvedAt, fromCache: answer.fromCache, result: answer.value });
      }
      for (const { connector, purpose, answers } of capabilities) {
        const answer = answers.get(key)!;
        if (!answer.ok) fail(connector.upstream, purpose === 'PICKUP' ? 'PICKUP_CAPABILITY' : 'DELIVERY_CAPABILITY', answer.error);
        else outcome.capabilities.push({ ...this.sourceOf(connector.upstream), upstream: connector.upstream, purpose, resolvedAt: answer.resolvedAt, fromCache: answer.fromCache, result: answer.value });
      }
      for (const { upstream, answers } of postal) {
        const answer = answers.get(key);
        // Postal validation applies only to an input with a postal code.
        if (!answer) continue;
        if (!answer.ok) fail(upstream, 'POSTAL_CODE', answer.error);
        else outcome.postalCodes.push({ ...this.sourceOf(upstream), upstream, resolvedAt: answer.resolvedAt, fromCache: answer.fromCache, result: answer.value });
      }
      return outcome;
    });
  }

  /**
   * A check asked of no configured carrier is refused before any call: an empty answer would read as "nothing found"
   * when nothing was asked (Carrier B or Group A express not configured).
   */
  private requireConfigured(options: ResolveAddressesOptions): void {
    const { resolution, capability, postal } = this.options;
    if (options.capabilities.length > 0 && capability.length === 0) {
      throw new InputError('options.capabilities', 'no carrier answering pickup or delivery capability is configured');
    }
    if (options.validatePostalCodes && postal.length === 0) {
      throw new InputError('options.validatePostalCodes', 'no carrier validating postal codes is configured');
    }
    if (resolution.length === 0 && options.capabilities.length === 0 && !options.validatePostalCodes) {
      throw new InputError('inputs', 'no carrier resolving addresses is configured; ask options.capabilities instead');
    }
    if (options.strict && resolution.length === 0) {
      throw new InputError('options.strict', 'strict mode applies to address resolution, and no carrier resolving addresses is configured');
    }
  }

  /** Carrier B: the addresses not cached, `maxBatchSize` to a call, the calls in parallel. */
  private async resolveWith(connector: AddressResolutionConnector, entries: Distinct, tokens: boolean, deadline: RequestDeadline | undefined): Promise<Map<string, Answer<ResolvedAddress>>> {
    const answers = new Map<string, Answer<ResolvedAddress>>();
    const misses = entries.filter(([key]) => !this.fromCache(answers, key, ['resolve', connector.upstream, key, tokens]));
    const slices: (typeof misses)[] = [];
    for (let start = 0; start < misses.length; start += connector.maxBatchSize) slices.push(misses.slice(start, start + connector.maxBatchSize));
    await Promise.all(
      slices.map(async (slice) => {
        const outcomes = await this.underDeadline<PerInput<ResolvedAddress>[]>(
          connector.upstream,
          'address-resolve',
          deadline,
          () => connector.resolve(slice.map(([, address]) => address), { includeResolutionTokens: tokens }),
          (error) => slice.map(() => ({ ok: false, error })),
        );
        const resolvedAt = new Date();
        slice.forEach(([key], i) => {
          const outcome = outcomes[i] ?? { ok: false, error: new UpstreamError(`${connector.upstream} address-resolve: no outcome for an input`, { code: 'UPSTREAM_CONTRACT', upstream: connector.upstream }) };
          this.settle(answers, key, ['resolve', connector.upstream, key, tokens], outcome.ok ? { ok: true, value: outcome.value, resolvedAt, fromCache: false } : outcome);
        });
      }),
    );
    return answers;
  }

  /** Express: one call per distinct address for this purpose (the interface takes one address a call). */
  private async capabilityWith(connector: AddressCapabilityConnector, purpose: 'PICKUP' | 'DELIVERY', entries: Distinct, deadline: RequestDeadline | undefined): Promise<Map<string, Answer<AddressCapability>>> {
    const answers = new Map<string, Answer<AddressCapability>>();
    await Promise.all(
      entries.map(async ([key, address]) => {
        const cacheKey = ['capability', connector.upstream, purpose, key];
        if (this.fromCache(answers, key, cacheKey)) return;
        const answer = await this.underDeadline<Answer<AddressCapability>>(
          connector.upstream,
          'address-validate',
          deadline,
          async () => ({ ok: true, value: await connector.capability(address, purpose), resolvedAt: new Date(), fromCache: false }),
          (error) => ({ ok: false, error }),
        );
        this.settle(answers, key, cacheKey, answer);
      }),
    );
    return answers;
  }

  /** Carrier B postal validation: one call per distinct (country, postal code, state); inputs without a code are skipped. */
  private async postalWith(validator: PostalValidationConnector, entries: Distinct, deadline: RequestDeadline | undefined): Promise<Map<string, Answer<PostalValidation>>> {
    const byCode = new Map<string, { address: AddressInput; keys: string[] }>();
    for (const [key, address] of entries) {
      if (address.postalCode === null) continue;
      const code = JSON.stringify([address.countryCode, address.postalCode.trim().toUpperCase(), address.stateOrProvinceCode]);
      const group = byCode.get(code) ?? { address, keys: [] };
      group.keys.push(key);
      byCode.set(code, group);
    }
    const answers = new Map<string, Answer<PostalValidation>>();
    await Promise.all(
      [...byCode].map(async ([code, { address, keys }]) => {
        const cacheKey = ['postal', validator.upstream, code];
        const codeAnswers = new Map<string, Answer<PostalValidation>>();
        if (!this.fromCache(codeAnswers, code, cacheKey)) {
          const answer = await this.underDeadline<Answer<PostalValidation>>(
            validator.upstream,
            'postal-validate',
            deadline,
            async () => ({ ok: true, value: await validator.validatePostalCode(address.countryCode, address.postalCode!, address.stateOrProvinceCode), resolvedAt: new Date(), fromCache: false }),
            (error) => ({ ok: false, error }),
          );
          this.settle(codeAnswers, code, cacheKey, answer);
        }
        for (const key of keys) answers.set(key, codeAnswers.get(code)!);
      }),
    );
    return answers;
  }

  /** Puts a cached answer in `answers` under `key`; false when there is none. */
  private fromCache<T>(answers: Map<string, Answer<T>>, key: string, cacheKey: unknown[]): boolean {
    const hit = this.cache.get<T>(JSON.stringify(cacheKey));
    if (!hit) return false;
    answers.set(key, { ok: true, value: hit.value, resolvedAt: hit.resolvedAt, fromCache: true });
    return true;
  }

  /** Records an answer; a success is cached for the next requests, a failure never is. */
  private settle<T>(answers: Map<string, Answer<T>>, key: string, cacheKey: unknown[], answer: Answer<T>): void {
    answers.set(key, answer);
    if (answer.ok) this.cache.set(JSON.stringify(cacheKey), { value: answer.value, resolvedAt: answer.resolvedAt });
  }

  private underDeadline<T>(upstream: CarrierInterface, operation: string, deadline: RequestDeadline | undefined, work: () => Promise<T>, failed: (error: UpstreamError) => T): Promise<T> {
    return underCarrierDeadline(
      upstream,
      `${upstream} ${operation}`,
      { carrierDeadlineMs: this.options.carrierDeadlineMs, requestDeadline: deadline },
      work,
      failed,
      (error) => this.options.onUnexpected?.(error, upstream),
    );
  }

  async servicePoints(query: ServicePointQuery, deadline?: RequestDeadline): Promise<ServicePointsAnswer> {
    const answer: ServicePointsAnswer = { points: [], warnings: [], failures: [] };
    const searches = await Promise.all(
      this.options.servicePoints.map(async (connector) => ({
        connector,
        search: await this.underDeadline<ServicePointSearch | UpstreamError>(
          connector.upstream,
          'servicepoint',
          deadline,
          // `search` keeps the answer's warnings (a remote area says why there are none); `servicePoints` has none to give.
          async () => (connector.search ? connector.search(query) : { points: await connector.servicePoints(query), warnings: [] }),
          (error) => error,
        ),
      })),
    );
    for (const { connector, search } of searches) {
      const source = { carrier: connector.carrier, division: connector.division, upstream: connector.upstream };
      if (search instanceof UpstreamError) {
        this.options.onFailure?.(search);
        answer.failures.push({ ...source, error: search });
        continue;
      }
      answer.points.push(...search.points.map((point) => ({ ...source, point })));
      answer.warnings.push(...search.warnings);
    }
    // Nearest first across carriers (a point without a distance last), at most what was asked for.
    answer.points.sort((a, b) => (a.point.distanceKm ?? Infinity) - (b.point.distanceKm ?? Infinity));
    answer.points.splice(query.limit);
    return answer;
  }

  async subscribeEmailNotifications(request: EmailNotificationRequest): Promise<EmailNotificationResult> {
    const connector = this.options.notifications.find((c) => c.carrier === request.carrier);
    if (!connector) {
      const offered = this.options.notifications.map((c) => c.carrier);
      throw new InputError('input.carrier', `${request.carrier} sends no email notifications here; ${offered.length > 0 ? `use ${offered.join(' or ')}` : 'no carrier that does is configured'}`);
    }
    if (request.recipients.length > connector.maxRecipients) {
      throw new InputError(`input.recipients.${connector.maxRecipients}`, `${connector.carrier} takes at most ${connector.maxRecipients} email recipients per subscription`);
    }
    try {
      return await connector.subscribe(request);
    } catch (error) {
      if (error instanceof UpstreamError) this.options.onFailure?.(error);
      throw error;
    }
  }

  /** The carrier and division of an interface whose connector this service was given. */
  private sourceOf(upstream: CarrierInterface): Source {
    const source = this.sources.get(upstream);
    // Every answer comes from a connector the service was given, so its source is known; anything else is a defect.
    if (!source) throw new Error(`addresses: no connector declares the interface ${upstream}`);
    return source;
  }
}

function failureOf(source: Source, upstream: CarrierInterface, check: AddressCheck, error: UpstreamError): AddressCheckFailure {
  return {
    ...source,
    upstream,
    check,
    code: error.code,
    message: error.message,
    carrierCode: error.carrierCode,
    transactionId: error.transactionId,
    retryAt: error.retryAt,
    warnings: [],
  };
}

/** Strict mode: the carrier's answer that it could not resolve the input, as a failure naming it, with its alerts. */
function unresolved(source: Source, upstream: CarrierInterface, index: number, result: ResolvedAddress): AddressCheckFailure {
  return {
    ...source,
    upstream,
    check: 'RESOLUTION',
    code: 'ADDRESS_UNRESOLVED',
    message: `inputs.${index}: ${upstream} could not resolve this address${result.alerts.length > 0 ? ` (${result.alerts.map((a) => a.code ?? a.message).join(', ')})` : ''}`,
    carrierCode: result.alerts[0]?.code ?? null,
    transactionId: null,
    retryAt: null,
    warnings: result.alerts,
  };
}

/** What the address resolvers need (GraphQLContext.services.addresses): the service and its request limit. */
export interface AddressesWiring {
  api: AddressesApi;
  /** MAX_ADDRESSES_PER_REQUEST. */
  maxInputsPerRequest: number;
}
