import { signingMessages, UPLOAD_MAX_MB, type DetectedMarker } from '@paraaf/contract';
import { ValidationError } from '../errors.ts';
import { detectFileKind, zipUncompressedSize, type FileKind } from './detect.ts';
import { MAX_IMAGE_PIXELS, readImageHeader } from './image-header.ts';
import { ConversionError, wordToPdf, type ConvertOptions } from './soffice.ts';
import { WorkerPool, WorkerTaskError } from './worker-pool.ts';

export const MAX_UPLOAD_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const MAX_PAGES = 500;
/**
 * Past this the marker search gives up (no suggestions), well inside the worker's own 30 s limit:
 * an upload waits for it at most this long. A 100-page contract takes about half a second.
 */
export const DETECT_TIMEOUT_MS = 10_000;
/** What a DOCX may unpack to before LibreOffice is asked to open it. */
export const MAX_WORD_UNPACKED_BYTES = 256 * 1024 * 1024;

export interface PageSize {
  width: number;
  height: number;
}

export interface PdfInfo {
  pageCount: number;
  /** Displayed page sizes in PDF points (rotation applied), in page order. */
  pages: PageSize[];
  hasAcroforms: boolean;
}

export interface PreparedPdf extends PdfInfo {
  /** What was uploaded, by content. */
  kind: FileKind;
  /** The PDF to store: the upload itself for a PDF, else the conversion. */
  pdf: Buffer;
  size: number;
  /**
   * With `detect`: the suggested markers (detect-markers.ts), found in the same pass through the
   * PDF worker; empty when the search failed or ran out of time.
   */
  detectedMarkers?: DetectedMarker[];
}

type WorkerAnswer =
  | { ok: true; info: PdfInfo; pdf?: Uint8Array; markers?: DetectedMarker[] | null }
  | { ok: false; code: 'encrypted' | 'corrupt' | 'no-pages' | 'too-many-pages' | 'too-complex' };

const failureMessages = {
  encrypted: signingMessages.fileEncrypted,
  corrupt: signingMessages.fileCorrupt,
  'no-pages': signingMessages.fileNoPages,
  'too-many-pages': signingMessages.fileTooManyPages,
  'too-complex': signingMessages.fileTooComplex,
} as const;

let pool: WorkerPool | undefined;
export function workerPool(): WorkerPool {
  pool ??= new WorkerPool(new URL('./pdf-worker.mjs', import.meta.url), {
    maxWorkers: 2,
    maxIdle: 2,
    timeoutMs: 30_000,
    // A small young generation: both workers stay warm, and each would otherwise keep up to
    // three 16 MB semi-spaces resident between uploads. The old generation's cap is the
    // hostile-file limit, used only by a big document. It is the api process's own
    // (--max-old-space-size=256, scripts/lib/node-flags.mjs): V8 applies that flag to every
    // thread's heap over a worker's resourceLimits, so a different figure here would hold only
    // in the tests, which run without the flag.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8, stackSizeMb: 8 },
  });
  return pool;
}

/**
 * Worker threads started so far: with both kept warm (maxIdle = maxWorkers), overlapping uploads
 * reuse them instead of starting a fresh one (a few hundred ms of CPU each).
 */
export function pdfWorkersStarted(): number {
  return pool?.started ?? 0;
}

/** Stops the warm parser threads (for a clean shutdown). */
export async function closePdfWorkers(): Promise<void> {
  await pool?.close();
}

const fileError = (message: string) => ValidationError.field('file', message);

// Decoding an image holds its pixels several times over outside the worker's heap limit
// (about 550 MB for 50 megapixels): one image conversion at a time, PDFs beside it.
let imageBusy = false;
const imageQueue: (() => void)[] = [];
async function oneImageAtATime<T>(fn: () => Promise<T>): Promise<T> {
  if (imageBusy) await new Promise<void>((resolve) => imageQueue.push(resolve));
  else imageBusy = true;
  try {
    return await fn();
  } finally {
    const next = imageQueue.shift();
    if (next) next();
    else imageBusy = false;
  }
}

