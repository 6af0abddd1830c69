// Sealing figures (issue 4): wall time and peak memory to seal a 100-page PDF with three
// signers, each with a signature and a paraph on every page, plus the audit certificate and the
// PAdES signature (B-T: a timestamp from the built-in TSA over local HTTP; B-LT: the DSS update). In-process, the pure PDF part (no database): the same sealPdf() the
// 'sealing' job calls. Target: ≤ 1.5 s and ≤ 300 MB.
//   node scripts/bench-sealing.mjs        (or benchSealing() from scripts/bench.mjs)
// Prints the wall time of each phase too (load, form, stamp, audit certificate, placeholder,
// deflate, save, hash, CMS, timestamp, validation data, DSS).
// Never asserts timings; prints and returns them.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { PDFDocument } from 'pdf-lib';
import { contractPdf } from './lib/contract-pdf.mjs';
import { shadedPng } from './lib/signature-png.mjs';

const here = fileURLToPath(import.meta.url);
const api = path.resolve(path.dirname(here), '../apps/api/src');

export async function benchSealing() {
  const { sealPdf } = await tsImport(path.join(api, 'lib/pdf/seal.ts'), here);
  const { generateSelfSignedP12, loadP12 } = await tsImport(path.join(api, 'lib/pki/p12.ts'), here);
  const { answerTimestampRequest } = await tsImport(path.join(api, 'lib/pki/tsa-server.ts'), here);
  const { stampPlan } = await tsImport(path.join(api, 'modules/sealing/stamp-plan.ts'), here);

  const original = await contractPdf(100, 45);
  const identity = loadP12(generateSelfSignedP12('bench'), 'bench');
  // The seal's timestamps come over HTTP, as in production, from the built-in TSA's code.
  const tsaIdentity = loadP12(generateSelfSignedP12('bench', 'tsa'), 'bench');
  const tsa = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/timestamp-reply');
      res.end(answerTimestampRequest(tsaIdentity, Buffer.concat(chunks)));
    });
  });
  await new Promise((resolve) => tsa.listen(0, '127.0.0.1', resolve));
  const tsaUrl = `http://127.0.0.1:${tsa.address().port}/api/tsa`;
  const pages = Array.from({ length: 100 }, () => ({ width: 595.28, height: 841.89 }));
  const signers = [1, 2, 3].map((n) => ({
    id: n,
    position: n,
    firstname: `Ondertekenaar`,
    lastname: String(n),
    signedAt: new Date(),
    verifications: [1, 5, 6],
    fieldValues: {},
    hasSignature: true,
    hasParaph: true,
  }));
  const variables = [];
  for (let p = 1; p <= 100; p++) {
    for (const n of [1, 2, 3]) {
      variables.push({
        x: 40 + (n - 1) * 180,
        y: 700,
        width: 150,
        height: 50,
        page: p,
        type: 'generated',
        value: `signer.${n}.signature`,
        options: {},
      });
      variables.push({
        x: 40 + (n - 1) * 60,
        y: 780,
        width: 50,
        height: 50,
        page: p,
        type: 'generated',
        value: `signer.${n}.paraph`,
        options: {},
      });
    }
  }
  const images = new Map();
  for (const n of [1, 2, 3]) {
    images.set(`signature:${n}`, shadedPng(600, 200, 40 * n));
    images.set(`paraph:${n}`, shadedPng(200, 200, 50 * n));
  }
  const certificate = {
    signRequestId: 1,
    verifyUrl: 'http://localhost:3000/verifieren',
    subject: 'Benchmark',
    company: 'Paraaf',
    sender: { name: 'Afzender', email: 'afzender@voorbeeld.nl' },
    createdAt: new Date(),
    sentAt: new Date(),
    completedAt: new Date(),
    documents: [{ name: 'Contract', sha256: 'a'.repeat(64), pageCount: 100 }],
    signers: signers.map((s) => ({
      name: `${s.firstname} ${s.lastname}`,
      email: `s${s.id}@voorbeeld.nl`,
      phone: null,
      locale: 'nl',
      verifications: ['Email', 'Handtekening', 'Paraaf'],
      signedAt: new Date(),
      emailVerifiedAt: new Date(),
      smsVerifiedAt: null,
      idinVerifiedAt: null,
      idinAttributes: null,
      ip: '127.0.0.1',
      userAgent: 'bench',
      signaturePng: images.get(`signature:${s.id}`),
    })),
    trail: Array.from({ length: 30 }, (_, i) => ({
      signer: 'Ondertekenaar',
      label: 'Geopend',
      at: new Date(),
      ip: '127.0.0.1',
      userAgent: 'bench',
      comment: null,
      i,
    })),
  };

  // Warm-up (module loading, JIT), then the measured run.
  const input = () => ({
    original,
    items: stampPlan({ id: 1, pages, config: { variables, fields: [] } }, signers, new Date()),
    images,
    certificate,
    identity,
    sign: { tsaUrl },
  });
  await sealPdf({
    ...input(),
    original: await PDFDocument.create()
      .then((d) => (d.addPage(), d.save()))
      .then(Buffer.from),
  });
  global.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peak = baseRss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const phases = {};
  const { pdf: sealed } = await sealPdf({ ...input(), phases });
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  // BENCH_SEALED_OUT=file.pdf keeps the sealed PDF (to check it with pdfsig / qpdf --check).
  if (process.env.BENCH_SEALED_OUT) fs.writeFileSync(process.env.BENCH_SEALED_OUT, sealed);
  clearInterval(timer);
  tsa.close();
  peak = Math.max(peak, process.memoryUsage().rss);
  const result = {
    pages: 100,
    signers: 3,
    stamps: variables.length,
    sealMs: Math.round(ms),
    // CPU time of this process (all threads): steadier than wall time on a shared machine.
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round(peak / 1048576),
    inputKb: Math.round(original.length / 1024),
    outputKb: Math.round(sealed.length / 1024),
    phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])),
  };
  console.log(
    `sealing: 100 pages, 3 signers, ${variables.length} stamps: ${result.sealMs} ms (CPU ${result.cpuMs} ms), peak RSS ${result.peakRssMb} MB (${result.inputKb} kB → ${result.outputKb} kB)`,
  );
  console.log(
    `  phases (ms): ${Object.entries(result.phases)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  await benchSealing();
}
