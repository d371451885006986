/**
 * The durable status-change log on every backend: PGlite in memory and the harness's PostgreSQL. The same SQL must
 * behave the same on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/domain/errors.js';
import { StatusFeed } from '../../src/services/realtime/status-feed.js';
import { STATUS_CHANGES_CHANNEL, StatusLog, MATCH_ALL } from '../../src/store/status-log.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { changeInput, shipmentSnapshot } from './fixtures.js';


describe.each(STORE_BACKENDS)('status log on $name', (backend) => {
  let options: StoreOptions;
  let store: Store;
  let log: StatusLog;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    options = await backend.options();
    store = await openStore(options);
    log = new StatusLog(store);
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await store?.close();
  });

  const append = (input = changeInput()) => store.transaction((tx) => log.append(tx, input));
  const count = async (table: string) =>
    Number((await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);

  it('records a change with a cursor and reads it back', async () => {
    const input = changeInput({ trackingNumber: 'READBACK1' });
    const recorded = await append(input);
    expect(recorded).not.toBeNull();
    const [read] = await log.readAfter({ ...MATCH_ALL, trackingNumbers: ['READBACK1'] }, null, 10);
    expect(read).toEqual(recorded);
    expect(read).toMatchObject({ ...input, cursor: expect.stringMatching(/^\d+$/) });
  });

  it('a duplicate (same dedup key) records nothing and changes nothing', async () => {
    const input = changeInput({ trackingNumber: 'DEDUP1' });
    expect(await append(input)).not.toBeNull();
    const [changes, latest] = [await count('status_changes'), await store.query('SELECT * FROM shipment_latest ORDER BY shipment_id')];
    const second = await append({ ...input, status: { status: 'DELIVERED', nativeCode: 'delivered', nativeText: null } });
    expect(second).toBeNull();
    expect(await count('status_changes')).toBe(changes);
    expect((await store.query('SELECT * FROM shipment_latest ORDER BY shipment_id')).rows).toEqual(latest.rows);
  });

  it.skipIf(!backend.server)('a known duplicate is answered without waiting for the append lock held by another transaction', async () => {
    const known = changeInput({ trackingNumber: 'LOCKFREE1' });
    expect(await append(known)).not.toBeNull();
    const other = await openStore(options);
    closers.push(() => other.close());
    const otherLog = new StatusLog(other);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Transaction A appends a new change and keeps its transaction (and the append lock) open.
    const holder = other.transaction(async (tx) => {
      await otherLog.append(tx, changeInput({ trackingNumber: 'LOCKFREE2' }));
      locked();
      await held;
    });
    await lockTaken;
    // Transaction B appends only a duplicate: it must finish while A still holds the lock.
    const duplicate = await Promise.race([
      append(known),
      new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 2_000)),
    ]);
    release();
    await holder;
    expect(duplicate).toBeNull();
  });

  it('cursors grow monotonically, also for concurrent appends', async () => {
    const sequential = [];
    for (let i = 0; i < 5; i += 1) sequential.push((await append())!.cursor);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => append()));
    const all = [...sequential, ...concurrent.map((c) => c!.cursor)].map(BigInt);
    for (let i = 1; i < sequential.length; i += 1) expect(all[i]! > all[i - 1]!).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    const read = await log.readAfter(MATCH_ALL, (all[0]! - 1n).toString(), 1000);
    const cursors = read.map((c) => BigInt(c.cursor));
    expect([...cursors].sort((a, b) => (a < b ? -1 : 1))).toEqual(cursors);
    expect(await log.latestCursor()).toBe(read.at(-1)?.cursor);
  });

  it('the latest status of a shipment moves only forward in carrier time', async () => {
    const trackingNumber = 'LATEST1';
    await append(changeInput({ trackingNumber, statusCode: 'OUT_FOR_DELIVERY', at: '2030-02-01T10:00:00Z' }));
    await append(changeInput({ trackingNumber, statusCode: 'IN_TRANSIT', at: '2030-02-01T08:00:00Z' }));
    const { rows } = await store.query<{ status: string }>('SELECT status FROM shipment_latest WHERE tracking_number = $1', [trackingNumber]);
    expect(rows).toEqual([{ status: 'OUT_FOR_DELIVERY' }]);
    await append(changeInput({ trackingNumber, statusCode: 'DELIVERED', at: '2030-02-01T12:00:00Z' }));
    const after = await store.query<{ status: string }>('SELECT status FROM shipment_latest WHERE tracking_number = $1', [trackingNumber]);
    expect(after.rows).toEqual([{ status: 'DELIVERED' }]);
  });

  it('reads filter by tracking numbers, carriers and reference', async () => {
    const start = (await log.latestCursor()) ?? '0';
    await append(changeInput({ trackingNumber: 'FILTER-A' }));
    await append(changeInput({ trackingNumber: 'FILTER-B', carrier: 'CARRIER_B', shipmentId: 'CARRIER_B:-:FILTER-B', division: null }));
    await append(changeInput({ trackingNumber: 'FILTER-C', references: [{ type: 'ORDER', value: 'order-77', scope: null }] }));
    const numbers = (changes: { trackingNumber: string }[]) => changes.map((c) => c.trackingNumber);
    expect(numbers(await log.readAfter({ ...MATCH_ALL, trackingNumbers: ['FILTER-A', 'FILTER-C'] }, start, 10))).toEqual(['FILTER-A', 'FILTER-C']);
    expect(numbers(await log.readAfter({ ...MATCH_ALL, carriers: ['CARRIER_B'] }, start, 10))).toEqual(['FILTER-B']);
    expect(numbers(await log.readAfter({ ...MATCH_ALL, reference: 'order-77' }, start, 10))).toEqual(['FILTER-C']);
    expect(numbers(await log.readAfter({ ...MATCH_ALL, reference: 'order-7' }, start, 10))).toEqual([]);
  });

  it('an unknown or malformed cursor is an input error on cursor', async () => {
    const latest = (await log.latestCursor()) ?? '0';
    for (const bad of ['abc', '-1', '1.5', '', '01', `${BigInt(latest) + 1n}`, '99999999999999999999']) {
      const error = await log.checkCursor(bad).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe('cursor');
    }
    expect(await log.checkCursor(latest)).toBe(latest);
    expect(await log.checkCursor('0')).toBe('0');
    expect(await log.checkCursor(null)).toBeNull();
  });

  it('an append is announced on status_changes with its cursor only, at commit', async () => {
    const payloads: string[] = [];
    const unlisten = await store.listen(STATUS_CHANGES_CHANNEL, (p) => payloads.push(p));
    closers.push(unlisten);
    const recorded = await append();
    await waitFor(() => payloads.includes(recorded!.cursor));
    expect(payloads.every((p) => /^\d+$/.test(p))).toBe(true);
    const before = payloads.length;
    await store.transaction(async (tx) => {
      await log.append(tx, changeInput());
      throw new Error('rolled back');
    }).catch(() => undefined);
    await append();
    await waitFor(() => payloads.length > before);
    expect(payloads.length).toBe(before + 1);
  });

  it('a fresh snapshot answers, a stale one does not, and a newer pushed status overrides it', async () => {
    const snapshot = shipmentSnapshot({ trackingNumber: 'SNAP1', id: 'GROUP_A:parcel-de:SNAP1' });
    await log.saveSnapshot(snapshot);
    const key = { carrier: 'GROUP_A' as const, trackingNumber: 'SNAP1', division: null };
    expect(await log.freshSnapshot(key, 60_000, 'group-a/tracking')).toEqual([snapshot]);
    expect(await log.freshSnapshot({ ...key, division: 'parcel-uk' }, 60_000, 'group-a/tracking')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(await log.freshSnapshot(key, 1, 'group-a/tracking')).toBeNull();
    await append(changeInput({ trackingNumber: 'SNAP1', shipmentId: snapshot.id, statusCode: 'DELIVERED', at: '2030-01-02T09:00:00Z' }));
    const [served] = (await log.freshSnapshot(key, 60_000, 'group-a/tracking')) ?? [];
    expect(served?.status.status).toBe('DELIVERED');
    expect(served?.statusTime?.instant).toBe('2030-01-02T09:00:00Z');
    expect(served?.trackingNumber).toBe('SNAP1');
  });

  it.runIf(backend.server)('a change appended through one store reaches a feed subscriber of another via LISTEN/NOTIFY', async () => {
    const other = await openStore(options);
    closers.push(() => other.close());
    const otherLog = new StatusLog(other);
    // A long poll interval: only the notification can deliver within the wait.
    const feed = new StatusFeed(other, otherLog, { pollIntervalMs: 60_000 });
    await feed.start();
    closers.push(() => feed.close());
    const iterator = feed.subscribe({ ...MATCH_ALL, trackingNumbers: ['XREPLICA1'] }, null);
    const next = iterator.next();
    const recorded = await append(changeInput({ trackingNumber: 'XREPLICA1' }));
    const received = await Promise.race([next, new Promise((_, reject) => setTimeout(() => reject(new Error('no delivery')), 5_000))]);
    expect(received).toEqual({ done: false, value: recorded });
    await iterator.return?.();
    expect(feed.subscriberCount).toBe(0);
  });
});
