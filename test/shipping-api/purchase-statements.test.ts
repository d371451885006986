/**
 * A purchase costs its creation call: what the store does on the purchase's answer's path is the few statements the
 * money path needs (the key and the PENDING label committed before the carrier is called, the answer and its documents
 * committed once after it), not reads of what was just written. Counted over real HTTP on both stores: every statement
 * sent while serving the createShipment request itself (BEGIN and COMMIT included), not the follow that runs after the
 * answer nor the worker's passes. STATEMENTS_DEBUG=1 prints them with their times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRequestContext } from '../../src/platform/request-context.js';
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

/** The statements the purchase's answer path may send: the key and the PENDING label (one statement); BEGIN, the answer, its document, its event, COMMIT. */
const ON_THE_ANSWER_PATH = 6;

interface Statement {
  sql: string;
  ms: number;
}

/** Counts, on `store`, the statements sent from inside an HTTP request's own context (not after its answer). */
function countOnAnswerPath(store: Store): { take(): Statement[] } {
  let seen: Statement[] = [];
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
  store.query = (sql, params) => timed(sql, inRequest(), () => query(sql, params));
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
});
