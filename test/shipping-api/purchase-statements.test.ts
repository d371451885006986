/**
 * A purchase costs its creation call: what the store does on the purchase's answer's path is the few statements the
 * money path needs (the key and the PENDING label committed before the carrier is called, the answer and its documents
 * committed once after it), not reads of what was just written. Counted over real HTTP on both stores: every statement
 * sent while serving the createShipment request itself (BEGIN and COMMIT included), not the follow that runs after the
 * answer nor the worker's passes. STATEMENTS_DEBUG=1 prints them with their times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelEvent } from '../../src/domain/lifecycle-events.js';
import { currentRequestContext } from '../../src/platform/request-context.js';
import { OutboxStore } from '../../src/store/outbox-store.js';
import { ShippingStore } from '../../src/store/shipping-store.js';
import type { Queryable, Store } from '../../src/store/store.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { carrierBShipment } from './support.js';

/** The purchase as the bench asks it (no `shipment`: that one tracks). */
const CREATE_SHIPMENT = `mutation($input: CreateShipmentInput!) {
  createShipment(input: $input) {
    purchase { replay label { id state trackingNumber documents { id kind size } } }
    userErrors { field code message }
  }
}`;

/**
 * The statements the purchase's answer path may send: the key and the PENDING label (one statement); the answer, its
 * document, its analytics event and its announcement (one statement).
 */
const ON_THE_ANSWER_PATH = 2;

interface Statement {
  sql: string;
  ms: number;
}

/** Counts, on `store`, the statements sent from inside an HTTP request's own context (not after its answer). */
function countOnAnswerPath(store: Store): { take(): Statement[]; after(): Statement[] } {
  let seen: Statement[] = [];
  // Sent outside any request (the follow after the answer, background work).
  let outside: Statement[] = [];
  const inRequest = (): boolean => currentRequestContext()?.afterAnswer !== undefined;
  const timed = async <T>(sql: string, counted: boolean, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      if (counted) seen.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 110), ms: performance.now() - started });
    }
  };
  const query = store.query.bind(store);
  const transaction = store.transaction.bind(store);
  const notify = store.notify.bind(store);
  store.query = (sql, params) => {
    if (!inRequest()) outside.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 110), ms: 0 });
    return timed(sql, inRequest(), () => query(sql, params));
  };
  store.notify = (channel, payload) => timed(`NOTIFY ${channel}`, inRequest(), () => notify(channel, payload));
  store.transaction = (fn) => {
    const counted = inRequest();
    if (counted) seen.push({ sql: 'BEGIN', ms: 0 });
    const inside = (tx: Queryable): Queryable => ({ query: (sql, params) => timed(sql, counted, () => tx.query(sql, params)) });
    return timed('COMMIT (whole transaction)', counted, () => transaction((tx) => fn(inside(tx))));
  };
  return {
    take() {
      const out = seen;
      seen = [];
      return out;
    },
    after() {
      const out = outside;
      outside = [];
      return out;
    },
  };
}

describe.each(STORE_BACKENDS)('the statements on a purchase answer path, on $name', (backend) => {
  let e2e: E2E;
  let counter: ReturnType<typeof countOnAnswerPath>;
  beforeAll(async () => {
    // Default settings otherwise: every carrier configured, watchers on (the label is tracked from birth).
    e2e = await startE2E({ env: { ...(await backend.env()) } });
    counter = countOnAnswerPath(e2e.server.store);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it(`a purchase runs at most ${ON_THE_ANSWER_PATH} store statements on its answer's path, and its label is stored once with its document`, async () => {
    // The first purchase opens connections and mints the token: not counted.
    await e2e.gql(CREATE_SHIPMENT, { input: carrierBShipment('statements-warm') });
    const announced: string[] = [];
    const unlisten = await e2e.server.store.listen('label_updates', (labelId) => announced.push(labelId));
    for (let i = 0; i < 3; i++) {
      counter.take();
      const answer = await e2e.gql(CREATE_SHIPMENT, { input: carrierBShipment(`statements-${i}`) });
      const statements = counter.take();
      if (process.env['STATEMENTS_DEBUG']) console.log(statements.map((s) => `${s.ms.toFixed(2).padStart(7)} ms  ${s.sql}`).join('\n'));
      expect(answer.errors).toBeUndefined();
      const label = answer.data.createShipment.purchase.label;
      expect(label.state).toBe('PURCHASED');
      expect(label.documents).toEqual([expect.objectContaining({ kind: 'LABEL', size: expect.any(Number) })]);
      expect(statements.length).toBeLessThanOrEqual(ON_THE_ANSWER_PATH);
      // The answer is what was stored: the label read back by id shows the same documents, once.
      const { rows } = await e2e.server.store.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE label_id = $1', [label.id]);
      expect(rows[0]?.n).toBe(1);
      // Every stored change is still announced: the PENDING label (by the statement that stored it) and the PURCHASED
      // one (once the answer is sent).
      await waitFor(() => announced.filter((id) => id === label.id).length >= 2, { timeoutMs: 3_000 });
    }
    await unlisten();
  });

  it('the analytics event stored with the answer is the event of the label as stored', async () => {
    const answer = await e2e.gql(CREATE_SHIPMENT, { input: carrierBShipment('statements-event') });
    expect(answer.errors).toBeUndefined();
    const id: string = answer.data.createShipment.purchase.label.id;
    const stored = await new ShippingStore(e2e.server.store).label(id);
    const entry = await new OutboxStore(e2e.server.store).entryByIdentity(`label:${id}:PURCHASED`);
    expect(stored?.state).toBe('PURCHASED');
    const expected = labelEvent(stored!, 'PURCHASED', stored!.updatedAt);
    expect(entry).toMatchObject({ kind: expected.kind, distinctId: expected.distinctId, occurredAt: stored!.updatedAt });
    // Member for member and in the same order (the outbox keeps the order it was given).
    expect(JSON.stringify(entry!.properties)).toBe(JSON.stringify(JSON.parse(JSON.stringify(expected.properties))));
  });

  it('the follow after the answer reads nothing back: neither the purchased label nor whether a snapshot is stored', async () => {
    counter.after();
    const answer = await e2e.gql(CREATE_SHIPMENT, { input: carrierBShipment('statements-follow') });
    const id: string = answer.data.createShipment.purchase.label.id;
    // Followed: tracked from birth (the watch) and marked so.
    await waitFor(
      async () => (await e2e.server.store.query<{ followed: boolean }>('SELECT followed_at IS NOT NULL AS followed FROM labels WHERE id = $1', [id])).rows[0]?.followed === true,
      { timeoutMs: 3_000 },
    );
    const reads = counter.after().filter((s) => /^SELECT \* FROM labels WHERE id = \$1|^SELECT shipment_id, snapshot/.test(s.sql));
    expect(reads).toEqual([]);
  });
});
