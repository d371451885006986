/**
 * Issue 10 items 2-4 over real HTTP: `resolveAddresses`, `servicePoints` and `subscribeEmailNotifications` on one
 * server configured against our sandbox (Carrier B behind a recording proxy, so the addresses each call carried are
 * read from the wire). Every test uses addresses of its own (a tag in the street line), because answers are cached
 * across requests (ADDRESS_CACHE_TTL_SECONDS).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';

let e2e: E2E;
const RESOLVE = 'POST /address/v1/addresses/resolve';
const ADDRESS_VALIDATE = 'GET /expressapi/test/address-validate';
const NOTIFICATIONS = 'POST /track/v1/notifications';

beforeAll(async () => {
  e2e = await startE2E({ recordCarrierB: true, env: { MAX_ADDRESSES_PER_REQUEST: '150' } });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => {
  e2e.sandbox.resetStats();
  e2e.carrierBProxy!.seen.length = 0;
});

const OUTCOME = `
  index
  input { streetLines city postalCode countryCode }
  resolutions { carrier upstream resolved classification postOfficeBox generalDelivery deliveryPointValidated resolutionMethod resolutionToken
    address { streetLines city stateOrProvinceCode postalCode countryCode } warnings { code message type } resolvedAt fromCache }
  capabilities { carrier division purpose capable serviceAreaCode warnings { message } fromCache }
  postalCodes { carrier postalCode valid cleanedPostalCode city stateOrProvinceCode warnings { code message } }
  failures { field carrier upstream check code message carrierCode warnings { code message } }`;
const RESOLVE_QUERY = `query($inputs: [AddressToResolveInput!]!, $options: ResolveAddressesOptionsInput) {
  resolveAddresses(inputs: $inputs, options: $options) { ${OUTCOME} }
}`;

let tag = 0;
/** A Collierville, TN address with a street line no other test uses (so nothing is answered from another test's cache). */
function address(street: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  tag += 1;
  return { streetLines: [`${100 + tag} ${street}`], city: 'Collierville', stateOrProvinceCode: 'TN', postalCode: '38017', countryCode: 'US', ...extra };
}

async function resolve(inputs: unknown[], options?: Record<string, unknown>) {
  const answer = await e2e.gql(RESOLVE_QUERY, { inputs, ...(options ? { options } : {}) });
  expect(answer.errors).toBeUndefined();
  return answer.data.resolveAddresses as any[];
}

/** How many addresses each Carrier B resolve call carried, read from the wire. */
function addressesPerResolveCall(): number[] {
  return e2e.carrierBProxy!.seen.filter((r) => r.path === '/address/v1/addresses/resolve').map((r) => JSON.parse(String(r.body)).addressesToValidate.length);
}

const calls = (route: string) => e2e.sandbox.stats.carrierB.calls[route] ?? e2e.sandbox.stats.groupAExpress.calls[route] ?? 0;

