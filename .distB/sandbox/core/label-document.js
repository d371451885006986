import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
export async function renderLabelDocument(spec) {
    const barcode = spec.trackingNumber ? await barcodePng(spec.trackingNumber) : null;
    if (spec.format === 'PNG') {
        if (barcode)
            return barcode;
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
function barcodePng(text) {
    return bwipjs.toBuffer({ bcid: 'code128', text, includetext: true, textxalign: 'center', scale: 3, height: 14 });
}
/** The standard fonts encode WinAnsi only: anything else is shown as `?` rather than failing the render. */
function toWinAnsi(text) {
    return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}
