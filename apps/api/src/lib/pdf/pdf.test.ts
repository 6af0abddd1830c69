import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName } from 'pdf-lib';
import { signingMessages } from '@paraaf/contract';
import { ValidationError } from '../errors.ts';
import { detectFileKind, zipEntryNames, zipUncompressedSize } from './detect.ts';
import { MAX_IMAGE_PIXELS, readImageHeader } from './image-header.ts';
import { closePdfWorkers, MAX_UPLOAD_BYTES, pdfWorkersStarted, preparePdf } from './prepare.ts';
import { ConversionError, wordToPdf } from './soffice.ts';
import { WorkerPool, WorkerTaskError } from './worker-pool.ts';
import {
  jpegFixture,
  makeDocx,
  makeEncryptedPdf,
  makePdf,
  makePng,
  makeZip,
  qpdfEncryptedFixture,
} from '../../../test/fixtures/documents.ts';
import {
  docxBomb,
  flateBombPdf,
  lyingJpeg,
  objectStreamBombPdf,
  pngBomb,
  zlibOfZeros,
} from '../../../test/fixtures/bombs.ts';

afterAll(() => closePdfWorkers());

/** The Dutch message of the 422 that preparing `bytes` ends in. */
async function refusal(bytes: Buffer): Promise<string> {
  const error = await preparePdf(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  const errors = (error as ValidationError).errors;
  expect(Object.keys(errors)).toEqual(['file']);
  return errors.file![0]!;
}

describe('detectFileKind', () => {
  it('refuses what is none of the accepted kinds, whatever it is called', () => {
    expect(detectFileKind(Buffer.alloc(0))).toBeNull();
    expect(detectFileKind(Buffer.from('gewoon tekst, geen pdf'))).toBeNull();
    expect(detectFileKind(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBeNull(); // ELF
    expect(detectFileKind(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).toBeNull(); // .exe
    // A ZIP that is no Word document, and an OLE2 file that is no Word document (an .xls).
    expect(detectFileKind(makeZip({ 'xl/workbook.xml': '<x/>' }))).toBeNull();
    const ole = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('Workbook', 'utf16le').copy(ole, 600);
    expect(detectFileKind(ole)).toBeNull();
    // A truncated ZIP whose central directory is gone.
    expect(zipEntryNames(makeDocx().subarray(0, 200))).toBeNull();
  });

  it('recognises PDF, PNG, JPEG, DOC and DOCX by their bytes', async () => {
    expect(detectFileKind(await makePdf())).toBe('pdf');
    expect(detectFileKind(makePng(2, 2))).toBe('png');
    expect(detectFileKind(jpegFixture())).toBe('jpeg');
    expect(detectFileKind(makeDocx())).toBe('docx');
    const ole = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('WordDocument', 'utf16le').copy(ole, 600);
    expect(detectFileKind(ole)).toBe('doc');
  });
});

/** A 4 × 4 PNG with acTL and fcTL chunks, its frame declaring width × height. */
function animatedPng(width: number, height: number): Buffer {
  const png = makePng(4, 4);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const fctl = Buffer.alloc(26);
  fctl.writeUInt32BE(width, 4);
  fctl.writeUInt32BE(height, 8);
  // Signature and IHDR (33 bytes), then acTL and fcTL, then the rest.
  return Buffer.concat([
    png.subarray(0, 33),
    chunk('acTL', Buffer.alloc(8)),
    chunk('fcTL', fctl),
    png.subarray(33),
  ]);
}

describe('detectFileKind and polyglots', () => {
  it('takes a PDF only when %PDF- is its first byte: HTML before it is no PDF', async () => {
    const pdf = await makePdf();
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>\n');
    expect(detectFileKind(Buffer.concat([html, pdf]))).toBeNull();
    expect(detectFileKind(Buffer.concat([Buffer.from('\n'), pdf]))).toBeNull();
    expect(detectFileKind(pdf)).toBe('pdf');
  });
});

describe('readImageHeader', () => {
  it('reads PNG and JPEG sizes from their headers, lying or not', () => {
    expect(readImageHeader(makePng(40, 30))).toEqual({
      kind: 'png',
      width: 40,
      height: 30,
      isAnimated: false,
    });
    expect(readImageHeader(pngBomb(20_000, 20_000))).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    expect(readImageHeader(lyingJpeg(60_000, 50_000))).toMatchObject({
      kind: 'jpeg',
      width: 60_000,
      height: 50_000,
    });
    expect(readImageHeader(jpegFixture())).toMatchObject({ kind: 'jpeg' });
    expect(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('takes the largest frame of a JPEG with two frame headers', () => {
    const small = jpegFixture();
    // A second SOF0 segment declaring 30,000 × 30,000, inserted after SOI.
    const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x75, 0x30, 0x75, 0x30, 0x01, 0x01]);
    const sneaky = Buffer.concat([small.subarray(0, 2), sof, small.subarray(2)]);
    expect(readImageHeader(sneaky)).toMatchObject({ width: 30_000, height: 30_000 });
  });

  it('marks an animated PNG and counts its largest declared frame', () => {
    expect(readImageHeader(animatedPng(20_000, 20_000))).toMatchObject({
      isAnimated: true,
      width: 20_000,
      height: 20_000,
    });
  });
});

describe('preparePdf and decompression bombs', () => {
  it('refuses images over 50 megapixels by their header, before decoding', async () => {
    expect(await refusal(pngBomb(20_000, 20_000))).toBe(signingMessages.imageTooLarge);
    expect(await refusal(pngBomb(10_000, 5_001))).toBe(signingMessages.imageTooLarge);
    expect(await refusal(lyingJpeg(60_000, 60_000))).toBe(signingMessages.imageTooLarge);
    expect(10_000 * 5_000).toBe(MAX_IMAGE_PIXELS);
  });

  it('refuses a JPEG whose frame header has no height and an animated PNG', async () => {
    expect(await refusal(lyingJpeg(100, 0))).toBe(signingMessages.fileCorrupt);
    expect(await refusal(animatedPng(4, 4))).toBe(signingMessages.fileType);
    expect(await refusal(animatedPng(20_000, 20_000))).toBe(signingMessages.imageTooLarge);
  });

  it('refuses PDFs whose streams inflate past the caps, in content or object streams', async () => {
    expect(await refusal(await flateBombPdf(1024 ** 3))).toBe(signingMessages.fileTooComplex);
    expect(await refusal(await objectStreamBombPdf(1024 ** 3))).toBe(
      signingMessages.fileTooComplex,
    );
    // A content stream of 8 MB decoded is a lot of drawing, but a document.
    expect((await preparePdf(await flateBombPdf(8 * 1024 * 1024))).pageCount).toBe(1);
  });

  it('refuses a DOCX that unpacks to more than 256 MB before LibreOffice opens it', async () => {
    expect(zipUncompressedSize(makeDocx())).toBeLessThan(4096);
    expect(zipUncompressedSize(docxBomb(1024 ** 3))).toBeGreaterThan(1024 ** 3);
    // A conversion would take LibreOffice seconds; the refusal comes first, from the ZIP's directory.
    expect(await refusal(docxBomb(300 * 1024 * 1024))).toBe(signingMessages.fileTooComplex);
  });

  it('refuses a PDF holding an image object that declares more than 50 megapixels', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    const image = doc.context.stream(zlibOfZeros(1024), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 20_000,
      Height: 20_000,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    page.node.setXObject(PDFName.of('Im1'), doc.context.register(image));
    expect(await refusal(Buffer.from(await doc.save()))).toBe(signingMessages.fileTooComplex);
  });
});

describe('preparePdf', () => {
  it('refuses encrypted, damaged, empty and oversized files with the Dutch messages', async () => {
    expect(await refusal(await makeEncryptedPdf())).toBe(signingMessages.fileEncrypted);
    expect(await refusal(qpdfEncryptedFixture())).toBe(signingMessages.fileEncrypted);
    const pdf = await makePdf(3);
    expect(await refusal(pdf.subarray(0, Math.floor(pdf.length / 2)))).toBe(
      signingMessages.fileCorrupt,
    );
    expect(await refusal(Buffer.from('%PDF-1.7\nrommel'))).toBe(signingMessages.fileCorrupt);
    expect(await refusal(makePng(4, 4).subarray(0, 40))).toBe(signingMessages.fileCorrupt);
    expect(await refusal(Buffer.alloc(0))).toBe(signingMessages.fileType);
    expect(await refusal(Buffer.alloc(MAX_UPLOAD_BYTES + 1))).toBe(signingMessages.fileTooLarge);
  });

  it('refuses a PDF without pages and one of more than 500 pages', async () => {
    const empty = await PDFDocument.create();
    const noPages = Buffer.from(await empty.save({ addDefaultPage: false }));
    expect(await refusal(noPages)).toBe(signingMessages.fileNoPages);
    expect(await refusal(await makePdf(501, { text: false }))).toBe(
      signingMessages.fileTooManyPages,
    );
    expect((await preparePdf(await makePdf(500, { text: false }))).pageCount).toBe(500);
  });

  it('reports pages, displayed sizes (rotation applied) and form fields of a PDF', async () => {
    const plain = await makePdf(2, { size: [500, 700] });
    const result = await preparePdf(plain);
    expect(result).toMatchObject({
      kind: 'pdf',
      pageCount: 2,
      pages: [
        { width: 500, height: 700 },
        { width: 500, height: 700 },
      ],
      hasAcroforms: false,
      size: plain.length,
    });
    expect(result.pdf.equals(plain)).toBe(true);

    const turned = await preparePdf(await makePdf(1, { size: [500, 700], rotate: 90 }));
    expect(turned.pages).toEqual([{ width: 700, height: 500 }]);
    const upsideDown = await preparePdf(await makePdf(1, { size: [500, 700], rotate: 180 }));
    expect(upsideDown.pages).toEqual([{ width: 500, height: 700 }]);

    expect((await preparePdf(await makePdf(1, { form: true }))).hasAcroforms).toBe(true);
  });

  it('turns a PNG and a JPEG into one page sized to fit A4, keeping the aspect ratio', async () => {
    const wide = await preparePdf(makePng(300, 100));
    expect(wide.kind).toBe('png');
    expect(wide.pageCount).toBe(1);
    // Landscape A4 frame: the width fills 841.89 pt, the height keeps the 3:1 ratio.
    expect(wide.pages[0]!.width).toBeCloseTo(841.89, 1);
    expect(wide.pages[0]!.height).toBeCloseTo(841.89 / 3, 1);
    expect(detectFileKind(wide.pdf)).toBe('pdf');

    const tall = await preparePdf(makePng(100, 400));
    expect(tall.pages[0]!.height).toBeCloseTo(841.89, 1);
    expect(tall.pages[0]!.width).toBeCloseTo(841.89 / 4, 1);

    const photo = await preparePdf(jpegFixture());
    expect(photo.kind).toBe('jpeg');
    expect(photo.pages[0]!.width).toBeLessThanOrEqual(595.28);
    expect(photo.pages[0]!.height).toBeLessThanOrEqual(841.89);
    expect(Math.max(photo.pages[0]!.width / 595.28, photo.pages[0]!.height / 841.89)).toBeCloseTo(
      1,
      2,
    );
  });
});

/** A PNG of the given colour type and bit depth from its unfiltered rows, plus extra chunks. */
function pngOf(
  size: { width: number; height: number; colorType: number; bitDepth: number },
  rows: number[][],
  extra: [string, Buffer][] = [],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size.width);
  ihdr.writeUInt32BE(size.height, 4);
  ihdr[8] = size.bitDepth;
  ihdr[9] = size.colorType;
  const raw = Buffer.concat(rows.map((r) => Buffer.from([0, ...r])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...extra.map(([type, data]) => chunk(type, data)),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The pixels of the one image in a PDF, as pdfimages (poppler) decodes them: PPM samples. */
function pixelsOf(pdf: Buffer): number[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-pdfimages-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdfimages', [path.join(dir, 'in.pdf'), path.join(dir, 'img')]);
    const [file] = fs.readdirSync(dir).filter((f) => f.startsWith('img'));
    const ppm = fs.readFileSync(path.join(dir, file!));
    // Header: magic, width, height, maxval, each followed by one white-space byte.
    let fields = 0;
    let offset = 0;
    while (fields < 4) if (/\s/.test(String.fromCharCode(ppm[offset++]!))) fields += 1;
    return [...ppm.subarray(offset)];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the PDF worker threads', () => {
  it('keeps both warm: overlapping uploads after the first start no new thread', async () => {
    const pdf = await makePdf(1);
    const twoAtOnce = () => Promise.all([preparePdf(pdf), preparePdf(pdf)]);
    await twoAtOnce();
    const started = pdfWorkersStarted();
    await twoAtOnce();
    await twoAtOnce();
    expect(pdfWorkersStarted()).toBe(started);
  });
});

describe('images to PDF', () => {
  it('keeps the pixels of RGB, palette and grey PNGs exactly, without decoding them', async () => {
    const rgb = pngOf({ width: 3, height: 2, colorType: 2, bitDepth: 8 }, [
      [255, 0, 0, 0, 255, 0, 0, 0, 255],
      [10, 20, 30, 40, 50, 60, 70, 80, 90],
    ]);
    expect(pixelsOf((await preparePdf(rgb)).pdf)).toEqual([
      255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    // Four 2-bit palette indexes 0, 1, 2, 3 in one byte.
    const palette = pngOf(
      { width: 4, height: 1, colorType: 3, bitDepth: 2 },
      [[0b00011011]],
      [['PLTE', Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3])]],
    );
    expect(pixelsOf((await preparePdf(palette)).pdf)).toEqual([
      255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3,
    ]);
    const grey = pngOf({ width: 2, height: 2, colorType: 0, bitDepth: 8 }, [
      [0, 128],
      [200, 255],
    ]);
    // pdfimages writes grey as PPM too: each sample three times.
    expect(pixelsOf((await preparePdf(grey)).pdf)).toEqual(
      [0, 128, 200, 255].flatMap((v) => [v, v, v]),
    );
  });

  it('decodes a PNG with an alpha channel, and refuses one whose rows are cut short', async () => {
    const rgba = pngOf({ width: 2, height: 1, colorType: 6, bitDepth: 8 }, [
      [255, 0, 0, 255, 0, 0, 255, 128],
    ]);
    expect(pixelsOf((await preparePdf(rgba)).pdf)).toEqual([255, 0, 0, 0, 0, 255]);
    const short = pngOf({ width: 3, height: 2, colorType: 2, bitDepth: 8 }, [[1, 2, 3]]);
    expect(await refusal(short)).toBe(signingMessages.fileCorrupt);
  });
});

describe('wordToPdf', () => {
  it('says conversion is unavailable when soffice is not installed', async () => {
    const error = await wordToPdf(makeDocx(), 'docx', { command: '/nonexistent/soffice' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).reason).toBe('unavailable');
  });

  it('runs LibreOffice under a memory limit: a conversion that needs more fails', async () => {
    const error = await wordToPdf(makeDocx(), 'docx', { memoryLimitMb: 64 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).reason).toBe('failed');
  }, 120_000);

  it('converts a DOCX with a fresh profile and leaves no temporary files', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-tmp-test-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const pdf = await wordToPdf(makeDocx(['Hallo', 'Wereld']), 'docx');
      expect(detectFileKind(pdf)).toBe('pdf');
      expect(fs.readdirSync(tmp)).toEqual([]);
      // A broken Word file: soffice produces nothing, which is a failed conversion.
      const broken = await wordToPdf(makeDocx().subarray(0, 300), 'docx').catch((e: unknown) => e);
      expect(broken).toBeInstanceOf(ConversionError);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('WorkerPool', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-pool-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const workerFile = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `import { parentPort } from 'node:worker_threads';\n${body}`);
    return pathToFileURL(file);
  };
  const limits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

  it('ends a task that runs too long with a timeout, then keeps working', async () => {
    const pool = new WorkerPool(
      workerFile(
        'slow.mjs',
        `parentPort.on('message', (m) => { if (m === 'hang') for (;;) {} parentPort.postMessage(m * 2); });`,
      ),
      { maxWorkers: 1, maxIdle: 1, timeoutMs: 1000, resourceLimits: limits },
    );
    const error = await pool.run('hang').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as WorkerTaskError).reason).toBe('timeout');
    expect(await pool.run(21)).toBe(42);
    await pool.close();
  });

  it('turns a worker that runs out of memory into a crash, not a dead process', async () => {
    const pool = new WorkerPool(
      workerFile(
        'greedy.mjs',
        `parentPort.on('message', (m) => { if (m !== 'go') return parentPort.postMessage(m * 2); const a = []; for (;;) a.push({ n: Math.random(), s: 'x'.repeat(64) + Math.random() }); });`,
      ),
      { maxWorkers: 1, maxIdle: 1, timeoutMs: 60_000, resourceLimits: limits },
    );
    expect(await pool.run(1)).toBe(2);
    const error = await pool.run('go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as WorkerTaskError).reason).toBe('crash');
    // The dead worker is replaced: the next task runs.
    expect(await pool.run(21)).toBe(42);
    await pool.close();
  });
});
