import type { Carrier } from '../../../domain/carrier.js';
import { UpstreamError, type InputError } from '../../../domain/errors.js';
import type { CreatedShipment, CreateShipmentAnswer, ReconcileResult, ShipmentRequest } from '../../../domain/shipping.js';
import type { GroupAEcommerceConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { ShippingConnector } from '../../types.js';
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
import { ECOMMERCE_LABEL_PATH, ecommerceLabelAnswer, type EcommerceLabelAnswer, type EcommerceLabelRequest } from './label-wire.js';
import { ECOMMERCE_DIVISION, ECOMMERCE_UPSTREAM } from './rating-mapping.js';
import { ecommerceTrackingAnswer } from './wire.js';

export interface EcommerceShippingDeps {
  /** The module's one e-commerce client (OAuth bearer, one pool), shared with tracking, products and duty and tax. */
  client: UpstreamClient;
  config: GroupAEcommerceConfig;
  account: EcommerceLabelAccount;
}

/**
 * Group A e-commerce label creation (seed 000, interface C; SE1-SE3): one package per label, the three ids stored
 * (`packageId`, `carrierPackageId`, `trackingId`), not tendered until a manifest lists it ("A label that has not been
 * manifested is not tendered; the carrier does not expect such packages"). A lost answer is reconciled by tracking the
 * package id we sent: the caller's, or our purchase reference when the caller gave none.
 */
export class EcommerceShippingConnector implements ShippingConnector {
  readonly upstream = ECOMMERCE_UPSTREAM;
  readonly carrier: Carrier = 'GROUP_A';
  readonly division = ECOMMERCE_DIVISION;
  readonly defaultAccountNumber: string;
  readonly accountNumbers: readonly string[];

  constructor(private readonly deps: EcommerceShippingDeps) {
    this.defaultAccountNumber = deps.account.pickup;
    this.accountNumbers = [deps.account.pickup];
  }

  check(request: ShipmentRequest): InputError[] {
    const { errors, fail } = collector();
    const { account } = this.deps;
    if (request.accountNumber !== null && request.accountNumber !== account.pickup) {
      fail('input.accountNumber', 'is not the configured e-commerce pickup account (GROUP_A_ECOM_PICKUP_ACCOUNT)');
    }
    if (request.serviceCode.trim() === '') fail('input.serviceCode', 'the e-commerce product code (orderedProductId) is required');
    // Parcels leave from the distribution center (E9): the shipper's address is not sent, only its country is checked.
    if (request.shipper.address.countryCode !== account.distributionCenterCountry) {
      fail(
        'input.shipper.address.countryCode',
        `e-commerce parcels leave from the distribution center ${account.distributionCenter} in ${account.distributionCenterCountry} (GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY)`,
      );
    }
    checkConsignee(request.recipient, 'input.recipient', fail);
    checkReturnAddress(request.returnTo ?? request.shipper, request.returnTo ? 'input.returnTo' : 'input.shipper', fail);
    const pkg = checkSinglePackage(request.packages, fail);
    if (pkg) checkPackageId(pkg, request.purchaseReference, 'input.packages.0.packageId', fail);
    // What the label request has no member for is refused rather than dropped (SE3).
    if (request.customs) fail('input.customs', 'the e-commerce label request has no customs content');
    if (request.declaredValue) fail('input.declaredValue', 'the e-commerce label request has no declared value');
    if (request.references.length > 0) fail('input.references', 'the e-commerce label request has no reference member (the order id is kept on our label)');
    if (request.pickup) fail('input.pickup', 'e-commerce parcels are tendered by a manifest, not by a pickup booked with the label');
    if (request.labelDelivery === 'URL') fail('input.labelDelivery', 'the e-commerce label answer carries the label inline only (INLINE)');
    return errors;
  }

  async create(request: ShipmentRequest): Promise<CreateShipmentAnswer> {
    const pkg = request.packages[0];
    if (!pkg || request.packages.length !== 1) {
      // The service runs `check` first; this guards a caller that did not (nothing is sent).
      throw new UpstreamError(`${this.upstream} label: one package per label`, { code: 'UPSTREAM_BAD_REQUEST', upstream: this.upstream, operation: 'label' });
    }
    const packageId = labelPackageId(pkg, request.purchaseReference);
    const body: EcommerceLabelRequest = {
      pickup: request.accountNumber ?? this.deps.account.pickup,
      distributionCenter: this.deps.account.distributionCenter,
      orderedProductId: request.serviceCode,
      consigneeAddress: consigneeAddressOf(request.recipient),
      returnAddress: returnAddressOf(request.returnTo ?? request.shipper),
      packageDetail: packageDetailOf(pkg, packageId),
    };
    // Sent once: a label is bought, so no retry on 5xx or a reset (idempotent: false, POST's default made explicit).
    const answer = await this.deps.client.call({
      operation: 'label',
      method: 'POST',
      path: ECOMMERCE_LABEL_PATH,
      query: { format: request.labelFormat },
      json: body,
      schema: ecommerceLabelAnswer,
      idempotent: false,
    });
    const label = answer.labels[0] as EcommerceLabelAnswer['labels'][number];
    if (label.packageId !== packageId) {
      throw new UpstreamError(`${this.upstream} label: the answer is for package ${label.packageId}, not the one sent`, {
        code: 'UPSTREAM_CONTRACT',
        upstream: this.upstream,
        operation: 'label',
      });
    }
    return {
      kind: 'CREATED',
      shipment: this.created(request.serviceCode, label, [
        {
          kind: 'LABEL',
          nativeType: 'label',
          format: label.format,
          content: Buffer.from(label.labelData, 'base64'),
          url: null,
          pieceTrackingNumber: label.trackingId,
          copiesToPrint: null,
        },
      ]),
    };
  }

  /**
   * Tracks the package id we sent (the caller's, or our purchase reference) on the e-commerce tracking interface (E1):
   * found is the label, complete with its three ids but without the label file (the tracking answer has none: SE7);
   * a 404 proves it was not created (the carrier shows a created label at once: SE7); anything else is inconclusive.
   */
  /** GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS: a creation held this long may still be made (label-jobs.ts). */
  get processingGraceMs(): number | undefined {
    return this.deps.config.processingGraceMs;
  }

  async reconcile(request: ShipmentRequest, _sentAt: Date): Promise<ReconcileResult> {
    const packageId = labelPackageId(request.packages[0], request.purchaseReference);
    const { config } = this.deps;
    try {
      const answer = await this.deps.client.call({
        operation: 'reconcile',
        method: 'GET',
        path: config.trackPath,
        query: { [config.trackParamPackageId]: packageId },
        schema: ecommerceTrackingAnswer,
      });
      const found = answer.packages.find((p) => p.packageId === packageId);
      if (!found?.carrierPackageId || !found.trackingId) {
        return { kind: 'INCONCLUSIVE', reason: `tracking ${packageId} answered without a package carrying its three ids` };
      }
      const ids = { packageId, carrierPackageId: found.carrierPackageId, trackingId: found.trackingId };
      return { kind: 'FOUND', shipment: this.created(request.serviceCode, ids, []) };
    } catch (error) {
      if (error instanceof UpstreamError && error.code === 'UPSTREAM_NOT_FOUND') return { kind: 'NOT_CREATED' };
      return { kind: 'INCONCLUSIVE', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  private created(
    serviceCode: string,
    ids: { packageId: string; carrierPackageId: string; trackingId: string },
    documents: CreatedShipment['documents'],
  ): CreatedShipment {
    return {
      carrier: this.carrier,
      division: this.division,
      upstream: this.upstream,
      // The carrier tracking id is the number the package is tracked by; the other two ids stay on the piece (E5).
      trackingNumber: ids.trackingId,
      carrierUniqueId: null,
      carrierCode: null,
      serviceCode,
      serviceName: null,
      pieces: [
        {
          sequence: 1,
          trackingNumber: ids.trackingId,
          packageId: ids.packageId,
          carrierPackageId: ids.carrierPackageId,
          netCharge: null,
          cashOnDelivery: null,
          references: [],
        },
      ],
      documents,
      // SE2: the label answer carries no price.
      total: null,
      breakdown: [],
      dispatchConfirmationNumber: null,
      links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
      warnings: [],
      // "A label that has not been manifested is not tendered; the carrier does not expect such packages."
      tendered: false,
      tenderBy: 'MANIFEST',
      transactionId: null,
    };
  }
}
