/**
 * Reading sandbox labels as a scanner would: the images a PDF page draws (pdf-lib, decoded to RGBA), the text it
 * shows, and QR codes decoded with jsqr (from a PDF image or a PNG file, pngjs).
 */
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFArray } from 'pdf-lib';

type JsQr = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: 'dontInvert' | 'attemptBoth' }) => { data: string } | null;
/** jsqr is CommonJS (`exports.default`): what the default import is differs between TypeScript's view and Node's. */
const jsQR = ((jsQRModule as unknown as { default?: JsQr }).default ?? jsQRModule) as unknown as JsQr;

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Every image XObject of every page of a PDF, as RGBA (DeviceRGB or DeviceGray, 8 bits; pdf-lib's own encodings). */
export async function pdfImages(bytes: Uint8Array): Promise<RgbaImage[]> {
  const pdf = await PDFDocument.load(bytes);
  const images: RgbaImage[] = [];
  for (const page of pdf.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const width = (stream.dict.lookup(PDFName.of('Width'), PDFNumber)).asNumber();
      const height = (stream.dict.lookup(PDFName.of('Height'), PDFNumber)).asNumber();
      const space = stream.dict.lookup(PDFName.of('ColorSpace'));
      const channels = space === PDFName.of('DeviceGray') ? 1 : space instanceof PDFArray ? 1 : 3;
      const pixels = decodePDFRawStream(stream).decode();
      const data = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        const [r, g, b] = channels === 1 ? [pixels[i]!, pixels[i]!, pixels[i]!] : [pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!];
        data.set([r, g, b, 255], i * 4);
      }
      images.push({ width, height, data });
    }
  }
  return images;
}

/** The text a PDF shows (pdf-lib writes each drawText as one hex string shown with Tj), page by page, joined by lines. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const m of text.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

/** The text of the QR code in an image, or null when none decodes (without trying inverted images: a label is black on white). */
export function decodeQr(image: RgbaImage): string | null {
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

export function pngImage(bytes: Buffer): RgbaImage {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
}

/**
 * The QR code's quiet zone in modules: the white margin left of its top-left finder pattern divided by the module size
 * (the finder's top row is 7 modules of black).
 */
export function qrQuietZoneModules(image: RgbaImage): number {
  const dark = (x: number, y: number) => image.data[(y * image.width + x) * 4]! < 128;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!dark(x, y)) continue;
      let run = 0;
      while (x + run < image.width && dark(x + run, y)) run++;
      return Math.min(x, y) / (run / 7);
    }
  }
  return 0;
}