async function inWorker(
  task: { op: 'inspect' } | { op: 'image'; kind: 'png' | 'jpeg' },
  bytes: Buffer,
  detect: boolean,
): Promise<{ info: PdfInfo; pdf?: Uint8Array; markers?: DetectedMarker[] | null }> {
  // A copy goes to the worker (transferred, not cloned again); the caller keeps its bytes.
  const copy = new Uint8Array(bytes);
  const detectTimeoutMs = detect ? DETECT_TIMEOUT_MS : undefined;
  let answer: WorkerAnswer;
  try {
    answer = await workerPool().run<WorkerAnswer>(
      { ...task, bytes: copy, maxPages: MAX_PAGES, detectTimeoutMs },
      [copy.buffer],
    );
  } catch (error) {
    // The search crashed the worker (out of memory in pdf.js): the upload is checked again
    // without it, as if searched and nothing found.
    if (detect && error instanceof WorkerTaskError && error.reason === 'crash') {
      return { ...(await inWorker(task, bytes, false)), markers: null };
    }
    // Out of memory or out of time: the worker is gone (and replaced), the upload refused.
    if (error instanceof WorkerTaskError) throw fileError(signingMessages.fileTooComplex);
    throw error;
  }
  if (!answer.ok) throw fileError(failureMessages[answer.code]);
  return answer;
}

/**
 * Refuses an image by the size its header declares, before any decoder allocates its pixels
 * (a 400 kB PNG may declare 20,000 × 20,000 pixels: 1.6 GB once decoded).
 */
function assertImageSize(bytes: Buffer): void {
  const header = readImageHeader(bytes);
  if (!header || header.width < 1 || header.height < 1) {
    throw fileError(signingMessages.fileCorrupt);
  }
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw fileError(signingMessages.imageTooLarge);
  }
  // One page per upload: an animation has no one page to show.
  if (header.isAnimated) throw fileError(signingMessages.fileType);
}

/**
 * Checks an upload and turns it into the PDF to store: type by magic bytes, size and page caps,
 * encryption and damage refused, images and Word documents converted. Every refusal is a 422
 * on the field `file` with a Dutch message.
 */
export async function preparePdf(
  bytes: Buffer,
  options: { convert?: ConvertOptions; detect?: boolean } = {},
): Promise<PreparedPdf> {
  const detect = options.detect === true;
  if (bytes.length > MAX_UPLOAD_BYTES) throw fileError(signingMessages.fileTooLarge);
  const kind = detectFileKind(bytes);
  if (!kind) throw fileError(signingMessages.fileType);

  let pdf: Buffer;
  let info: PdfInfo;
  let markers: DetectedMarker[] | null | undefined;
  if (kind === 'pdf') {
    pdf = bytes;
    ({ info, markers } = await inWorker({ op: 'inspect' }, bytes, detect));
  } else if (kind === 'png' || kind === 'jpeg') {
    assertImageSize(bytes);
    const result = await oneImageAtATime(() => inWorker({ op: 'image', kind }, bytes, detect));
    pdf = Buffer.from(result.pdf!);
    ({ info, markers } = result);
  } else {
    if (kind === 'docx' && zipUncompressedSize(bytes) > MAX_WORD_UNPACKED_BYTES) {
      throw fileError(signingMessages.fileTooComplex);
    }
    try {
      pdf = await wordToPdf(bytes, kind, options.convert);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      throw fileError(
        error.reason === 'unavailable'
          ? signingMessages.wordConversionUnavailable
          : signingMessages.wordConversionFailed,
      );
    }
    if (pdf.length > MAX_UPLOAD_BYTES) throw fileError(signingMessages.fileTooLarge);
    ({ info, markers } = await inWorker({ op: 'inspect' }, pdf, detect));
  }
  return {
    kind,
    pdf,
    size: pdf.length,
    ...info,
    ...(detect ? { detectedMarkers: markers ?? [] } : {}),
  };
}
