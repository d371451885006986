/**
 * Issue 7 item 5: mutations are declared with Federation's `@authenticated` / `@requiresScopes`, so a router can
 * enforce who may call them. Hive Gateway (generic auth, `protect-granular`) in front of a started subgraph over real
 * HTTP: the scopes come from a header here, standing in for the claims of a verified token (the README's JWT setup).
 */
import { composeServices } from '@apollo/composition';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTypeDefs } from '../../src/server/schema.js';
import { startPushE2E, type PushE2E } from '../push/support.js';

type Gateway = ReturnType<typeof createGatewayRuntime>;

let e2e: PushE2E;
let gateway: Gateway;

beforeAll(async () => {
  e2e = await startPushE2E({ WATCHERS_ENABLED: 'false' });
  const composed = composeServices([{ name: 'carriers', url: e2e.server.url, typeDefs: parse(readTypeDefs()) }]);
  if (!composed.supergraphSdl) throw new Error(`composition failed: ${JSON.stringify(composed.errors)}`);
  gateway = createGatewayRuntime({
    supergraph: composed.supergraphSdl,
    logging: false,
    genericAuth: {
      mode: 'protect-granular',
      rejectUnauthenticated: false,
      // Stand-in for a verified JWT: `x-test-scope: "shipments:watch push:manage"`; no header, no user.
      resolveUserFn: (context: { request: Request }) => {
        const scope = context.request.headers.get('x-test-scope');
        return scope === null ? null : { sub: 'test-client', scope };
      },
    },
  });
});
afterAll(async () => {
  await gateway?.dispose();
  await e2e?.close();
});

async function viaGateway(query: string, scope?: string): Promise<{ data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }> {
  const response = await gateway.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(scope === undefined ? {} : { 'x-test-scope': scope }) },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

const WATCH = `mutation { watchShipment(input: { carrier: CARRIER_B, trackingNumber: "100000083003" }) { watch { id } userErrors { code } } }`;
const CREATE_PUSH = `mutation { createPushSubscription(input: { scope: TRACKING_NUMBER, subject: "1234567890" }) { pushSubscription { id } userErrors { code } } }`;

describe('a router enforcing the mutations\' @authenticated / @requiresScopes', () => {
  it('refuses watchShipment to an anonymous caller, before the subgraph is reached', async () => {
    const answer = await viaGateway(WATCH);
    expect(answer.data?.watchShipment ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED_FIELD_OR_TYPE');
    expect(await e2e.count('SELECT count(*) AS n FROM shipment_watches')).toBe(0);
  });

  it('refuses watchShipment to a caller without the shipments:watch scope, and createPushSubscription without push:manage', async () => {
    const watch = await viaGateway(WATCH, 'push:manage');
    expect(watch.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED_FIELD_OR_TYPE');
    const push = await viaGateway(CREATE_PUSH, 'shipments:watch');
    expect(push.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED_FIELD_OR_TYPE');
    expect(await e2e.count('SELECT count(*) AS n FROM shipment_watches')).toBe(0);
    expect(await e2e.count('SELECT count(*) AS n FROM push_subscriptions')).toBe(0);
  });

  it('lets a caller with the scope through to the subgraph', async () => {
    const answer = await viaGateway(WATCH, 'shipments:watch');
    expect(answer.errors).toBeUndefined();
    expect(answer.data.watchShipment).toMatchObject({ watch: { id: expect.any(String) }, userErrors: [] });
  });

  it('leaves queries open: they carry no such directive', async () => {
    const answer = await viaGateway(`{ watches { edges { node { id } } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.watches.edges.length).toBeGreaterThan(0);
  });
});
