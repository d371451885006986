/**
 * Issue 10 item 1 as the client sees it: pickups booked over real HTTP against the Carrier B and Group A express
 * simulators, once whatever the retries, cancelled from the stored row alone, and a pickup booked inside an express
 * shipment creation listed beside them. Every rule on both stores (embedded PGlite and PostgreSQL).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { STORE_BACKENDS } from '../support/database.js';
import { createShipment, expressShipment } from '../shipping-api/support.js';
import { AVAILABILITY, cancel, carrierBPickup, MEMPHIS, nextWeekday, PICKUP, schedule, UPDATE_PICKUP } from './support.js';

const B_CREATE = 'POST /pickup/v1/pickups';
const B_CANCEL = 'PUT /pickup/v1/pickups/cancel';
let e2e: E2E;

const bCalls = (route: string) => e2e.sandbox.stats.carrierB.calls[route] ?? 0;
const expressCalls = (pattern: RegExp) =>
  Object.entries(e2e.sandbox.stats.groupAExpress.calls)
    .filter(([route]) => pattern.test(route))
    .reduce((n, [, v]) => n + v, 0);

describe.each(STORE_BACKENDS)('on $name', (backend) => {
  beforeAll(async () => {
    // Upstream answers time out after 2 s, so a held answer is a lost one within the test.
    // Carrier B through a recording proxy, so a test can read the exact cancellation body that went over the wire.
    e2e = await startE2E({ env: { ...(await backend.env()), UPSTREAM_HEADERS_TIMEOUT_MS: '2000' }, recordCarrierB: true });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it('bad input is refused naming the field, before anything is stored or sent (0 simulator calls)', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [carrierBPickup('bad-1', { readyAt: '2030-13-01T10:00:00Z' }), ['input', 'readyAt']],
      [carrierBPickup('bad-2', { utcOffset: '+15:00' }), ['input', 'utcOffset']],
      [carrierBPickup('bad-3', { closeTime: '09:00' }), ['input', 'closeTime']],
      [carrierBPickup('bad-4', { packageCount: 0 }), ['input', 'packageCount']],
      [carrierBPickup('bad-5', { totalWeight: { value: -1, unit: 'KG' } }), ['input', 'totalWeight', 'value']],
      [carrierBPickup('bad-6', { remarks: 'x'.repeat(28) }), ['input', 'remarks']],
      [carrierBPickup('bad-7', { accountNumber: '999999999' }), ['input', 'accountNumber']],
      [carrierBPickup('bad-8', { readyAt: '2020-01-07T16:00:00Z' }), ['input', 'readyAt']],
      [carrierBPickup('bad-9', { division: 'express' }), ['input', 'division']],
      [carrierBPickup('bad-10', { idempotencyKey: 'has space' }), ['input', 'idempotencyKey']],
      [carrierBPickup('bad-11', { location: { ...MEMPHIS, contactName: 'A\u0000B' } }), ['input', 'location', 'contactName']],
      [carrierBPickup('bad-12', { labelIds: ['Label:00000000-0000-4000-8000-000000000000'] }), ['input', 'labelIds', '0']],
      [carrierBPickup('bad-13', { carrier: 'GROUP_A', division: 'express', network: 'EXPRESS', trackingNumbers: [] }), ['input', 'trackingNumbers']],
    ];
    for (const [input, field] of cases) {
      const answer = await schedule(e2e, input);
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      expect(answer.data.schedulePickup.booking).toBeNull();
      expect(answer.data.schedulePickup.userErrors[0], JSON.stringify(input)).toMatchObject({ field });
      expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(answer.data.schedulePickup.userErrors[0].code);
    }
    const cancelled = await cancel(e2e, { pickupId: 'Pickup:nope', idempotencyKey: 'c-bad' });
    expect(cancelled.data.cancelPickup.userErrors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'pickupId'] });
    const unknown = await cancel(e2e, { pickupId: 'Pickup:00000000-0000-4000-8000-000000000000', idempotencyKey: 'c-bad' });
    expect(unknown.data.cancelPickup.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: ['input', 'pickupId'] });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
    // Nothing was stored either.
    const listed = await e2e.gql('{ pickups(first: 50) { edges { node { id } } } }');
    expect(listed.data.pickups.edges).toEqual([]);
  });

  it('availability changes with the ready time (past the cutoff moves the pickup date)', async () => {
    const tuesday = nextWeekday(2);
    const ask = (readyAt: string) =>
      e2e.gql(AVAILABILITY, {
        input: { carrier: 'CARRIER_B', network: 'GROUND', address: MEMPHIS.address, dateType: 'SAME_DAY', readyAt, utcOffset: '-06:00' },
      });
    // 10:00 local (16:00Z) is before the ground cutoff 15:00: that day; 16:00 local (22:00Z) is past it: the next day.
    const early = await ask(`${tuesday}T16:00:00Z`);
    const late = await ask(`${tuesday}T22:00:00Z`);
    expect(early.errors).toBeUndefined();
    expect(early.data.pickupAvailability.options).toEqual([
      { network: 'GROUND', carrierCode: 'CBXG', pickupDate: tuesday, cutoffTime: '15:00:00', accessTime: 'PT1H', readyTime: '08:00:00', available: true },
    ]);
    const wednesday = new Date(Date.parse(`${tuesday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(late.data.pickupAvailability.options[0].pickupDate).toBe(wednesday);
    // Only Carrier B answers availability (the seeds show it nowhere else): another carrier is refused, no call.
    e2e.sandbox.resetStats();
    const express = await e2e.gql(AVAILABILITY, {
      input: { carrier: 'GROUP_A', division: 'express', network: 'EXPRESS', address: MEMPHIS.address, dateType: 'SAME_DAY', readyAt: `${tuesday}T16:00:00Z`, utcOffset: '-06:00' },
    });
    expect(express.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.carrier' });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('schedules a Carrier B pickup: SCHEDULED with the confirmation code, carrier code and date stored', async () => {
    const answer = await schedule(e2e, carrierBPickup('b-once-1'));
    expect(answer.errors).toBeUndefined();
    const { booking, userErrors } = answer.data.schedulePickup;
    expect(userErrors).toEqual([]);
    expect(booking.replay).toBe('NEW');
    expect(booking.pickup).toMatchObject({
      state: 'SCHEDULED',
      source: 'SCHEDULE_PICKUP',
      carrier: 'CARRIER_B',
      network: 'GROUND',
      carrierCode: 'CBXG',
      scheduledDate: nextWeekday(2),
      readyAt: `${nextWeekday(2)}T16:00:00Z`,
    });
    expect(booking.pickup.confirmationNumber).toMatch(/^G\d{6}$/);
    expect(bCalls(B_CREATE)).toBe(1);
    const read = await e2e.gql(PICKUP, { id: booking.pickup.id });
    expect(read.data.pickup).toEqual(booking.pickup);
  });

  it('the same key sent 20 times concurrently books ONE pickup at the simulator, and every answer is that pickup', async () => {
    const input = carrierBPickup('twenty-at-once');
    const answers = await Promise.all(Array.from({ length: 20 }, () => schedule(e2e, input)));
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.schedulePickup.userErrors).toEqual([]);
    }
    expect(new Set(answers.map((a) => a.data.schedulePickup.booking.pickup.id)).size).toBe(1);
    const replays = answers.map((a) => a.data.schedulePickup.booking.replay);
    expect(replays.filter((r) => r === 'NEW')).toHaveLength(1);
    expect(replays.every((r) => ['NEW', 'REPLAYED', 'IN_PROGRESS'].includes(r))).toBe(true);
    expect(bCalls(B_CREATE)).toBe(1);
    const again = await schedule(e2e, input);
    expect(again.data.schedulePickup.booking).toMatchObject({ replay: 'REPLAYED', pickup: { state: 'SCHEDULED' } });
    expect(bCalls(B_CREATE)).toBe(1);
  });

  it('the same key with another input is BAD_USER_INPUT naming input.idempotencyKey, and nothing is booked', async () => {
    await schedule(e2e, carrierBPickup('key-reused'));
    e2e.sandbox.resetStats();
    const answer = await schedule(e2e, carrierBPickup('key-reused', { packageCount: 4 }));
    expect(answer.data.schedulePickup.booking).toBeNull();
    expect(answer.data.schedulePickup.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'idempotencyKey'] })]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('cancelPickup sends every stored field the carrier needs (the caller gives only the id): an express-network pickup with its location', async () => {
    // The simulator refuses a cancellation missing or mismatching the location, scheduled date or carrier code.
    const booked = await schedule(e2e, carrierBPickup('b-express-cancel', { network: 'EXPRESS' }));
    const pickup = booked.data.schedulePickup.booking.pickup;
    expect(pickup).toMatchObject({ state: 'SCHEDULED', carrierCode: 'CBXE', location: 'US381A' });
    const answer = await cancel(e2e, { pickupId: pickup.id, reason: 'Closed today', idempotencyKey: 'cancel-1' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.cancelPickup.userErrors).toEqual([]);
    expect(answer.data.cancelPickup.cancellation).toMatchObject({ cancelled: true, replayed: false, message: `Pickup ${pickup.confirmationNumber} is cancelled.`, pickup: { state: 'CANCELLED' } });
    expect(answer.data.cancelPickup.cancellation.pickup.cancelledAt).toBeTruthy();
    expect(bCalls(B_CANCEL)).toBe(1);
    const sent = e2e.carrierBProxy!.seen.filter((r) => r.method === 'PUT' && r.path === '/pickup/v1/pickups/cancel');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      associatedAccountNumber: { value: pickup.account },
      pickupConfirmationCode: pickup.confirmationNumber,
      location: 'US381A',
      scheduledDate: pickup.scheduledDate,
      carrierCode: 'CBXE',
      remarks: 'Closed today',
    });
  });

  it('a second cancel is a no-op answering the same result (no carrier call), whatever its key', async () => {
    const pickup = (await schedule(e2e, carrierBPickup('b-cancel-twice'))).data.schedulePickup.booking.pickup;
    const first = await cancel(e2e, { pickupId: pickup.id, idempotencyKey: 'twice-1' });
    e2e.sandbox.resetStats();
    const second = await cancel(e2e, { pickupId: pickup.id, idempotencyKey: 'twice-2' });
    const replayed = await cancel(e2e, { pickupId: pickup.id, idempotencyKey: 'twice-1' });
    for (const again of [second, replayed]) {
      expect(again.data.cancelPickup.userErrors).toEqual([]);
      expect(again.data.cancelPickup.cancellation).toMatchObject({
        cancelled: true,
        replayed: true,
        message: first.data.cancelPickup.cancellation.message,
        pickup: { state: 'CANCELLED', cancelledAt: first.data.cancelPickup.cancellation.pickup.cancelledAt },
      });
    }
    expect(e2e.upstreamBusinessCalls()).toBe(0);
    const listed = await e2e.gql(`{ pickups(state: CANCELLED, carrier: CARRIER_B, first: 50) { edges { node { id state } } } }`);
    expect(listed.data.pickups.edges.map((e: any) => e.node.id)).toContain(pickup.id);
    expect(listed.data.pickups.edges.every((e: any) => e.node.state === 'CANCELLED')).toBe(true);
  });

  it('a carrier refusal is a FAILED pickup with CARRIER_REFUSED, and cancelling a FAILED pickup is BAD_USER_INPUT naming input.pickupId', async () => {
    // The simulator refuses a same-day pickup ready past the ground cutoff (16:00 local > 15:00).
    const answer = await schedule(e2e, carrierBPickup('b-refused', { dateType: 'SAME_DAY', readyAt: `${nextWeekday(2)}T22:00:00Z`, closeTime: '18:00' }));
    const { booking, userErrors } = answer.data.schedulePickup;
    expect(booking.pickup).toMatchObject({ state: 'FAILED', failure: { code: 'CARRIER_REFUSED', carrierCode: 'PICKUP.READYTIME.PASTCUTOFF' } });
    expect(userErrors).toEqual([expect.objectContaining({ code: 'CARRIER_REFUSED', carrierCode: 'PICKUP.READYTIME.PASTCUTOFF' })]);
    e2e.sandbox.resetStats();
    const cancelled = await cancel(e2e, { pickupId: booking.pickup.id, idempotencyKey: 'cancel-failed' });
    expect(cancelled.data.cancelPickup.cancellation).toBeNull();
    expect(cancelled.data.cancelPickup.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'pickupId'] })]);
    expect(cancelled.data.cancelPickup.userErrors[0].message).toMatch(/FAILED/);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('a lost answer makes the pickup UNKNOWN, never a second booking: the retry answers it, and it cannot be cancelled blindly', async () => {
    e2e.sandbox.loseNextAnswer('carrierB', { count: 1, mode: 'reset' });
    const first = await schedule(e2e, carrierBPickup('b-lost'));
    expect(first.errors).toBeUndefined();
    const pickup = first.data.schedulePickup.booking.pickup;
    expect(pickup).toMatchObject({ state: 'UNKNOWN', failure: { code: expect.stringMatching(/^UPSTREAM_/) } });
    const retry = await schedule(e2e, carrierBPickup('b-lost'));
    expect(retry.data.schedulePickup.booking).toMatchObject({ replay: 'REPLAYED', pickup: { id: pickup.id, state: 'UNKNOWN' } });
    expect(bCalls(B_CREATE)).toBe(1);
    const cancelled = await cancel(e2e, { pickupId: pickup.id, idempotencyKey: 'cancel-unknown' });
    expect(cancelled.data.cancelPickup.userErrors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'pickupId'], message: expect.stringMatching(/UNKNOWN/) });
    expect(bCalls(B_CANCEL)).toBe(0);
  });

  it('a Carrier B pickup cannot be updated: BAD_USER_INPUT naming input.pickupId, no carrier call', async () => {
    const pickup = (await schedule(e2e, carrierBPickup('b-no-update'))).data.schedulePickup.booking.pickup;
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(UPDATE_PICKUP, {
      input: { pickupId: pickup.id, idempotencyKey: 'upd-b', readyAt: `${nextWeekday(3)}T16:00:00Z`, utcOffset: '-06:00', closeTime: '17:00' },
    });
    expect(answer.data.updatePickup.booking).toBeNull();
    expect(answer.data.updatePickup.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'pickupId'] })]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('an express shipment booked with a pickup appears in pickups, linked to its label, and is updated and cancelled by its id', async () => {
    const shipDate = nextWeekday(3);
    const bought = await createShipment(e2e, { ...expressShipment('express-with-pickup'), shipDate, pickup: { readyAt: `${shipDate}T14:00:00`, closeTime: '18:00', location: 'reception' } });
    expect(bought.errors).toBeUndefined();
    const label = bought.data.createShipment.purchase.label;
    expect(label.state).toBe('PURCHASED');
    const withPickups = await e2e.gql(`query($id: ID!) { label(id: $id) { id dispatchConfirmationNumber pickups { id source state carrier division confirmationNumber scheduledDate cancelUrl labels { id } } } }`, { id: label.id });
    expect(withPickups.errors).toBeUndefined();
    const { dispatchConfirmationNumber, pickups } = withPickups.data.label;
    expect(dispatchConfirmationNumber).toBeTruthy();
    expect(pickups).toEqual([
      {
        id: expect.stringMatching(/^Pickup:/),
        source: 'WITH_SHIPMENT',
        state: 'SCHEDULED',
        carrier: 'GROUP_A',
        division: 'express',
        confirmationNumber: dispatchConfirmationNumber,
        scheduledDate: shipDate,
        cancelUrl: expect.stringMatching(new RegExp(`/expressapi/shipment-pickups/${dispatchConfirmationNumber}$`)),
        labels: [{ id: label.id }],
      },
    ]);
    const listed = await e2e.gql(`{ pickups(carrier: GROUP_A, first: 50) { edges { node { id source } } } }`);
    expect(listed.data.pickups.edges.map((e: any) => e.node.id)).toContain(pickups[0].id);
    // Replaying the purchase records nothing twice.
    await createShipment(e2e, { ...expressShipment('express-with-pickup'), shipDate, pickup: { readyAt: `${shipDate}T14:00:00`, closeTime: '18:00', location: 'reception' } });
    const again = await e2e.gql(`{ pickups(carrier: GROUP_A, first: 50) { edges { node { id confirmationNumber } } } }`);
    expect(again.data.pickups.edges.filter((e: any) => e.node.confirmationNumber === dispatchConfirmationNumber)).toHaveLength(1);

    e2e.sandbox.resetStats();
    // Ready after the 17:00 cut-off: express moves it to the next business day (same number, a warning).
    const updated = await e2e.gql(UPDATE_PICKUP, {
      input: { pickupId: pickups[0].id, idempotencyKey: 'upd-express-1', readyAt: `${shipDate}T12:00:00Z`, utcOffset: '+05:30', closeTime: '19:00' },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updatePickup.userErrors).toEqual([]);
    const nextDay = nextBusinessDay(shipDate);
    expect(updated.data.updatePickup.booking.pickup).toMatchObject({ state: 'SCHEDULED', confirmationNumber: dispatchConfirmationNumber, nextPickupDate: nextDay, scheduledDate: nextDay, readyByTime: '09:00' });
    expect(updated.data.updatePickup.warnings.length).toBeGreaterThan(0);
    expect(expressCalls(/^PATCH .*\/pickups\//)).toBe(1);
    // The same key again answers the stored pickup without a call; with another input it is refused.
    const replay = await e2e.gql(UPDATE_PICKUP, {
      input: { pickupId: pickups[0].id, idempotencyKey: 'upd-express-1', readyAt: `${shipDate}T12:00:00Z`, utcOffset: '+05:30', closeTime: '19:00' },
    });
    expect(replay.data.updatePickup.booking).toMatchObject({ replay: 'REPLAYED', pickup: { nextPickupDate: nextDay } });
    const reused = await e2e.gql(UPDATE_PICKUP, {
      input: { pickupId: pickups[0].id, idempotencyKey: 'upd-express-1', readyAt: `${shipDate}T06:00:00Z`, utcOffset: '+05:30', closeTime: '19:00' },
    });
    expect(reused.data.updatePickup.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'idempotencyKey'] })]);
    expect(expressCalls(/^PATCH .*\/pickups\//)).toBe(1);

    const cancelled = await cancel(e2e, { pickupId: pickups[0].id, reason: 'Order cancelled', idempotencyKey: 'cancel-express-1' });
    expect(cancelled.data.cancelPickup.userErrors).toEqual([]);
    expect(cancelled.data.cancelPickup.cancellation).toMatchObject({ cancelled: true, pickup: { state: 'CANCELLED' } });
    expect(expressCalls(/^DELETE .*\/shipment-pickups\//)).toBe(1);
  });

  it('schedulePickup links the labels named (same carrier, purchased) and sends their waybills; another carrier\'s label is BAD_USER_INPUT naming input.labelIds.0', async () => {
    const shipDate = nextWeekday(4);
    const label = (await createShipment(e2e, { ...expressShipment('express-to-collect'), shipDate })).data.createShipment.purchase.label;
    const express = {
      idempotencyKey: 'express-pickup-1',
      carrier: 'GROUP_A',
      division: 'express',
      network: 'EXPRESS',
      location: { contactName: 'Asha Rao', phone: '+91 22 5550 1234', address: { streetLines: ['Sahar Road 4'], city: 'Mumbai', postalCode: '400099', countryCode: 'IN' } },
      readyAt: `${shipDate}T08:30:00Z`,
      utcOffset: '+05:30',
      closeTime: '18:00',
      packageCount: 1,
      totalWeight: { value: 2.5 },
      international: true,
      labelIds: [label.id],
    };
    e2e.sandbox.resetStats();
    const heldBefore = new Set(e2e.sandbox.expressPickups());
    const answer = await schedule(e2e, express);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.schedulePickup.userErrors).toEqual([]);
    // What the carrier received: one booking whose shipments are exactly the named label's waybill.
    const booked = e2e.sandbox.expressPickups().filter((held) => !heldBefore.has(held));
    expect(booked.map((held) => held.trackingNumbers)).toEqual([[label.trackingNumber]]);
    expect(answer.data.schedulePickup.booking.pickup).toMatchObject({
      state: 'SCHEDULED',
      source: 'SCHEDULE_PICKUP',
      carrier: 'GROUP_A',
      readyByTime: '14:00',
      nextPickupDate: shipDate,
      labels: [{ id: label.id, trackingNumber: label.trackingNumber }],
    });
    expect(expressCalls(/^POST .*\/pickups$/)).toBe(1);
    const linked = await e2e.gql(`query($id: ID!) { label(id: $id) { pickups { id } } }`, { id: label.id });
    expect(linked.data.label.pickups.map((p: any) => p.id)).toEqual([answer.data.schedulePickup.booking.pickup.id]);

    // A Carrier B pickup cannot collect an express label.
    e2e.sandbox.resetStats();
    const wrong = await schedule(e2e, carrierBPickup('b-wrong-label', { labelIds: [label.id] }));
    expect(wrong.data.schedulePickup.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'labelIds', '0'] })]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});

function nextBusinessDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}
