// Storage figures (issue 18): upload and download of a 25 MB document through the API, with the
// files on disk versus in an S3 bucket (an s3rver on this machine): time (median of 3) and the
// server process's peak resident memory above its resident size before each request (Linux
// /proc VmHWM, reset with clear_refs). Called by scripts/bench.mjs as benchStorage(), or alone:
//   node scripts/bench-storage.mjs
// Never asserts timings; prints and returns them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { startServer } from './lib/server.mjs';
import { registerBenchCompany } from './lib/bench-account.mjs';

const MB = 1024 * 1024;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * A valid PDF of just under the 25 MB upload limit: a page of text and six 4 MB streams of
 * incompressible bytes (uncompressed: the upload's stream limits count decoded bytes).
 */
async function bigPdf() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Groot document voor de opslagmeting', { x: 50, y: 780, size: 14, font });
  const blobs = [];
  let seed = 1;
  for (let i = 0; i < 6; i++) {
    const bytes = Buffer.alloc(4 * MB - 64 * 1024);
    for (let j = 0; j < bytes.length; j += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      bytes.writeUInt32LE(seed, j);
    }
    blobs.push(doc.context.register(doc.context.stream(bytes)));
  }
  page.node.set(PDFName.of('PieceInfo'), doc.context.obj({ Paraaf: blobs }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A figure of /proc/<pid>/status in bytes (VmHWM: peak resident; VmRSS: resident now). */
function memory(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)[1]) * 1024;
}

/** Runs `fn` and returns its time and the server's peak RSS above its RSS before it. */
async function measured(pid, fn) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = memory(pid, 'VmRSS');
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  return { ms, peakMb: (memory(pid, 'VmHWM') - before) / MB };
}

async function benchOne(label, env, pdf) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-bench-storage-'));
  const server = await startServer({
    dataDir,
    env: { DATABASE_URL: '', SMTP_URL: '', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
    quiet: true,
  });
  try {
    const base = server.baseUrl;
    const pid = server.child.pid;
    const { token } = await registerBenchCompany(base, `Opslag ${label} BV`);
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${base}/api/sign-requests`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        subject: 'Opslagmeting',
        message: 'Graag tekenen: [[link]]',
      }),
    });
    const { id } = await created.json();
    const form = () => {
      const f = new FormData();
      f.set('name', 'Groot');
      f.set('filename', 'groot.pdf');
      f.set('type', '1');
      f.set('settings[forms_enabled]', 'false');
      f.set('file', new Blob([pdf], { type: 'application/pdf' }), 'groot.pdf');
      return f;
    };
    const uploads = [];
    const downloads = [];
    let signableId = 0;
    for (let i = 0; i < 4; i++) {
      const up = await measured(pid, async () => {
        const res = await fetch(`${base}/api/sign-requests/${id}/signables`, {
          method: 'POST',
          headers: auth,
          body: form(),
        });
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        signableId = (await res.json()).id;
      });
      const down = await measured(pid, async () => {
        const res = await fetch(`${base}/api/signables/${signableId}/file`, { headers: auth });
        let size = 0;
        for await (const chunk of res.body) size += chunk.length;
        if (res.status !== 200 || size !== pdf.length)
          throw new Error(`download: ${res.status}, ${size} of ${pdf.length} bytes`);
      });
      // The first round warms up (parser thread, SDK, connections).
      if (i > 0) {
        uploads.push(up);
        downloads.push(down);
      }
    }
    const figures = (xs) => ({
      medianMs: Math.round(median(xs.map((x) => x.ms))),
      peakRssMb: Math.round(Math.max(...xs.map((x) => x.peakMb))),
    });
    return { upload: figures(uploads), download: figures(downloads) };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStorage() {
  // The bench's s3rver is the tests' (TypeScript): loaded through tsx, as `npm start` loads the app.
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  const { startS3Server, createTestBucket, s3Env } = await import('../apps/api/test/s3.ts');
  const s3 = await startS3Server();
  try {
    const pdf = await bigPdf();
    const disk = await benchOne('disk', {}, pdf);
    const bucket = await createTestBucket(s3.endpoint);
    const onS3 = await benchOne('S3', s3Env(bucket), pdf);
    const line = (label, r) =>
      `storage: ${label}: upload median ${r.upload.medianMs} ms, peak +${r.upload.peakRssMb} MB RSS; download median ${r.download.medianMs} ms, peak +${r.download.peakRssMb} MB RSS (3 each)`;
    console.log(`storage: a ${(pdf.length / MB).toFixed(1)} MB PDF as a signable, then downloaded`);
    console.log(line('disk', disk));
    console.log(line('S3 (s3rver, same machine)', onS3));
    return { pdfBytes: pdf.length, disk, s3: onS3 };
  } finally {
    await s3.close();
    await unregister();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchStorage();
}
