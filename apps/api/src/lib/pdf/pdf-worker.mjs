// Runs in a worker thread (see worker-pool.ts): parses untrusted PDFs and images with pdf-lib,
// so that a hostile file can exhaust only this thread's memory and time, never the api's.
// Plain JavaScript on purpose: it loads the same way under `node --import tsx` and vitest.
import { parentPort } from 'node:worker_threads';
import {
  EncryptedPDFError,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFTextField,
} from 'pdf-lib';

// pdf-lib reports recoverable parse problems with console.log; hostile files would flood the log.
console.log = () => {};
console.warn = () => {};

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
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch (error) {
    throw new DocumentFailure(error instanceof EncryptedPDFError ? 'encrypted' : 'corrupt');
  }
  if (doc.isEncrypted) throw new DocumentFailure('encrypted');
  return doc;
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

/** One page per image, the page the image's shape scaled to fit A4 (turned for landscape). */
async function imageToPdf(bytes, kind) {
  const doc = await PDFDocument.create();
  let image;
  try {
    image = kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    throw new DocumentFailure('corrupt');
  }
  if (!(image.width > 0 && image.height > 0)) throw new DocumentFailure('corrupt');
  const frame = image.width > image.height ? { width: A4.height, height: A4.width } : A4;
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = round(image.width * scale);
  const height = round(image.height * scale);
  const page = doc.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return doc.save();
}

async function run(task) {
  if (task.op === 'inspect') {
    const doc = await load(task.bytes);
    return { info: describe(doc, task.maxPages) };
  }
  if (task.op === 'image') {
    const pdf = await imageToPdf(task.bytes, task.kind);
    const info = describe(await load(pdf), task.maxPages);
    return { info, pdf };
  }
  throw new Error(`unknown op ${String(task.op)}`);
}

parentPort.on('message', (task) => {
  run(task).then(
    (result) => {
      const transfer = result.pdf ? [result.pdf.buffer] : [];
      parentPort.postMessage({ ok: true, ...result }, transfer);
    },
    (error) => {
      const code = error instanceof DocumentFailure ? error.code : 'corrupt';
      parentPort.postMessage({ ok: false, code });
    },
  );
});
