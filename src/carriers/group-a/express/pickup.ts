import type { InputError } from '../../../domain/errors.js';
import type { PickupCancellation, PickupHandle, PickupRequest, ScheduledPickup } from '../../../domain/pickups-addresses.js';
import type { GroupAExpressConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { PickupConnector } from '../../types.js';
import { mapExpressWarnings } from './mapping.js';
import { checkExpressPickup, expressPickupRequest } from './pickup-request.js';
import { cancelPickupPath, expressPickupAnswer, expressPickupCancelAnswer, type ExpressPickupAnswer, pickupPath, PICKUPS_PATH } from './pickup-wire.js';

const UPSTREAM = 'group-a/express';

export interface ExpressPickupConnectorOptions {
  /** The express origin's ONE client (createExpressHttpClient): Basic auth and the daily quota shared with rating. */
  client: UpstreamClient;
  config: Pick<GroupAExpressConfig, 'accountNumbers' | 'baseUrl'>;
}

/**
 * Group A express pickups (seed 000: the pickup answer; "The dispatch confirmation number is the handle for update and
 * cancel"; method, path and body of create, update and cancel "not shown": assumption PX3). Create is sent ONCE.
 */
export class ExpressPickupConnector implements PickupConnector {
  readonly upstream = UPSTREAM;
  readonly carrier = 'GROUP_A' as const;
  readonly division = 'express';
  readonly defaultAccountNumber: string;
  readonly accountNumbers: readonly string[];
  private readonly client: UpstreamClient;
  private readonly expressUrl: string;

  constructor(options: ExpressPickupConnectorOptions) {
    this.client = options.client;
    this.accountNumbers = options.config.accountNumbers;
    this.defaultAccountNumber = options.config.accountNumbers[0] ?? '';
    this.expressUrl = options.config.baseUrl.replace(/\/+$/, '');
  }

  check(request: PickupRequest): InputError[] {
    return checkExpressPickup(request, this.accountNumbers);
  }

  /** POST `/pickups`, sent ONCE (`idempotent: false`): it books a driver; a lost answer is UNKNOWN, never resent. */
  async schedule(request: PickupRequest): Promise<ScheduledPickup> {
    const refused = this.check(request)[0];
    if (refused) throw refused;
    const answer = await this.client.call({
      operation: 'pickup-create',
      method: 'POST',
      path: PICKUPS_PATH,
      json: expressPickupRequest(request, request.accountNumber ?? this.defaultAccountNumber),
      schema: expressPickupAnswer,
      idempotent: false,
    });
    return this.scheduled(answer, request);
  }

  /**
   * PATCH `/pickups/{dispatchConfirmationNumber}` with the whole pickup again (PX3). Safe to resend: the same body sets
   * the same pickup, it books nothing new.
   */
  async update(handle: PickupHandle, request: PickupRequest): Promise<ScheduledPickup> {
    const refused = this.check(request)[0];
    if (refused) throw refused;
    const answer = await this.client.call({
      operation: 'pickup-update',
      method: 'PATCH',
      path: pickupPath(handle.confirmationNumber),
      json: expressPickupRequest(request, request.accountNumber ?? handle.accountNumber),
      schema: expressPickupAnswer,
      idempotent: true,
    });
    return this.scheduled(answer, request);
  }

  /** DELETE `/shipment-pickups/{dispatchConfirmationNumber}?reason=` (the `cancelPickupUrl` form; PX3). */
  async cancel(handle: PickupHandle, reason: string | null): Promise<PickupCancellation> {
    const answer = await this.client.call({
      operation: 'pickup-cancel',
      method: 'DELETE',
      path: cancelPickupPath(handle.confirmationNumber),
      query: { reason: reason ?? 'Cancelled by the shipper' },
      schema: expressPickupCancelAnswer,
      // A second cancellation answers the first one's result (PX3), so a retry after a 500/503 changes nothing.
      idempotent: true,
    });
    return {
      cancelled: answer.status.toLowerCase() === 'cancelled',
      message: answer.message ?? null,
      warnings: mapExpressWarnings(answer.warnings ?? []),
    };
  }

  private scheduled(answer: ExpressPickupAnswer, request: PickupRequest): ScheduledPickup {
    const [first, ...others] = answer.dispatchConfirmationNumbers as [string, ...string[]];
    return {
      confirmationNumber: first,
      otherConfirmationNumbers: others,
      location: null,
      // The day the driver comes: `nextPickupDate` when the carrier moved it, else the ready date asked for.
      scheduledDate: answer.nextPickupDate ?? request.readyAtLocal.slice(0, 10),
      carrierCode: null,
      readyByTime: answer.readyByTime ?? null,
      nextPickupDate: answer.nextPickupDate ?? null,
      message: null,
      // The seed's form, `{express_url}/expressapi/shipment-pickups/{dispatchConfirmationNumber}`, whatever environment.
      cancelUrl: `${this.expressUrl}/expressapi/shipment-pickups/${encodeURIComponent(first)}`,
      warnings: mapExpressWarnings(answer.warnings ?? []),
    };
  }
}
