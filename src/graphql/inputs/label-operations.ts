import { InputError } from '../../domain/errors.js';
import type { LabelFormat, ReturnRequest, ShipmentPackage, ShippingParty } from '../../domain/shipping.js';
import { checkOptionalText, checkText } from '../../domain/text-bounds.js';
import { checkCountry, checkMoney } from './rate-parts.js';
import { purchaseReference } from '../../services/shipping/purchase-key.js';
import type { InvoiceInput, LabelFilter, TenderInput } from '../../services/shipping/types.js';
import type { CancelShipmentInput, CreateReturnInput, TenderLabelsInput, UploadCommercialInvoiceInput } from '../../generated/graphql.js';
import {
  MAX_INVOICE_LINES,
  MAX_LABEL_IDS,
  RULES,
  checkBase64,
  checkCarrier,
  checkDate,
  checkDivision,
  checkIdempotencyKey,
  checkLabelFormat,
  checkLabelId,
  checkLocalDateTime,
  checkOneOf,
  checkParty,
  checkShipmentPackages,
  missing,
} from './shipment-parts.js';
import type { ShipmentInputContext } from './shipment.js';
import type { SettleLabelInput } from '../../services/shipping/settlement.js';
import { FieldChecks } from '../../domain/field-checks.js';

/**
 * GraphQL label operations -> service requests (cancel, tender, return, documents, uploads, filters, settlement): every
 * value checked at the edge before the service writes anything or calls a carrier, an InputError naming the field, and
 * every bad field of one input reported in one answer (FieldChecks).
 */
/** Runs `build` with a FieldChecks, then throws every refusal it recorded (none: answers what `build` built). */
function collected<T>(build: (checks: FieldChecks) => T): T {
  const checks = new FieldChecks();
  const built = build(checks);
  checks.done();
  return built;
}

export function toCancelShipment(raw: CancelShipmentInput, path = 'input'): { labelId: string; reason: string | null; idempotencyKey: string } {
  return collected((checks) => ({
    labelId: checks.run(() => checkLabelId(raw.labelId, `${path}.labelId`)),
    reason: checks.run(() => checkOptionalText(raw.reason, `${path}.reason`, RULES.reason)),
    idempotencyKey: checks.run(() => checkIdempotencyKey(raw.idempotencyKey, `${path}.idempotencyKey`)),
  }));
}

export function toCancelReturn(raw: { labelId: string; idempotencyKey: string }, path = 'input'): { labelId: string; idempotencyKey: string } {
  return collected((checks) => ({
    labelId: checks.run(() => checkLabelId(raw.labelId, `${path}.labelId`)),
    idempotencyKey: checks.run(() => checkIdempotencyKey(raw.idempotencyKey, `${path}.idempotencyKey`)),
  }));
}

export function toTender(raw: TenderLabelsInput, ctx: Pick<ShipmentInputContext, 'divisionsOf'>, path = 'input'): TenderInput {
  const at = (field: string) => `${path}.${field}`;
  return collected((checks) => {
    const carrier = checks.run(() => checkCarrier(raw.carrier, at('carrier')));
    const division = carrier === undefined ? null : checks.run(() => checkDivision(carrier, raw.division, at('division'), ctx.divisionsOf));
    let labelIds: string[] | null = null;
    if (raw.labelIds != null) {
      if (raw.labelIds.length === 0) checks.fail(at('labelIds'), 'must name at least one label (omit it for every eligible label)');
      else if (raw.labelIds.length > MAX_LABEL_IDS) checks.fail(at('labelIds'), `at most ${MAX_LABEL_IDS} labels`);
      else {
        const seen = new Set<string>();
        labelIds = raw.labelIds.map((id, i) =>
          checks.run(() => {
            const labelId = checkLabelId(id, at(`labelIds.${i}`));
            if (seen.has(labelId)) throw new InputError(at(`labelIds.${i}`), 'names a label already listed');
            seen.add(labelId);
            return labelId;
          }),
        );
      }
    }
    return {
      carrier,
      division,
      accountNumber: checks.run(() => checkOptionalText(raw.accountNumber, at('accountNumber'), RULES.accountNumber)),
      labelIds,
      date: checks.run(() => checkDate(raw.date, at('date'))),
      idempotencyKey: checks.run(() => checkIdempotencyKey(raw.idempotencyKey, at('idempotencyKey'))),
    };
  });
}

