import { afterEach, describe, expect, it } from 'vitest';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import { loadConfig } from '../../../src/config.js';
import { platform } from './harness.js';
import { ExpressServicePointConnector, mapServicePoint } from '../../../src/carriers/group-a/express/servicepoint.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import type { ServicePointQuery } from '../../../src/domain/pickups-addresses.js';
import { rateRequest, ratingSetup, startFixedAnswer, type RatingSetup } from './express-rating-harness.js';

let setup: RatingSetup | undefined;
const extraClosers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await setup?.close();
  setup = undefined;
  for (const close of extraClosers.splice(0)) await close();
});

async function connect() {
  setup = await ratingSetup();
  return { setup, connector: new ExpressServicePointConnector({ client: setup.client }) };
}

function query(extra: Partial<ServicePointQuery> = {}): ServicePointQuery {
  return { countryCode: 'IN', postalCode: '400099', city: 'Mumbai', streetLine: null, latitude: null, longitude: null, radiusKm: 25, limit: 10, capabilities: [], ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}

describe('Group A express service points (seed 000: GET /servicepoint "finds service points and drop-off locations"; shapes per PX1)', () => {
  it('GET /servicepoint sends the place, the radius in km, the number wanted and the capabilities as query parameters', async () => {
    const { setup, connector } = await connect();
    await connector.servicePoints(query({ streetLine: 'Sahar Road 4', radiusKm: 10, limit: 3, capabilities: ['DROP_OFF', 'LOCKER'] }));
    expect(setup.proxy.seen).toHaveLength(1);
    const sent = new URL(setup.proxy.seen[0]!.path, 'http://x');
    expect(`${setup.proxy.seen[0]!.method} ${sent.pathname}`).toBe('GET /expressapi/test/servicepoint');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      countryCode: 'IN',
      postalCode: '400099',
      cityName: 'Mumbai',
      addressLine1: 'Sahar Road 4',
      radius: '10',
      radiusUnitOfMeasurement: 'km',
      maxResults: '3',
      capabilities: 'DROP_OFF,LOCKER',
    });
  });

  it('points near a postal code come nearest first, each with an id, name, type, address, geo position, opening hours and capabilities', async () => {
    const { connector } = await connect();
    const points = await connector.servicePoints(query());
    expect(points.length).toBeGreaterThan(1);
    const distances = points.map((p) => p.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(distances).size).toBe(distances.length);
    for (const point of points) {
      expect(point.id).toMatch(/^IN\d{6}$/);
      expect(point.name).not.toBe('');
      expect(['SERVICE_POINT', 'LOCKER', 'DROP_BOX', 'SERVICE_CENTRE']).toContain(point.type);
      expect(point.address).toMatchObject({ countryCode: 'IN', postalCode: '400099', city: 'Mumbai' });
      expect(point.address.streetLines).toHaveLength(1);
      expect(point.latitude).toEqual(expect.any(Number));
      expect(point.longitude).toEqual(expect.any(Number));
      expect(point.distanceKm).toBeLessThanOrEqual(25);
      expect(point.openingHours.length).toBeGreaterThanOrEqual(5);
      expect(point.openingHours[0]).toMatchObject({ weekday: 1, day: 'MON' });
      expect(point.capabilities).toContain('DROP_OFF');
    }
  });

  it('the same place gives the same points on every call (deterministic per sandbox seed)', async () => {
    const { connector } = await connect();
    expect(await connector.servicePoints(query())).toEqual(await connector.servicePoints(query()));
  });

  it('points near coordinates lie around them, and a smaller radius or limit keeps only the nearest', async () => {
    const { connector } = await connect();
    const near = query({ postalCode: null, city: null, latitude: 19.0896, longitude: 72.8656 });
    const all = await connector.servicePoints(near);
    expect(all.length).toBeGreaterThan(2);
    for (const point of all) {
      expect(Math.abs((point.latitude as number) - 19.0896)).toBeLessThan(0.3);
      expect(Math.abs((point.longitude as number) - 72.8656)).toBeLessThan(0.3);
    }
    expect(await connector.servicePoints({ ...near, limit: 2 })).toEqual(all.slice(0, 2));
    const radius = ((all[1]!.distanceKm as number) + (all[2]!.distanceKm as number)) / 2;
    expect(await connector.servicePoints({ ...near, radiusKm: radius })).toEqual(all.slice(0, 2));
  });

  it('a capability filter keeps only points offering every capability asked for (a locker also takes drop-offs)', async () => {
    const { connector } = await connect();
    const all = await connector.servicePoints(query({ limit: 50, radiusKm: 100 }));
    const lockers = await connector.servicePoints(query({ limit: 50, radiusKm: 100, capabilities: ['LOCKER'] }));
    expect(lockers).toEqual(all.filter((p) => p.capabilities.includes('LOCKER')));
    for (const locker of lockers) {
      expect(locker.type).toBe('LOCKER');
      expect(locker.openingHours).toHaveLength(7);
      expect(locker.openingHours[6]).toEqual({ weekday: 7, day: 'SUN', opens: '00:00', closes: '23:59' });
    }
    const pickUp = await connector.servicePoints(query({ limit: 50, radiusKm: 100, capabilities: ['PICK_UP'] }));
    expect(pickUp.every((p) => p.type !== 'DROP_BOX')).toBe(true);
  });

  it('a remote area has no service points: an empty list, not a failure', async () => {
    const { connector } = await connect();
    expect(await connector.servicePoints(query({ postalCode: '744177', city: 'Port Blair' }))).toEqual([]);
    expect(await connector.servicePoints(query({ postalCode: null, city: null, latitude: 78.22, longitude: 15.65 }))).toEqual([]);
  });

  it('the remote area\'s warning reaches the caller through search(), beside the empty list (soft failures are never dropped)', async () => {
    const { connector } = await connect();
    expect(await connector.search(query({ postalCode: '744177', city: 'Port Blair' }))).toEqual({
      points: [],
      warnings: [{ code: null, type: null, message: 'No service point serves this remote area; a courier pickup can be booked instead.' }],
    });
    expect((await connector.search(query())).warnings).toEqual([]);
  });

  it('distances the carrier gives in miles (US places) are converted to kilometres', async () => {
    const { setup, connector } = await connect();
    const points = await connector.servicePoints(query({ countryCode: 'US', postalCode: '10001', city: 'New York' }));
    expect(points.length).toBeGreaterThan(0);
    const auth = Buffer.from(`${setup.config.username}:${setup.config.password}`).toString('base64');
    const raw = (await (
      await fetch(`${setup.sandbox.urls.groupAExpress}/expressapi/test/servicepoint?countryCode=US&postalCode=10001&cityName=New%20York&radius=25&maxResults=10`, {
        headers: { authorization: `Basic ${auth}` },
      })
    ).json()) as { servicePoints: Array<{ distance: { value: number; unitOfMeasurement: string } }> };
    expect(raw.servicePoints[0]!.distance.unitOfMeasurement).toBe('mi');
    expect(points[0]!.distanceKm).toBeCloseTo(raw.servicePoints[0]!.distance.value * 1.609344, 2);
  });

  it('a place the carrier cannot read (no postal code, city or coordinates) rejects with UPSTREAM_BAD_REQUEST carrying the 400', async () => {
    const { connector } = await connect();
    const error = await rejection(connector.servicePoints(query({ postalCode: null, city: null })));
    expect(error.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(error.httpStatus).toBe(400);
    expect(error.upstream).toBe('group-a/express');
  });

  it('an answer without servicePoints[] is UPSTREAM_CONTRACT, never an empty list', async () => {
    const fixed = await startFixedAnswer({ points: [] });
    extraClosers.push(fixed.close);
    setup = await ratingSetup({ baseUrl: fixed.origin });
    const connector = new ExpressServicePointConnector({ client: setup.client });
    expect((await rejection(connector.servicePoints(query()))).code).toBe('UPSTREAM_CONTRACT');
  });

  it('the production prefix /expressapi serves the same points; both prefixes answer 401 without HTTP Basic', async () => {
    const { setup, connector } = await connect();
    const auth = Buffer.from(`${setup.config.username}:${setup.config.password}`).toString('base64');
    const path = 'servicepoint?countryCode=IN&postalCode=400099&cityName=Mumbai&radius=25&maxResults=10';
    const production = await fetch(`${setup.sandbox.urls.groupAExpress}/expressapi/${path}`, { headers: { authorization: `Basic ${auth}` } });
    expect(production.status).toBe(200);
    const ids = ((await production.json()) as { servicePoints: Array<{ id: string }> }).servicePoints.map((p) => p.id);
    expect(ids).toEqual((await connector.servicePoints(query())).map((p) => p.id));
    for (const prefix of ['/expressapi/test', '/expressapi']) {
      expect((await fetch(`${setup.sandbox.urls.groupAExpress}${prefix}/${path}`)).status).toBe(401);
    }
  });

  it('an unknown day name keeps its text with a null weekday; a point without distance or position keeps them null', () => {
    const point = mapServicePoint({
      id: 'X1',
      name: 'Kiosk',
      address: { countryCode: 'IN' },
      openingHours: [{ dayOfWeek: 'HOLIDAY', openingTime: '10:00', closingTime: '12:00' }],
    });
    expect(point).toMatchObject({ type: null, latitude: null, longitude: null, distanceKm: null, capabilities: [] });
    expect(point.openingHours).toEqual([{ weekday: null, day: 'HOLIDAY', opens: '10:00', closes: '12:00' }]);
  });
});

