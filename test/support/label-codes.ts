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

/** Every image XObject of every page of a PDF, as RGBA on white (DeviceRGB or DeviceGray, 8 bits; pdf-lib's own encodings). */
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
      // A PNG's alpha becomes a soft mask: composited on white, as a viewer shows the page and a printer prints it.
      const maskRef = stream.dict.get(PDFName.of('SMask'));
      const mask = maskRef ? pdf.context.lookup(maskRef) : undefined;
      const alpha = mask instanceof PDFRawStream ? decodePDFRawStream(mask).decode() : null;
      const data = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        const [r, g, b] = channels === 1 ? [pixels[i]!, pixels[i]!, pixels[i]!] : [pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!];
        const a = alpha ? alpha[i]! / 255 : 1;
        const onWhite = (c: number) => Math.round(c * a + 255 * (1 - a));
        data.set([onWhite(r), onWhite(g), onWhite(b), 255], i * 4);
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

/** A PNG file as RGBA composited on white (as it shows on a page). */
export function pngImage(bytes: Buffer): RgbaImage {
  const png = PNG.sync.read(bytes);
  const data = new Uint8ClampedArray(png.data.length);
  for (let i = 0; i < png.data.length; i += 4) {
    const a = png.data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(png.data[i + c]! * a + 255 * (1 - a));
    data[i + 3] = 255;
  }
  return { width: png.width, height: png.height, data };
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

/**
 * Code 128 symbol patterns (bar, space, bar, space, bar, space widths in modules; the stop has a seventh bar), by
 * value, from the symbology's specification (ISO/IEC 15417). No Code 128 decoder is installed from npm, so the tests
 * read barcodes with this one: a scan line through the bars, widths normalised per symbol, the checksum verified.
 */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');
const STOP = '2331112';

/** The text of the Code 128 barcode in an image (read along a few rows through its bars), or null when none decodes. */
export function decodeCode128(image: RgbaImage): string | null {
  for (const fraction of [0.3, 0.2, 0.4, 0.5]) {
    const text = decodeRow(image, Math.floor(image.height * fraction));
    if (text !== null) return text;
  }
  return null;
}

function decodeRow(image: RgbaImage, y: number): string | null {
  const dark = (x: number) => image.data[(y * image.width + x) * 4]! < 128;
  const runs: number[] = [];
  let x = 0;
  while (x < image.width && !dark(x)) x++;
  if (x === image.width) return null;
  let last = image.width - 1;
  while (!dark(last)) last--;
  while (x <= last) {
    const colour = dark(x);
    let width = 0;
    while (x <= last && dark(x) === colour) {
      width++;
      x++;
    }
    runs.push(width);
  }
  // Symbols of 6 runs each, then the 7-run stop.
  if (runs.length < 13 || (runs.length - 7) % 6 !== 0) return null;
  const values: number[] = [];
  for (let i = 0; i + 7 < runs.length + 1 && i < runs.length - 7; i += 6) {
    const symbol = runs.slice(i, i + 6);
    const total = symbol.reduce((a, b) => a + b, 0);
    const pattern = symbol.map((w) => Math.max(1, Math.min(4, Math.round((w * 11) / total)))).join('');
    const value = CODE128.indexOf(pattern);
    if (value === -1) return null;
    values.push(value);
  }
  const stop = runs.slice(-7);
  const stopTotal = stop.reduce((a, b) => a + b, 0);
  if (stop.map((w) => Math.max(1, Math.min(4, Math.round((w * 13) / stopTotal)))).join('') !== STOP) return null;
  const [start, ...rest] = values;
  const check = rest.pop();
  if (start === undefined || start < 103 || check === undefined) return null;
  if ((start + rest.reduce((sum, v, i) => sum + v * (i + 1), 0)) % 103 !== check) return null;
  let set: 'A' | 'B' | 'C' = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let text = '';
  for (const value of rest) {
    if (set === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      // 102: FNC1, none in our labels
    } else if (value === 99) set = 'C';
    else if (value === 100 && set === 'A') set = 'B';
    else if (value === 101 && set === 'B') set = 'A';
    else if (value >= 96) continue; // FNC1-4 and shift: none in our labels
    else if (set === 'B') text += String.fromCharCode(value + 32);
    else text += String.fromCharCode(value < 64 ? value + 32 : value - 64);
  }
  return text;
}
