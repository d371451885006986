import { afterEach, describe, expect, it } from 'vitest';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import { outcomeUnknown, type PickupConnector } from '../../../src/carriers/types.js';
import { InputError, UpstreamError } from '../../../src/domain/errors.js';
import type { PickupHandle, PickupRequest, ScheduledPickup } from '../../../src/domain/pickups-addresses.js';
import { loadConfig } from '../../../src/config.js';
import { ExpressPickupConnector } from '../../../src/carriers/group-a/express/pickup.js';
import { rateRequest, ratingSetup, startFixedAnswer } from './express-rating-harness.js';
import { platform } from './harness.js';
import { SHIPPER, shipmentRequest, shippingSetup, type ShippingSetup } from './express-shipping-harness.js';

let setup: ShippingSetup | undefined;
const extraClosers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await setup?.close();
  setup = undefined;
  for (const close of extraClosers.splice(0)) await close();
});

async function connect(...args: Parameters<typeof shippingSetup>): Promise<{ s: ShippingSetup; pickups: PickupConnector }> {
  setup = await shippingSetup(...args);
  const pickups = setup.module.pickups?.find((c) => c.upstream === 'group-a/express');
  if (!pickups) throw new Error('the Group A module offers no express pickups');
  return { s: setup, pickups };
}

/** Ready 14:00 on Friday 2026-03-13 at +05:30 in Mumbai, closing 18:00, collecting one waybill. */
function pickupRequest(extra: Partial<PickupRequest> = {}): PickupRequest {
  return {
    carrier: 'GROUP_A',
    division: 'express',
    accountNumber: null,
    network: 'EXPRESS',
    location: SHIPPER,
    readyAt: '2026-03-13T08:30:00Z',
    readyAtLocal: '2026-03-13T14:00:00',
    utcOffset: '+05:30',
    closeTime: '18:00:00',
    dateType: 'FUTURE_DAY',
    packageLocation: 'reception',
    packageCount: 2,
    totalWeight: { value: 3.7, unit: 'KG' },
    remarks: 'Ring the bell',
    countryRelationship: 'INTERNATIONAL',
    trackingNumbers: ['6123456780'],
    purchaseReference: `pr-${Math.random().toString(36).slice(2, 12)}`,
    ...extra,
  };
}

