import type { RequestDeadline } from '../platform/http/deadline.js';
import type { Logger } from '../platform/logger.js';
import type { TrackingService } from '../services/tracking.js';
import type { GraphQLContext } from './context.js';
import { TrackingLoaders } from './loaders.js';

/**
 * The request's deadline (REQUEST_DEADLINE_MS), counted from the moment this is called (the request's start), whose
 * timer is set only when something first reads `signal`, i.e. when the request first goes upstream. Most requests
 * (`{ __typename }`, answers from the cache or the store) never do, and a timer per request was measurable (issue 12).
 * Read late, the signal fires when the full deadline from the start passes; read after it passed, it is already aborted.
 * `remainingMs` tells the time left without making the signal (a lookup waiting for a shared call needs only that).
 */
export function deadlineFromNow(ms: number, clock: () => number = now): RequestDeadline {
  return new LazyDeadline(ms, clock);
}

const now = (): number => performance.now();

/**
 * A class, not an object literal with a getter: V8 builds such a literal through the runtime (about 1 us, on every
 * request), where a class's getter sits on its prototype (docs/benchmarks.md).
 */
class LazyDeadline implements RequestDeadline {
  private readonly startedAt: number;
  private made: AbortSignal | undefined;

  constructor(
    readonly ms: number,
    private readonly clock: () => number,
  ) {
    this.startedAt = clock();
  }

  remainingMs(): number {
    return this.ms - (this.clock() - this.startedAt);
  }

  get signal(): AbortSignal {
    if (!this.made) {
      const left = Math.ceil(this.ms - (this.clock() - this.startedAt));
      this.made = left > 0 ? AbortSignal.timeout(left) : AbortSignal.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }
    return this.made;
  }
}

export interface ContextFactoryOptions {
  /** Shared by every request: built once, not per request. */
  services: GraphQLContext['services'];
  tracking: TrackingService;
  logger: Logger;
  /** REQUEST_DEADLINE_MS. */
  requestDeadlineMs: number;
  /** MAX_PAGE_SIZE. */
  maxPageSize: number;
}

/**
 * One GraphQL context per operation (HTTP request or graphql-ws operation). What is shared (services, logger,
 * limits) is built once; what is per request is only the tracking loaders (whose DataLoaders are themselves made on
 * first use, TrackingLoaders) and the deadline (its timer made on first use, `deadlineFromNow`). A subscription's
 * events each do their own bounded work: it gets no request deadline.
 */
export function graphQLContextFactory(options: ContextFactoryOptions): (operation: { subscription: boolean }) => GraphQLContext {
  const { services, tracking, logger, requestDeadlineMs } = options;
  const limits = Object.freeze({ maxPageSize: options.maxPageSize });
  return ({ subscription }) => {
    if (subscription) return { services, loaders: new TrackingLoaders(tracking), logger, limits };
    const deadline = deadlineFromNow(requestDeadlineMs);
    return { services, loaders: new TrackingLoaders(tracking, deadline), logger, deadline, limits };
  };
}
