import { UpstreamError } from '../../../domain/errors.js';
import type { AddressCapability, AddressInput } from '../../../domain/pickups-addresses.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { AddressCapabilityConnector } from '../../types.js';
import { expressAddressValidateAnswer, type ExpressAddressValidateAnswer } from './address-validate-wire.js';
import { mapExpressWarnings } from './mapping.js';
import { asUpstreamError } from './rating.js';

const UPSTREAM = 'group-a/express';
const OPERATION = 'address-validate';

export interface ExpressAddressCapabilityConnectorOptions {
  /** The express origin's client (createExpressHttpClient): HTTP Basic and the daily quota, shared with rating. */
  client: UpstreamClient;
}

/**
 * Group A express `GET /address-validate` (shapes: assumption PX2): one call per purpose. Rejects with UpstreamError;
 * a postal code the carrier does not know is its 404, `UPSTREAM_NOT_FOUND`.
 */
export class ExpressAddressCapabilityConnector implements AddressCapabilityConnector {
  readonly upstream = UPSTREAM;
  readonly carrier = 'GROUP_A' as const;
  readonly division = 'express';
  private readonly client: UpstreamClient;

  constructor(options: ExpressAddressCapabilityConnectorOptions) {
    this.client = options.client;
  }

  async capability(address: AddressInput, purpose: 'PICKUP' | 'DELIVERY'): Promise<AddressCapability> {
    const type = purpose === 'PICKUP' ? 'pickup' : 'delivery';
    let answer: ExpressAddressValidateAnswer;
    try {
      answer = await this.client.call({
        operation: OPERATION,
        method: 'GET',
        path: '/address-validate',
        query: expressAddressValidateQuery(address, type),
        schema: expressAddressValidateAnswer,
      });
    } catch (error) {
      throw asUpstreamError(OPERATION, error);
    }
    // An answer about the other purpose would be read as this one's: refused rather than guessed.
    if (answer.type !== type) {
      throw new UpstreamError(`${UPSTREAM} ${OPERATION}: the answer is about ${answer.type}, we asked about ${type}`, {
        code: 'UPSTREAM_CONTRACT',
        upstream: UPSTREAM,
        operation: OPERATION,
        httpStatus: 200,
      });
    }
    return mapAddressCapability(answer);
  }
}

/** The query of assumption PX2. */
export function expressAddressValidateQuery(address: AddressInput, type: 'pickup' | 'delivery'): Record<string, string | null> {
  return {
    type,
    countryCode: address.countryCode,
    postalCode: address.postalCode,
    cityName: address.city,
    provinceCode: address.stateOrProvinceCode,
    addressLine1: address.streetLines[0] ?? null,
    addressLine2: address.streetLines[1] ?? null,
  };
}

export function mapAddressCapability(answer: ExpressAddressValidateAnswer): AddressCapability {
  const first = answer.address?.[0] ?? null;
  return {
    pickupCapable: answer.type === 'pickup' ? answer.capable : null,
    deliveryCapable: answer.type === 'delivery' ? answer.capable : null,
    serviceAreaCode: first?.serviceArea?.code ?? null,
    matched:
      first === null
        ? null
        : {
            streetLines: first.addressLine1 ? [first.addressLine1] : [],
            city: first.cityName ?? null,
            stateOrProvinceCode: first.provinceCode ?? null,
            postalCode: first.postalCode ?? null,
            countryCode: first.countryCode,
          },
    warnings: mapExpressWarnings(answer.warnings ?? []),
  };
}
