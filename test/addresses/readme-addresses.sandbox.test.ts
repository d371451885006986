/**
 * The README section "Using it: addresses, service points, notifications" (proposed in the issue 10 report; the lead
 * pastes these blocks into README.md, where test/rating/rates-quickstart.test.ts runs every ```graphql block too):
 * each block pasted as is into the server `npm start` runs with nothing configured (sandbox mode).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';

export const README_RESOLVE_ADDRESSES = `# Resolve addresses: classification, PO box, alerts, express delivery capability, postal check
{
  resolveAddresses(
    inputs: [
      { streetLines: ["10 Fedex Pkwy", "Suite 200"], city: "Collierville", stateOrProvinceCode: "TN", postalCode: "38017", countryCode: "US" }
      { streetLines: ["PO Box 1234"], city: "Collierville", stateOrProvinceCode: "TN", postalCode: "38017", countryCode: "US" }
      { streetLines: ["42 Elm Street"], city: "Collierville", postalCode: "00012", countryCode: "US" }
    ]
    options: { capabilities: [DELIVERY], validatePostalCodes: true }
  ) {
    index
    resolutions { classification resolved postOfficeBox deliveryPointValidated resolvedAt fromCache
      address { streetLines city stateOrProvinceCode postalCode countryCode } warnings { code message } }
    capabilities { purpose capable serviceAreaCode }
    postalCodes { valid cleanedPostalCode city }
    failures { field check code message }
  }
}
`;

export const README_STRICT = `# Strict mode: an address the carrier cannot resolve is a typed failure naming the input
{
  resolveAddresses(
    inputs: [{ streetLines: ["1 Nowhere Road"], city: "Collierville", postalCode: "38017", countryCode: "US" }]
    options: { strict: true }
  ) {
    index
    resolutions { resolved }
    failures { field check code message carrierCode warnings { code message } }
  }
}
`;

export const README_SERVICE_POINTS = `# Service points near a place, nearest first
{
  servicePoints(near: { countryCode: "DE", latitude: 52.52, longitude: 13.405, radiusKm: 10, limit: 3, capabilities: ["DROP_OFF"] }) {
    points { id name type distanceKm address { streetLines countryCode } openingHours { day opens closes } capabilities }
    warnings { message }
    failures { code message }
  }
}
`;

export const README_SUBSCRIBE = `# Email notifications for a Carrier B shipment (at most four recipients)
mutation {
  subscribeEmailNotifications(input: {
    carrier: CARRIER_B
    trackingNumber: "123456789013"
    senderEmail: "shop@example.com"
    senderName: "Example Shop"
    recipients: [
      { role: RECIPIENT, email: "ada@example.com", name: "Ada", locale: "en_US", eventTypes: [ON_ESTIMATED_DELIVERY, ON_DELIVERY, ON_EXCEPTION] }
      { role: SHIPPER, email: "ops@example.com", format: TEXT, eventTypes: [ON_TENDER, ON_EXCEPTION] }
    ]
  }) {
    subscription { carrier trackingNumber accepted message recipientCount }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}
`;

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('readme-addresses-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_LATENCY_MS: '0', WATCHERS_ENABLED: 'false' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function gql(query: string) {
  const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

it("the README's resolveAddresses answers business, PO box and a postal code that does not exist, with alerts, capability and postal checks; again from cache", async () => {
  const [business, box, missing] = (await gql(README_RESOLVE_ADDRESSES)).resolveAddresses;
  expect(business.resolutions[0]).toMatchObject({ classification: 'BUSINESS', resolved: true, deliveryPointValidated: true, fromCache: false });
  expect(business.capabilities).toEqual([expect.objectContaining({ purpose: 'DELIVERY', capable: true })]);
  expect(business.postalCodes).toEqual([expect.objectContaining({ valid: true, cleanedPostalCode: '38017', city: 'COLLIERVILLE' })]);
  expect(box.resolutions[0]).toMatchObject({ postOfficeBox: true });
  expect(missing.resolutions[0]).toMatchObject({ resolved: false, warnings: [expect.objectContaining({ code: 'ADDRESS.POSTALCODE.NOTFOUND' })] });
  expect(missing.postalCodes[0]).toMatchObject({ valid: false });
  // Express does not know a code starting 000: a typed failure of that check alone.
  expect(missing.failures).toEqual([expect.objectContaining({ field: ['inputs', '2'], check: 'DELIVERY_CAPABILITY', code: 'UPSTREAM_NOT_FOUND' })]);
  const again = (await gql(README_RESOLVE_ADDRESSES)).resolveAddresses;
  expect(again[0].resolutions[0]).toMatchObject({ fromCache: true, resolvedAt: business.resolutions[0].resolvedAt });
}, 30_000);

it("the README's strict query answers ADDRESS_UNRESOLVED naming inputs.0", async () => {
  const [outcome] = (await gql(README_STRICT)).resolveAddresses;
  expect(outcome.resolutions).toEqual([]);
  expect(outcome.failures).toEqual([expect.objectContaining({ field: ['inputs', '0'], check: 'RESOLUTION', code: 'ADDRESS_UNRESOLVED', carrierCode: 'ADDRESS.NOT.RESOLVED' })]);
});

it("the README's servicePoints query answers drop-off points nearest first with hours", async () => {
  const { points, failures } = (await gql(README_SERVICE_POINTS)).servicePoints;
  expect(failures).toEqual([]);
  expect(points.length).toBeGreaterThan(0);
  for (const point of points) {
    expect(point.capabilities).toContain('DROP_OFF');
    expect(point.openingHours.length).toBeGreaterThan(0);
  }
  const distances = points.map((p: { distanceKm: number }) => p.distanceKm);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
});

it("the README's subscribeEmailNotifications is accepted for two recipients", async () => {
  const payload = (await gql(README_SUBSCRIBE)).subscribeEmailNotifications;
  expect(payload.userErrors).toEqual([]);
  expect(payload.subscription).toMatchObject({ carrier: 'CARRIER_B', trackingNumber: '123456789013', accepted: true, recipientCount: 2 });
});
