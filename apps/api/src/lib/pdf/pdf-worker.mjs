// Runs in a worker thread (see worker-pool.ts): parses untrusted PDFs and images with pdf-lib,
// so that a hostile file can exhaust only this thread's memory and time, never the api's.
// Plain JavaScript on purpose: it loads the same way under `node --import tsx` and vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import { detectFields } from './field-detection.mjs';
import {
  EncryptedPDFError,
  PDFArray,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  PDFRawStream,
  PDFTextField,
  concatTransformationMatrix,
  decodePDFRawStream,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

// pdf-lib reports recoverable parse problems with console.log; hostile files would flood the log.
console.log = () => {};
console.warn = () => {};

/**
 * Decompression caps. resourceLimits bound this thread's JavaScript heap, but decoded streams
 * and pixels live in ArrayBuffers outside it, so their sizes are capped here, before a byte is
 * kept: a Flate bomb (1,000× expansion) is refused after reading at most these amounts.
 */
const LIMITS = {
  /** One stream that pdf-lib decodes into memory while loading (object and xref streams). */
  loadedStreamBytes: 16 * 1024 * 1024,
  /** One stream, decoded (a content stream, font, embedded file; an image gets its own cap). */
  streamBytes: 64 * 1024 * 1024,
  /** All streams of a document together, decoded. */
  documentBytes: 512 * 1024 * 1024,
  /** Pixels of one image inside a PDF, as for uploaded images. */
  imagePixels: 50_000_000,
};

// pdf-lib decodes object and cross-reference streams while loading, growing one buffer per
// stream without a limit (doubling it, so a stream holds up to twice its size). Every pdf-lib
// decoder grows its buffer through this one method, so the cap goes there; a document that hits
// it is refused as too complex.
const { default: DecodeStream } = createRequire(import.meta.url)(
  'pdf-lib/cjs/core/streams/DecodeStream.js',
);
const growBuffer = DecodeStream.prototype.ensureBuffer;
let decodeCap = LIMITS.loadedStreamBytes;
let capHit = false;
class DecodeCapError extends Error {}
DecodeStream.prototype.ensureBuffer = function ensureCappedBuffer(requested) {
  if (requested > decodeCap) {
    capHit = true;
    throw new DecodeCapError('decoded stream too large');
  }
  return growBuffer.call(this, requested);
};

/** A4 portrait in PDF points. */
const A4 = { width: 595.28, height: 841.89 };

class DocumentFailure extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

const round = (n) => Math.round(n * 100) / 100;

/** Width and height as displayed: the crop box, turned by the page's /Rotate. */
function displayedSize(page) {
  const box = page.getCropBox();
  const width = Math.abs(box.width);
  const height = Math.abs(box.height);
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) {
    throw new DocumentFailure('corrupt');
  }
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  return angle === 90 || angle === 270
    ? { width: round(height), height: round(width) }
    : { width: round(width), height: round(height) };
}

/** Whether the document has interactive form fields of the kinds text, button or choice. */
function hasFormFields(doc) {
  if (!doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)) return false;
  try {
    return doc
      .getForm()
      .getFields()
      .some(
        (f) =>
          f instanceof PDFTextField ||
          f instanceof PDFCheckBox ||
          f instanceof PDFRadioGroup ||
          f instanceof PDFButton ||
          f instanceof PDFDropdown ||
          f instanceof PDFOptionList,
      );
  } catch {
    return false;
  }
}

async function load(bytes) {
  let doc;
  capHit = false;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (error) {
    if (capHit) throw new DocumentFailure('too-complex');
    throw new DocumentFailure(error instanceof EncryptedPDFError ? 'encrypted' : 'corrupt');
  }
  // pdf-lib keeps going past an object it cannot read; one that hit the cap is a bomb.
  if (capHit) throw new DocumentFailure('too-complex');
  if (doc.isEncrypted) throw new DocumentFailure('encrypted');
  return doc;
}

const EXPANDING = new Set(['FlateDecode', 'Fl', 'LZWDecode', 'LZW', 'RunLengthDecode', 'RL']);

function filterNames(dict) {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    return filter.asArray().map((f) => (f instanceof PDFName ? f.decodeText() : ''));
  }
  return [];
}

function numberIn(dict, key) {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : 0;
}

/** Bytes a Flate stream inflates to, counted chunk by chunk; past `limit` it stops early. */
function inflatedSize(data, limit) {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      chunkSize: 1024 * 1024,
    });
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(size);
    };
    inflate.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) finish();
    });
    inflate.on('end', finish);
    // Damaged data: a viewer stops where it breaks, so what came out until then counts.
    inflate.on('error', finish);
    inflate.end(data);
  });
}

