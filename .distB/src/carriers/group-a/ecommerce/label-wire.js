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
/** SE6: the return label answer: the same label shape, plus the outbound it is linked to (null when not linked). */
export const ecommerceReturnLabelAnswer = z.object({
    labels: z.array(ecommerceCreatedLabel.extend({ outboundCarrierPackageId: z.string().nullish() })).length(1),
});
/** SE4: each manifest lists the packages it tendered and carries the driver's summary manifest, base64. */
export const ecommerceManifestAnswer = z.object({
    timestamp: z.string().nullish(),
    manifests: z
        .array(z.object({
        manifestId: id,
        carrierPackageIds: z.array(id),
        format: z.enum(['PDF', 'PNG']),
        manifestData: z.base64().min(1),
    }))
        .min(1),
});
