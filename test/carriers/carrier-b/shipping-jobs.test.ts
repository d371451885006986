import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outcomeUnknown } from '../../../src/carriers/types.js';
import type { ShipmentPackage } from '../../../src/domain/shipping.js';
import { callsTo, handleOf, party, shipmentRequest, startShippingWorld, type ShippingWorld } from './shipping-support.js';

/** Seed 001: asynchronous creation and its results, validation, cancellation, and a lost answer reconciled by reference. */
const CREATE = 'POST /ship/v1/shipments';
const RESULTS = 'POST /ship/v1/shipments/results';
const REFERENCE = 'POST /track/v1/referencenumbers';
let world: ShippingWorld;

beforeAll(async () => {
  world = await startShippingWorld('carrier-b-shipping-jobs');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

const pkg = (kg: number): ShipmentPackage => ({ weight: { value: kg, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: null });

describe('seed 001: "answer carries jobId -> caller polls the results operation with accountNumber and jobId until shipment documents appear"', () => {
  it('a creation processed asynchronously answers ACCEPTED with the jobId; results are RUNNING until documents appear, then CREATED', async () => {
    // Sandbox convention: more than 5 packages are processed asynchronously.
    const request = shipmentRequest({ packages: [1, 2, 3, 4, 5, 6].map(pkg) });
    const answer = await world.shipping.create(request);
    expect(answer.kind).toBe('ACCEPTED');
    const jobId = answer.kind === 'ACCEPTED' ? answer.job.jobId : '';
    expect(jobId).not.toBe('');
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(await world.shipping.jobResult!(jobId, world.sandbox.credentials.carrierB.accountNumber));
    expect(polls.map((p) => p.kind)).toEqual(['RUNNING', 'RUNNING', 'CREATED']);
    const done = polls[2]!;
    if (done.kind !== 'CREATED') throw new Error('not created');
    expect(done.shipment.pieces).toHaveLength(6);
    expect(done.shipment.documents.filter((d) => d.kind === 'LABEL')).toHaveLength(6);
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
    expect(callsTo(world.sandbox, RESULTS)).toBe(3);
  });

  it('results of a job the carrier does not know reject as UPSTREAM_NOT_FOUND', async () => {
    await expect(world.shipping.jobResult!('no-such-job', world.sandbox.credentials.carrierB.accountNumber)).rejects.toMatchObject({
      code: 'UPSTREAM_NOT_FOUND',
      carrierCode: 'SHIP.JOBID.NOTFOUND',
    });
  });
});

describe('seed 001: validate is "alerts only, nothing created"', () => {
  it('validation answers the alerts (invalid phone) and creates nothing: a following reference lookup by its purchase reference finds nothing', async () => {
    const request = shipmentRequest({ shipper: party({ phone: '12' }) });
    const result = await world.shipping.validate!(request);
    expect(result.alerts.map((a) => a.code)).toContain('SHIP.SHIPPER.PHONENUMBER.INVALID');
    expect(callsTo(world.sandbox, CREATE)).toBe(0);
    expect(await world.shipping.reconcile!(request, new Date())).toEqual({ kind: 'NOT_CREATED' });
  });

  it('a clean request validates with the success alert and valid true', async () => {
    const result = await world.shipping.validate!(shipmentRequest());
    expect(result.valid).toBe(true);
    expect(result.alerts.map((a) => a.code)).toEqual(['SHIP.VALIDATION.SUCCESS']);
  });
});

describe('seed 001: "shipment created -> cancellation -> cancelled; answer flags cancelledShipment"', () => {
  it("cancel reports cancelledShipment and the message; a second cancel's 'already cancelled' (cancelledShipment: false) reads as cancelled", async () => {
    const request = shipmentRequest();
    const answer = await world.shipping.create(request);
    if (answer.kind !== 'CREATED') throw new Error('not created');
    const handle = handleOf(request, answer.shipment.trackingNumber, answer.shipment.pieces.map((p) => p.trackingNumber));
    const first = await world.shipping.cancel!(handle, null);
    expect(first).toEqual({ cancelled: true, alreadyCancelled: false, message: 'Shipment is successfully cancelled.', warnings: [] });
    const second = await world.shipping.cancel!(handle, null);
    expect(second).toEqual({ cancelled: true, alreadyCancelled: true, message: 'Shipment already cancelled.', warnings: [] });
  });

  it('cancelling a number this account never created rejects as UPSTREAM_NOT_FOUND with the carrier code', async () => {
    const request = shipmentRequest();
    await expect(world.shipping.cancel!(handleOf(request, '670999999999', []), null)).rejects.toMatchObject({
      code: 'UPSTREAM_NOT_FOUND',
      carrierCode: 'SHIP.TRACKINGNUMBER.NOTFOUND',
    });
  });
});

describe('a lost answer is reconciled by reference, never bought again', () => {
  it('a reset after the carrier acted makes create reject with outcomeUnknown; reconcile then finds the one shipment the simulator created', async () => {
    const request = shipmentRequest({ packages: [pkg(1), pkg(2)] });
    world.sandbox.loseNextAnswer('carrierB', { count: 1, mode: 'reset' });
    const error = await world.shipping.create(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(outcomeUnknown(error)).toBe(true);
    // Sent once: no retry of a purchase.
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
    const result = await world.shipping.reconcile!(request, new Date());
    expect(result.kind).toBe('FOUND');
    if (result.kind !== 'FOUND') return;
    expect(result.shipment.pieces).toHaveLength(2);
    expect(result.shipment.trackingNumber).toMatch(/^67\d{10}$/);
    expect(result.shipment.carrierCode).toBe('CBXE');
    expect(result.shipment.documents).toEqual([]);
    expect(callsTo(world.sandbox, CREATE)).toBe(1);
    expect(callsTo(world.sandbox, REFERENCE)).toBe(1);
  });

  it('a timeout after the carrier acted is outcomeUnknown too', async () => {
    const request = shipmentRequest();
    world.sandbox.loseNextAnswer('carrierB', { count: 1, mode: 'timeout', delayMs: 5_000 });
    const error = await world.shipping.create(request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(outcomeUnknown(error)).toBe(true);
    expect((await world.shipping.reconcile!(request, new Date())).kind).toBe('FOUND');
  });

  it('reconcile is NOT_CREATED when the carrier knows no shipment with the reference, INCONCLUSIVE when the lookup fails', async () => {
    const request = shipmentRequest();
    expect(await world.shipping.reconcile!(request, new Date())).toEqual({ kind: 'NOT_CREATED' });
    world.sandbox.failNext('carrierB', { status: 503, count: 2 });
    const failed = await world.shipping.reconcile!(request, new Date());
    expect(failed.kind).toBe('INCONCLUSIVE');
  });
});
