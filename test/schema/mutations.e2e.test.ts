/**
 * DESIGN.md "Schema principles", mutations as Shopify writes them: one input object; a payload whose result is
 * nullable, `userErrors { field code message carrierCode }` for what the caller or the carrier refused, `warnings`
 * for soft failures; GraphQL errors only for request faults and unavailability. Through real HTTP to a started
 * server whose Group A interface is a local HTTP server answering as the carrier would refuse or fail.
 */
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { postGraphQL } from '../e2e/support.js';
import { migratedDataDir } from '../support/database.js';

/** Subjects the stand-in carrier refuses (400 problem details) or cannot serve (503). */
const REFUSED_SUBJECT = '1234567899';
const UNAVAILABLE_SUBJECT = '1234567898';
const PROBLEM_TYPE = 'https://carrier.example/problems/subscription-not-allowed';

let carrier: Server;
let carrierCalls = 0;
let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  carrier = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      carrierCalls += 1;
      const value = (JSON.parse(body || '{}') as { value?: string }).value;
      if (req.method === 'POST' && value === REFUSED_SUBJECT) {
        res.writeHead(400, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: PROBLEM_TYPE, title: 'Subscription not allowed', status: 400, detail: 'This number cannot be subscribed.' }));
        return;
      }
      res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1' });
      res.end(JSON.stringify({ title: 'Service Unavailable', status: 503 }));
    });
  });
  await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(carrier.address() as AddressInfo).port}`;
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('mutations-e2e-'));
  const loaded = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WATCHERS_ENABLED: 'false',
    UPSTREAM_RETRY_BASE_DELAY_MS: '1',
    GROUP_A_TRACK_BASE_URL: origin,
    GROUP_A_TRACK_API_KEY: 'test-key',
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => carrier?.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const gql = (query: string, variables?: Record<string, unknown>) => postGraphQL(server.url, query, variables);

const CREATE = `mutation($input: CreatePushSubscriptionInput!) {
  createPushSubscription(input: $input) { pushSubscription { id state } userErrors { field code message carrierCode } warnings { code message } }
}`;
const WATCH = `mutation($input: WatchShipmentInput!) {
  watchShipment(input: $input) { watch { id shipmentId } userErrors { field code message carrierCode } warnings { message } }
}`;
const UNWATCH = `mutation($input: UnwatchShipmentInput!) {
  unwatchShipment(input: $input) { watch { id } userErrors { field code message carrierCode } warnings { message } }
}`;

describe('mutation payloads', () => {
  it('a refused input is a BAD_USER_INPUT user error naming the field as a path, with a null result and no GraphQL error', async () => {
    const answer = await gql(WATCH, { input: { carrier: 'CARRIER_B', trackingNumber: '12 34/56' } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.watchShipment).toMatchObject({
      watch: null,
      userErrors: [{ field: ['input', 'trackingNumber'], code: 'BAD_USER_INPUT', message: expect.any(String), carrierCode: null }],
      warnings: [],
    });
  });

  it('unwatching a shipment that is not watched is a NOT_FOUND user error at input.shipmentId', async () => {
    const answer = await gql(UNWATCH, { input: { shipmentId: 'CARRIER_B:-:123456789013' } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.unwatchShipment).toMatchObject({
      watch: null,
      userErrors: [{ field: ['input', 'shipmentId'], code: 'NOT_FOUND', message: expect.stringContaining('not watched') }],
    });
  });

  it('deleting a push subscription id that does not exist is a NOT_FOUND user error at input.id', async () => {
    const answer = await gql(`mutation { deletePushSubscription(input: { id: "push_unknown" }) { pushSubscription { id } userErrors { field code } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.deletePushSubscription).toEqual({ pushSubscription: null, userErrors: [{ field: ['input', 'id'], code: 'NOT_FOUND' }] });
  });

  it("the carrier's refusal is a CARRIER_REFUSED user error carrying the carrier's own code, and nothing is kept", async () => {
    const before = carrierCalls;
    const answer = await gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: REFUSED_SUBJECT } });
    expect(carrierCalls).toBe(before + 1);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createPushSubscription).toMatchObject({
      pushSubscription: null,
      userErrors: [{ field: ['input'], code: 'CARRIER_REFUSED', carrierCode: PROBLEM_TYPE, message: expect.any(String) }],
      warnings: [],
    });
    const listed = await gql(`{ pushSubscriptions { edges { node { id } } } }`);
    expect(listed.data.pushSubscriptions.edges).toEqual([]);
  });

  it('an unavailable carrier is a GraphQL error with its stable code, not a user error', async () => {
    const answer = await gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: UNAVAILABLE_SUBJECT } });
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(answer.errors?.[0]?.path).toEqual(['createPushSubscription']);
  });

  it('a malformed input object is a request fault: a GraphQL validation error, not a user error', async () => {
    const answer = await gql(`mutation { watchShipment(input: { carrier: NOPE, trackingNumber: "1" }) { watch { id } } }`);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('every mutation takes one input object and answers a payload with a nullable result, userErrors and warnings', async () => {
    const answer = await gql(`{ __schema { mutationType { fields { name args { name type { kind ofType { kind } } } type { kind ofType { name fields { name type { kind } } } } } } } }`);
    const fields = answer.data.__schema.mutationType.fields as Array<{
      name: string;
      args: Array<{ name: string; type: { kind: string; ofType: { kind: string } } }>;
      type: { kind: string; ofType: { name: string; fields: Array<{ name: string; type: { kind: string } }> } };
    }>;
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      expect(field.args.map((a) => [a.name, a.type.kind, a.type.ofType.kind]), field.name).toEqual([['input', 'NON_NULL', 'INPUT_OBJECT']]);
      expect(field.type.kind, field.name).toBe('NON_NULL');
      const members = Object.fromEntries(field.type.ofType.fields.map((f) => [f.name, f.type.kind]));
      expect(members.userErrors, field.name).toBe('NON_NULL');
      expect(members.warnings, field.name).toBe('NON_NULL');
      const results = Object.entries(members).filter(([name]) => name !== 'userErrors' && name !== 'warnings');
      expect(results.length, field.name).toBe(1);
      expect(results[0]![1], `${field.name} result is nullable`).not.toBe('NON_NULL');
    }
  });
});