describe('resolveAddresses: Carrier B resolution (seed 001 "Address resolution")', () => {
  it('a business address is BUSINESS and a home RESIDENTIAL, each with normalised lines, city, state, postal code and DPV', async () => {
    const [business, home] = await resolve([address('Fedex Pkwy', { streetLines: ['20 Fedex Pkwy', 'Suite 200'] }), address('elm   street')]);
    expect(business.resolutions).toEqual([
      expect.objectContaining({ carrier: 'CARRIER_B', upstream: 'carrier-b', resolved: true, classification: 'BUSINESS', deliveryPointValidated: true, resolutionMethod: 'USPS_VALIDATE', fromCache: false }),
    ]);
    expect(home.resolutions[0]).toMatchObject({ classification: 'RESIDENTIAL', postOfficeBox: false, generalDelivery: false });
    expect(home.resolutions[0].address).toEqual({ streetLines: [`${home.input.streetLines[0].toUpperCase().replace(/\s+/g, ' ')}`], city: 'COLLIERVILLE', stateOrProvinceCode: 'TN', postalCode: '38017', countryCode: 'US' });
    expect(Date.parse(home.resolutions[0].resolvedAt)).not.toBeNaN();
    expect(home.failures).toEqual([]);
  });

  it('a PO box is flagged as postOfficeBox', async () => {
    const [box] = await resolve([{ ...address('x'), streetLines: [`PO Box ${9000 + tag}`] }]);
    expect(box.resolutions[0]).toMatchObject({ postOfficeBox: true, generalDelivery: false, resolved: true });
  });

  it('a general delivery address is flagged as generalDelivery', async () => {
    const [general] = await resolve([{ ...address('x'), streetLines: ['General Delivery'], city: `Collierville ${tag}` }]);
    expect(general.resolutions[0]).toMatchObject({ generalDelivery: true, resolved: true });
  });

  it('a postal code that does not exist: lenient answers unresolved with the carrier alert (alerts reach the client), and postal validation says invalid', async () => {
    const [missing] = await resolve([address('Elm Street', { postalCode: '00012' })], { validatePostalCodes: true });
    expect(missing.resolutions[0]).toMatchObject({ resolved: false, classification: 'UNKNOWN', deliveryPointValidated: false, resolutionMethod: null });
    expect(missing.resolutions[0].warnings).toEqual([{ code: 'ADDRESS.POSTALCODE.NOTFOUND', message: 'The postal code 00012 does not exist in US.', type: null }]);
    expect(missing.postalCodes).toEqual([expect.objectContaining({ carrier: 'CARRIER_B', postalCode: '00012', valid: false, warnings: [expect.objectContaining({ code: 'COUNTRY.POSTALCODE.INVALID' })] })]);
    expect(missing.failures).toEqual([]);
  });

  it('strict mode turns an input the carrier could not resolve into an ADDRESS_UNRESOLVED failure naming it, with the alert; its sibling resolves', async () => {
    const [good, bad] = await resolve([address('Oak Street'), address('Nowhere Road')], { strict: true });
    expect(good.resolutions).toHaveLength(1);
    expect(good.failures).toEqual([]);
    expect(bad.resolutions).toEqual([]);
    expect(bad.failures).toEqual([
      expect.objectContaining({ field: ['inputs', '1'], carrier: 'CARRIER_B', check: 'RESOLUTION', code: 'ADDRESS_UNRESOLVED', carrierCode: 'ADDRESS.NOT.RESOLVED', warnings: [expect.objectContaining({ code: 'ADDRESS.NOT.RESOLVED' })] }),
    ]);
    expect(bad.failures[0].message).toMatch(/^inputs\.1: /);
  });

  it('lenient (the default) returns what the carrier found for the same unresolvable input, with its alerts', async () => {
    const [bad] = await resolve([address('Nowhere Lane')]);
    expect(bad.resolutions[0]).toMatchObject({ resolved: false, warnings: [expect.objectContaining({ code: 'ADDRESS.NOT.RESOLVED' })] });
    expect(bad.failures).toEqual([]);
  });

  it('resolution tokens are given when asked for, and only then', async () => {
    const [without] = await resolve([address('Token Street')]);
    const [withTokens] = await resolve([address('Token Street')], { includeResolutionTokens: true });
    expect(without.resolutions[0].resolutionToken).toBeNull();
    expect(withTokens.resolutions[0].resolutionToken).toMatch(/^[0-9a-f]{24}$/);
  });

  it('100 addresses in one resolveAddresses make one Carrier B call; 101 make two', async () => {
    const hundred = Array.from({ length: 100 }, () => address('Batch Street'));
    const outcomes = await resolve(hundred);
    expect(calls(RESOLVE)).toBe(1);
    expect(addressesPerResolveCall()).toEqual([100]);
    expect(outcomes.map((o) => o.index)).toEqual([...Array(100).keys()]);
    expect(outcomes.every((o) => o.resolutions[0]?.resolved === true)).toBe(true);
    e2e.carrierBProxy!.seen.length = 0;
    await resolve(Array.from({ length: 101 }, () => address('Batch Avenue')));
    expect(addressesPerResolveCall().sort()).toEqual([1, 100]);
  });

  it('identical addresses are resolved once per request (case and blanks aside), and every copy gets the answer in its place', async () => {
    const one = address('Maple Street');
    const shouting = { ...one, streetLines: [(one.streetLines as string[])[0]!.toUpperCase().replace(' ', '   ')], city: 'COLLIERVILLE ' };
    const other = address('Birch Street');
    const outcomes = await resolve([one, other, shouting, one]);
    expect(addressesPerResolveCall()).toEqual([2]);
    expect(outcomes.map((o) => o.index)).toEqual([0, 1, 2, 3]);
    expect(outcomes[2].input.streetLines).toEqual(shouting.streetLines);
    expect(outcomes[2].resolutions[0].address).toEqual(outcomes[0].resolutions[0].address);
    expect(outcomes[3].resolutions[0].address).toEqual(outcomes[0].resolutions[0].address);
  });

  it('a repeated address within the TTL is answered from the cache (0 calls), saying when it was resolved', async () => {
    const repeated = address('Cedar Street');
    const [first] = await resolve([repeated]);
    e2e.sandbox.resetStats();
    const [again] = await resolve([repeated]);
    expect(calls(RESOLVE)).toBe(0);
    expect(again.resolutions[0]).toMatchObject({ fromCache: true, resolvedAt: first.resolutions[0].resolvedAt });
    expect(again.resolutions[0].address).toEqual(first.resolutions[0].address);
  });

  it('one failing input does not hide the others: an input the carrier leaves out fails alone as UPSTREAM_CONTRACT', async () => {
    const [before, dropped, after] = await resolve([address('Pine Street'), address('[DROP] Street'), address('Ash Street')]);
    expect(calls(RESOLVE)).toBe(1);
    expect(before.resolutions).toHaveLength(1);
    expect(after.resolutions).toHaveLength(1);
    expect(dropped.resolutions).toEqual([]);
    expect(dropped.failures).toEqual([expect.objectContaining({ field: ['inputs', '1'], carrier: 'CARRIER_B', check: 'RESOLUTION', code: 'UPSTREAM_CONTRACT' })]);
  });
});

