// Signing-flow delays (issue 12.2–12.4): one signing at a time on a server as a user starts it
// (embedded PGlite, or PostgreSQL with the inline worker), mails caught by a real SMTP server in
// this process. Per signing: the invitation's delay after `ready`, the code mail's delay after
// it is asked for, the seal's delay after the approval (until the API shows state 5), and the
// whole send-to-sealed time with the signer acting at once (target ≤ 1.5 s embedded).
//   node scripts/bench-signing-flow.mjs     (or benchSigningFlow() from scripts/bench.mjs)
// Never asserts timings; prints and returns them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { startServer } from './lib/server.mjs';
import {
  api,
  approve,
  codeIn,
  prepareApproval,
  registerBenchCompany,
  requestEmailCode,
  sendSignRequest,
  signerTokenIn,
  verifyEmailCode,
} from './lib/signing-steps.mjs';

const here = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.BENCH_SIGNINGS ?? 5);

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
  try {
    const { token } = await registerBenchCompany(base, 'Bench Flow BV');
    // A warm-up signing (module loading, first seal identity), not counted.
    for (let run = -1; run < RUNS; run++) {
      const signerEmail = `flow-${run + 1}-${Date.now()}@voorbeeld.nl`;
      const requestId = await sendSignRequest(base, token, {
        signerEmail,
        pages,
        verifications: [1, 5],
        send: false,
      });
      const sent = performance.now();
      await api(base, token, 'POST', `/sign-requests/${requestId}/ready`);
      const readyAnswered = performance.now();
      await arrival(signerEmail, /^Contract /);
      const invitedAt = performance.now();
      const invitation = smtp.mails.find((m) => m.to.includes(signerEmail));
      const signerToken = signerTokenIn(invitation.html || invitation.text);
      await requestEmailCode(base, signerToken);
      const asked = performance.now();
      const codeAt = await arrival(signerEmail, /code/i);
      const codeMail = smtp.mails.find(
        (m) => m.to.includes(signerEmail) && /code/i.test(m.subject),
      );
      await verifyEmailCode(base, signerToken, codeIn(codeMail.subject + ' ' + codeMail.text));
      await prepareApproval(base, signerToken);
      await approve(base, signerToken);
      const approved = performance.now();
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
    `  ${databaseUrl ? 'PostgreSQL, 1 process (inline worker)' : 'embedded (PGlite)'}, ${RUNS} signings one at a time, ${pages}-page document, median ms:`,
  );
  console.log(
    `    send-to-sealed ${result.sendToSealed} [${all(figures.sendToSealed)}] (target ≤ 1500 embedded; the signer acts at once)`,
  );
  console.log(`    invitation after ready ${result.invitation} [${all(figures.invitation)}]`);
  console.log(`    code mail after asking ${result.code} [${all(figures.code)}]`);
  console.log(`    sealed after approval ${result.seal} [${all(figures.seal)}]`);
  return result;
}

if (process.argv[1] === here) {
  await benchSigningFlow({ databaseUrl: process.env.DATABASE_URL || null });
}
