/**
 * A purchased label's follow stores the shipment's first snapshot in one statement, only where no snapshot is stored
 * yet: what tracking stored first is never replaced, a row holding a status alone takes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { changeInput, shipmentSnapshot } from '../realtime/fixtures.js';

describe.each(STORE_BACKENDS)('first snapshot on $name', (backend) => {
  let store: Store;
  let log: StatusLog;
  beforeAll(async () => {
    store = await openStore(await backend.options());
    log = new StatusLog(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  const snapshotOf = async (id: string): Promise<unknown> =>
    (await store.query<{ snapshot: unknown }>('SELECT snapshot FROM shipment_latest WHERE shipment_id = $1', [id])).rows[0]?.snapshot ?? null;

  it("a label's first snapshot is stored where none is, never over one tracking stored, and beside a status alone", async () => {
    const fresh = shipmentSnapshot({ trackingNumber: 'FIRST1', id: 'GROUP_A:parcel-de:FIRST1' });
    expect(await log.saveFirstSnapshot(fresh)).toBe(true);
    expect(await snapshotOf(fresh.id)).toEqual(JSON.parse(JSON.stringify(fresh)));

    const tracked = shipmentSnapshot({ trackingNumber: 'FIRST2', id: 'GROUP_A:parcel-de:FIRST2' });
    await log.saveSnapshot(tracked);
    const born = { ...tracked, serviceName: 'born with the label' };
    expect(await log.saveFirstSnapshot(born)).toBe(false);
    expect(await snapshotOf(tracked.id)).toEqual(JSON.parse(JSON.stringify(tracked)));

    // A status recorded (a push) before any snapshot: the row exists without one, and takes the label's.
    await store.transaction((tx) => log.append(tx, changeInput({ trackingNumber: 'FIRST3', shipmentId: 'GROUP_A:parcel-de:FIRST3' })));
    expect(await snapshotOf('GROUP_A:parcel-de:FIRST3')).toBeNull();
    const third = shipmentSnapshot({ trackingNumber: 'FIRST3', id: 'GROUP_A:parcel-de:FIRST3' });
    expect(await log.saveFirstSnapshot(third)).toBe(true);
    expect(await snapshotOf(third.id)).toEqual(JSON.parse(JSON.stringify(third)));
  });
});
