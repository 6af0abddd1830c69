import { emitWebhookEvent } from '../sign-requests/webhook-events.ts';
import { and, desc, eq } from 'drizzle-orm';
import { localeCodes, type Locale, type SigningDocument, type SigningPage } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { identitySessions, signerActions, signers, users } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FormField } from '../../lib/pdf/acroform.ts';
import { hasFirstPageImage } from '../../lib/pdf/first-page.ts';
import {
  ensureEvidence,
  recordAction,
  resolveSigner,
  type ActorCtx,
  type ResolvedSigner,
} from './resolve-signer.ts';
import { logoUrl } from '../companies/logo.ts';
import { mailSenderOf } from '../departments/mail-sender.ts';
import { listRequestSignables } from '../documents/documents.repository.ts';
import { pendingCodes } from './codes.ts';
import { drawingKey } from './drawing.ts';
import { openForms, toSigningFormFields } from './form-fields.ts';
import { maskPhone, markersOf, ownFields, stepsOf, toSigningField } from './signer-fields.ts';

/** Who sent it, as the signer knows it: the initiator's name, else the department's mail name. */
async function senderName(db: DbOrTx, r: ResolvedSigner): Promise<string | null> {
  if (r.request.userId) {
    const [user] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, r.request.userId));
    if (user) return user.name;
  }
  return (await mailSenderOf(db, r.request)).fromName || null;
}

/**
 * Writes audit 2 'Geopend' the first time a signer opens an open link. The signer row is locked
 * while checking, so parallel first opens write one row.
 */
async function recordOpened(ctx: Ctx & ActorCtx, r: ResolvedSigner): Promise<void> {
  if (r.opened) return;
  await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: signers.id })
      .from(signers)
      .where(eq(signers.id, r.signer.id))
      .for('no key update');
    const [again] = await tx
      .select({ id: signerActions.id })
      .from(signerActions)
      .where(and(eq(signerActions.signerId, r.signer.id), eq(signerActions.type, 2)))
      .limit(1);
    if (again) return;
    await recordAction(tx, r.signer, 2, ctx);
    const { id: signerId, companyId, signRequestId } = r.signer;
    const event = { companyId, signRequestId, signerId, type: 'signer.opened' } as const;
    await emitWebhookEvent(tx, ctx, event, ctx.now());
  });
}

/** The latest iDIN check of a signer, with the attributes shown once verified. */
export async function idinOf(
  db: DbOrTx,
  signerId: number,
  attributes: Record<string, string> | null,
) {
  const [session] = await db
    .select({ status: identitySessions.status })
    .from(identitySessions)
    .where(eq(identitySessions.signerId, signerId))
    .orderBy(desc(identitySessions.id))
    .limit(1);
  return {
    status: session?.status ?? ('none' as const),
    attributes: session?.status === 'verified' ? (attributes ?? {}) : {},
  };
}

/** GET /api/signing/{token}: everything the signer's page needs. */
export async function getSigningPage(ctx: Ctx, token: string): Promise<SigningPage> {
  const r = await resolveSigner(ctx, token, ctx.now());
  const { signer, request, status } = r;
  if (status === 'open') await recordOpened(ctx, r);
  const evidence = await ensureEvidence(ctx.db, signer.id, r.evidence);

  const list =
    status === 'open' || status === 'signed' ? await listRequestSignables(ctx.db, request.id) : [];
  const fields = ownFields(list, signer.position);
  const values = evidence.fieldValues;
  const shown = list.filter((s) => !s.fileDeletedAt && (status === 'open' || s.signedStorageKey));
  // The PDF's own form only while it can be filled in (a sealed document has it flattened).
  const forms =
    status === 'open' ? await openForms(ctx, signer, shown) : new Map<number, FormField[]>();
  const documents: SigningDocument[] = shown.map((s) => {
    const markers = markersOf(s, signer.position);
    return {
      id: s.id,
      name: s.name,
      page_count: s.pageCount,
      pages: s.pages,
      // Only the original has one: a signed request's page shows the sealed document.
      first_page_image: status === 'open' && hasFirstPageImage(s.size),
      signature_markers: markers.signature,
      paraph_markers: markers.paraph,
      fields: fields.filter((f) => f.signableId === s.id).map((f) => toSigningField(f, values)),
      form_fields: toSigningFormFields(s.id, forms.get(s.id) ?? [], evidence.formValues),
    };
  });
  // The steps need every field of the request, also when the documents are not listed.
  const stepFields =
    list.length > 0
      ? fields
      : ownFields(await listRequestSignables(ctx.db, request.id), signer.position);

  return {
    status,
    locale: (localeCodes as readonly string[]).includes(signer.locale)
      ? (signer.locale as Locale)
      : 'nl',
    company: { name: r.company.name, logo_url: logoUrl(r.company.logoToken) },
    sign_request: {
      id: request.id,
      subject: request.subject,
      message: request.message,
      expires_at: request.expiresAt.toISOString(),
      state_id: request.stateId,
      is_sync: request.isSync,
      allow_delegation: request.allowDelegation,
      sender_name: await senderName(ctx.db, r),
    },
    signer: {
      id: signer.id,
      firstname: signer.firstname,
      lastname: signer.lastname,
      email: signer.email,
      phone_masked: signer.verifications.includes(2) ? maskPhone(signer.phone) : null,
      state_id: signer.stateId,
      role: signer.role,
    },
    steps: stepsOf(signer, evidence, stepFields),
    documents,
    drawings: {
      signature: drawingKey(status, evidence, 'signature') !== null,
      paraph: drawingKey(status, evidence, 'paraph') !== null,
    },
    idin: await idinOf(ctx.db, signer.id, evidence.idinAttributes),
    legal: { terms_url: ctx.config.legal.termsUrl, privacy_url: ctx.config.legal.privacyUrl },
    pending_codes:
      status === 'open'
        ? await pendingCodes(ctx.db, signer.id, ctx.now())
        : { email: null, sms: null },
  };
}
