import { Counter } from 'prom-client';
/**
 * `rate_answers_total{upstream,source}` on /metrics: how many carrier answers the rate shops used, and how many cost
 * no call (DESIGN.md: "identical rate requests are coalesced and cached briefly, because quoting spends the same
 * quota"). Upstream is the interface name, source one of three words: bounded labels.
 */
export function createRatingMetrics(registry) {
    const answers = new Counter({
        name: 'rate_answers_total',
        help: "Carrier answers used by rate shops and serviceability checks, by where they came from: a call to the carrier, the cache of identical requests (RATE_CACHE_TTL_MS), or an identical request's call in flight",
        labelNames: ['upstream', 'source'],
        registers: [registry],
    });
    return (upstream, source) => answers.inc({ upstream, source });
}