describe('Group A module: express service points', () => {
  it('configured express offers service points on the one express client (the same daily test quota as rating)', async () => {
    const { setup } = await connect();
    const loaded = loadConfig({
      GROUP_A_EXPRESS_BASE_URL: setup.config.baseUrl,
      GROUP_A_EXPRESS_USERNAME: setup.config.username,
      GROUP_A_EXPRESS_PASSWORD: setup.config.password,
      GROUP_A_EXPRESS_ACCOUNT_NUMBERS: setup.config.accountNumbers.join(','),
      GROUP_A_EXPRESS_DAILY_QUOTA: '1',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const built = groupAModule.build({ config: loaded.config, ...platform() });
    extraClosers.push(built.close);
    expect(built.servicePoints?.map((c) => `${c.upstream} ${c.division}`)).toEqual(['group-a/express express']);
    expect((await built.servicePoints![0]!.servicePoints(query())).length).toBeGreaterThan(0);
    // The one call spent the day's single call: rating, on the same client, is refused without calling.
    const rating = built.rating.find((c) => c.upstream === 'group-a/express')!;
    const refused = await rating.rate(rateRequest());
    expect(refused).toMatchObject({ ok: false, error: { code: 'UPSTREAM_RATE_LIMITED' } });
    expect(setup.proxy.seen).toHaveLength(1);
  });

  it('without express configured there are no express service points', () => {
    const loaded = loadConfig({});
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const built = groupAModule.build({ config: loaded.config, ...platform() });
    expect(built.servicePoints ?? []).toEqual([]);
  });
});
