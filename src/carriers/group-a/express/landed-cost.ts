import { UpstreamError } from '../../../domain/errors.js';
import type { LandedCostKind, LandedCostLine, LandedCostOutcome, LandedCostRequest } from '../../../domain/rating.js';
import type { GroupAExpressConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import { recordUpstreamFailure, type FailureSink } from '../../../platform/upstream-failures.js';
import type { LandedCostConnector } from '../../types.js';
import { mapExpressWarnings } from './mapping.js';
import { asUpstreamError } from './rating.js';
import { expressPackages, expressParty } from './rating-request.js';
import { BILLING_CURRENCY_TYPE, decimalFromWire, kilograms } from './rating-units.js';
import { expressLandedCostAnswer, type ExpressLandedCostCharge, type ExpressLandedCostItemWire } from './landed-cost-wire.js';

const UPSTREAM = 'group-a/express';
const OPERATION = 'landed-cost';

export interface ExpressLandedCostConnectorOptions {
  /** The express origin's client (createExpressHttpClient): HTTP Basic and the daily quota, shared with tracking. */
  client: UpstreamClient;
  config: Pick<GroupAExpressConfig, 'accountNumbers'>;
  /** Where a contract failure found here (no BILLC) is counted and logged (the HTTP client does that for failed calls). */
  failures?: FailureSink;
}

/** Line `typeCode` -> kind (assumption XR8); anything else is OTHER with its code kept. */
const LINE_KINDS: Readonly<Record<string, LandedCostKind>> = { DUTY: 'DUTY', TAX: 'TAX', VAT: 'TAX', GST: 'TAX', FEE: 'FEE' };

function line(charge: ExpressLandedCostCharge, itemIndex: number | null): LandedCostLine {
  return {
    kind: LINE_KINDS[charge.typeCode.toUpperCase()] ?? 'OTHER',
    code: charge.typeCode,
    name: charge.name ?? null,
    amount: { amount: decimalFromWire(charge.price), currency: charge.priceCurrency },
    itemIndex,
  };
}

/** Group A express duty and tax estimate: `POST /landed-cost` (shapes: assumption XR8). Never rejects. */
export class ExpressLandedCostConnector implements LandedCostConnector {
  readonly upstream = UPSTREAM;
  readonly carrier = 'GROUP_A' as const;
  readonly division = 'express';
  private readonly client: UpstreamClient;
  private readonly accountNumbers: readonly string[];
  private readonly failures: FailureSink | undefined;

  constructor(options: ExpressLandedCostConnectorOptions) {
    this.client = options.client;
    this.accountNumbers = options.config.accountNumbers;
    this.failures = options.failures;
  }

  async landedCost(request: LandedCostRequest): Promise<LandedCostOutcome> {
    const account = request.expressAccountNumber ?? this.accountNumbers[0] ?? null;
    if (account === null || !this.accountNumbers.includes(account)) {
      return this.failed(
        new UpstreamError(`${UPSTREAM} ${OPERATION}: account number ${account === null ? '(none)' : 'given'} is not configured (GROUP_A_EXPRESS_ACCOUNT_NUMBERS)`, {
          code: 'UPSTREAM_NOT_CONFIGURED',
          upstream: UPSTREAM,
          operation: OPERATION,
        }),
      );
    }
    try {
      const answer = await this.client.call({
        operation: OPERATION,
        method: 'POST',
        path: '/landed-cost',
        json: expressLandedCostRequest(request, account),
        schema: expressLandedCostAnswer,
        idempotent: true,
      });
      const billing = answer.totalPrice.filter((view) => view.currencyType === BILLING_CURRENCY_TYPE);
      if (billing.length !== 1) {
        return this.failed(contractFailure(`${billing.length === 0 ? 'no' : billing.length} ${BILLING_CURRENCY_TYPE} entr${billing.length === 1 ? 'y' : 'ies'} in totalPrice[]`));
      }
      const lines: LandedCostLine[] = [];
      for (const item of answer.items) {
        if (item.number > request.customs.items.length) return this.failed(contractFailure(`items[].number ${item.number} names no item we sent`));
        for (const charge of item.breakdown) lines.push(line(charge, item.number - 1));
      }
      for (const charge of answer.charges ?? []) lines.push(line(charge, null));
      const total = billing[0]!;
      return {
        ok: true,
        carrier: this.carrier,
        division: this.division,
        upstream: this.upstream,
        total: { amount: decimalFromWire(total.price), currency: total.priceCurrency },
        lines,
        warnings: mapExpressWarnings(answer.warnings ?? []),
      };
    } catch (error) {
      return this.failed(asUpstreamError(OPERATION, error));
    }
  }

  private failed(error: UpstreamError): LandedCostOutcome {
    // Recorded once: an error the HTTP client already recorded is skipped (upstream-failures.ts).
    if (this.failures && error.code !== 'UPSTREAM_NOT_CONFIGURED') recordUpstreamFailure(error, this.failures);
    return { ok: false, carrier: this.carrier, division: this.division, upstream: this.upstream, error };
  }
}

function contractFailure(what: string): UpstreamError {
  return new UpstreamError(`${UPSTREAM} ${OPERATION}: ${what}`, { code: 'UPSTREAM_CONTRACT', upstream: UPSTREAM, operation: OPERATION, httpStatus: 200 });
}

/** The request of assumption XR8: the rate request's parties, account and packages, plus the customs items. */
export function expressLandedCostRequest(request: LandedCostRequest, accountNumber: string) {
  const items: ExpressLandedCostItemWire[] = request.customs.items.map((item, index) => ({
    number: index + 1,
    description: item.description,
    quantity: item.quantity,
    quantityType: item.quantityUnit,
    customsValue: Number(item.value.amount),
    customsValueCurrencyCode: item.value.currency,
    ...(item.hsCode ? { commodityCode: item.hsCode } : {}),
    ...(item.countryOfOrigin ? { manufacturerCountry: item.countryOfOrigin } : {}),
    ...(item.weight ? { weight: kilograms(item.weight) } : {}),
  }));
  return {
    customerDetails: {
      shipperDetails: expressParty(request.origin, false),
      receiverDetails: expressParty(request.destination, true),
    },
    accounts: [{ typeCode: 'shipper', number: accountNumber }],
    unitOfMeasurement: 'metric',
    ...(request.currency ? { currencyCode: request.currency } : {}),
    isCustomsDeclarable: true,
    ...(request.freight ? { charges: [{ typeCode: 'freight', amount: Number(request.freight.amount), currencyCode: request.freight.currency }] } : {}),
    packages: expressPackages(request.packages),
    items,
  };
}