function handle(scheduled: ScheduledPickup, accountNumber: string): PickupHandle {
  return {
    carrier: 'GROUP_A',
    division: 'express',
    accountNumber,
    network: 'EXPRESS',
    confirmationNumber: scheduled.confirmationNumber,
    location: scheduled.location,
    scheduledDate: scheduled.scheduledDate,
    carrierCode: scheduled.carrierCode,
    countryCode: 'IN',
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('Group A express pickups (seed 000: the express pickup answer; create, update and cancel per PX3)', () => {
  it('create is POST /pickups with plannedPickupDateAndTime shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM, closeTime, location, accounts[], the pickup party and the waybills to collect', async () => {
    const { s, pickups } = await connect();
    const request = pickupRequest();
    await pickups.schedule(request);
    const [body] = s.bodies('/pickups');
    expect(body).toEqual({
      plannedPickupDateAndTime: '2026-03-13T14:00:00 GMT+05:30',
      closeTime: '18:00',
      location: 'reception',
      accounts: [{ typeCode: 'shipper', number: pickups.defaultAccountNumber }],
      customerDetails: {
        shipperDetails: {
          postalAddress: { addressLine1: 'Sahar Road 4', addressLine2: 'Andheri East', cityName: 'Mumbai', postalCode: '400099', provinceCode: 'MH', countryCode: 'IN' },
          contactInformation: { fullName: 'Asha Rao', companyName: 'Rao Textiles', phone: '+91 22 5550 1234', email: 'dispatch@rao.example' },
        },
      },
      shipmentDetails: [{ shipmentTrackingNumbers: ['6123456780'], packagesCount: 2, totalWeight: 3.7, unitOfMeasurement: 'metric', isCustomsDeclarable: true }],
      specialInstructions: [{ value: 'Ring the bell', typeCode: 'TBD' }],
      customerReferences: [{ value: request.purchaseReference, typeCode: 'CU' }],
    });
  });

  it('the answer maps dispatchConfirmationNumbers[0] to the confirmation number, readyByTime, nextPickupDate, and a cancelUrl of the seed form {express_url}/expressapi/shipment-pickups/{dispatchConfirmationNumber}', async () => {
    const { s, pickups } = await connect();
    const scheduled = await pickups.schedule(pickupRequest());
    expect(scheduled.confirmationNumber).toMatch(/^PRG260313\d{6}$/);
    expect(scheduled).toMatchObject({
      otherConfirmationNumbers: [],
      readyByTime: '14:00',
      nextPickupDate: '2026-03-13',
      scheduledDate: '2026-03-13',
      warnings: [],
      cancelUrl: `${s.proxy.origin}/expressapi/shipment-pickups/${scheduled.confirmationNumber}`,
    });
  });

  it('ready after the cut-off: the carrier moves the pickup to the next business day and says so in warnings[]', async () => {
    const { pickups } = await connect();
    const scheduled = await pickups.schedule(pickupRequest({ readyAtLocal: '2026-03-13T17:30:00', closeTime: '19:00:00' }));
    expect(scheduled).toMatchObject({ nextPickupDate: '2026-03-16', scheduledDate: '2026-03-16', readyByTime: '09:00' });
    expect(scheduled.warnings.map((w) => w.message)).toEqual(['Ready after the 17:00 cut-off or on a weekend: the pickup is scheduled for 2026-03-16.']);
  });

  it('several dispatchConfirmationNumbers: the first is the handle, the others are kept', async () => {
    const fixed = await startFixedAnswer({ dispatchConfirmationNumbers: ['PRG1', 'PRG2', 'PRG3'], readyByTime: '10:00', nextPickupDate: '2026-03-13' }, 201);
    extraClosers.push(fixed.close);
    const rating = await ratingSetup({ baseUrl: fixed.origin });
    extraClosers.push(rating.close);
    const connector = new ExpressPickupConnector({ client: rating.client, config: rating.config });
    const scheduled = await connector.schedule(pickupRequest());
    expect(scheduled).toMatchObject({ confirmationNumber: 'PRG1', otherConfirmationNumbers: ['PRG2', 'PRG3'], cancelUrl: `${fixed.origin}/expressapi/shipment-pickups/PRG1` });
  });

  it('an answer without dispatchConfirmationNumbers is UPSTREAM_CONTRACT', async () => {
    const fixed = await startFixedAnswer({ readyByTime: '10:00' }, 201);
    extraClosers.push(fixed.close);
    const rating = await ratingSetup({ baseUrl: fixed.origin });
    extraClosers.push(rating.close);
    const connector = new ExpressPickupConnector({ client: rating.client, config: rating.config });
    expect(await rejection(connector.schedule(pickupRequest()))).toMatchObject({ code: 'UPSTREAM_CONTRACT' });
  });

  it('create is sent once: a 503 is not retried and its outcome is unknown', async () => {
    const { s, pickups } = await connect();
    s.sandbox.failNext('groupAExpress', { status: 503, count: 1 });
    const error = await rejection(pickups.schedule(pickupRequest()));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(outcomeUnknown(error)).toBe(true);
    expect(s.calls()['POST /expressapi/test/pickups']).toBe(1);
  });

  it('create is sent once: a lost answer after the carrier booked (connection reset) is outcomeUnknown, never resent', async () => {
    const { s, pickups } = await connect();
    s.sandbox.loseNextAnswer('groupAExpress', { count: 1, mode: 'reset' });
    const error = await rejection(pickups.schedule(pickupRequest()));
    expect(outcomeUnknown(error)).toBe(true);
    expect(s.calls()['POST /expressapi/test/pickups']).toBe(1);
  });

  it('check refuses, without a call, what express cannot book: another network, a close time not after the ready time, no waybill, no offset shape', async () => {
    const { s, pickups } = await connect();
    const fields = (r: PickupRequest) => pickups.check(r).map((e) => e.field);
    expect(fields(pickupRequest())).toEqual([]);
    expect(fields(pickupRequest({ network: 'GROUND' }))).toEqual(['input.network']);
    expect(fields(pickupRequest({ closeTime: '14:00:00' }))).toEqual(['input.closeTime']);
    expect(fields(pickupRequest({ trackingNumbers: [] }))).toEqual(['input.trackingNumbers']);
    expect(fields(pickupRequest({ utcOffset: '+0530' }))).toEqual(['input.utcOffset']);
    expect(fields(pickupRequest({ accountNumber: '123' }))).toEqual(['input.accountNumber']);
    expect(await rejection(pickups.schedule(pickupRequest({ trackingNumbers: [] })))).toBeInstanceOf(InputError);
    expect(s.proxy.seen).toHaveLength(0);
  });

  it('an address not served for pickup is the carrier\'s 400: UPSTREAM_BAD_REQUEST, not outcomeUnknown', async () => {
    const { pickups } = await connect();
    const location = { ...SHIPPER, address: { ...SHIPPER.address, postalCode: '400011' } };
    const error = await rejection(pickups.schedule(pickupRequest({ location })));
    expect(error).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', httpStatus: 400 });
    expect(outcomeUnknown(error)).toBe(false);
  });

  it('update is PATCH /pickups/{dispatchConfirmationNumber} with the whole pickup; the same number answers with the new readyByTime', async () => {
    const { s, pickups } = await connect();
    const scheduled = await pickups.schedule(pickupRequest());
    const updated = await pickups.update!(handle(scheduled, pickups.defaultAccountNumber), pickupRequest({ readyAtLocal: '2026-03-13T15:30:00' }));
    expect(updated).toMatchObject({ confirmationNumber: scheduled.confirmationNumber, readyByTime: '15:30', nextPickupDate: '2026-03-13' });
    const patch = s.proxy.seen.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe(`/expressapi/test/pickups/${scheduled.confirmationNumber}`);
    expect(JSON.parse(patch.body).plannedPickupDateAndTime).toBe('2026-03-13T15:30:00 GMT+05:30');
  });

  it('cancel is DELETE /shipment-pickups/{dispatchConfirmationNumber} (the cancelPickupUrl form) with the reason', async () => {
    const { s, pickups } = await connect();
    const scheduled = await pickups.schedule(pickupRequest());
    const cancelled = await pickups.cancel(handle(scheduled, pickups.defaultAccountNumber), 'Order withdrawn');
    expect(cancelled).toEqual({ cancelled: true, message: `Pickup ${scheduled.confirmationNumber} was cancelled.`, warnings: [] });
    const call = s.proxy.seen.find((r) => r.method === 'DELETE')!;
    const url = new URL(call.path, 'http://x');
    expect(url.pathname).toBe(`/expressapi/test/shipment-pickups/${scheduled.confirmationNumber}`);
    expect(url.searchParams.get('reason')).toBe('Order withdrawn');
  });

  it('cancelling twice answers cancelled again, with the carrier\'s warning that nothing changed', async () => {
    const { pickups } = await connect();
    const scheduled = await pickups.schedule(pickupRequest());
    const h = handle(scheduled, pickups.defaultAccountNumber);
    await pickups.cancel(h, null);
    const again = await pickups.cancel(h, null);
    expect(again.cancelled).toBe(true);
    expect(again.warnings).toHaveLength(1);
    expect(again.warnings[0]!.message).toContain('was already cancelled');
  });

  it('a cancelled pickup can no longer be updated (400); an unknown dispatch confirmation number is UPSTREAM_NOT_FOUND', async () => {
    const { pickups } = await connect();
    const scheduled = await pickups.schedule(pickupRequest());
    const h = handle(scheduled, pickups.defaultAccountNumber);
    await pickups.cancel(h, 'Not needed');
    expect(await rejection(pickups.update!(h, pickupRequest()))).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST' });
    expect(await rejection(pickups.cancel({ ...h, confirmationNumber: 'PRG000000000000' }, null))).toMatchObject({ code: 'UPSTREAM_NOT_FOUND' });
  });

  it('a pickup booked inside a shipment creation is in the same ledger: its dispatchConfirmationNumber updates and cancels', async () => {
    const { s, pickups } = await connect();
    const created = await s.shipping.create(shipmentRequest({ pickup: { readyAt: '2026-03-13T14:00:00', closeTime: '18:00', location: 'reception', instructions: null } }));
    if (created.kind !== 'CREATED') throw new Error('expected CREATED');
    const number = created.shipment.dispatchConfirmationNumber!;
    expect(number).toMatch(/^PRG/);
    const h = { ...handle({ confirmationNumber: number, location: null, scheduledDate: '2026-03-13', carrierCode: null } as ScheduledPickup, pickups.defaultAccountNumber) };
    const updated = await pickups.update!(h, pickupRequest({ readyAtLocal: '2026-03-13T16:00:00', trackingNumbers: [created.shipment.trackingNumber] }));
    expect(updated).toMatchObject({ confirmationNumber: number, readyByTime: '16:00' });
    expect((await pickups.cancel(h, 'Customer drops it off')).cancelled).toBe(true);
    expect((await pickups.cancel(h, null)).warnings[0]!.message).toContain('was already cancelled');
  });
});

describe('Group A module: express pickups', () => {
  it('pickups spend the express daily test quota that rating spends (one client)', async () => {
    const { s, pickups } = await connect({ GROUP_A_EXPRESS_DAILY_QUOTA: '1' });
    const rating = s.module.rating.find((r) => r.upstream === 'group-a/express')!;
    expect((await rating.rate(rateRequest())).ok).toBe(true);
    expect(await rejection(pickups.schedule(pickupRequest()))).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED' });
    expect(s.calls()['POST /expressapi/test/pickups']).toBeUndefined();
  });

  it('without express configured there are no express pickups', () => {
    const loaded = loadConfig({});
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    expect(groupAModule.build({ config: loaded.config, ...platform() }).pickups ?? []).toEqual([]);
  });
});
