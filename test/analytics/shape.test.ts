import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertIdOf, PERSONAL_PROPERTY_NAMES, type LifecycleEvent } from '../../src/domain/analytics.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { createBridgeClient } from '../../src/services/analytics/bridge-client.js';
import { shapeEvent } from '../../src/services/analytics/shape.js';
import type { BridgeClient } from '../../src/services/analytics/types.js';
import { capturingLogger } from '../platform/test-server.js';
import { startTestSandbox, type TestSandbox } from '../sandbox/support.js';

/**
 * Shaping to the bridge's property rules (seed 002 B): at the limits, then sent through the client to the simulator,
 * which applies the same rules on storage: what we send is what is stored.
 */

let t: TestSandbox;
let client: BridgeClient;
beforeAll(async () => {
  t = await startTestSandbox();
  client = createBridgeClient({
    config: { baseUrl: t.sandbox.urls.analyticsBridge, serverKey: t.sandbox.credentials.analyticsBridge.serverKey },
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
    metrics: createMetrics(),
    logger: capturingLogger().logger,
  });
});
afterAll(async () => {
  await client.close();
  await t.sandbox.close();
});
beforeEach(() => t.sandbox.analyticsBridge.clear());

const noPersonalData = { personalDataAllowList: [] };
const occurredAt = new Date('2026-03-10T09:15:30.250Z');
function event(properties: Record<string, unknown>, identity = 'status:42'): LifecycleEvent {
  return { kind: 'shipment_status_changed', identity, occurredAt, distinctId: 'shp_abc', properties };
}

/** Sends one shaped record and returns what the bridge stored of it, in the record's own words. */
async function storedAfterImport(record: ReturnType<typeof shapeEvent>) {
  const answer = await client.importBatch([record]);
  expect(answer).toEqual({ kind: 'IMPORTED', imported: 1 });
  const [stored] = t.sandbox.analyticsBridge.events();
  return stored!;
}

describe('the reserved members', () => {
  it('event is the kind; $insert_id comes from the identity; time is seconds with milliseconds; distinct_id is the event distinct id', async () => {
    const record = shapeEvent(event({ status: 'IN_TRANSIT' }), noPersonalData);
    expect(record.event).toBe('shipment_status_changed');
    expect(record.properties.$insert_id).toBe(insertIdOf('status:42'));
    expect(record.properties.$insert_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.properties.time).toBe(1773134130.25);
    expect(record.properties.distinct_id).toBe('shp_abc');
    expect(Object.keys(record.properties).slice(0, 3)).toEqual(['$insert_id', 'time', 'distinct_id']);
    const stored = await storedAfterImport(record);
    expect([stored.insertId, stored.event, stored.distinctId, stored.time.toISOString()]).toEqual([
      record.properties.$insert_id,
      'shipment_status_changed',
      'shp_abc',
      occurredAt.toISOString(),
    ]);
  });

  it('a property of ours named like a reserved member never overrides it', () => {
    const record = shapeEvent(event({ time: 1, distinct_id: 'other', $insert_id: 'x', token: 'secret', event: 'y', status: 'DELIVERED' }), noPersonalData);
    expect(record.properties).toEqual({ $insert_id: insertIdOf('status:42'), time: 1773134130.25, distinct_id: 'shp_abc', status: 'DELIVERED' });
  });
});

