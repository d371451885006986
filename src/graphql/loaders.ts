import DataLoader from 'dataloader';
import { trackRequestKey, type TrackOutcome, type TrackRequest } from '../domain/tracking.js';
import type { RequestDeadline } from '../platform/http/deadline.js';
import type { TrackingService } from '../services/tracking.js';

/**
 * Per-request tracking loaders: one DataLoader per upstream route, with the connector's batch size (Carrier B: 30).
 * Every path into tracking (list queries, aliases, nested fields, the router's `_entities`) goes through here, so N
 * distinct Carrier B numbers in one request cost ceil(N/30) upstream calls.
 */
export class TrackingLoaders {
  private readonly byRoute = new Map<string, DataLoader<TrackRequest, TrackOutcome, string>>();

  /** `deadline`: the request's (REQUEST_DEADLINE_MS); lookups still waiting past it fail with UPSTREAM_DEADLINE_EXCEEDED. */
  constructor(
    private readonly tracking: TrackingService,
    private readonly deadline?: RequestDeadline,
  ) {}

  load(request: TrackRequest): Promise<TrackOutcome> {
    return this.loaderFor(request).load(request);
  }

  private loaderFor(request: TrackRequest): DataLoader<TrackRequest, TrackOutcome, string> {
    const route = this.tracking.route(request);
    let loader = this.byRoute.get(route.name);
    if (!loader) {
      loader = new DataLoader<TrackRequest, TrackOutcome, string>(
        async (requests) => {
          // Detailed scans cost more upstream; ask for them for the whole batch when any lookup in it needs events.
          const includeEvents = requests.some((r) => r.includeEvents);
          return this.tracking.trackOnRoute(
            route,
            requests.map((r) => ({ ...r, includeEvents })),
            this.deadline,
          );
        },
        {
          maxBatchSize: route.connector?.maxBatchSize ?? 30,
          // The events flag is not part of the key: the same number asked with and without events is one lookup.
          cacheKeyFn: trackRequestKey,
        },
      );
      this.byRoute.set(route.name, loader);
    }
    return loader;
  }
}