describe('resolveAddresses: express capability (seed 000 `/address-validate`)', () => {
  it('pickup and delivery capability as asked: one express call per distinct address and purpose; a code not served for pickup is not capable', async () => {
    const served = address('Willow Street', { postalCode: '38018' });
    const noPickup = address('Willow Street', { postalCode: '38011' });
    const outcomes = await resolve([served, noPickup, served], { capabilities: ['PICKUP', 'DELIVERY'] });
    expect(calls(ADDRESS_VALIDATE)).toBe(4);
    expect(outcomes[0].capabilities).toEqual([
      expect.objectContaining({ carrier: 'GROUP_A', division: 'express', purpose: 'PICKUP', capable: true, serviceAreaCode: expect.stringMatching(/^[A-Z]{3}$/) }),
      expect.objectContaining({ purpose: 'DELIVERY', capable: true }),
    ]);
    expect(outcomes[1].capabilities).toEqual([
      expect.objectContaining({ purpose: 'PICKUP', capable: false, warnings: [{ message: 'Pickup is not offered at this address.' }] }),
      expect.objectContaining({ purpose: 'DELIVERY', capable: true }),
    ]);
    expect(outcomes[2].capabilities).toEqual(outcomes[0].capabilities);
  });

  it('one failing carrier does not hide the others: express failing is a typed failure per input beside Carrier B answers', async () => {
    e2e.sandbox.setFaults('groupAExpress', { errorRate: 1 });
    try {
      const [a, b] = await resolve([address('Spruce Street'), address('Hazel Street')], { capabilities: ['DELIVERY'] });
      for (const outcome of [a, b]) {
        expect(outcome.resolutions[0]).toMatchObject({ carrier: 'CARRIER_B', resolved: true });
        expect(outcome.capabilities).toEqual([]);
        expect(outcome.failures).toEqual([expect.objectContaining({ carrier: 'GROUP_A', upstream: 'group-a/express', check: 'DELIVERY_CAPABILITY', code: 'UPSTREAM_UNAVAILABLE' })]);
      }
    } finally {
      e2e.sandbox.setFaults('groupAExpress', { errorRate: 0 });
    }
  });

  it('a postal code express does not know is UPSTREAM_NOT_FOUND for that input alone', async () => {
    const [unknown, known] = await resolve([address('Elm Street', { postalCode: '00031' }), address('Elm Street', { postalCode: '38019' })], { capabilities: ['DELIVERY'] });
    expect(unknown.failures).toEqual([expect.objectContaining({ check: 'DELIVERY_CAPABILITY', code: 'UPSTREAM_NOT_FOUND' })]);
    expect(known.capabilities).toEqual([expect.objectContaining({ purpose: 'DELIVERY', capable: true })]);
  });
});

