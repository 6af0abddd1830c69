// Signing-flow delays (issue 12.2–12.4): one signing at a time on a server as a user starts it
// (embedded PGlite, or PostgreSQL with the inline worker), mails caught by a real SMTP server in
// this process. Per signing: the invitation's delay after `ready`, the code mail's delay after
// it is asked for, the seal's delay after the approval (until the API shows state 5), and the
// whole send-to-sealed time with the signer acting at once (target ≤ 1.5 s embedded). Per route
// of the flow (the ten calls: create, signer, document, ready, page, code, verify, signature,
// file, approve): the median wall time and the server's CPU per call (all its threads, from
// /proc, each call started once the server is quiet so the jobs' work is not counted).
//   node scripts/bench-signing-flow.mjs     (or benchSigningFlow() from scripts/bench.mjs)
//   BENCH_ROOT=/path/to/other/checkout     runs that tree's server (old/new side by side)
//   BENCH_SIGNINGS=9 BENCH_WARMUP=5     signings counted, and signings before them to warm up (≤ 10 each)
// Never asserts timings; prints and returns them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { startServer } from './lib/server.mjs';
import { cpuNs, settled } from './lib/process-stats.mjs';
import { contractPdf } from './lib/contract-pdf.mjs';
import { shadedPng } from './lib/signature-png.mjs';
import { machineSpeed } from './lib/machine-speed.mjs';
import {
  api,
  codeIn,
  registerBenchCompany,
  sendSignRequest,
  signerTokenIn,
} from './lib/signing-steps.mjs';

