import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { signables, signers, signRequests } from '../../db/schema/index.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { createStorage } from '../../lib/storage/create-storage.ts';
import { newStorageKey } from '../../lib/storage/storage.ts';
import { registerCompany, type TestApp } from '../../../test/app.ts';
import { createDraftSignRequest, setPlan } from '../../../test/factories.ts';
import { makePdf, makePng } from '../../../test/fixtures/documents.ts';
import { recordSignerLink } from '../sign-requests/signer-links.ts';
import { firstStepSigners, layOutSequence } from '../sign-requests/routing.ts';

export interface SentRequest {
  companyId: number;
  adminToken: string;
  adminEmail: string;
  requestId: number;
  signerIds: number[];
  signableIds: number[];
  /** Plain link tokens, per signer (null for a signer not invited yet). */
  tokens: (string | null)[];
}

/**
 * A sign request in progress (state 3) with real PDFs in storage and link tokens set directly:
 * the signers of the first step invited (every one, or only the first when `isSync`; a cc never).
 */
export async function sendTestRequest(
  t: TestApp,
  options: {
    signers?: Partial<typeof signers.$inferInsert>[];
    isSync?: boolean;
    documents?: number;
    config?: { variables: unknown[]; fields: unknown[] };
    expiresAt?: Date;
    /** The company's plan (a new company is on the free plan). */
    planId?: number;
  } = {},
): Promise<SentRequest> {
  const admin = await registerCompany(t);
  const companyId = admin.user.company.id;
  if (options.planId) await setPlan(t, companyId, options.planId);
  const draft = await createDraftSignRequest(t, companyId, {
    userId: admin.user.id,
    signers: options.signers ?? [{}],
    signables: options.documents ?? 1,
    isSync: options.isSync ?? false,
    expiresAt: options.expiresAt,
  });
  const storage = createStorage(t.config);
  for (const s of draft.signables) {
    const pdf = await makePdf(2);
    // A random key, as uploads have: the sealed file's key follows it, and DATA_DIR outlives runs.
    const key = newStorageKey(`companies/${companyId}/signables`);
    await storage.put(key, pdf);
    await t.db
      .update(signables)
      .set({
        storageKey: key,
        // The stored bytes' hash, as an upload records it (sealing checks the file against it).
        sha256: createHash('sha256').update(pdf).digest('hex'),
        size: pdf.length,
        pageCount: 2,
        pages: [
          { width: 595.28, height: 841.89 },
          { width: 595.28, height: 841.89 },
        ],
        config: options.config ?? { variables: [], fields: [] },
      })
      .where(eq(signables.id, s.id));
  }
  await t.db
    .update(signRequests)
    .set({ stateId: 3, sentAt: new Date() })
    .where(eq(signRequests.id, draft.request.id));
  // As sending lays it out: in sequence, each signer its own step.
  if (options.isSync) await layOutSequence(t.db, draft.request.id);
  const tokens: (string | null)[] = [];
  const firstStep = new Set(
    firstStepSigners(
      await signersOf(
        t,
        draft.signers.map((s) => s.id),
      ),
    ),
  );
  const invited = new Set([...firstStep].map((s) => s.id));
  for (const s of draft.signers) {
    if (!invited.has(s.id)) {
      tokens.push(null);
      continue;
    }
    const token = createToken();
    await t.db
      .update(signers)
      .set({ tokenHash: sha256(token), stateId: 3, invitedAt: new Date() })
      .where(eq(signers.id, s.id));
    await recordSignerLink(t.db, s.id, token, new Date());
    tokens.push(token);
  }
  return {
    companyId,
    adminToken: admin.token,
    adminEmail: admin.user.email,
    requestId: draft.request.id,
    signerIds: draft.signers.map((s) => s.id),
    signableIds: draft.signables.map((s) => s.id),
    tokens,
  };
}

/** Gives a signer a fresh link token (as an invitation would) and returns it. */
export async function tokenFor(t: TestApp, signerId: number): Promise<string> {
  const token = createToken();
  await t.db
    .update(signers)
    .set({ tokenHash: sha256(token) })
    .where(eq(signers.id, signerId));
  await recordSignerLink(t.db, signerId, token, new Date());
  return token;
}

export const pngDataUrl = (width = 300, height = 100) =>
  `data:image/png;base64,${makePng(width, height).toString('base64')}`;

export async function signerRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(signers).where(eq(signers.id, id));
  return row!;
}

export async function requestRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(signRequests).where(eq(signRequests.id, id));
  return row!;
}

export async function signersOf(t: TestApp, ids: number[]) {
  return t.db.select().from(signers).where(inArray(signers.id, ids));
}
