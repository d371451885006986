/**
 * A watch on a number the carrier does not know (never had, or no longer has: a sandbox restarted on an older store)
 * backs off and then stops, visibly: `active: false`, `stoppedReason: NOT_FOUND` with the carrier's last answer in
 * `lastError`, one log line and `watches_stopped_total{reason="NOT_FOUND"}`; no further track call reaches the
 * carrier. `watchShipment` again resumes it. Real HTTP to the server and the Carrier B simulator, intervals scaled
 * to milliseconds; on both stores (the stop is a stored state).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { memoryLogger, sample, scrape } from '../observability/support.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';

const UNKNOWN = '123456789404'; // the simulator does not know numbers ending 404
const GIVE_UP_POLLS = 3;
const WATCH = `mutation($n: String!) { watchShipment(input: { carrier: CARRIER_B, trackingNumber: $n }) { watch { id active stoppedReason failures } userErrors { code message } } }`;
const READ = `query($id: ID!) { watch(id: $id) { active stoppedReason failures nextPollAt lastError { code message } } }`;

describe.each(STORE_BACKENDS)('on $name', (backend) => {
  let e2e: E2E;
  const log = memoryLogger('info');
  beforeAll(async () => {
    e2e = await startE2E({
      logger: log.logger,
      env: {
        ...(await backend.env()),
        WATCH_POLL_TICK_MS: '20',
        WATCH_DEFAULT_INTERVAL_MS: '10',
        WATCH_MAX_BACKOFF_MS: '40',
        WATCH_NOT_FOUND_GIVE_UP_POLLS: String(GIVE_UP_POLLS),
      },
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  describe('a watch on a number the carrier does not know', () => {
    it('backs off and stops after the configured polls, visibly (stoppedReason NOT_FOUND, a log line, a metric), then polls no more', async () => {
      const watched = await e2e.gql(WATCH, { n: UNKNOWN });
      expect(watched.errors).toBeUndefined();
      const id = watched.data.watchShipment.watch.id as string;
      let stopped: Record<string, unknown> | null = null;
      await waitFor(async () => {
        const answer = await e2e.gql(READ, { id });
        expect(answer.errors).toBeUndefined();
        stopped = answer.data.watch;
        return answer.data.watch.active === false;
      }, { timeoutMs: 10_000, intervalMs: 20 });
      expect(stopped).toMatchObject({ active: false, stoppedReason: 'NOT_FOUND', failures: GIVE_UP_POLLS, nextPollAt: null, lastError: { code: 'UPSTREAM_NOT_FOUND' } });
      expect(log.lines().filter((l) => l.msg?.startsWith('watcher: stopped polling a number the carrier does not know'))).toEqual([
        expect.objectContaining({ trackingNumber: UNKNOWN, failures: GIVE_UP_POLLS }),
      ]);
      expect(sample(await scrape(e2e.server.url), 'watches_stopped_total', { reason: 'NOT_FOUND' })).toBe(1);
      // Stopped means stopped: many ticks later no track call has reached the carrier.
      const calls = e2e.carrierBTrackCalls();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(e2e.carrierBTrackCalls()).toBe(calls);
      // Watching it again resumes polling from scratch.
      const again = await e2e.gql(WATCH, { n: UNKNOWN });
      expect(again.data.watchShipment.watch).toMatchObject({ id, active: true, stoppedReason: null, failures: 0 });
    });
  });
});
