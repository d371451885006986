import type { SandboxContext } from '../context.js';
import { header, isRecord, type SandboxRequest, type SandboxResponse } from '../core/http.js';
import type { Guard, Route } from '../core/simulator.js';
import { carrierBError } from './errors.js';
import { readJsonObject } from './request.js';

/**
 * Carrier B pickups (seed 001; paths and availability/cancel shapes per assumptions PB5-PB9). Deterministic rules
 * (sandbox/README.md "Carrier B pickups"): the ground network (`CBXG`) has cutoff 15:00:00 and access time `PT1H`,
 * express (`CBXE`) 17:00:00 and `PT1H30M`; earliest ready time 08:00:00. A same-day request whose ready time is past
 * the cutoff moves to the next business day; a date on a weekend moves to Monday. The sandbox reads the address's
 * local time as the date and time of `readyDateTimestamp` (it knows no time zones). Created pickups live in a ledger;
 * a cancellation must carry every stored field (`location` for express), each missing one a 400.
 */
const NETWORKS: Record<string, { cutoff: string; access: string; accountType: string }> = {
  CBXG: { cutoff: '15:00:00', access: 'PT1H', accountType: 'CARRIER_GROUND' },
  CBXE: { cutoff: '17:00:00', access: 'PT1H30M', accountType: 'CARRIER_EXPRESS' },
};
const EARLIEST_READY = '08:00:00';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;
const UTC_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/;

interface StoredPickup {
  code: string;
  account: string;
  carrierCode: string;
  location: string | null;
  scheduledDate: string;
  cancelled: boolean;
}

interface PickupLedger {
  pickups: Map<string, StoredPickup>;
  /** Confirmation codes handed out so far (kept across restarts with the sandbox state: never one twice). */
  sequence: number;
}

const ledgers = new WeakMap<SandboxContext, PickupLedger>();
function ledgerOf(ctx: SandboxContext): PickupLedger {
  let ledger = ledgers.get(ctx);
  if (!ledger) {
    const created: PickupLedger = { pickups: new Map(), sequence: 0 };
    const saved = ctx.state?.attach('carrierBPickups', () => ({ sequence: created.sequence, pickups: [...created.pickups.values()] }));
    if (saved) {
      created.sequence = saved.sequence;
      for (const pickup of saved.pickups) created.pickups.set(pickup.code, pickup);
    }
    ledgers.set(ctx, (ledger = created));
  }
  return ledger;
}

/** The next Monday-to-Friday date on or after `date` (plus `skip` days first). */
function businessDay(date: string, skip: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + skip);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The date a pickup ready at `date` `time` is collected on that network, for that request type. */
export function pickupDateFor(carrierCode: string, type: string, date: string, time: string): string {
  const network = NETWORKS[carrierCode]!;
  return businessDay(date, type === 'SAME_DAY' && time > network.cutoff ? 1 : 0);
}

