import type { SandboxContext } from '../context.js';
import { header, isRecord, type SandboxRequest, type SandboxResponse } from '../core/http.js';
import type { Guard, Route } from '../core/simulator.js';
import { carrierBError } from './errors.js';
import { localDate } from '../data/time.js';
import { ledgerOf, type LedgerEntry } from './ship-ledger.js';
import { renderTransactionShipment } from './ship-render.js';
import { parseShipRequest, SHIPPABLE_SERVICES, type CarrierBErrorEntry } from './ship-request.js';
import { readJsonObject } from './request.js';

/**
 * Carrier B shipping (seed 001): `POST /ship/v1/shipments` (sync, or async with `jobId`), `/ship/v1/shipments/results`,
 * `/ship/v1/shipments/packages/validate`, PUT `/ship/v1/shipments/cancel`, and the label downloads of `URL_ONLY`
 * answers. Conventions in sandbox/README.md "Carrier B shipping":
 * - more than ASYNC_PACKAGE_THRESHOLD packages: answered asynchronously (`output.jobId`);
 * - results answer "not ready" (no `transactionShipments`, alert `SHIP.JOB.INPROGRESS`) for the first
 *   RESULTS_NOT_READY_POLLS polls of a job, then the shipment with its documents.
 */
export const ASYNC_PACKAGE_THRESHOLD = 5;
export const RESULTS_NOT_READY_POLLS = 2;

type Fail = (status: number, errors: CarrierBErrorEntry[]) => SandboxResponse;