const here = fileURLToPath(import.meta.url);
const RUNS = Math.min(Number(process.env.BENCH_SIGNINGS ?? 9), 10);
const WARMUP = Math.min(Math.max(Number(process.env.BENCH_WARMUP ?? 5), 1), 10);
const ROUTES = [
  'POST /sign-requests',
  'POST /sign-requests/{id}/signers',
  'POST /sign-requests/{id}/signables',
  'POST /sign-requests/{id}/ready',
  'GET /signing/{token}',
  'POST /signing/{token}/verifications/email',
  'POST /signing/{token}/verifications/email/verify',
  'PUT /signing/{token}/signature',
  'GET /signing/{token}/signables/{id}/file',
  'POST /signing/{token}/approve',
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs RUNS signings one after another; returns the medians (ms) and prints them. */
export async function benchSigningFlow({ databaseUrl = null, pages = 2 } = {}) {
  const { startSmtpCatcher } = await tsImport(
    path.resolve(path.dirname(here), '../apps/api/test/smtp.ts'),
    here,
  );
  const smtp = await startSmtpCatcher();
  const server = await startServer({
    root: process.env.BENCH_ROOT || undefined,
    dataDirPrefix: 'paraaf-bench-flow-',
    quiet: true,
    env: { DATABASE_URL: databaseUrl ?? '', SMTP_URL: smtp.url, LOG_LEVEL: 'error' },
  });
  const base = server.baseUrl;
  const arrival = async (to, subject) => {
    await smtp.waitForMail(to, subject, 30_000);
    return performance.now();
  };
  const figures = { invitation: [], code: [], seal: [], sendToSealed: [] };
  const perRoute = Object.fromEntries(ROUTES.map((r) => [r, { ms: [], cpuMs: [] }]));
  const pid = server.child.pid;
  let counting = false;
  /** One call, started once the server is quiet; its wall time and the server's CPU for it. */
  const timed = async (route, fn) => {
    await settled(pid);
    const cpu = cpuNs(pid);
    const start = performance.now();
    const answer = await fn();
    if (counting) {
      perRoute[route].ms.push(performance.now() - start);
      perRoute[route].cpuMs.push((cpuNs(pid) - cpu) / 1e6);
    }
    return answer;
  };
  const pdf = await contractPdf(pages, 45);
  const speedBefore = machineSpeed();
  const signature = `data:image/png;base64,${shadedPng(300, 100, 90).toString('base64')}`;
  try {
    // Warm-up signings (module loading, the first seal identity, the JIT compiling the hot
    // paths), not counted, from a company of their own: each company starts with 10 credits.
    const warmUp = await registerBenchCompany(base, 'Bench Flow Warm-up BV');
    const counted = await registerBenchCompany(base, 'Bench Flow BV');
    for (let run = -WARMUP; run < RUNS; run++) {
      counting = run >= 0;
      const token = counting ? counted.token : warmUp.token;
      const signerEmail = `flow-${run + 1}-${Date.now()}@voorbeeld.nl`;
      const sent = performance.now();
      const requestId = await sendSignRequest(base, token, {
        signerEmail,
        pages,
        pdf,
        verifications: [1, 5],
        step: timed,
      });
      const readyAnswered = performance.now();
      await arrival(signerEmail, /^Contract /);
      const invitedAt = performance.now();
      const invitation = smtp.mails.find((m) => m.to.includes(signerEmail));
      const signerToken = signerTokenIn(invitation.html || invitation.text);
      const s = `/signing/${signerToken}`;
      const page = await timed(ROUTES[4], () => api(base, null, 'GET', s));
      await timed(ROUTES[5], () => api(base, null, 'POST', `${s}/verifications/email`));
      const asked = performance.now();
      const codeAt = await arrival(signerEmail, /code/i);
      const codeMail = smtp.mails.find(
        (m) => m.to.includes(signerEmail) && /code/i.test(m.subject),
      );
      const code = codeIn(codeMail.subject + ' ' + codeMail.text);
      await timed(ROUTES[6], () =>
        api(base, null, 'POST', `${s}/verifications/email/verify`, { code }),
      );
      await timed(ROUTES[7], () =>
        api(base, null, 'PUT', `${s}/signature`, { type: 'signature', image: signature }),
      );
      for (const doc of page.documents) {
        await timed(ROUTES[8], async () => {
          const res = await fetch(`${base}/api${s}/signables/${doc.id}/file`);
          if (!res.ok) throw new Error(`document ${doc.id}: ${res.status}`);
          await res.arrayBuffer();
        });
      }
      const approved = performance.now();
      await timed(ROUTES[9], () => api(base, null, 'POST', `${s}/approve`));
      for (;;) {
        const detail = await api(base, token, 'GET', `/sign-requests/${requestId}`);
        if (detail.state_id === 5) break;
        if (performance.now() - approved > 60_000) throw new Error('not sealed within 60 s');
        await new Promise((r) => setTimeout(r, 20));
      }
      const sealed = performance.now();
      if (run < 0) continue;
      figures.invitation.push(invitedAt - readyAnswered);
      figures.code.push(codeAt - asked);
      figures.seal.push(sealed - approved);
      figures.sendToSealed.push(sealed - sent);
    }
  } finally {
    await server.stop();
    await smtp.close();
  }
  const result = Object.fromEntries(
    Object.entries(figures).map(([k, xs]) => [k, Math.round(median(xs))]),
  );
  const all = (xs) => xs.map((x) => Math.round(x)).join(', ');
  console.log(
    `  ${databaseUrl ? 'PostgreSQL, 1 process (inline worker)' : 'embedded (PGlite)'}, ${RUNS} signings one at a time after ${WARMUP} to warm up, ${pages}-page document, median ms:`,
  );
  console.log(
    `    send-to-sealed ${result.sendToSealed} [${all(figures.sendToSealed)}] (target ≤ 1500 embedded; the signer acts at once)`,
  );
  console.log(`    invitation after ready ${result.invitation} [${all(figures.invitation)}]`);
  console.log(`    code mail after asking ${result.code} [${all(figures.code)}]`);
  console.log(`    sealed after approval ${result.seal} [${all(figures.seal)}]`);
  console.log('    per route, median wall ms / server CPU ms per call:');
  result.routes = {};
  let totalMs = 0;
  let totalCpu = 0;
  for (const [route, { ms, cpuMs }] of Object.entries(perRoute)) {
    const r = { ms: median(ms), cpuMs: median(cpuMs) };
    result.routes[route] = r;
    totalMs += r.ms;
    totalCpu += r.cpuMs;
    console.log(`      ${route.padEnd(50)} ${r.ms.toFixed(1).padStart(6)} / ${r.cpuMs.toFixed(1)}`);
  }
  result.callsMs = Math.round(totalMs);
  result.callsCpuMs = Math.round(totalCpu);
  console.log(
    `      ${'all ten calls'.padEnd(50)} ${totalMs.toFixed(1).padStart(6)} / ${totalCpu.toFixed(1)}`,
  );
  // Each signing's ten calls in order: whether the process is still warming up (JIT) shows here.
  const perSigning = (key) =>
    Array.from({ length: RUNS }, (_, i) =>
      Object.values(perRoute).reduce((sum, r) => sum + (r[key][i] ?? 0), 0),
    );
  console.log(`      ten calls per signing, wall ms: [${all(perSigning('ms'))}]`);
  console.log(`      ten calls per signing, CPU ms:  [${all(perSigning('cpuMs'))}]`);
  result.machineSpeed = [speedBefore, machineSpeed()].map(Math.round);
  console.log(
    `    machine speed: the fixed work took ${result.machineSpeed.join(' ms of CPU before, ')} ms after (lower is faster; scripts/lib/machine-speed.mjs)`,
  );
  return result;
}

if (process.argv[1] === here) {
  await benchSigningFlow({ databaseUrl: process.env.DATABASE_URL || null });
}
