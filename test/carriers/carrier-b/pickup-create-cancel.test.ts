import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outcomeUnknown, type PickupConnector } from '../../../src/carriers/types.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import { callsTo, only, startCarrierBWorld, type CarrierBWorld } from './issue10-support.js';
import { handleOf, pickupRequest } from './pickup-support.js';

/** Seed 001 "Pickup create request", "Pickup answer" and "Cancellation of a pickup needs ...", over real HTTP. */
let world: CarrierBWorld;
let pickups: PickupConnector;
const CREATE = 'POST /pickup/v1/pickups';
const CANCEL = 'PUT /pickup/v1/pickups/cancel';

beforeAll(async () => {
  world = await startCarrierBWorld('carrier-b-pickups');
  pickups = only(world.module.pickups, 'pickup');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

async function refusal(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe('seed 001: pickup creation', () => {
  it('a ground pickup answers its confirmation code and message, no location, for the ready date; booked in one call', async () => {
    const scheduled = await pickups.schedule(pickupRequest());
    expect(scheduled).toMatchObject({ confirmationNumber: expect.stringMatching(/^G\d{6}$/), location: null, scheduledDate: '2026-03-10', carrierCode: 'CBXG', warnings: [] });
    expect(scheduled.message).toBe(`Pickup ${scheduled.confirmationNumber} scheduled for 2026-03-10.`);
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
  });

  it('an express pickup answers the location its cancellation will need', async () => {
    const scheduled = await pickups.schedule(pickupRequest({ network: 'EXPRESS' }));
    expect(scheduled).toMatchObject({ confirmationNumber: expect.stringMatching(/^E\d{6}$/), location: 'US380A', carrierCode: 'CBXE' });
  });

  it('a same-day pickup ready past the cutoff is refused by the carrier', async () => {
    const error = await refusal(pickups.schedule(pickupRequest({ readyAt: '2026-03-10T16:00:00Z', readyAtLocal: '2026-03-10T16:00:00' })));
    expect(error).toMatchObject({ httpStatus: 400, carrierCode: 'PICKUP.READYTIME.PASTCUTOFF', operation: 'pickup-create' });
    // A refusal is a known outcome: nothing was booked (FAILED, not UNKNOWN).
    expect(outcomeUnknown(error)).toBe(false);
  });

  it('a pickup whose answer is lost after the carrier booked it is an unknown outcome, sent once', async () => {
    world.sandbox.loseNextAnswer('carrierB', { count: 1, mode: 'reset' });
    const error = await refusal(pickups.schedule(pickupRequest()));
    expect(outcomeUnknown(error)).toBe(true);
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
  });

  it('a pickup booking is never retried: a 503 surfaces after one call', async () => {
    world.sandbox.failNext('carrierB', { status: 503, count: 1 });
    const error = await refusal(pickups.schedule(pickupRequest()));
    expect(error.httpStatus).toBe(503);
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
  });

  it('an account that is not of this connection is input.accountNumber, found before any call', () => {
    const errors = pickups.check(pickupRequest({ accountNumber: '999999999' }));
    expect(errors.map((e) => e.field)).toEqual(['input.accountNumber']);
    expect(pickups.check(pickupRequest())).toEqual([]);
  });
});

describe('seed 001: "Cancellation of a pickup needs pickupConfirmationCode, the location (express), scheduledDate and carrierCode"', () => {
  it('a cancellation with every stored field cancels the pickup; a second says it already was', async () => {
    const request = pickupRequest({ network: 'EXPRESS' });
    const handle = handleOf(request, await pickups.schedule(request));
    const first = await pickups.cancel(handle, 'Order cancelled');
    expect(first).toEqual({ cancelled: true, message: `Pickup ${handle.confirmationNumber} is cancelled.`, warnings: [] });
    const again = await pickups.cancel(handle, null);
    expect(again.message).toBe(`Pickup ${handle.confirmationNumber} was already cancelled.`);
  });

  it('a cancellation without the stored location is refused', async () => {
    const request = pickupRequest({ network: 'EXPRESS' });
    const handle = handleOf(request, await pickups.schedule(request));
    const error = await refusal(pickups.cancel({ ...handle, location: null }, null));
    expect(error).toMatchObject({ httpStatus: 400, carrierCode: 'PICKUP.LOCATION.REQUIRED', operation: 'pickup-cancel' });
    expect(callsTo(world.sandbox, CANCEL)).toBe(1);
  });

  it('a cancellation without the stored scheduled date is refused', async () => {
    const request = pickupRequest();
    const handle = handleOf(request, await pickups.schedule(request));
    const error = await refusal(pickups.cancel({ ...handle, scheduledDate: '' }, null));
    expect(error).toMatchObject({ httpStatus: 400, carrierCode: 'PICKUP.SCHEDULEDDATE.REQUIRED' });
  });

  it('a cancellation with another carrier code or date than stored is refused', async () => {
    const request = pickupRequest();
    const handle = handleOf(request, await pickups.schedule(request));
    expect(await refusal(pickups.cancel({ ...handle, carrierCode: 'CBXE' }, null))).toMatchObject({ carrierCode: 'PICKUP.CARRIERCODE.MISMATCH' });
    expect(await refusal(pickups.cancel({ ...handle, scheduledDate: '2026-03-11' }, null))).toMatchObject({ carrierCode: 'PICKUP.SCHEDULEDDATE.MISMATCH' });
  });

  it('a ground pickup needs no location to be cancelled', async () => {
    const request = pickupRequest();
    const handle = handleOf(request, await pickups.schedule(request));
    expect(handle.location).toBeNull();
    expect((await pickups.cancel(handle, null)).cancelled).toBe(true);
  });

  it('an unknown confirmation code is not found', async () => {
    const request = pickupRequest();
    const handle = handleOf(request, await pickups.schedule(request));
    const error = await refusal(pickups.cancel({ ...handle, confirmationNumber: 'G999999' }, null));
    expect(error).toMatchObject({ code: 'UPSTREAM_NOT_FOUND', carrierCode: 'PICKUP.CONFIRMATIONCODE.NOTFOUND' });
  });
});
