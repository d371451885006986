import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox, type StartSandboxOptions } from '../../../sandbox/index.js';
import { createExpressHttpClient, type ExpressHttpClient } from '../../../src/carriers/group-a/express/client.js';
import type { CustomsContent, LandedCostRequest, RateAddress, RateRequest } from '../../../src/domain/rating.js';
import type { GroupAExpressConfig } from '../../../src/carriers/group-a/config.js';
import type { Logger } from '../../../src/platform/logger.js';
import { startRecordingProxy, type RecordingProxy } from '../carrier-b/recording-proxy.js';
import { platform } from './harness.js';

/** Test helpers for the express rating and landed-cost connectors: sandbox, recording proxy, express client, requests. */

export const MUMBAI: RateAddress = {
  countryCode: 'IN',
  postalCode: '400099',
  city: 'Mumbai',
  stateOrProvinceCode: 'MH',
  streetLines: ['Sahar Road 4'],
  residential: null,
};
export const TOKYO: RateAddress = { countryCode: 'JP', postalCode: '144-0041', city: 'Tokyo', stateOrProvinceCode: '13', streetLines: [], residential: null };
export const DELHI: RateAddress = { countryCode: 'IN', postalCode: '110037', city: 'Delhi', stateOrProvinceCode: 'DL', streetLines: [], residential: null };
export const KATHMANDU: RateAddress = { countryCode: 'NP', postalCode: '44600', city: 'Kathmandu', stateOrProvinceCode: null, streetLines: [], residential: null };
/** The sandbox serves no lane into these countries (sanctioned destinations). */
export const PYONGYANG: RateAddress = { countryCode: 'KP', postalCode: null, city: 'Pyongyang', stateOrProvinceCode: null, streetLines: [], residential: null };

export const CUSTOMS: CustomsContent = {
  purpose: 'SOLD',
  dutiesPaidBy: 'RECIPIENT',
  items: [
    { description: 'Cotton shirts', quantity: 2, quantityUnit: 'PCS', value: { amount: '120.00', currency: 'USD' }, weight: null, hsCode: '610910', countryOfOrigin: 'IN' },
  ],
};

/** A cross-border request Mumbai -> Tokyo, one 2.5 kg piece, ready 14:00 on a Friday at +05:30. */
export function rateRequest(extra: Partial<RateRequest> = {}): RateRequest {
  return {
    origin: MUMBAI,
    destination: TOKYO,
    packages: [{ weight: { value: 2.5, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
    shipDate: '2026-03-13',
    readyTime: '14:00:00',
    originUtcOffset: '+05:30',
    declaredValue: { amount: '120.00', currency: 'USD' },
    customs: CUSTOMS,
    cashOnDelivery: null,
    currency: null,
    serviceCodes: [],
    expressAccountNumber: null,
    itemCount: null,
    ...extra,
  };
}

export function landedCostRequest(extra: Partial<LandedCostRequest> = {}): LandedCostRequest {
  return {
    origin: MUMBAI,
    destination: TOKYO,
    packages: [{ weight: { value: 1, unit: 'KG' }, dimensions: null }],
    customs: CUSTOMS,
    currency: null,
    freight: null,
    expressAccountNumber: null,
    ...extra,
  };
}

export interface RatingSetup {
  sandbox: Sandbox;
  proxy: RecordingProxy;
  client: ExpressHttpClient;
  config: GroupAExpressConfig;
  /** POST bodies the connector sent, parsed, in order. */
  bodies(): Array<Record<string, any>>;
  close(): Promise<void>;
}

/** Sandbox, a recording proxy in front of the express simulator, and the express client pointed at the proxy. */
export async function ratingSetup(
  overrides: Partial<GroupAExpressConfig> = {},
  sandboxOptions: StartSandboxOptions = {},
  extra: { logger?: Logger } = {},
): Promise<RatingSetup> {
  const sandbox = await startSandbox({ seed: 'express-rating', ...sandboxOptions });
  const proxy = await startRecordingProxy(sandbox.urls.groupAExpress);
  const { username, password, accountNumber } = sandbox.credentials.groupAExpress;
  const config: GroupAExpressConfig = {
    baseUrl: proxy.origin,
    environment: 'test',
    username,
    password,
    accountNumbers: [accountNumber],
    dailyQuota: 500,
    ...overrides,
  };
  const client = createExpressHttpClient({ config, ...platform(), ...(extra.logger ? { logger: extra.logger } : {}) });
  return {
    sandbox,
    proxy,
    client,
    config,
    bodies: () => proxy.seen.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as Record<string, any>),
    close: async () => {
      await client.close();
      await proxy.close();
      await sandbox.close();
    },
  };
}

/** A real HTTP server answering every request with one JSON body: for answers the simulator never gives. */
export async function startFixedAnswer(body: unknown, status = 200): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The raw answer of the simulator for a body, bypassing our connector (to compare our reading with the wire). */
export async function rawExpressPost(setup: RatingSetup, path: string, body: unknown): Promise<{ status: number; json: any }> {
  const auth = Buffer.from(`${setup.config.username}:${setup.config.password}`).toString('base64');
  const response = await fetch(`${setup.sandbox.urls.groupAExpress}/expressapi/test${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}
