import { z } from 'zod';

/**
 * Label creation, manifest and return labels of the e-commerce interface (seed 000, interface C). The seed shows the
 * label request's body (Resources C) and the manifest request's `manifests[].carrierPackageIds[]`; paths of label
 * creation and return labels, and every answer, are assumptions SE1-SE7 (docs/assumptions.md), which the sandbox follows.
 */

/** SE1: "Paths for label creation ... not shown". The label format travels as `?format=PDF|PNG`. */
export const ECOMMERCE_LABEL_PATH = '/shipping/v4/label';
/** The seed: "POST `/shipping/v4/manifest` | `manifests[].carrierPackageIds[]` | driver's summary manifest". */
export const ECOMMERCE_MANIFEST_PATH = '/shipping/v4/manifest';
/** SE5: the seed lists return labels among interface C's operations and shows no path. */
export const ECOMMERCE_RETURN_LABEL_PATH = '/returns/v4/label';

/** The seed: "`packageDetail.packageId` string, chosen by the caller, at most 30 characters". */
export const PACKAGE_ID_MAX_LENGTH = 30;

/** Resources C `consigneeAddress` (`name`, `address1`, `city`, `state`, `postalCode`, `country`), plus `address2`. */
export interface EcommerceConsigneeAddress {
  name: string;
  address1: string;
  address2?: string;
  city: string;
  state?: string;
  postalCode?: string;
  country: string;
}

/** Resources C `returnAddress`: `companyName`, `address1`, `address2`, `city`, `state`, `postalCode`, `country`. */
export interface EcommerceReturnAddress {
  companyName: string;
  address1: string;
  address2?: string;
  city: string;
  state?: string;
  postalCode?: string;
  country: string;
}

export interface EcommercePackageDetail {
  packageId: string;
  packageDescription: string;
  weight: { value: number; unitOfMeasure: 'LB' };
  dimension?: { length: number; width: number; height: number; unitOfMeasure: 'IN' };
}

/** Resources C: the label request body, as the seed lists it. */
export interface EcommerceLabelRequest {
  pickup: string;
  distributionCenter: string;
  orderedProductId: string;
  consigneeAddress: EcommerceConsigneeAddress;
  returnAddress: EcommerceReturnAddress;
  packageDetail: EcommercePackageDetail;
}

/**
 * SE6: a return label request in the label request's vocabulary: the customer sending the parcel back is the
 * `consigneeAddress`'s counterpart `shipperAddress`, the merchant's `returnAddress` is where it goes, and
 * `outboundCarrierPackageId` links it to the outbound package.
 */
export interface EcommerceReturnLabelRequest {
  pickup: string;
  distributionCenter: string;
  orderedProductId: string;
  shipperAddress: EcommerceConsigneeAddress;
  returnAddress: EcommerceReturnAddress;
  packageDetail: EcommercePackageDetail;
  outboundCarrierPackageId: string;
  returnReason?: string;
}

/** The seed: `manifests[].carrierPackageIds[]`; `pickup` says whose packages (one account per connection). */
export interface EcommerceManifestRequest {
  pickup: string;
  manifests: { carrierPackageIds: string[] }[];
}

const id = z.string().trim().min(1);

/** SE2: one created label: the three ids of the package and the label itself, base64. */
export const ecommerceCreatedLabel = z.object({
  packageId: id,
  carrierPackageId: id,
  trackingId: id,
  format: z.enum(['PDF', 'PNG']),
  labelData: z.base64().min(1),
});

/** SE2: `{ timestamp?, pickup?, distributionCenter?, orderedProductId?, labels: [one label] }`. */
export const ecommerceLabelAnswer = z.object({
  timestamp: z.string().nullish(),
  orderedProductId: z.string().nullish(),
  labels: z.array(ecommerceCreatedLabel).length(1),
});
export type EcommerceLabelAnswer = z.infer<typeof ecommerceLabelAnswer>;

/** SE6: the return label answer: the same label shape, plus the outbound it is linked to (null when not linked). */
export const ecommerceReturnLabelAnswer = z.object({
  labels: z.array(ecommerceCreatedLabel.extend({ outboundCarrierPackageId: z.string().nullish() })).length(1),
});

/**
 * SE4: each manifest lists the packages it tendered and carries the driver's summary manifest, base64. The shape is
 * our assumption, so nothing in it is required: a 2xx manifest has acted whatever the carrier answered (the connector
 * keeps the answer as received), and a part that does not match is read as absent.
 */
export const ecommerceManifestAnswer = z.looseObject({
  timestamp: z.string().nullish().catch(null),
  manifests: z
    .array(
      z.looseObject({
        manifestId: id.nullish().catch(null),
        carrierPackageIds: z.array(id).nullish().catch(null),
        format: z.enum(['PDF', 'PNG']).nullish().catch(null),
        manifestData: z.base64().min(1).nullish().catch(null),
      }),
    )
    .nullish()
    .catch(null),
});
export type EcommerceManifestAnswer = z.infer<typeof ecommerceManifestAnswer>;
