import type { Carrier } from '../../../domain/carrier.js';
import { UpstreamError, type InputError } from '../../../domain/errors.js';
import type { CreatedReturn, ReturnRequest } from '../../../domain/shipping.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { ReturnsConnector } from '../../types.js';
import {
  checkConsignee,
  checkPackageId,
  checkReturnAddress,
  checkSinglePackage,
  collector,
  consigneeAddressOf,
  labelPackageId,
  packageDetailOf,
  returnAddressOf,
  type EcommerceLabelAccount,
} from './label-request.js';
import { ECOMMERCE_RETURN_LABEL_PATH, ecommerceReturnLabelAnswer, type EcommerceReturnLabelRequest } from './label-wire.js';
import { ECOMMERCE_DIVISION, ECOMMERCE_UPSTREAM } from './rating-mapping.js';

export interface EcommerceReturnsDeps {
  client: UpstreamClient;
  account: EcommerceLabelAccount;
}

/**
 * E-commerce return labels (seed 000: interface C offers "return labels"; path and shapes assumed in SE6): one package,
 * sent from the outbound's recipient back to the merchant's return address, linked to the outbound by its
 * `carrierPackageId`. The return's package id is the caller's, else our purchase reference, as for labels.
 */
export class EcommerceReturnsConnector implements ReturnsConnector {
  readonly upstream = ECOMMERCE_UPSTREAM;
  readonly carrier: Carrier = 'GROUP_A';
  readonly division = ECOMMERCE_DIVISION;

  constructor(private readonly deps: EcommerceReturnsDeps) {}

  check(request: ReturnRequest): InputError[] {
    const { errors, fail } = collector();
    if (request.outbound.carrierPackageIds.length !== 1) {
      fail('input.outboundLabelId', 'an e-commerce return label returns one e-commerce package (the outbound label has no single carrierPackageId)');
    }
    if (request.outbound.accountNumber !== this.deps.account.pickup) {
      fail('input.outboundLabelId', 'the outbound label was bought on another e-commerce pickup account');
    }
    if (request.serviceCode !== null && request.serviceCode.trim() === '') fail('input.serviceCode', 'must not be empty (or omit it to use the outbound product)');
    checkConsignee(request.from, 'input.from', fail);
    checkReturnAddress(request.to, 'input.to', fail);
    const pkg = checkSinglePackage(request.packages, fail);
    if (pkg) checkPackageId(pkg, request.purchaseReference, 'input.packages.0.packageId', fail);
    if (request.reason !== null && request.reason.length > 100) fail('input.reason', 'at most 100 characters');
    return errors;
  }

  async createReturn(request: ReturnRequest): Promise<CreatedReturn> {
    const pkg = request.packages[0];
    const outboundCarrierPackageId = request.outbound.carrierPackageIds[0];
    if (!pkg || !outboundCarrierPackageId) {
      throw new UpstreamError(`${this.upstream} return label: one package of one outbound package`, {
        code: 'UPSTREAM_BAD_REQUEST',
        upstream: this.upstream,
        operation: 'return label',
      });
    }
    const packageId = labelPackageId(pkg, request.purchaseReference);
    const body: EcommerceReturnLabelRequest = {
      pickup: request.outbound.accountNumber,
      distributionCenter: this.deps.account.distributionCenter,
      orderedProductId: request.serviceCode ?? request.outbound.serviceCode,
      shipperAddress: consigneeAddressOf(request.from),
      returnAddress: returnAddressOf(request.to),
      packageDetail: packageDetailOf(pkg, packageId),
      outboundCarrierPackageId,
      ...(request.reason ? { returnReason: request.reason } : {}),
    };
    // A return label is bought like a label: sent once.
    const answer = await this.deps.client.call({
      operation: 'return label',
      method: 'POST',
      path: ECOMMERCE_RETURN_LABEL_PATH,
      query: { format: request.labelFormat },
      json: body,
      schema: ecommerceReturnLabelAnswer,
      idempotent: false,
    });
    const label = answer.labels[0] as (typeof answer.labels)[number];
    if (label.packageId !== packageId) {
      throw new UpstreamError(`${this.upstream} return label: the answer is for package ${label.packageId}, not the one sent`, {
        code: 'UPSTREAM_CONTRACT',
        upstream: this.upstream,
        operation: 'return label',
      });
    }
    return {
      trackingNumber: label.trackingId,
      // Return labels cannot be cancelled on this interface (none is shown): nothing to cancel it by.
      carrierReturnId: null,
      documents: [
        {
          kind: 'RETURN_LABEL',
          nativeType: 'return-label',
          format: label.format,
          content: Buffer.from(label.labelData, 'base64'),
          url: null,
          pieceTrackingNumber: label.trackingId,
          copiesToPrint: null,
        },
      ],
      warnings: [],
      linkedToOutbound: label.outboundCarrierPackageId === outboundCarrierPackageId,
      packageId: label.packageId,
      carrierPackageId: label.carrierPackageId,
    };
  }
}