/** The decoded size of a stream, or more than `limit` when it decodes past it. */
async function decodedSize(stream, limit) {
  const filters = filterNames(stream.dict);
  if (!filters.some((f) => EXPANDING.has(f))) return stream.contents.length;
  const [first, ...rest] = filters;
  if ((first === 'FlateDecode' || first === 'Fl') && !rest.some((f) => EXPANDING.has(f))) {
    return inflatedSize(stream.contents, limit);
  }
  // Rare chains (LZW, RunLength, ASCII85 before Flate…): pdf-lib's decoders, in memory, so
  // under the cap for one stream whatever an image's own limit.
  decodeCap = Math.min(limit, LIMITS.streamBytes);
  try {
    return decodePDFRawStream(stream).decode().length;
  } catch (error) {
    if (error instanceof DecodeCapError) return Infinity;
    return stream.contents.length; // a filter pdf-lib does not know, or damaged data
  } finally {
    decodeCap = LIMITS.loadedStreamBytes;
  }
}

/**
 * Refuses a document whose streams decode to more than the caps: what a viewer (pdf.js in the
 * browser, pdf-lib when sealing) would have to hold. Images are also held to the pixel cap.
 */
async function checkDecodedSizes(doc) {
  let total = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let limit = LIMITS.streamBytes;
    if (object.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image')) {
      const pixels = numberIn(object.dict, 'Width') * numberIn(object.dict, 'Height');
      if (pixels > LIMITS.imagePixels) throw new DocumentFailure('too-complex');
      // Up to four components of 16 bits, plus a predictor byte per row.
      limit = Math.max(limit, pixels * 8 + numberIn(object.dict, 'Height'));
    }
    limit = Math.min(limit, LIMITS.documentBytes - total);
    const size = await decodedSize(object, limit);
    if (size > limit) throw new DocumentFailure('too-complex');
    total += size;
  }
}

function describe(doc, maxPages) {
  let pages;
  try {
    pages = doc.getPages();
  } catch {
    throw new DocumentFailure('corrupt');
  }
  if (pages.length === 0) throw new DocumentFailure('no-pages');
  if (pages.length > maxPages) throw new DocumentFailure('too-many-pages');
  let sizes;
  try {
    sizes = pages.map(displayedSize);
  } catch (error) {
    throw error instanceof DocumentFailure ? error : new DocumentFailure('corrupt');
  }
  return { pageCount: pages.length, pages: sizes, hasAcroforms: hasFormFields(doc) };
}

/** The parts of a PNG that PDF can show without decoding it: header, palette, image data. */
function readPngChunks(bytes) {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const png = { header: null, palette: null, hasTransparency: false, data: [] };
  let offset = 8;
  while (offset + 8 <= view.length) {
    const length = view.readUInt32BE(offset);
    const type = view.toString('latin1', offset + 4, offset + 8);
    const data = view.subarray(offset + 8, Math.min(view.length, offset + 8 + length));
    if (type === 'IHDR' && data.length >= 13) {
      png.header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8],
        colorType: data[9],
        interlace: data[12],
      };
    } else if (type === 'PLTE') png.palette = data;
    else if (type === 'tRNS') png.hasTransparency = true;
    else if (type === 'IDAT') png.data.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  return png;
}

const PNG_COLORS = { 0: 1, 2: 3, 3: 1 };

/**
 * A PNG without transparency or interlacing as a PDF image XObject holding its compressed data
 * as it is: PDF's Flate filter with PNG predictors reads PNG rows, so nothing is decoded and
 * memory stays at the file's size (pdf-lib's embedPng holds the pixels five times over).
 * Null when the PNG needs decoding (alpha, tRNS, interlaced), which embedPng then does.
 */
