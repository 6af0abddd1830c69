import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** An A4 contract of `pages` pages with `linesPerPage` numbered lines of text, as the benches upload. */
export async function contractPdf(pages, linesPerPage) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const line = 'Partijen verklaren hierbij dat zij deze overeenkomst hebben gelezen en begrepen. ';
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let i = 0; i < linesPerPage; i++) {
      page.drawText(`${p}.${i + 1} ${line}`.slice(0, 95), {
        x: 40,
        y: 800 - i * 15,
        size: 9,
        font,
      });
    }
  }
  return Buffer.from(await doc.save());
}

/** A PNG of `size`×`size` random RGB pixels: incompressible, as a scanned page nearly is. */
function noisePng(size) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = [];
  for (let y = 0; y < size; y++) rows.push(Buffer.from([0]), randomBytes(size * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A contract of `pages` pages like `contractPdf`, each page also carrying a picture of random
 * pixels (`noise`² × 3 bytes that do not compress: 68 kB at 150, 83 kB at 166): the size of a
 * scanned document; 300 pages at 166 are about 25 MB, just under the upload limit.
 */
export async function scannedContractPdf(pages, linesPerPage, noise = 150) {
  const doc = await PDFDocument.load(await contractPdf(pages, linesPerPage));
  for (const page of doc.getPages()) {
    const image = await doc.embedPng(noisePng(noise));
    page.drawImage(image, { x: 400, y: 40, width: 150, height: 150 });
  }
  return Buffer.from(await doc.save());
}
