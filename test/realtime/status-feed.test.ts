/**
 * The process-wide feed on the embedded store: paged replay, the seam between replay and live, the bound on a slow
 * subscriber, and recovery of changes whose notification never came.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusChange } from '../../src/domain/status-change.js';
import type { Shipment } from '../../src/domain/shipment.js';
import type { TrackOutcome, TrackRequest } from '../../src/domain/tracking.js';
import type { TrackingConnector } from '../../src/carriers/types.js';
import { SnapshotTrackingConnector } from '../../src/services/realtime/snapshot-tracking.js';
import { StatusFeed, SubscriberTooSlowError } from '../../src/services/realtime/status-feed.js';
import { MATCH_ALL, StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { changeInput, shipmentSnapshot } from './fixtures.js';
import { migratedMemoryStore } from '../support/database.js';

async function take(iterator: AsyncIterator<StatusChange>, n: number, timeoutMs = 5_000): Promise<string[]> {
  const cursors: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (cursors.length < n) {
    const next = await Promise.race([
      iterator.next(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`got ${cursors.length} of ${n}`)), Math.max(1, deadline - Date.now()))),
    ]);
    if (next.done) break;
    cursors.push(next.value.cursor);
  }
  return cursors;
}

describe('status feed', () => {
  let store: Store;
  let log: StatusLog;

  beforeAll(async () => {
    store = await openStore(await migratedMemoryStore());
    log = new StatusLog(store);
  });

  afterAll(async () => {
    await store?.close();
  });

  const append = async (trackingNumber: string) => (await store.transaction((tx) => log.append(tx, changeInput({ trackingNumber }))))!.cursor;

  it('replays in pages, then continues live with no gap and no duplicate at the seam', async () => {
    const feed = new StatusFeed(store, log, { pageSize: 3, pollIntervalMs: 60_000 });
    await feed.start();
    const start = (await log.latestCursor()) ?? '0';
    const appended: string[] = [];
    for (let i = 0; i < 10; i += 1) appended.push(await append('FEED-SEAM'));
    const iterator = feed.subscribe({ ...MATCH_ALL, trackingNumbers: ['FEED-SEAM'] }, start);
    // These race the replay's pages: each arrives once, in order.
    const racing = (async () => {
      for (let i = 0; i < 10; i += 1) appended.push(await append('FEED-SEAM'));
    })();
    const received = await take(iterator, 20);
    await racing;
    expect(received).toEqual(appended);
    await iterator.return?.();
    expect(feed.subscriberCount).toBe(0);
    await feed.close();
  });

  it('a change whose notification was lost is delivered by the next read of the log', async () => {
    const feed = new StatusFeed(store, log, { pollIntervalMs: 100 });
    await feed.start();
    const iterator = feed.subscribe({ ...MATCH_ALL, trackingNumbers: ['FEED-LOST'] }, null);
    // Written without the NOTIFY, as if the LISTEN connection had been down when it was sent.
    await store.query(
      `INSERT INTO status_changes (dedup_key, shipment_id, carrier, tracking_number, status, source)
       VALUES ('lost-1', 'GROUP_A:-:FEED-LOST', 'GROUP_A', 'FEED-LOST', 'IN_TRANSIT', 'PUSH')`,
    );
    const [cursor] = await take(iterator, 1);
    expect(cursor).toBe(await log.latestCursor());
    await iterator.return?.();
    await feed.close();
  });

  it('a subscriber that falls too far behind is ended with an error naming its cursor, not buffered without limit', async () => {
    const feed = new StatusFeed(store, log, { maxPending: 5, pollIntervalMs: 60_000 });
    await feed.start();
    const iterator = feed.subscribe({ ...MATCH_ALL, trackingNumbers: ['FEED-SLOW'] }, null);
    for (let i = 0; i < 7; i += 1) await append('FEED-SLOW');
    await feed.wake();
    expect(feed.subscriberCount).toBe(0);
    await expect(iterator.next()).rejects.toBeInstanceOf(SubscriberTooSlowError);
    await feed.close();
  });

  it('tracking answers from a fresh snapshot without calling the carrier, and saves what the carrier answered', async () => {
    const calls: TrackRequest[][] = [];
    const answer = shipmentSnapshot({ trackingNumber: 'SNAP-DEC-1', id: 'GROUP_A:parcel-de:SNAP-DEC-1' });
    const inner: TrackingConnector = {
      upstream: 'group-a/tracking',
      maxBatchSize: 1,
      async track(requests): Promise<TrackOutcome[]> {
        calls.push([...requests]);
        return requests.map(() => ({ ok: true as const, shipments: [answer as Shipment] }));
      },
    };
    const connector = new SnapshotTrackingConnector(inner, log, { maxAgeMs: 60_000 });
    const request: TrackRequest = {
      carrier: 'GROUP_A', trackingNumber: 'SNAP-DEC-1', division: null, carrierCode: null, carrierUniqueId: null,
      shipDateBegin: null, shipDateEnd: null, language: null, ecommerceIdType: null, includeEvents: false,
    };
    expect(await connector.track([request])).toEqual([{ ok: true, shipments: [answer] }]);
    expect(await connector.track([request])).toEqual([{ ok: true, shipments: [answer] }]);
    expect(calls).toHaveLength(1);
    // Events were never fetched: a query selecting them goes to the carrier.
    await connector.track([{ ...request, includeEvents: true }]);
    expect(calls).toHaveLength(2);
  });
});