describe('property rules at the limits', () => {
  it('the 40th property is kept and the 41st dropped (40 in all, the 3 reserved ones counted, in the writer order)', async () => {
    const ours = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${String(i + 1).padStart(2, '0')}`, `v${i + 1}`]));
    const record = shapeEvent(event(ours), noPersonalData);
    const names = Object.keys(record.properties);
    expect(names).toHaveLength(40);
    expect(names[39]).toBe('p37'); // the 40th property
    expect(record.properties).not.toHaveProperty('p38'); // the 41st
    const stored = await storedAfterImport(record);
    expect(Object.keys(stored.properties)).toEqual(names.slice(3));
  });

  it('a property dropped by the rules does not take one of the 40 places', () => {
    const ours = { total_charge: '12.00', ...Object.fromEntries(Array.from({ length: 37 }, (_, i) => [`p${i + 1}`, i])) };
    const record = shapeEvent(event(ours), noPersonalData);
    expect(record.properties).toHaveProperty('p37');
  });

  it('a 512-character string is kept whole and a 513-character one is cut to 512', async () => {
    const record = shapeEvent(event({ exact: 'a'.repeat(512), over: 'b'.repeat(513), emoji: '😀'.repeat(513) }), noPersonalData);
    expect(record.properties['exact']).toBe('a'.repeat(512));
    expect(record.properties['over']).toBe('b'.repeat(512));
    // Characters are code points: an emoji is one character, never cut in half.
    expect(Array.from(record.properties['emoji'] as string)).toHaveLength(512);
    const stored = await storedAfterImport(record);
    expect(stored.properties).toEqual({ exact: record.properties['exact'], over: record.properties['over'], emoji: record.properties['emoji'] });
  });

  it('a nested object becomes a compact JSON string (cut at 512 characters too)', async () => {
    const record = shapeEvent(
      event({ location: { city: 'Memphis', country: 'US' }, pieces: [{ id: 'JD01' }, { id: 'JD02' }], big: { text: 'z'.repeat(600) } }),
      noPersonalData,
    );
    expect(record.properties['location']).toBe('{"city":"Memphis","country":"US"}');
    expect(record.properties['pieces']).toBe('[{"id":"JD01"},{"id":"JD02"}]');
    expect(record.properties['big']).toBe(`{"text":"${'z'.repeat(600)}"}`.slice(0, 512));
    const stored = await storedAfterImport(record);
    expect(stored.properties['location']).toBe(record.properties['location']);
    expect(stored.properties['big']).toBe(record.properties['big']);
  });

  it('absent members are left out; dates are ISO strings; numbers and booleans are kept as they are', () => {
    const record = shapeEvent(event({ gone: undefined, at: new Date('2026-03-10T10:00:00Z'), attempts: 2, final: true, note: null }), noPersonalData);
    expect(record.properties).toMatchObject({ at: '2026-03-10T10:00:00.000Z', attempts: 2, final: true, note: null });
    expect(record.properties).not.toHaveProperty('gone');
  });
});

describe('what never leaves', () => {
  it('no express rating data in any shaped event (charges, rates, prices, product codes, at any depth)', async () => {
    const record = shapeEvent(
      {
        kind: 'label_purchased',
        identity: 'label:lbl_1:PURCHASED',
        occurredAt,
        distinctId: 'shp_1',
        properties: {
          carrier: 'GROUP_A',
          division: 'express',
          tracking_number: '6123456789',
          shipmentCharges: [{ typeCode: 'BILLC', price: 41.5, currency: 'USD' }],
          total_charge: '41.50',
          totalCharge: { amount: '41.50', currency: 'USD' },
          rate_amount: 41.5,
          productCode: 'P',
          product_name: 'EXPRESS WORLDWIDE',
          landedCost: { duties: '3.10' },
          label: { format: 'PDF', productCode: 'P', charges: [{ typeCode: 'BILLC', price: 41.5 }], pieces: 1 },
        },
      },
      noPersonalData,
    );
    const sent = JSON.stringify(record);
    for (const needle of ['41.5', 'BILLC', 'EXPRESS WORLDWIDE', 'productCode', 'charge', 'price', 'USD', '3.10']) {
      expect(sent, needle).not.toContain(needle);
    }
    expect(record.properties).toMatchObject({ carrier: 'GROUP_A', division: 'express', tracking_number: '6123456789', label: '{"format":"PDF","pieces":1}' });
    const stored = await storedAfterImport(record);
    expect(JSON.stringify(stored)).not.toContain('41.5');
  });

  it('personal data outside the allow-list is absent, at the top level and nested', () => {
    const properties = {
      status: 'DELIVERED',
      recipient_name: 'Ada Lovelace',
      recipientEmail: 'ada@example.com',
      recipient_city: 'London',
      recipient_postal_code: 'N1 9GU',
      signed_by: 'A. LOVELACE',
      recipient: { name: 'Ada Lovelace', postalCode: 'N1 9GU', countryCode: 'GB' },
    };
    const none = shapeEvent(event(properties), noPersonalData);
    expect(none.properties).toEqual({ ...reserved(none), status: 'DELIVERED', recipient: '{"countryCode":"GB"}' });

    const some = shapeEvent(event(properties), { personalDataAllowList: ['recipient_city', 'recipient_postal_code'] });
    expect(some.properties).toEqual({
      ...reserved(some),
      status: 'DELIVERED',
      recipient_city: 'London',
      recipient_postal_code: 'N1 9GU',
      recipient: '{"postalCode":"N1 9GU","countryCode":"GB"}',
    });
  });

  it('a masked personal member (null) is absent even when allowed, never sent empty', () => {
    const record = shapeEvent(event({ recipient_city: null, recipient: { postalCode: null, countryCode: 'GB' } }), {
      personalDataAllowList: ['recipient_city', 'recipient_postal_code'],
    });
    expect(record.properties).not.toHaveProperty('recipient_city');
    expect(record.properties['recipient']).toBe('{"countryCode":"GB"}');
  });

  it('every name of PERSONAL_PROPERTY_NAMES is dropped when not allowed', () => {
    const all = Object.fromEntries(PERSONAL_PROPERTY_NAMES.map((name) => [name, 'x']));
    const record = shapeEvent(event({ ...all, status: 'DELIVERED' }), noPersonalData);
    expect(Object.keys(record.properties)).toEqual(['$insert_id', 'time', 'distinct_id', 'status']);
  });
});

function reserved(record: ReturnType<typeof shapeEvent>) {
  const { $insert_id, time, distinct_id } = record.properties;
  return { $insert_id, time, distinct_id };
}
