import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationConnector } from '../../../src/carriers/types.js';
import type { EmailNotificationRequest, NotificationRecipient } from '../../../src/domain/pickups-addresses.js';
import { UpstreamError } from '../../../src/domain/errors.js';
import { callsTo, only, startCarrierBWorld, type CarrierBWorld } from './issue10-support.js';

/** Seed 001 Events item 2: email notification subscriptions, at most four recipients, over real HTTP. */
let world: CarrierBWorld;
let connector: NotificationConnector;
const NOTIFY = 'POST /track/v1/notifications';
const IN_TRANSIT = '123456789013';

beforeAll(async () => {
  world = await startCarrierBWorld('carrier-b-notifications');
  connector = only(world.module.notifications, 'notifications');
});
afterAll(async () => {
  await world.close();
});
beforeEach(() => world.sandbox.resetStats());

function recipient(n: number, extra: Partial<NotificationRecipient> = {}): NotificationRecipient {
  return { role: 'RECIPIENT', email: `buyer${n}@example.com`, name: `Buyer ${n}`, format: 'HTML', locale: 'en_US', eventTypes: ['ON_DELIVERY', 'ON_EXCEPTION'], ...extra };
}

function request(recipients: NotificationRecipient[], trackingNumber = IN_TRANSIT): EmailNotificationRequest {
  return { carrier: 'CARRIER_B', trackingNumber, carrierCode: null, carrierUniqueId: null, senderEmail: 'shop@example.com', senderName: 'The Shop', recipients };
}

async function refusal(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe('seed 001: "the only subscription is an email notification", "at most four email recipients"', () => {
  it('the connector declares the seed limit of four recipients', () => {
    expect(connector.maxRecipients).toBe(4);
  });

  it('four recipients of every role are accepted with the carrier message, in one call', async () => {
    const result = await connector.subscribe(
      request([
        recipient(1, { role: 'SHIPPER', format: 'TEXT' }),
        recipient(2),
        recipient(3, { role: 'BROKER', locale: null, name: null }),
        recipient(4, { role: 'OTHER', eventTypes: ['ON_TENDER', 'ON_ESTIMATED_DELIVERY'] }),
      ]),
    );
    expect(result).toEqual({ accepted: true, message: `Email notifications for ${IN_TRANSIT} will be sent to 4 recipient(s).`, warnings: [] });
    expect(callsTo(world.sandbox, NOTIFY)).toBe(1);
  });

  it('a fifth email recipient is refused by the carrier (400, its code kept), sent once', async () => {
    const error = await refusal(connector.subscribe(request([1, 2, 3, 4, 5].map((n) => recipient(n)))));
    expect(error).toMatchObject({ httpStatus: 400, carrierCode: 'NOTIFICATION.RECIPIENTS.TOOMANY', upstream: 'carrier-b', operation: 'notifications' });
    expect(callsTo(world.sandbox, NOTIFY)).toBe(1);
  });

  it('a subscription for a number the carrier does not know is refused as not found', async () => {
    const error = await refusal(connector.subscribe(request([recipient(1)], '123456789404')));
    expect(error).toMatchObject({ code: 'UPSTREAM_NOT_FOUND', carrierCode: 'TRACKING.TRACKINGNUMBER.NOTFOUND' });
  });

  it('a subscription is never retried blindly: a 503 is answered once and surfaces', async () => {
    world.sandbox.failNext('carrierB', { status: 503, count: 1 });
    const error = await refusal(connector.subscribe(request([recipient(1)])));
    expect(error.httpStatus).toBe(503);
    expect(callsTo(world.sandbox, NOTIFY)).toBe(1);
  });
});
