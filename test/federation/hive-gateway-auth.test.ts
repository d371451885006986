/**
 * The bearer token the router forwards, end to end: Hive Gateway (configured as the README says: the router secret on
 * every subgraph request, `propagateHeaders` passing the client's `authorization`) in front of this subgraph enforcing
 * @authenticated / @requiresScopes itself. The gateway's own directive checks are deliberately off (no genericAuth),
 * as a misconfigured router would be: the subgraph alone stands between an anonymous client and a purchase.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeServices } from '@apollo/composition';
import { createGatewayRuntime } from '@graphql-hive/gateway';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTypeDefs } from '../../src/server/schema.js';
import { freePort } from '../push/child-server.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { testKeys, type TestKeys } from '../production/auth-support.js';
import { CREATE_SHIPMENT, carrierBShipment } from '../shipping-api/support.js';

const ROUTER_SECRET = 'hive-gateway-auth-router-secret';

describe('Hive Gateway forwarding the client token to a subgraph that enforces the directives', () => {
  let e2e: E2E;
  let keys: TestKeys;
  let dir: string;
  let gatewayUrl: string;
  let server: Server;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    keys = await testKeys();
    dir = await mkdtemp(join(tmpdir(), 'hive-auth-'));
    await writeFile(join(dir, 'jwks.json'), JSON.stringify(keys.jwks));
    e2e = await startE2E({
      env: { ROUTER_SHARED_SECRET: ROUTER_SECRET, AUTH_ENFORCE_DIRECTIVES: 'true', AUTH_JWKS_FILE: join(dir, 'jwks.json'), AUTH_JWT_ISSUER: keys.issuer, AUTH_JWT_AUDIENCE: keys.audience },
    });
    const composed = composeServices([{ name: 'carriers', typeDefs: parse(readTypeDefs()), url: e2e.server.url }]);
    if (!composed.supergraphSdl) throw new Error(`composition failed: ${JSON.stringify(composed.errors)}`);
    const runtime = createGatewayRuntime({
      supergraph: composed.supergraphSdl,
      logging: false,
      maskedErrors: false,
      transportEntries: { carriers: { headers: [['Router-Secret', ROUTER_SECRET]] } },
      propagateHeaders: { fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') }) },
    });
    const port = await freePort();
    server = createServer(runtime);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${port}${runtime.graphqlEndpoint}`;
    dispose = async () => {
      await runtime.dispose();
    };
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await e2e?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const creations = () => e2e.sandbox.stats.carrierB.calls['POST /ship/v1/shipments'] ?? 0;
  const throughGateway = async (key: string, authorization?: string) => {
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ query: CREATE_SHIPMENT, variables: { input: carrierBShipment(key) } }),
    });
    return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  };

  it('an anonymous createShipment reaches the subgraph and is refused there (UNAUTHENTICATED), with no carrier call', async () => {
    const answer = await throughGateway('hive-anonymous');
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'Mutation.createShipment' });
    expect(answer.data?.createShipment ?? null).toBeNull();
    expect(creations()).toBe(0);
  });

  it('a token without shipping:purchase is FORBIDDEN; with it, the forwarded token buys the label', async () => {
    const weak = await throughGateway('hive-weak', `Bearer ${await keys.token('shipping:manage')}`);
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(creations()).toBe(0);
    const valid = await throughGateway('hive-valid', `Bearer ${await keys.token('shipping:purchase')}`);
    expect(valid.errors).toBeUndefined();
    expect(valid.data.createShipment.purchase.replay).toBe('NEW');
    expect(creations()).toBe(1);
  });
});
