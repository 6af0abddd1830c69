import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  startServer,
  type RunningServer,
} from '../../../../scripts/lib/server.mjs';
import {
  api,
  approve,
  prepareApproval,
  registerBenchCompany,
  sendSignRequest,
  signerTokenIn,
} from '../../../../scripts/lib/signing-steps.mjs';
import { openDatabase, type Database } from '../db/client.ts';
import { creditLedger, mails, signables, signRequests } from '../db/schema/index.ts';
import { startSmtpCatcher } from '../../test/smtp.ts';
import { testS3Settings } from '../../test/app.ts';
import { s3Env } from '../../test/s3.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import { listKeys } from '../lib/storage/storage.ts';

/**
 * The real server as a child process, SIGKILLed at many moments after the last signer approved
 * a 100-page document, then started again on the same data: every request ends signed (5) with
 * one sealed PDF that pdfsig accepts, one charge, and each mail once. On PGlite (the embedded
 * default) always; on PostgreSQL when DATABASE_URL is set (CI). Its files are where the run's
 * test apps keep theirs: DATA_DIR/files, or a bucket of its own with TEST_STORAGE=s3.
 */
const targets: { label: string; moments: number[] }[] = [
  { label: 'PGlite', moments: [0, 300, 800, 1500, 3000] },
  ...(process.env.DATABASE_URL
    ? [{ label: 'PostgreSQL', moments: [0, 150, 400, 800, 1100, 1500, 2000, 3000] }]
    : []),
];

interface Flow {
  companyId: number;
  token: string;
  requestId: number;
  signerEmail: string;
  signerToken: string;
  initiatorEmail: string;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});

describe.each(targets)(
  'a process killed after the last approval ($label)',
  ({ label, moments }) => {
    it(`seals, charges and mails exactly once after kills at ${moments.join(', ')} ms`, async () => {
      const smtp = await startSmtpCatcher();
      cleanups.push(() => smtp.close());
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-crash-'));
      cleanups.push(() => fs.promises.rm(dataDir, { recursive: true, force: true }));
      const s3 = await testS3Settings();
      const storage = createStorage({ dataDir, s3 });
      let databaseUrl = '';
      if (label === 'PostgreSQL') {
        const created = await createDatabase(process.env.DATABASE_URL!, {
          prefix: 'paraaf_crash_',
        });
        cleanups.push(() => created.drop());
        databaseUrl = created.url;
      }
      const start = () =>
        startServer({
          dataDir,
          quiet: true,
          // A start on a busy machine (migrations on PGlite) can take tens of seconds.
          timeoutMs: 240_000,
          env: {
            DATABASE_URL: databaseUrl,
            SMTP_URL: smtp.url,
            JOB_POLL_SECONDS: '0.5',
            WEB_DIST: path.join(dataDir, 'no-web'),
            LOG_LEVEL: 'error',
            ...(s3 ? s3Env(s3) : {}),
          },
        });
      let server: RunningServer = await start();
      cleanups.push(() => server.stop());

      const flows: Flow[] = [];
      for (const [i] of moments.entries()) {
        const sender = await registerBenchCompany(server.baseUrl, `Crash ${i} BV`);
        const signerEmail = `crash-${i}-${Date.now()}@voorbeeld.nl`;
        const requestId = await sendSignRequest(server.baseUrl, sender.token, {
          signerEmail,
          pages: 100,
        });
        const invitation = await smtp.waitForMail(signerEmail, undefined, 30_000);
        const signerToken = signerTokenIn(invitation.html || invitation.text);
        await prepareApproval(server.baseUrl, signerToken);
        const me = await api<{ email: string }>(server.baseUrl, sender.token, 'GET', '/user');
        flows.push({ ...sender, requestId, signerEmail, signerToken, initiatorEmail: me.email });
      }

      for (const [i, moment] of moments.entries()) {
        await approve(server.baseUrl, flows[i]!.signerToken);
        await new Promise((r) => setTimeout(r, moment));
        server.child.kill('SIGKILL');
        await server.exited;
        server = await start();
      }

      // Every request reaches 5 on the last server, without anyone touching it.
      const deadline = Date.now() + 300_000;
      for (const flow of flows) {
        for (;;) {
          const detail = await api<{ state_id: number }>(
            server.baseUrl,
            flow.token,
            'GET',
            `/sign-requests/${flow.requestId}`,
          );
          if (detail.state_id === 5) break;
          if (Date.now() > deadline)
            throw new Error(`request ${flow.requestId} still in ${detail.state_id}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      const documents = /Ondertekende documenten/;
      for (const flow of flows) {
        await smtp.waitForMail(flow.signerEmail, documents, 30_000);
        await smtp.waitForMail(flow.initiatorEmail, documents, 30_000);
      }
      // A duplicate would be sent by the same retry that sent the first: give it time to arrive.
      await new Promise((r) => setTimeout(r, 2000));
      await server.stop();

      const database: Database = await openDatabase(
        databaseUrl
          ? { kind: 'postgres', url: databaseUrl }
          : { kind: 'pglite', dir: path.join(dataDir, 'db') },
      );
      try {
        for (const flow of flows) {
          const to = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
          // The invitation (its subject is the request's) and the sealed documents, one message
          // each. SMTP delivers at least once: a process killed between the server's acceptance
          // and the update of sent_at sends again, as the same message (same Message-ID), which
          // mail clients show once. The documents mail was queued once (one row per recipient).
          for (const address of [flow.signerEmail, flow.initiatorEmail]) {
            const received = to(address).filter((m) => documents.test(m.subject));
            expect(new Set(received.map((m) => m.messageId)).size).toBe(1);
            const rows = await database.db
              .select({ id: mails.id })
              .from(mails)
              .where(and(eq(mails.to, address), like(mails.subject, 'Ondertekende documenten%')));
            expect(rows).toHaveLength(1);
            if (received.length > 1)
              console.warn(`${address}: one mail arrived ${received.length}×`);
          }
          expect(to(flow.signerEmail).filter((m) => /^Contract /.test(m.subject))).toHaveLength(1);

          const [request] = await database.db
            .select({ stateId: signRequests.stateId })
            .from(signRequests)
            .where(eq(signRequests.id, flow.requestId));
          expect(request!.stateId).toBe(5);
          const docs = await database.db
            .select()
            .from(signables)
            .where(eq(signables.signRequestId, flow.requestId));
          expect(docs).toHaveLength(1);
          const sealedKey = docs[0]!.signedStorageKey!;
          // One sealed file in the storage: a run cut short leaves none behind.
          expect(await listKeys(storage, `companies/${flow.companyId}/signed/`)).toEqual([
            sealedKey,
          ]);
          const sealedFile = path.join(dataDir, `sealed-${flow.requestId}.pdf`);
          fs.writeFileSync(sealedFile, await storage.get(sealedKey));
          const pdfsig = execFileSync('pdfsig', [sealedFile], { encoding: 'utf8' });
          expect(pdfsig).toContain('Signature is Valid.');
          expect(pdfsig.match(/Signature #/g)).toHaveLength(1);
          // On a bucket, nothing of the documents is left on the local disk.
          if (s3) expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

          const charges = await database.db
            .select()
            .from(creditLedger)
            .where(
              and(
                eq(creditLedger.companyId, flow.companyId),
                inArray(creditLedger.causeKey, [`sign-request:${flow.requestId}`]),
              ),
            );
          expect(charges).toHaveLength(1);
        }
      } finally {
        await database.close();
      }
    }, 1_800_000);
  },
);
