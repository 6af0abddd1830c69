import { createHash } from 'node:crypto';
import { PDFName, PDFRef, type PDFDocument } from 'pdf-lib';
import type { ValidationData } from '../pki/revocation.ts';

/**
 * Appends PAdES B-LT validation data to a signed PDF as an incremental update (ISO 32000-2
 * §12.8.4.3): one stream per certificate, OCSP answer and CRL; a /DSS dictionary listing them,
 * with a /VRI entry for the signature (keyed by the upper-case SHA-1 of its /Contents); and the
 * catalog again with /DSS added, then an xref section for just these objects and a trailer
 * with /Prev. The signed bytes stay exactly as they are, so the signature still covers every
 * byte of the revision it signed.
 *
 * `contents` is the signature's /Contents value. `doc` is the document as saved just before signing (pdf-lib's classic xref table, no object
 * streams): its catalog, trailer entries and object numbers are the file's.
 */
export function appendDss(
  signed: Buffer,
  doc: PDFDocument,
  contents: Buffer,
  data: ValidationData,
): Buffer {
  const tail = signed.subarray(Math.max(0, signed.length - 1024)).toString('latin1');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) throw new Error('signed PDF has no startxref');
  const prev = Number(startxref[1]);
  if (signed.subarray(prev, prev + 4).toString('latin1') !== 'xref') {
    throw new Error('signed PDF has no classic xref table');
  }

  const context = doc.context;
  const rootRef = context.trailerInfo.Root;
  if (!(rootRef instanceof PDFRef)) throw new Error('signed PDF has no catalog reference');
  let next = context.largestObjectNumber + 1;
  const parts: Buffer[] = [Buffer.from('\n', 'latin1')];
  let offset = signed.length + 1;
  const offsets = new Map<number, number>();
  const write = (number: number, body: Buffer, generation = 0) => {
    offsets.set(number, offset);
    const chunk = Buffer.concat([
      Buffer.from(`${number} ${generation} obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  };
  const streams = (items: Buffer[]): number[] =>
    items.map((bytes) => {
      const number = next++;
      write(
        number,
        Buffer.concat([
          Buffer.from(`<< /Length ${bytes.length} >>\nstream\n`, 'latin1'),
          bytes,
          Buffer.from('\nendstream', 'latin1'),
        ]),
      );
      return number;
    });
  const refs = (numbers: number[]) => `[${numbers.map((n) => `${n} 0 R`).join(' ')}]`;

  const certs = streams(data.certs);
  const ocsps = streams(data.ocsps);
  const crls = streams(data.crls);
  const entries = (prefix: '' | 's') =>
    [
      `/Cert${prefix} ${refs(certs)}`,
      ocsps.length ? `/OCSP${prefix} ${refs(ocsps)}` : '',
      crls.length ? `/CRL${prefix} ${refs(crls)}` : '',
    ].filter(Boolean);
  const vri = next++;
  write(vri, Buffer.from(`<< /Type /VRI ${entries('').join(' ')} >>`, 'latin1'));
  const dss = next++;
  write(
    dss,
    Buffer.from(
      `<< /Type /DSS ${entries('s').join(' ')} /VRI << /${signatureKey(contents)} ${vri} 0 R >> >>`,
      'latin1',
    ),
  );
  const catalog = doc.catalog.clone(context);
  catalog.set(PDFName.of('DSS'), PDFRef.of(dss));
  write(rootRef.objectNumber, Buffer.from(catalog.toString(), 'latin1'), rootRef.generationNumber);

  const xrefAt = offset;
  const trailer = [
    `/Size ${next}`,
    `/Root ${rootRef.toString()}`,
    context.trailerInfo.Info ? `/Info ${context.trailerInfo.Info.toString()}` : '',
    context.trailerInfo.ID ? `/ID ${context.trailerInfo.ID.toString()}` : '',
    `/Prev ${prev}`,
  ].filter(Boolean);
  parts.push(
    Buffer.from(
      `${xrefSection(offsets, rootRef)}trailer\n<< ${trailer.join(' ')} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat([signed, ...parts]);
}

/** The xref table of the update: one subsection per run of consecutive object numbers. */
function xrefSection(offsets: Map<number, number>, root: PDFRef): string {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let out = 'xref\n';
  let i = 0;
  while (i < numbers.length) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
    out += `${numbers[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const generation = numbers[k] === root.objectNumber ? root.generationNumber : 0;
      out += `${String(offsets.get(numbers[k]!)).padStart(10, '0')} ${String(generation).padStart(5, '0')} n\r\n`;
    }
    i = j + 1;
  }
  return out;
}

/**
 * The /VRI key of the signature: upper-case hex SHA-1 of its /Contents string's bytes (the
 * CMS with its zero padding, as iText and PDFBox compute it).
 */
const signatureKey = (contents: Buffer) =>
  createHash('sha1').update(contents).digest('hex').toUpperCase();
