import type { AddressClassification, AddressInput, PerInput, ResolvedAddress } from '../../domain/pickups-addresses.js';
import { UpstreamError } from '../../domain/errors.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { AddressResolutionConnector } from '../types.js';
import { readAlerts } from './mapping.js';
import { asUpstreamError, callCarrierB, transactionIdOf } from './ship-call.js';
import {
  CARRIER_B_ADDRESS_RESOLVE_PATH,
  addressResolveAnswerSchema,
  type WireAddressResolveRequest,
  type WireResolvedAddress,
} from './address-wire.js';

/**
 * Assumption PB2: the seed shows no batch limit for address resolution; we send at most 100 addresses a call (the
 * carrier family's published figure for this operation elsewhere; the sandbox refuses more), so a larger batch is
 * split by the service and one refusal never touches more than 100 inputs.
 */
export const CARRIER_B_ADDRESS_MAX_BATCH = 100;

/**
 * Carrier B address resolution: one call for the batch, one outcome per input paired by `clientReferenceId` (the
 * input's index). Never rejects: a failed call is the same typed failure on every input; an input the answer leaves
 * out fails alone (UPSTREAM_CONTRACT), its siblings keep their answers. Resolving books nothing: the call is retried
 * like any read.
 */
export class CarrierBAddressResolutionConnector implements AddressResolutionConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly maxBatchSize = CARRIER_B_ADDRESS_MAX_BATCH;

  constructor(private readonly options: { client: UpstreamClient; config: CarrierBConfig }) {}

  async resolve(addresses: readonly AddressInput[], options: { includeResolutionTokens: boolean }): Promise<PerInput<ResolvedAddress>[]> {
    // The service splits by maxBatchSize; a larger batch reaching here is still answered, a call per slice.
    const outcomes: PerInput<ResolvedAddress>[] = [];
    for (let start = 0; start < addresses.length; start += this.maxBatchSize) {
      outcomes.push(...(await this.resolveBatch(addresses.slice(start, start + this.maxBatchSize), options)));
    }
    return outcomes;
  }

  private async resolveBatch(addresses: readonly AddressInput[], options: { includeResolutionTokens: boolean }): Promise<PerInput<ResolvedAddress>[]> {
    const body: WireAddressResolveRequest = {
      validateAddressControlParameters: { includeResolutionTokens: options.includeResolutionTokens },
      addressesToValidate: addresses.map((address, index) => ({
        clientReferenceId: String(index),
        address: {
          streetLines: [...address.streetLines],
          ...(address.city ? { city: address.city } : {}),
          ...(address.stateOrProvinceCode ? { stateOrProvinceCode: address.stateOrProvinceCode } : {}),
          ...(address.postalCode ? { postalCode: address.postalCode } : {}),
          countryCode: address.countryCode,
        },
      })),
    };
    let answer;
    try {
      ({ answer } = await callCarrierB(this.options.client, this.options.config.locale, {
        operation: 'address-resolve',
        method: 'POST',
        path: CARRIER_B_ADDRESS_RESOLVE_PATH,
        json: body,
        schema: addressResolveAnswerSchema,
        idempotent: true,
      }));
    } catch (error) {
      const failure = asUpstreamError(error, 'address-resolve');
      return addresses.map(() => ({ ok: false as const, error: failure }));
    }
    const byId = new Map<string, WireResolvedAddress>();
    for (const entry of answer.output.resolvedAddresses) if (!byId.has(entry.clientReferenceId)) byId.set(entry.clientReferenceId, entry);
    // Alerts of the whole answer concern every input (the seed gives them at `output` level, unattributed).
    const shared = readAlerts(answer.output.alerts);
    return addresses.map((input, index): PerInput<ResolvedAddress> => {
      const entry = byId.get(String(index));
      if (!entry) {
        return {
          ok: false,
          error: new UpstreamError(`carrier-b address-resolve: the answer has no entry for input ${index}`, {
            code: 'UPSTREAM_CONTRACT',
            upstream: 'carrier-b',
            operation: 'address-resolve',
            transactionId: transactionIdOf(answer),
          }),
        };
      }
      return { ok: true, value: resolvedAddress(input, entry, options.includeResolutionTokens, shared) };
    });
  }
}

function classification(value: string | null | undefined): AddressClassification {
  if (value === 'BUSINESS' || value === 'RESIDENTIAL' || value === 'MIXED') return value;
  return 'UNKNOWN';
}

function resolvedAddress(input: AddressInput, entry: WireResolvedAddress, tokens: boolean, shared: ResolvedAddress['alerts']): ResolvedAddress {
  const text = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);
  return {
    // The carrier's normalised parts where it gives them; the input's street lines where it does not (never invented).
    streetLines: entry.streetLinesToken && entry.streetLinesToken.length > 0 ? [...entry.streetLinesToken] : [...input.streetLines],
    city: text(entry.city),
    stateOrProvinceCode: text(entry.stateOrProvinceCode),
    postalCode: text(entry.postalCode),
    countryCode: text(entry.countryCode) ?? input.countryCode,
    classification: classification(entry.classification),
    postOfficeBox: entry.postOfficeBox ?? null,
    generalDelivery: entry.generalDelivery ?? null,
    deliveryPointValidated: entry.normalizedStatusNameDPV ?? null,
    resolutionMethod: text(entry.resolutionMethodName),
    resolutionToken: tokens ? text(entry.resolutionToken) : null,
    // Assumption PB1: an entry without `resolutionMethodName` is one the carrier could not resolve.
    resolved: text(entry.resolutionMethodName) !== null,
    alerts: [...readAlerts(entry.customerMessages), ...shared],
  };
}
