// Document figures (issue 3): server time to upload a 20-page PDF as a signable (median of 5)
// and DOCX → PDF conversion time through POST /api/upload-file (median of 3).
// Called by scripts/bench.mjs as benchDocuments(baseUrl, token), or alone:
//   node scripts/bench-documents.mjs <baseUrl> <token>
// Never asserts timings; prints and returns them. Talks only to the given (local) server.
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { contractPdf } from './lib/contract-pdf.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A DOCX of about three pages, as a stored ZIP written by hand. */
function docx() {
  const paragraphs = Array.from(
    { length: 120 },
    (_, i) =>
      `<w:p><w:r><w:t>Artikel ${i + 1}. Partijen komen overeen dat de werkzaamheden worden uitgevoerd volgens de voorwaarden van deze overeenkomst.</w:t></w:r></w:p>`,
  ).join('');
  const entries = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  };
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(locals.length / 3, 8);
  end.writeUInt16LE(locals.length / 3, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

async function timed(fn) {
  const start = performance.now();
  const res = await fn();
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${res.status} ${body.toString('utf8').slice(0, 300)}`);
  return { ms, body };
}

export async function benchDocuments(baseUrl, token) {
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${baseUrl}/api/sign-requests`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      subject: 'Bench',
      message: 'Graag tekenen: [[link]]',
    }),
  });
  if (!created.ok)
    throw new Error(`POST /api/sign-requests: ${created.status} ${await created.text()}`);
  const { id } = await created.json();

  const pdf = await contractPdf(20, 50);
  const upload = () => {
    const form = new FormData();
    form.set('name', 'Bench 20 pagina’s');
    form.set('filename', 'bench.pdf');
    form.set('type', '1');
    form.set('settings[forms_enabled]', 'false');
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
    return timed(() =>
      fetch(`${baseUrl}/api/sign-requests/${id}/signables`, {
        method: 'POST',
        headers: auth,
        body: form,
      }),
    );
  };
  await upload(); // warm-up: the parser thread starts and loads pdf-lib once
  const pdfTimes = [];
  for (let i = 0; i < 5; i++) pdfTimes.push((await upload()).ms);

  const word = docx();
  const convTimes = [];
  let pdfSize = 0;
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.set('file', new Blob([word]), 'bench.docx');
    const { ms, body } = await timed(() =>
      fetch(`${baseUrl}/api/upload-file`, { method: 'POST', headers: auth, body: form }),
    );
    convTimes.push(ms);
    pdfSize = body.length;
  }

  const result = {
    signableUpload20PagesMedianMs: Math.round(median(pdfTimes)),
    signableUpload20PagesMs: pdfTimes.map(Math.round),
    pdfBytes: pdf.length,
    docxToPdfMedianMs: Math.round(median(convTimes)),
    docxToPdfMs: convTimes.map(Math.round),
    docxBytes: word.length,
    convertedPdfBytes: pdfSize,
  };
  console.log(
    `documents: 20-page PDF (${(pdf.length / 1024).toFixed(0)} KB) as a signable: median ${result.signableUpload20PagesMedianMs} ms of 5 [${result.signableUpload20PagesMs.join(', ')}]`,
  );
  console.log(
    `documents: DOCX → PDF via /api/upload-file: median ${result.docxToPdfMedianMs} ms of 3 [${result.docxToPdfMs.join(', ')}]`,
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl, token] = process.argv.slice(2);
  if (!baseUrl || !token) {
    console.error('usage: node scripts/bench-documents.mjs <baseUrl> <token>');
    process.exit(2);
  }
  await benchDocuments(baseUrl, token);
}
