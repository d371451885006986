import { parseMemoryRss } from './memory.js';
import { healthAnswerSchema } from './wire.js';
/** The only published path (seed 002 A, "Endpoints"): everything else answers `Cannot GET /<path>`. */
export const DARK_STORE_HEALTH_PATH = '/health';
/**
 * `GET {fulfilment_url}/health` and nothing else, ever: the network publishes no other interface, and this project
 * invents none (issue 8 item 5). A 500/503 is retried once by the client; any failure rejects with an UpstreamError
 * (an answer that is not the health object is UPSTREAM_CONTRACT).
 */
export class DarkStoreHealthConnector {
    upstream = 'dark-store';
    client;
    now;
    constructor(options) {
        this.client = options.client;
        this.now = options.now ?? (() => new Date());
    }
    async health() {
        const answer = await this.client.call({ operation: 'health', method: 'GET', path: DARK_STORE_HEALTH_PATH, schema: healthAnswerSchema });
        return toDarkStoreHealth(answer, this.now());
    }
}
/** The unified reading: memory in bytes where the unit is one we read, healthy = status `ok` and db `connected`. */
export function toDarkStoreHealth(answer, checkedAt) {
    return {
        status: answer.status,
        db: answer.db,
        uptimeSeconds: answer.uptime,
        timestamp: answer.timestamp,
        memoryRss: answer.memory.rss,
        memoryRssBytes: parseMemoryRss(answer.memory.rss),
        // The seed's two conditions, exactly: "value `ok` when healthy", "value `connected` when the database link is up".
        healthy: answer.status === 'ok' && answer.db === 'connected',
        checkedAt: checkedAt.toISOString(),
    };
}