async function pngAsXObject(doc, bytes) {
  const png = readPngChunks(bytes);
  const h = png.header;
  if (!h || h.interlace !== 0 || png.hasTransparency || !(h.colorType in PNG_COLORS)) return null;
  if (h.colorType === 3 && (!png.palette || png.palette.length % 3 !== 0)) return null;
  if (png.data.length === 0 || h.width < 1 || h.height < 1) throw new DocumentFailure('corrupt');
  const colors = PNG_COLORS[h.colorType];
  const data = Buffer.concat(png.data);
  // The rows must all be there: a filter byte and the packed samples per row.
  const expected = h.height * (1 + Math.ceil((h.width * colors * h.bitDepth) / 8));
  if ((await inflatedSize(data, expected)) < expected) throw new DocumentFailure('corrupt');
  const colorSpace =
    h.colorType === 3
      ? doc.context.obj([
          'Indexed',
          'DeviceRGB',
          png.palette.length / 3 - 1,
          PDFHexString.of(png.palette.toString('hex')),
        ])
      : h.colorType === 0
        ? 'DeviceGray'
        : 'DeviceRGB';
  const stream = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: h.width,
    Height: h.height,
    ColorSpace: colorSpace,
    BitsPerComponent: h.bitDepth,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: h.bitDepth, Columns: h.width },
  });
  return { ref: doc.context.register(stream), width: h.width, height: h.height };
}

/** One page per image, the page the image's shape scaled to fit A4 (turned for landscape). */
async function imageToPdf(bytes, kind) {
  const doc = await PDFDocument.create();
  let image;
  try {
    image = kind === 'png' ? await pngAsXObject(doc, bytes) : null;
    image ??= kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch (error) {
    throw error instanceof DocumentFailure ? error : new DocumentFailure('corrupt');
  }
  if (!(image.width > 0 && image.height > 0)) throw new DocumentFailure('corrupt');
  const frame = image.width > image.height ? { width: A4.height, height: A4.width } : A4;
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = round(image.width * scale);
  const height = round(image.height * scale);
  const page = doc.addPage([width, height]);
  if (image.ref) {
    const name = page.node.newXObject('Image', image.ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(width, 0, 0, height, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  } else {
    page.drawImage(image, { x: 0, y: 0, width, height });
  }
  return doc.save();
}

let pdfjs;
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** The suggested markers of a PDF (field-detection.mjs) found by pdf.js within `timeoutMs`. */
async function detect(bytes, timeoutMs) {
  // pdf.js loads only for detection: uploads that are only inspected never pay for it.
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  return detectFields(bytes, pdfjs, { timeoutMs });
}

/**
 * With `detectTimeoutMs` an inspected (or converted) PDF is also searched for markers in the same
 * task: one pass through the worker per upload. The search never fails the upload: a document it
 * cannot read or a search out of time gives `markers: null` (no suggestions).
 */
async function withMarkers(result, pdf, detectTimeoutMs) {
  if (detectTimeoutMs === undefined) return result;
  const markers = await detect(pdf, detectTimeoutMs).catch(() => null);
  return { ...result, markers };
}

async function run(task) {
  if (task.op === 'inspect') {
    const doc = await load(task.bytes);
    const info = describe(doc, task.maxPages);
    await checkDecodedSizes(doc);
    return withMarkers({ info }, task.bytes, task.detectTimeoutMs);
  }
  if (task.op === 'image') {
    const pdf = await imageToPdf(task.bytes, task.kind);
    const info = describe(await load(pdf), task.maxPages);
    // pdf.js may detach the bytes it reads: it gets a copy of the PDF sent back.
    return withMarkers({ info, pdf }, pdf.slice(), task.detectTimeoutMs);
  }
  if (task.op === 'detect') {
    return { markers: await detect(task.bytes, task.timeoutMs) };
  }
  if (task.op === 'first-page') {
    pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
    return { image: await renderFirstPage(task.bytes, task.width) };
  }
  throw new Error(`unknown op ${String(task.op)}`);
}

/**
 * Page 1 drawn by pdf.js (on @napi-rs/canvas, pdf.js's own canvas under Node) `width` pixels
 * wide, as WebP: what the signer's page shows while its own pdf.js is still loading.
 */
async function renderFirstPage(bytes, width) {
  const doc = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    // The 14 standard fonts and CJK character maps, read from pdfjs-dist's own folders: without
    // them text in a font the PDF does not embed is drawn as empty boxes.
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    cMapUrl: `${pdfjsDir}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${pdfjsDir}/wasm/`,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const { canvas, context } = doc.canvasFactory.create(
      Math.round(viewport.width),
      Math.round(viewport.height),
    );
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    return new Uint8Array(await canvas.encode('webp', 75));
  } finally {
    await doc.destroy();
  }
}

parentPort.on('message', (task) => {
  run(task).then(
    (result) => {
      const bytes = result.pdf ?? result.image;
      const transfer = bytes ? [bytes.buffer] : [];
      parentPort.postMessage({ ok: true, ...result }, transfer);
    },
    (error) => {
      const code = error instanceof DocumentFailure ? error.code : 'corrupt';
      parentPort.postMessage({ ok: false, code });
    },
  );
});