export function shipRoutes(ctx: SandboxContext, guards: readonly Guard[], nextTransactionId: () => string): Route[] {
  const ledger = ledgerOf(ctx);
  const fail: Fail = (status, errors) => ({
    status,
    json: { transactionId: nextTransactionId(), errors: errors.map((e) => ({ ...e, parameterList: [] })) },
  });
  const ok = (req: SandboxRequest, output: Record<string, unknown>): SandboxResponse => {
    const customerTransactionId = header(req, 'x-customer-transaction-id');
    return { status: 200, json: { transactionId: nextTransactionId(), ...(customerTransactionId ? { customerTransactionId } : {}), output } };
  };
  const forbidden = () => carrierBError(nextTransactionId(), 403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');

  return [
    {
      method: 'POST',
      path: '/ship/v1/shipments',
      kind: 'business',
      guards,
      acts: true,
      handle: async (req) => {
        const body = readJsonObject(req);
        if (!body.ok) return fail(400, [{ code: body.code, message: body.message }]);
        const parsed = parseShipRequest(body.value);
        if (!parsed.ok) return fail(400, parsed.errors);
        const request = parsed.value;
        if (request.accountNumber !== ctx.credentials.carrierB.accountNumber) return forbidden();
        const now = ctx.clock.now();
        const service = SHIPPABLE_SERVICES[request.serviceType]!;
        const carrierCode = service.ground ? 'CBXG' : 'CBXE';
        const numbers = ledger.allocate(carrierCode, request.packages.length);
        const entry = ledger.add({
          kind: 'SHIPMENT',
          masterTrackingNumber: numbers[0]!,
          accountNumber: request.accountNumber,
          serviceType: request.serviceType,
          serviceName: service.name,
          carrierCode,
          shipDatestamp: request.shipDatestamp || localDate(now, 0),
          createdAt: now,
          shipper: request.shipper,
          recipient: request.recipient,
          pieces: request.packages.map((p, i) => ({ sequence: i + 1, trackingNumber: numbers[i]!, weightKg: p.weightKg, cod: p.cod, references: p.references })),
          returnOf: null,
          labelFormat: request.imageType,
          labelResponse: request.labelResponseOptions,
          codCollectionType: request.codCollectionType,
          alerts: parsed.alerts,
        });
        if (request.packages.length > ASYNC_PACKAGE_THRESHOLD) {
          return ok(req, { jobId: ledger.startJob(entry), alerts: parsed.alerts });
        }
        return ok(req, { transactionShipments: [await renderTransactionShipment(ctx.seed, ledger, entry, req.origin)], alerts: parsed.alerts });
      },
    },
    {
      method: 'POST',
      path: '/ship/v1/shipments/results',
      kind: 'business',
      guards,
      handle: async (req) => {
        const body = readJsonObject(req);
        if (!body.ok) return fail(400, [{ code: body.code, message: body.message }]);
        const account = isRecord(body.value['accountNumber']) ? body.value['accountNumber']['value'] : undefined;
        const jobId = body.value['jobId'];
        const missing: CarrierBErrorEntry[] = [];
        if (typeof account !== 'string' || account === '') missing.push({ code: 'SHIP.ACCOUNTNUMBER.REQUIRED', message: 'Please provide accountNumber.value.' });
        if (typeof jobId !== 'string' || jobId === '') missing.push({ code: 'SHIP.JOBID.REQUIRED', message: 'Please provide jobId.' });
        if (missing.length > 0) return fail(400, missing);
        if (account !== ctx.credentials.carrierB.accountNumber) return forbidden();
        const job = ledger.pollJob(jobId as string);
        if (!job) return fail(404, [{ code: 'SHIP.JOBID.NOTFOUND', message: 'No job with this jobId.' }]);
        if (job.polls <= RESULTS_NOT_READY_POLLS) {
          return ok(req, { jobId, alerts: [{ code: 'SHIP.JOB.INPROGRESS', message: 'The shipment is still being processed. Please try again later.', alertType: 'NOTE' }] });
        }
        return ok(req, { jobId, transactionShipments: [await renderTransactionShipment(ctx.seed, ledger, job.entry, req.origin)], alerts: job.entry.alerts });
      },
    },
    {
      method: 'POST',
      path: '/ship/v1/shipments/packages/validate',
      kind: 'business',
      guards,
      handle: (req) => {
        const body = readJsonObject(req);
        if (!body.ok) return fail(400, [{ code: body.code, message: body.message }]);
        const parsed = parseShipRequest(body.value);
        if (!parsed.ok) return fail(400, parsed.errors);
        if (parsed.value.accountNumber !== ctx.credentials.carrierB.accountNumber) return forbidden();
        // "alerts only, nothing created (e.g. a success alert or an invalid-phone alert on a contact)".
        const alerts = parsed.alerts.length > 0 ? parsed.alerts : [{ code: 'SHIP.VALIDATION.SUCCESS', message: 'Shipment validated successfully. No errors found.', alertType: 'NOTE' }];
        return ok(req, { alerts });
      },
    },
    {
      method: 'PUT',
      path: '/ship/v1/shipments/cancel',
      kind: 'business',
      guards,
      handle: (req) => {
        const body = readJsonObject(req);
        if (!body.ok) return fail(400, [{ code: body.code, message: body.message }]);
        const v = body.value;
        const account = isRecord(v['accountNumber']) ? v['accountNumber']['value'] : undefined;
        const missing: CarrierBErrorEntry[] = [];
        if (typeof account !== 'string' || account === '') missing.push({ code: 'SHIP.ACCOUNTNUMBER.REQUIRED', message: 'Please provide accountNumber.value.' });
        if (typeof v['trackingNumber'] !== 'string' || v['trackingNumber'] === '') missing.push({ code: 'SHIP.TRACKINGNUMBER.REQUIRED', message: 'Please provide trackingNumber.' });
        if (typeof v['senderCountryCode'] !== 'string' || !/^[A-Z]{2}$/.test(v['senderCountryCode'])) {
          missing.push({ code: 'SHIP.SENDERCOUNTRYCODE.REQUIRED', message: 'Please provide senderCountryCode.' });
        }
        const deletion = v['deletionControl'];
        if (deletion !== 'DELETE_ALL_PACKAGES' && deletion !== 'DELETE_ONE_PACKAGE') {
          missing.push({ code: 'SHIP.DELETIONCONTROL.INVALID', message: 'deletionControl must be DELETE_ALL_PACKAGES or DELETE_ONE_PACKAGE.' });
        }
        if (missing.length > 0) return fail(400, missing);
        if (account !== ctx.credentials.carrierB.accountNumber) return forbidden();
        const entry = ledger.find(v['trackingNumber'] as string);
        if (!entry || entry.kind !== 'SHIPMENT' || entry.accountNumber !== account) {
          return fail(404, [{ code: 'SHIP.TRACKINGNUMBER.NOTFOUND', message: 'No shipment with this tracking number was created with this account.' }]);
        }
        return cancelAnswer(req, entry, ctx.clock.now(), ok, fail);
      },
    },
    {
      // Label and document downloads of `URL_ONLY` answers (ids are unguessable; no other way to list them).
      method: 'GET',
      path: /^\/ship\/v1\/documents\/[a-f0-9]{32}$/,
      name: 'GET /ship/v1/documents/{id}',
      kind: 'open',
      handle: (req) => {
        const stored = ledger.document(req.path.slice('/ship/v1/documents/'.length));
        if (!stored) return carrierBError(nextTransactionId(), 404, 'NOT.FOUND.ERROR', 'No document at this address.');
        return { status: 200, contentType: stored.contentType, raw: stored.bytes };
      },
    },
  ];
}

/**
 * Seed: "shipment created -> cancellation (tracking number valid) -> cancelled; answer flags `cancelledShipment`".
 * Sandbox conventions: a second cancellation answers 200 with `cancelledShipment: false` and the message
 * `Shipment already cancelled.` (nothing changes), as the carrier was seen to answer one; a ground shipment already
 * tendered by the end-of-day close is refused (400 `SHIP.CANCEL.TENDERED`).
 */
function cancelAnswer(
  req: SandboxRequest,
  entry: LedgerEntry,
  now: Date,
  ok: (req: SandboxRequest, output: Record<string, unknown>) => SandboxResponse,
  fail: Fail,
): SandboxResponse {
  if (entry.cancelledAt) {
    return ok(req, { cancelledShipment: false, cancelledHistory: true, message: 'Shipment already cancelled.' });
  }
  if (entry.closedAt) {
    return fail(400, [{ code: 'SHIP.CANCEL.TENDERED', message: 'The shipment was tendered by the end-of-day close and can no longer be cancelled.' }]);
  }
  entry.cancelledAt = now;
  return ok(req, { cancelledShipment: true, cancelledHistory: true, message: 'Shipment is successfully cancelled.' });
}
