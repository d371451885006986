import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * Real files a person can open (issue 9 item 9): a label as a PDF (pdf-lib; text lines, the tracking number as text
 * and as a Code 128 barcode) or a PNG (bwip-js; the barcode with the number printed under it). Every simulator that
 * answers with a label, a manifest or a document renders it here, so the bytes our server stores and serves are real.
 */
export interface LabelDocumentSpec {
  format: 'PDF' | 'PNG';
  /** First line, e.g. `Carrier B - GROUND - SHIPPING LABEL`. */
  title: string;
  /** Printed as text and encoded in the barcode; null for a document without one (a manifest). */
  trackingNumber: string | null;
  /** Drawn as a QR code beside the lines (e.g. the express `waybill/piece`); absent for a label without one. */
  qrCode?: string;
  /** Further lines of text (addresses, service, weight, listed package ids). PNG shows the barcode and number only. */
  lines: readonly string[];
}

export async function renderLabelDocument(spec: LabelDocumentSpec): Promise<Buffer> {
  const barcode = spec.trackingNumber ? await barcodePng(spec.trackingNumber) : null;
  if (spec.format === 'PNG') {
    if (barcode) return barcode;
    return bwipjs.toBuffer({ bcid: 'code128', text: spec.title.slice(0, 40) || 'DOCUMENT', includetext: true, scale: 2, height: 12 });
  }
  const pdf = await PDFDocument.create();
  pdf.setTitle(spec.title);
  pdf.setProducer('carrier-subgraph sandbox');
  // A 4x6 inch thermal label page (288 x 432 points); long documents (manifests) continue on further pages.
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([288, 432]);
  let y = 410;
  page.drawText(spec.title.slice(0, 60), { x: 14, y, size: 11, font: bold, color: rgb(0, 0, 0) });
  y -= 22;
  if (spec.trackingNumber && barcode) {
    page.drawText(`TRACKING #: ${spec.trackingNumber}`, { x: 14, y, size: 12, font: bold });
    y -= 10;
    const image = await pdf.embedPng(barcode);
    const width = Math.min(260, image.width);
    const height = (image.height * width) / image.width;
    y -= height;
    page.drawImage(image, { x: 14, y, width, height });
    y -= 16;
  }
  if (spec.qrCode) {
    // Top right of the lines, inside the 4x6 page; its own white quiet zone (qrCodePng), so a scanner finds it.
    const image = await pdf.embedPng(await qrCodePng(spec.qrCode));
    const side = 96;
    page.drawImage(image, { x: 288 - 14 - side, y: y - side, width: side, height: side });
  }
  for (const line of spec.lines) {
    if (y < 20) {
      page = pdf.addPage([288, 432]);
      y = 410;
    }
    page.drawText(toWinAnsi(line).slice(0, 70), { x: 14, y, size: 8, font });
    y -= 11;
  }
  return Buffer.from(await pdf.save());
}

function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, includetext: true, textxalign: 'center', scale: 3, height: 14, backgroundcolor: 'FFFFFF', paddingwidth: 10, paddingheight: 2 });
}

/**
 * A QR code as a scanner needs it: black modules on an opaque white background with a quiet zone of four modules on
 * every side (ISO/IEC 18004; without it, and on a transparent background, readers find no code).
 */
export function qrCodePng(text: string): Promise<Buffer> {
  // bwip-js draws a QR module 2 points wide (times `scale`) and pads in points: 8 points = 4 modules.
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4, padding: 8, backgroundcolor: 'FFFFFF' });
}

/** The standard fonts encode WinAnsi only: anything else is shown as `?` rather than failing the render. */
function toWinAnsi(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}
