import type { CancelResult, Label } from '../domain/shipping.js';

/** Parents of the shipping payload types that are not domain objects themselves (codegen mappers). */

/** `LabelCancellation`: the label as stored after the cancel, and the carrier's answer to it. */
export interface LabelCancellationModel {
  label: Label;
  result: CancelResult;
}

/** `CommercialInvoiceUpload`: the invoice number sent and the label it belongs to (null before creation). */
export interface CommercialInvoiceUploadModel {
  invoiceNumber: string;
  label: Label | null;
}