export function pickupRoutes(ctx: SandboxContext, guards: readonly Guard[], nextTransactionId: () => string): Route[] {
  const sequenceOf = ledgerOf(ctx);
  const ledger = sequenceOf.pickups;
  const answer = (req: SandboxRequest, output: Record<string, unknown>): SandboxResponse => {
    const customerTransactionId = header(req, 'x-customer-transaction-id');
    return { status: 200, json: { transactionId: nextTransactionId(), ...(customerTransactionId ? { customerTransactionId } : {}), output } };
  };
  const fail = (status: number, code: string, message: string) => carrierBError(nextTransactionId(), status, code, message);
  const accountOf = (body: Record<string, unknown>): string | null => {
    const account = isRecord(body['associatedAccountNumber']) ? body['associatedAccountNumber']['value'] : undefined;
    return typeof account === 'string' && account !== '' ? account : null;
  };

  const availability = (req: SandboxRequest): SandboxResponse => {
    const body = readJsonObject(req);
    if (!body.ok) return fail(400, body.code, body.message);
    const account = accountOf(body.value);
    if (!account) return fail(400, 'PICKUP.ACCOUNTNUMBER.REQUIRED', 'Please provide associatedAccountNumber.value.');
    if (account !== ctx.credentials.carrierB.accountNumber) return fail(403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');
    const address = body.value['pickupAddress'];
    if (!isRecord(address) || typeof address['countryCode'] !== 'string') return fail(400, 'PICKUP.ADDRESS.REQUIRED', 'Please provide pickupAddress with countryCode.');
    const types = body.value['pickupRequestType'];
    const type = Array.isArray(types) ? types[0] : undefined;
    if (type !== 'SAME_DAY' && type !== 'FUTURE_DAY') return fail(400, 'PICKUP.REQUESTTYPE.INVALID', 'pickupRequestType must be SAME_DAY or FUTURE_DAY.');
    const date = body.value['dispatchDate'];
    const time = body.value['packageReadyTime'];
    if (typeof date !== 'string' || !DATE.test(date)) return fail(400, 'PICKUP.DISPATCHDATE.INVALID', 'dispatchDate must be YYYY-MM-DD.');
    if (typeof time !== 'string' || !TIME.test(time)) return fail(400, 'PICKUP.READYTIME.INVALID', 'packageReadyTime must be HH:MM:SS.');
    const asked = body.value['carriers'];
    const carriers = Array.isArray(asked) && asked.length > 0 ? asked : Object.keys(NETWORKS);
    const unknown = carriers.find((c) => typeof c !== 'string' || !NETWORKS[c]);
    if (unknown !== undefined) return fail(400, 'PICKUP.CARRIER.INVALID', `Unknown carrier ${String(unknown)}.`);
    return answer(req, {
      options: (carriers as string[]).map((carrier) => ({
        carrier,
        available: true,
        pickupDate: pickupDateFor(carrier, type, date, time),
        cutOffTime: NETWORKS[carrier]!.cutoff,
        accessTime: NETWORKS[carrier]!.access,
        readyTime: EARLIEST_READY,
      })),
      alerts: [],
    });
  };

  const create = (req: SandboxRequest): SandboxResponse => {
    const body = readJsonObject(req);
    if (!body.ok) return fail(400, body.code, body.message);
    const b = body.value;
    const account = accountOf(b);
    if (!account) return fail(400, 'PICKUP.ACCOUNTNUMBER.REQUIRED', 'Please provide associatedAccountNumber.value.');
    const carrierCode = b['carrierCode'];
    if (typeof carrierCode !== 'string' || !NETWORKS[carrierCode]) return fail(400, 'PICKUP.CARRIERCODE.INVALID', 'carrierCode must be CBXG or CBXE.');
    const network = NETWORKS[carrierCode];
    if (b['associatedAccountNumberType'] !== network.accountType) {
      return fail(400, 'PICKUP.ACCOUNTNUMBERTYPE.INVALID', `associatedAccountNumberType must be ${network.accountType} for ${carrierCode}.`);
    }
    const origin = b['originDetail'];
    if (!isRecord(origin)) return fail(400, 'PICKUP.ORIGINDETAIL.REQUIRED', 'Please provide originDetail.');
    if (origin['pickupAddressType'] !== 'ACCOUNT') return fail(400, 'PICKUP.PICKUPADDRESSTYPE.INVALID', 'pickupAddressType must be ACCOUNT.');
    const ready = typeof origin['readyDateTimestamp'] === 'string' ? UTC_INSTANT.exec(origin['readyDateTimestamp']) : null;
    if (!ready) return fail(400, 'PICKUP.READYDATETIMESTAMP.INVALID', 'readyDateTimestamp must be a UTC date-time (…Z).');
    const close = origin['customerCloseTime'];
    if (typeof close !== 'string' || !TIME.test(close)) return fail(400, 'PICKUP.CUSTOMERCLOSETIME.INVALID', 'customerCloseTime must be HH:MM:SS.');
    const type = origin['pickupDateType'];
    if (type !== 'SAME_DAY' && type !== 'FUTURE_DAY') return fail(400, 'PICKUP.PICKUPDATETYPE.INVALID', 'pickupDateType must be SAME_DAY or FUTURE_DAY.');
    const weight = b['totalWeight'];
    if (!isRecord(weight) || (weight['units'] !== 'KG' && weight['units'] !== 'LB') || typeof weight['value'] !== 'number' || !(weight['value'] > 0)) {
      return fail(400, 'PICKUP.TOTALWEIGHT.INVALID', 'totalWeight needs units KG or LB and a value above zero.');
    }
    const count = b['packageCount'];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return fail(400, 'PICKUP.PACKAGECOUNT.INVALID', 'packageCount must be a whole number of at least 1.');
    const date = ready[1]!;
    const time = ready[2]!;
    if (type === 'SAME_DAY' && time > network.cutoff) {
      return fail(400, 'PICKUP.READYTIME.PASTCUTOFF', `The ready time ${time} is past today's cutoff ${network.cutoff}; ask for a FUTURE_DAY pickup.`);
    }
    if (account !== ctx.credentials.carrierB.accountNumber) return fail(403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');
    const location = isRecord(origin['pickupLocation']) && isRecord(origin['pickupLocation']['address']) ? origin['pickupLocation']['address'] : {};
    sequenceOf.sequence += 1;
    const code = `${carrierCode === 'CBXE' ? 'E' : 'G'}${String(sequenceOf.sequence).padStart(6, '0')}`;
    const station = carrierCode === 'CBXE' ? `${String(location['countryCode'] ?? 'XX')}${String(location['postalCode'] ?? '000').replace(/\W/g, '').slice(0, 3).toUpperCase()}A` : null;
    const scheduledDate = pickupDateFor(carrierCode, type, date, time);
    ledger.set(code, { code, account, carrierCode, location: station, scheduledDate, cancelled: false });
    return answer(req, {
      pickupConfirmationCode: code,
      message: `Pickup ${code} scheduled for ${scheduledDate}.`,
      ...(station ? { location: station } : {}),
      alerts: scheduledDate !== date ? [{ code: 'PICKUP.DATE.MOVED', message: `The pickup moves to ${scheduledDate}.`, alertType: 'NOTE' }] : [],
    });
  };

  const cancel = (req: SandboxRequest): SandboxResponse => {
    const body = readJsonObject(req);
    if (!body.ok) return fail(400, body.code, body.message);
    const b = body.value;
    const account = accountOf(b);
    if (!account) return fail(400, 'PICKUP.ACCOUNTNUMBER.REQUIRED', 'Please provide associatedAccountNumber.value.');
    const code = b['pickupConfirmationCode'];
    if (typeof code !== 'string' || code === '') return fail(400, 'PICKUP.CONFIRMATIONCODE.REQUIRED', 'Please provide pickupConfirmationCode.');
    const scheduledDate = b['scheduledDate'];
    if (typeof scheduledDate !== 'string' || !DATE.test(scheduledDate)) return fail(400, 'PICKUP.SCHEDULEDDATE.REQUIRED', 'Please provide scheduledDate as YYYY-MM-DD.');
    const carrierCode = b['carrierCode'];
    if (typeof carrierCode !== 'string' || carrierCode === '') return fail(400, 'PICKUP.CARRIERCODE.REQUIRED', 'Please provide carrierCode.');
    const stored = ledger.get(code);
    if (!stored || stored.account !== account) return fail(404, 'PICKUP.CONFIRMATIONCODE.NOTFOUND', `Pickup ${code} cannot be found.`);
    if (stored.location !== null && typeof b['location'] !== 'string') return fail(400, 'PICKUP.LOCATION.REQUIRED', 'Please provide the location of the express pickup.');
    if (stored.location !== b['location'] && stored.location !== null) return fail(400, 'PICKUP.LOCATION.MISMATCH', 'The location does not match the pickup.');
    if (stored.scheduledDate !== scheduledDate) return fail(400, 'PICKUP.SCHEDULEDDATE.MISMATCH', 'The scheduledDate does not match the pickup.');
    if (stored.carrierCode !== carrierCode) return fail(400, 'PICKUP.CARRIERCODE.MISMATCH', 'The carrierCode does not match the pickup.');
    const already = stored.cancelled;
    stored.cancelled = true;
    return answer(req, {
      pickupConfirmationCode: code,
      cancelConfirmationMessage: already ? `Pickup ${code} was already cancelled.` : `Pickup ${code} is cancelled.`,
      alerts: [],
    });
  };

  return [
    { method: 'POST', path: '/pickup/v1/pickups/availabilities', kind: 'business', guards, handle: availability },
    { method: 'POST', path: '/pickup/v1/pickups', kind: 'business', guards, acts: true, handle: create },
    { method: 'PUT', path: '/pickup/v1/pickups/cancel', kind: 'business', guards, acts: true, handle: cancel },
  ];
}
