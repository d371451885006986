import { LRUCache } from 'lru-cache';
import type { PostalValidationConnector } from '../../carriers/types.js';
import { InputError, UpstreamError } from '../../domain/errors.js';
import type { PostalValidation, RateAddress, RateRequest } from '../../domain/rating.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import { boundedDeadline, withDeadline, DeadlineExceededError, type RequestDeadline } from '../../platform/http/deadline.js';

/** How long a carrier's answer about a postal code is trusted (RT8): postal codes change rarely, quotes should not wait. */
export const POSTAL_VALIDATION_TTL_MS = 10 * 60_000;

/**
 * Carrier B postal validation before quoting (issue 8 item 4, docs/assumptions.md RT8). A code the carrier says does
 * not exist is the caller's error: BAD_USER_INPUT naming the field, before any rate call. A validator that fails
 * (down, late, refusing us) blocks nothing: the rate shop goes on with a warning saying the code was not checked,
 * because the carriers rate the lane themselves and a quote is worth more than a check. Answers (valid or not) are
 * cached briefly; failures are not.
 */
export class PostalCheck {
  private readonly cache: LRUCache<string, PostalValidation>;

  constructor(
    private readonly validators: readonly PostalValidationConnector[],
    private readonly deadlineMs: number,
    maxEntries: number,
    /** RATE_CACHE_TTL_MS: an answer lives at least as long as the quotes it let through, so a cached rate shop calls no carrier. */
    rateCacheTtlMs: number,
    /** The service's clock for the TTL, when a test drives it (lru-cache's `perf`); the monotonic clock otherwise. */
    perf?: { now(): number },
  ) {
    this.cache = new LRUCache({
      max: Math.max(1, maxEntries),
      ttl: Math.max(POSTAL_VALIDATION_TTL_MS, rateCacheTtlMs),
      ...(perf ? { perf, ttlResolution: 0 } : {}),
    });
  }

  /** The validators that speak for one of `upstreams` (only a carrier that will be asked has its codes checked). */
  relevant(upstreams: ReadonlySet<string>): PostalValidationConnector[] {
    return this.validators.filter((v) => upstreams.has(v.upstream));
  }

  async check(
    request: RateRequest,
    validators: readonly PostalValidationConnector[],
    fieldPrefix: string,
    requestDeadline: RequestDeadline | undefined,
  ): Promise<CarrierWarning[]> {
    const sides = (['origin', 'destination'] as const).filter((side) => request[side].postalCode !== null);
    const checks = validators.flatMap((validator) => sides.map((side) => ({ validator, side })));
    const answers = await Promise.all(checks.map(({ validator, side }) => this.validate(validator, request[side], requestDeadline)));
    const warnings: CarrierWarning[] = [];
    answers.forEach((answer, index) => {
      const { validator, side } = checks[index]!;
      const address = request[side];
      if (answer instanceof UpstreamError) {
        warnings.push({
          code: 'POSTAL_CODE_NOT_CHECKED',
          message: `${side} postal code could not be checked with ${validator.upstream} (${answer.code}); quoted unchecked`,
          type: 'WARNING',
        });
        return;
      }
      if (!answer.valid) {
        throw new InputError(
          `${fieldPrefix}.${side}.postalCode`,
          `${validator.upstream} says this postal code does not exist in ${address.countryCode}`,
        );
      }
      warnings.push(...answer.warnings);
    });
    return warnings;
  }

  private async validate(
    validator: PostalValidationConnector,
    address: RateAddress,
    requestDeadline: RequestDeadline | undefined,
  ): Promise<PostalValidation | UpstreamError> {
    const key = JSON.stringify([validator.upstream, address.countryCode, address.postalCode, address.stateOrProvinceCode]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const bounded = boundedDeadline(this.deadlineMs, requestDeadline?.signal);
    const { signal } = bounded;
    try {
      const answer = await withDeadline({ signal, ms: this.deadlineMs }, () =>
        validator.validatePostalCode(address.countryCode, address.postalCode!, address.stateOrProvinceCode),
      );
      this.cache.set(key, answer);
      return answer;
    } catch (error) {
      if (error instanceof UpstreamError) return error;
      const deadline = error instanceof DeadlineExceededError;
      return new UpstreamError(deadline ? 'no answer within the deadline' : 'the postal validator failed unexpectedly', {
        code: deadline ? 'UPSTREAM_DEADLINE_EXCEEDED' : 'UPSTREAM_UNAVAILABLE',
        upstream: validator.upstream,
        operation: `${validator.upstream} postal validate`,
      });
    } finally {
      bounded.done();
    }
  }
}