describe('resolveAddresses: input refused before any call', () => {
  it('more inputs than MAX_ADDRESSES_PER_REQUEST is BAD_USER_INPUT naming inputs, before any call', async () => {
    const answer = await e2e.gql(RESOLVE_QUERY, { inputs: Array.from({ length: 151 }, () => address('Limit Street')) });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'inputs' });
    expect(answer.errors?.[0]?.message).toMatch(/at most 150 .*MAX_ADDRESSES_PER_REQUEST/);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('MAX_ADDRESSES_PER_REQUEST counts every alias: two fields of 100 addresses each are refused together, before any call', async () => {
    const query = `query($a: [AddressToResolveInput!]!, $b: [AddressToResolveInput!]!) {
      first: resolveAddresses(inputs: $a) { index }
      second: resolveAddresses(inputs: $b) { index }
    }`;
    const batch = () => Array.from({ length: 100 }, () => address('Alias Street'));
    const answer = await e2e.gql(query, { a: batch(), b: batch() });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_ADDRESSES_PER_REQUEST', field: 'inputs' });
    expect(answer.errors?.[0]?.message).toMatch(/200 addresses; at most 150/);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it.each([
    ['an empty country', { countryCode: '' }, 'inputs.1.countryCode'],
    ['a NUL byte in a street line', { streetLines: ['1 Main\u0000 Street'] }, 'inputs.1.streetLines.0'],
    ['an over-long street line', { streetLines: ['x'.repeat(101)] }, 'inputs.1.streetLines.0'],
    ['four street lines', { streetLines: ['a', 'b', 'c', 'd'] }, 'inputs.1.streetLines'],
    ['a NUL byte in the city', { city: 'Collier\u0000ville' }, 'inputs.1.city'],
  ])('%s is BAD_USER_INPUT naming the field, before any call', async (_what, bad, field) => {
    const answer = await e2e.gql(RESOLVE_QUERY, { inputs: [address('Fine Street'), { ...address('Bad Street'), ...bad }], options: { capabilities: ['PICKUP'], validatePostalCodes: true } });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});

const SERVICE_POINTS = `query($near: ServicePointsNearInput!) {
  servicePoints(near: $near) {
    points { id carrier division name type distanceKm latitude longitude address { streetLines city postalCode countryCode } openingHours { weekday day opens closes } capabilities }
    warnings { message }
    failures { carrier code message }
  }
}`;

describe('servicePoints (seed 000 `/servicepoint`)', () => {
  it('service points near a point come nearest first with distance, opening hours and capabilities', async () => {
    const answer = await e2e.gql(SERVICE_POINTS, { near: { countryCode: 'DE', latitude: 52.52, longitude: 13.405, radiusKm: 25, limit: 5 } });
    expect(answer.errors).toBeUndefined();
    const { points, warnings, failures } = answer.data.servicePoints;
    expect(failures).toEqual([]);
    expect(warnings).toEqual([]);
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThanOrEqual(5);
    const distances = points.map((p: any) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((x: number, y: number) => x - y));
    for (const point of points) {
      expect(point).toMatchObject({ carrier: 'GROUP_A', division: 'express', address: { countryCode: 'DE' } });
      expect(point.distanceKm).toBeGreaterThan(0);
      expect(point.distanceKm).toBeLessThanOrEqual(25);
      expect(point.openingHours.length).toBeGreaterThan(0);
      expect(point.openingHours[0]).toMatchObject({ weekday: 1, day: 'MON', opens: expect.stringMatching(/^\d{2}:\d{2}$/) });
      expect(point.capabilities).toContain('DROP_OFF');
    }
    expect(calls('GET /expressapi/test/servicepoint')).toBe(1);
  });

  it('a remote area answers no points with the carrier warning (never dropped)', async () => {
    const answer = await e2e.gql(SERVICE_POINTS, { near: { countryCode: 'NO', postalCode: '9177' } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.servicePoints.points).toEqual([]);
    expect(answer.data.servicePoints.warnings).toEqual([{ message: 'No service point serves this remote area; a courier pickup can be booked instead.' }]);
  });

  it.each([
    ['latitude without longitude', { countryCode: 'DE', latitude: 52.5 }, 'near.longitude'],
    ['a latitude beyond 90', { countryCode: 'DE', latitude: 91, longitude: 10 }, 'near.latitude'],
    ['a radius of 0', { countryCode: 'DE', postalCode: '10115', radiusKm: 0 }, 'near.radiusKm'],
    ['a radius above 100 km', { countryCode: 'DE', postalCode: '10115', radiusKm: 101 }, 'near.radiusKm'],
    ['a limit of 51', { countryCode: 'DE', postalCode: '10115', limit: 51 }, 'near.limit'],
    ['no place at all', { countryCode: 'DE' }, 'near'],
  ])('%s is BAD_USER_INPUT naming the field, before any call', async (_what, near, field) => {
    const answer = await e2e.gql(SERVICE_POINTS, { near });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});

const SUBSCRIBE = `mutation($input: SubscribeEmailNotificationsInput!) {
  subscribeEmailNotifications(input: $input) {
    subscription { carrier trackingNumber accepted message recipientCount }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}`;

function recipient(i: number, extra: Record<string, unknown> = {}) {
  return { role: i === 0 ? 'SHIPPER' : 'RECIPIENT', email: `person${i}@example.com`, name: `Person ${i}`, format: 'TEXT', locale: 'en_US', eventTypes: ['ON_DELIVERY', 'ON_EXCEPTION'], ...extra };
}
function subscription(recipients: unknown[], extra: Record<string, unknown> = {}) {
  return { carrier: 'CARRIER_B', trackingNumber: '123456789013', senderEmail: 'shop@example.com', senderName: 'Example Shop', recipients, ...extra };
}

describe('subscribeEmailNotifications (seed 001 Events item 2)', () => {
  it('four recipients with roles, formats, locales and event types are subscribed in one call', async () => {
    const answer = await e2e.gql(SUBSCRIBE, { input: subscription([0, 1, 2, 3].map((i) => recipient(i, i === 3 ? { eventTypes: ['ON_ESTIMATED_DELIVERY', 'ON_TENDER'], format: 'HTML' } : {}))) });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.subscribeEmailNotifications).toEqual({
      subscription: { carrier: 'CARRIER_B', trackingNumber: '123456789013', accepted: true, message: 'Email notifications for 123456789013 will be sent to 4 recipient(s).', recipientCount: 4 },
      userErrors: [],
      warnings: [],
    });
    expect(calls(NOTIFICATIONS)).toBe(1);
    const sent = JSON.parse(String(e2e.carrierBProxy!.seen.find((r) => r.path === '/track/v1/notifications')!.body));
    expect(sent.trackingEventNotificationDetail.trackingNotifications[3]).toEqual({
      role: 'RECIPIENT',
      notificationDetail: { emailDetail: { emailAddress: 'person3@example.com', name: 'Person 3' } },
      notificationType: 'HTML',
      localization: { languageCode: 'en', localeCode: 'US' },
      notificationEventTypes: ['ON_ESTIMATED_DELIVERY', 'ON_TENDER'],
    });
  });

  it('a fifth recipient is BAD_USER_INPUT naming input.recipients.4, before any call (0 simulator calls)', async () => {
    const answer = await e2e.gql(SUBSCRIBE, { input: subscription([0, 1, 2, 3, 4].map((i) => recipient(i))) });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.subscribeEmailNotifications.subscription).toBeNull();
    expect(answer.data.subscribeEmailNotifications.userErrors).toEqual([expect.objectContaining({ field: ['input', 'recipients', '4'], code: 'BAD_USER_INPUT' })]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
    expect(e2e.sandbox.stats.carrierB.tokenMints + e2e.carrierBProxy!.seen.length).toBe(0);
  });

  it.each([
    ['a recipient email that is not one', { recipients: [recipient(0), recipient(1, { email: 'not-an-email' })] }, ['input', 'recipients', '1', 'email']],
    ['a locale not shaped xx_XX', { recipients: [recipient(0, { locale: 'english' })] }, ['input', 'recipients', '0', 'locale']],
    ['a sender email that is not one', { senderEmail: 'shop at example.com' }, ['input', 'senderEmail']],
    ['no event type', { recipients: [recipient(0, { eventTypes: [] })] }, ['input', 'recipients', '0', 'eventTypes']],
    ['a carrier that sends no email notifications', { carrier: 'GROUP_A' }, ['input', 'carrier']],
  ])('%s is BAD_USER_INPUT naming it, before any call', async (_what, extra, field) => {
    const answer = await e2e.gql(SUBSCRIBE, { input: { ...subscription([recipient(0)]), ...extra } });
    expect(answer.data.subscribeEmailNotifications.userErrors).toEqual([expect.objectContaining({ field, code: 'BAD_USER_INPUT' })]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it("a tracking number the carrier does not know is the carrier's refusal, with its code", async () => {
    const answer = await e2e.gql(SUBSCRIBE, { input: subscription([recipient(0)], { trackingNumber: '123456789404' }) });
    expect(answer.data.subscribeEmailNotifications.userErrors).toEqual([expect.objectContaining({ code: 'CARRIER_REFUSED', carrierCode: 'TRACKING.TRACKINGNUMBER.NOTFOUND' })]);
  });
});