/** What the outbound label lends a return by default: its parties (swapped) and packages. */
export interface ReturnDefaults {
  shipper: ShippingParty;
  recipient: ShippingParty;
  packages: ShipmentPackage[];
}

/**
 * `createReturn`'s input. `outbound` is the outbound label's request (loaded by the resolver after the id was checked):
 * omitted parts default to it, the parties swapped (SG6).
 */
export function toReturn(
  raw: CreateReturnInput,
  outbound: ReturnDefaults | null,
  path = 'input',
): { outboundLabelId: string; idempotencyKey: string; request: Omit<ReturnRequest, 'outbound' | 'purchaseReference'> | null } {
  const at = (field: string) => `${path}.${field}`;
  const checks = new FieldChecks();
  const outboundLabelId = checks.run(() => checkLabelId(raw.outboundLabelId, at('outboundLabelId')));
  const idempotencyKey = checks.run(() => checkIdempotencyKey(raw.idempotencyKey, at('idempotencyKey')));
  const from = raw.from ? checks.run(() => checkParty(raw.from!, at('from'))) : null;
  const to = raw.to ? checks.run(() => checkParty(raw.to!, at('to'))) : null;
  const packages = raw.packages ? checks.run(() => checkShipmentPackages(raw.packages!, at('packages'))) : null;
  const serviceCode = checks.run(() => checkOptionalText(raw.serviceCode, at('serviceCode'), RULES.serviceCode));
  const pickupReadyAt = checks.run(() => checkLocalDateTime(raw.pickupReadyAt, at('pickupReadyAt')));
  const reason = checks.run(() => checkOptionalText(raw.reason, at('reason'), RULES.reason));
  const labelFormat = checks.run(() => checkLabelFormat(raw.labelFormat, at('labelFormat')));
  checks.done();
  const overridden = from || to || packages || serviceCode || pickupReadyAt || reason || labelFormat !== 'PDF';
  if (!overridden || !outbound) return { outboundLabelId, idempotencyKey, request: null };
  return {
    outboundLabelId,
    idempotencyKey,
    request: {
      from: from ?? outbound.recipient,
      to: to ?? outbound.shipper,
      packages: packages ?? outbound.packages,
      serviceCode,
      pickupReadyAt,
      reason,
      labelFormat,
    },
  };
}

/** Whether a return input overrides anything (then the resolver loads the outbound label for the defaults). */
export function returnOverridesAnything(raw: CreateReturnInput): boolean {
  return !!(raw.from || raw.to || raw.packages || raw.serviceCode || raw.pickupReadyAt || raw.reason || (raw.labelFormat && raw.labelFormat !== 'PDF'));
}

export function toFetchDocument(
  raw: { labelId: string; kind: string; format?: string | null },
  path = 'input',
): { labelId: string; kind: 'PROOF_OF_DELIVERY' | 'SHIPMENT_IMAGE' | 'BILL_OF_LADING' | 'FREIGHT_BILLING_DOCUMENT'; format: LabelFormat } {
  return collected((checks) => ({
    labelId: checks.run(() => checkLabelId(raw.labelId, `${path}.labelId`)),
    kind: checks.run(() => checkOneOf(raw.kind, ['PROOF_OF_DELIVERY', 'SHIPMENT_IMAGE', 'BILL_OF_LADING', 'FREIGHT_BILLING_DOCUMENT'] as const, `${path}.kind`)),
    format: checks.run(() => checkLabelFormat(raw.format, `${path}.format`)),
  }));
}

export function toUploadImage(
  raw: { labelId: string; format: string; contentBase64: string; typeCode?: string | null },
  path = 'input',
): { labelId: string; format: string; content: Buffer; typeCode: string | null } {
  return collected((checks) => ({
    labelId: checks.run(() => checkLabelId(raw.labelId, `${path}.labelId`)),
    format: checks.run(() => checkText(raw.format, `${path}.format`, RULES.imageFormat))?.toUpperCase(),
    content: checks.run(() => checkBase64(raw.contentBase64, `${path}.contentBase64`, true)!),
    typeCode: checks.run(() => checkOptionalText(raw.typeCode, `${path}.typeCode`, RULES.typeCode))?.toUpperCase() ?? null,
  }));
}

