/**
 * Production fails closed, on real child processes with NODE_ENV=production: no router secret (or no key set for the
 * bearer tokens) refuses the start naming what to set and the explicit opt-out; the opt-outs start, loudly (log and
 * /readyz); an unknown NODE_ENV is refused naming it; and with the secret and a key set, @authenticated and
 * @requiresScopes are enforced by the subgraph itself over HTTP and graphql-ws, so nothing is bought without a token
 * carrying the scope (counted at the Carrier B simulator through the fault proxy).
 * Before, such a start served every mutation to anyone, and `NODE_ENV=Production` started a development server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { CREATE_SHIPMENT, carrierBShipment } from '../shipping-api/support.js';
import { testKeys, wsOperation, type TestKeys } from './auth-support.js';

const OPT_OUT = 'i-accept-unauthenticated-access';
const SECRET = 'router-secret-of-the-test-0123456789';
const CREATE_ROUTE = '/ship/v1/shipments';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fails-closed-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Runs `tsx src/main.ts` to its end (a refused start ends by itself) and returns exit code and output; a start that
 * was not refused is killed (its whole process group) after `timeoutMs`, so the test fails without leaving it running.
 */
async function runToExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  const proc = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => process.kill(-proc.pid!, 'SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

describe('NODE_ENV', () => {
  it('production without ROUTER_SHARED_SECRET or a key set refuses to start, naming both and their opt-outs', async () => {
    const { code, output } = await runToExit({ NODE_ENV: 'production', SANDBOX: 'on', DATA_DIR: join(dataDir, 'refused') });
    expect(code, output).toBe(1);
    expect(output).toContain('ROUTER_SHARED_SECRET: required with NODE_ENV=production');
    expect(output).toContain(`ROUTER_SHARED_SECRET_DISABLED=${OPT_OUT}`);
    expect(output).toContain('AUTH_JWKS_URL: required with NODE_ENV=production');
    expect(output).toContain(`AUTH_DIRECTIVES_DISABLED=${OPT_OUT}`);
    expect(output).not.toContain('carrier-subgraph ready');
  }, 60_000);

  it('an unknown value (Production) refuses to start, naming it and the accepted values', async () => {
    const { code, output } = await runToExit({ NODE_ENV: 'Production', SANDBOX: 'on', DATA_DIR: join(dataDir, 'unknown') });
    expect(code, output).toBe(1);
    expect(output).toContain('NODE_ENV: "Production" is not a value this service knows; use production, development or test');
    expect(output).not.toContain('carrier-subgraph ready');
  }, 60_000);
});

describe('NODE_ENV=production with both opt-outs', () => {
  let child: ChildServer;
  beforeAll(async () => {
    child = await startChildServer(
      { NODE_ENV: 'production', SANDBOX: 'on', DATA_DIR: join(dataDir, 'opted-out'), WATCHERS_ENABLED: 'false', ROUTER_SHARED_SECRET_DISABLED: OPT_OUT, AUTH_DIRECTIVES_DISABLED: OPT_OUT },
      undefined,
      { startTimeoutMs: 90_000 },
    );
  }, 120_000);
  afterAll(async () => {
    await child?.kill();
  });

  it('starts, warns in its log and lists both waived safeguards in /readyz', async () => {
    expect(child.output()).toMatch(/PRODUCTION SAFEGUARD WAIVED: ROUTER_SHARED_SECRET_DISABLED/);
    expect(child.output()).toMatch(/PRODUCTION SAFEGUARD WAIVED: AUTH_DIRECTIVES_DISABLED/);
    const response = await fetch(`${child.origin}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; warnings: string[] };
    expect(body.status).toBe('ready');
    expect(body.warnings).toHaveLength(2);
    expect(body.warnings[0]).toMatch(/^ROUTER_SHARED_SECRET_DISABLED: /);
    expect(body.warnings[1]).toMatch(/^AUTH_DIRECTIVES_DISABLED: /);
  });
});

describe('NODE_ENV=production with the router secret and a key set', () => {
  let sandbox: Sandbox;
  let proxy: FaultProxy;
  let keys: TestKeys;
  let child: ChildServer;

  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startFaultProxy(sandbox.urls.carrierB);
    keys = await testKeys();
    const jwksFile = join(dataDir, 'jwks.json');
    await writeFile(jwksFile, JSON.stringify(keys.jwks));
    const c = sandbox.credentials.carrierB;
    child = await startChildServer(
      {
        NODE_ENV: 'production',
        SANDBOX: 'off',
        DATA_DIR: join(dataDir, 'closed'),
        WATCHERS_ENABLED: 'false',
        CARRIER_B_BASE_URL: proxy.origin,
        CARRIER_B_CLIENT_ID: c.clientId,
        CARRIER_B_CLIENT_SECRET: c.clientSecret,
        CARRIER_B_ACCOUNT_NUMBER: c.accountNumber,
        ROUTER_SHARED_SECRET: SECRET,
        AUTH_JWKS_FILE: jwksFile,
        AUTH_JWT_ISSUER: keys.issuer,
        AUTH_JWT_AUDIENCE: keys.audience,
      },
      undefined,
      { startTimeoutMs: 90_000 },
    );
  }, 120_000);
  afterAll(async () => {
    await child?.kill();
    await proxy?.close();
    await sandbox?.close();
  });

  const creations = () => proxy.forwarded('POST', CREATE_ROUTE).length;
  const post = async (input: Record<string, unknown>, authorization?: string) => {
    const response = await fetch(`${child.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Router-Secret': SECRET, ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ query: CREATE_SHIPMENT, variables: { input } }),
    });
    return { status: response.status, body: (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions: Record<string, unknown> }> } };
  };

  it('createShipment without a token is UNAUTHENTICATED naming the field, and nothing reaches the carrier', async () => {
    const { status, body } = await post(carrierBShipment('closed-no-token'));
    expect(status).toBe(401);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'Mutation.createShipment' });
    expect(body.errors?.[0]?.message).toMatch(/^createShipment: /);
    expect(creations()).toBe(0);
  });

  it('createShipment with a token signed by another key or expired is UNAUTHENTICATED, and nothing reaches the carrier', async () => {
    const foreign = await post(carrierBShipment('closed-foreign'), `Bearer ${await keys.foreignToken('shipping:purchase')}`);
    expect(foreign.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const expired = await post(carrierBShipment('closed-expired'), `Bearer ${await keys.token('shipping:purchase', { expiresIn: -60 })}`);
    expect(expired.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(expired.body.errors?.[0]?.message).toContain('expired');
    expect(creations()).toBe(0);
  });

  it('createShipment with a valid token lacking shipping:purchase is FORBIDDEN naming the scope, and nothing reaches the carrier', async () => {
    const { status, body } = await post(carrierBShipment('closed-wrong-scope'), `Bearer ${await keys.token('shipping:manage')}`);
    expect(status).toBe(403);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', field: 'Mutation.createShipment', requiredScopes: [['shipping:purchase']] } });
    expect(body.errors?.[0]?.message).toContain('shipping:purchase');
    expect(creations()).toBe(0);
  });

  it('createShipment with a valid token carrying shipping:purchase buys the label once', async () => {
    const { status, body } = await post(carrierBShipment('closed-valid'), `Bearer ${await keys.token('openid shipping:purchase')}`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.createShipment.purchase.label.state).toBe('PURCHASED');
    expect(creations()).toBe(1);
  });

  it('over graphql-ws: no token is UNAUTHENTICATED, a token without the scope FORBIDDEN, a valid one (connection_init) buys', async () => {
    const before = creations();
    const variables = (key: string) => ({ input: carrierBShipment(key) });
    const none = await wsOperation(child.origin, { 'Router-Secret': SECRET }, CREATE_SHIPMENT, variables('closed-ws-none'));
    expect(none.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'Mutation.createShipment' });
    const weak = await wsOperation(child.origin, { 'Router-Secret': SECRET, authorization: `Bearer ${await keys.token('shipments:watch')}` }, CREATE_SHIPMENT, variables('closed-ws-weak'));
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(creations()).toBe(before);
    const valid = await wsOperation(child.origin, { 'Router-Secret': SECRET, Authorization: `Bearer ${await keys.token('shipping:purchase', { scp: true })}` }, CREATE_SHIPMENT, variables('closed-ws-valid'));
    expect(valid.errors).toBeUndefined();
    expect(valid.data?.createShipment.purchase.label.state).toBe('PURCHASED');
    expect(creations()).toBe(before + 1);
  });

  it('a query selecting no protected field needs no token', async () => {
    const response = await fetch(`${child.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Router-Secret': SECRET },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