export function toUploadInvoice(raw: UploadCommercialInvoiceInput, path = 'input'): InvoiceInput {
  const at = (field: string) => `${path}.${field}`;
  return collected((checks) => {
    const labelId = raw.labelId == null || raw.labelId === '' ? null : checks.run(() => checkLabelId(raw.labelId!, at('labelId')));
    const plannedShipDate = checks.run(() => checkDate(raw.plannedShipDate, at('plannedShipDate')));
    // Express: before creation the invoice is matched by account and planned date; after it, by the shipment.
    if (labelId === null && plannedShipDate === null) checks.fail(at('plannedShipDate'), 'is required when no labelId is given (an upload before creation)');
    if (raw.lines.length === 0) checks.fail(at('lines'), 'at least one line is required');
    if (raw.lines.length > MAX_INVOICE_LINES) checks.fail(at('lines'), `at most ${MAX_INVOICE_LINES} lines`);
    const lines = raw.lines.length > MAX_INVOICE_LINES ? [] : raw.lines.map((line, i) => {
      const l = (field: string) => at(`lines.${i}.${field}`);
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 1_000_000) checks.fail(l('quantity'), 'must be a whole number from 1 to 1000000');
      return {
        description: checks.run(() => checkText(line.description, l('description'), RULES.description)),
        quantity: line.quantity,
        value: checks.run(() => checkMoney(line.value, l('value'))),
        hsCode: checks.run(() => checkOptionalText(line.hsCode, l('hsCode'), HS_CODE))?.replace(/\./g, '') ?? null,
        countryOfOrigin: line.countryOfOrigin == null || line.countryOfOrigin.trim() === '' ? null : checks.run(() => checkCountry(line.countryOfOrigin, l('countryOfOrigin'))),
      };
    });
    return {
      labelId,
      accountNumber: checks.run(() => checkOptionalText(raw.accountNumber, at('accountNumber'), RULES.accountNumber)),
      plannedShipDate,
      invoiceNumber: checks.run(() => checkText(raw.invoiceNumber, at('invoiceNumber'), RULES.invoiceNumber)),
      invoiceDate: checks.run(() => checkDate(raw.invoiceDate, at('invoiceDate')) ?? missing(at('invoiceDate'))),
      document: checks.run(() => checkBase64(raw.documentBase64, at('documentBase64'), false)),
      lines,
    };
  });
}

const HS_CODE = { what: 'a Harmonised System code', max: 13, pattern: /^\d{4}(\.?\d{2}){1,3}$/, charset: 'a Harmonised System code of 6 to 10 digits (dots allowed)' };

export function toLabelFilter(raw: { carrier?: string | null; state?: string | null; orderId?: string | null } | null | undefined, path = 'filter'): LabelFilter {
  return collected((checks) => ({
    carrier: raw?.carrier == null ? null : checks.run(() => checkCarrier(raw.carrier!, `${path}.carrier`)),
    state: raw?.state == null ? null : checks.run(() => checkOneOf(raw.state!, ['PENDING', 'PURCHASED', 'FAILED', 'UNKNOWN', 'CANCELLED'] as const, `${path}.state`)),
    orderId: checks.run(() => checkOptionalText(raw?.orderId, `${path}.orderId`, RULES.orderId)),
  }));
}

const TRACKING_NUMBER = { what: 'a tracking number', max: 40, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' };

/** `settleLabel`'s input: a label id and exactly one of `trackingNumber` or `notCreated: true`. */
export function toSettleLabel(raw: { labelId: string; trackingNumber?: string | null; notCreated?: boolean | null }, path = 'input'): SettleLabelInput {
  return collected((checks) => {
    const labelId = checks.run(() => checkLabelId(raw.labelId, `${path}.labelId`));
    const notCreated = raw.notCreated === true;
    const given = raw.trackingNumber !== null && raw.trackingNumber !== undefined;
    if (given === notCreated) {
      checks.fail(given ? `${path}.notCreated` : `${path}.trackingNumber`, 'give exactly one of trackingNumber (the carrier made it) or notCreated: true');
    }
    const trackingNumber = given && !notCreated ? checks.run(() => checkText(raw.trackingNumber, `${path}.trackingNumber`, TRACKING_NUMBER)) : null;
    return { labelId, trackingNumber, notCreated };
  });
}
