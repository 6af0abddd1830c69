import { and, eq, gt } from 'drizzle-orm';
import {
  EMBED_EDITOR_SESSION_MS,
  embedMessages,
  permissionsFor,
  TEMPLATE_SIGNERS,
  type CreateEmbedLinkBody,
  type EmbedEditor,
  type EmbedEditorSession,
  type EmbedLink,
} from '@paraaf/contract';
import { companies, embedLinks, users } from '../../db/schema/index.ts';
import type { AuthedCtx, Ctx } from '../../lib/context.ts';
import { createToken, sha256 } from '../../lib/crypto.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { companyFeatures, requireFeature } from '../companies/features.ts';
import { getSignableFile } from '../documents/documents.service.ts';
import { updateSignableMarkers } from '../documents/update-markers.ts';
import { getSignRequest } from '../sign-requests/get-sign-request.ts';
import { findSignRequest } from '../sign-requests/sign-requests.repository.ts';
import { sendSignRequest } from '../sign-requests/send-sign-request.ts';
import { getTemplate, getTemplateFile, updateTemplate } from '../templates/templates.service.ts';
import {
  createEmbedLink,
  embeddingCompany,
  useEmbedLink,
  type EmbedLinkRow,
} from './embed-links.ts';

/** POST /api/sign-requests/{id}/embed-editor: a link to the marker editor of this draft only. */
export async function createDraftEditorEmbed(
  ctx: AuthedCtx,
  signRequestId: number,
  _input: CreateEmbedLinkBody,
): Promise<EmbedLink> {
  const request = await findSignRequest(ctx.db, ctx.auth.user.companyId, signRequestId);
  if (!request) throw new NotFoundError();
  await embeddingCompany(ctx);
  if (request.stateId !== 1) throw new ConflictError(embedMessages.notDraft);
  return createEmbedLink(ctx, { kind: 'sign_request', signRequestId: request.id });
}

/** POST /api/templates/{id}/embed-editor: a link to the marker editor of this template only. */
export async function createTemplateEditorEmbed(
  ctx: AuthedCtx,
  templateId: number,
  _input: CreateEmbedLinkBody,
): Promise<EmbedLink> {
  await requireFeature(ctx, 'templates');
  const template = await getTemplate(ctx, templateId);
  await embeddingCompany(ctx);
  return createEmbedLink(ctx, { kind: 'template', templateId: template.id });
}

/**
 * POST /api/embed/editor/{token}: uses the link (once) and makes the editor's session: a token
 * whose hash is kept on the link, valid 2 hours, that reaches this draft or template through
 * `/api/embed/editor-session/{token}/…` and nothing else.
 */
export async function openEditorEmbed(ctx: Ctx, token: string): Promise<EmbedEditorSession> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const link = await useEmbedLink(tx, token, ['sign_request', 'template'], now);
    const session = createToken();
    await tx
      .update(embedLinks)
      .set({
        sessionHash: sha256(session),
        sessionExpiresAt: new Date(now.getTime() + EMBED_EDITOR_SESSION_MS),
      })
      .where(eq(embedLinks.id, link.id));
    const [company] = await tx
      .select({ origins: companies.embedOrigins })
      .from(companies)
      .where(eq(companies.id, link.companyId));
    return {
      token: session,
      kind: link.kind === 'template' ? 'template' : 'sign_request',
      sign_request_id: link.signRequestId,
      template_id: link.templateId,
      origins: company?.origins ?? [],
    };
  });
}

/** An editor session: its link and the context of the user who asked for it. */
interface EditorSession {
  link: EmbedLinkRow;
  ctx: AuthedCtx;
}

/**
 * The session behind a token (404 'verlopen' once it ended), acting as the user who asked for
 * the link with that user's role, but only through the editor's own calls below.
 */
async function editorSession(ctx: Ctx, token: string): Promise<EditorSession> {
  const [row] = await ctx.db
    .select({ link: embedLinks, user: users, companyName: companies.name })
    .from(embedLinks)
    .innerJoin(
      users,
      and(eq(users.id, embedLinks.userId), eq(users.companyId, embedLinks.companyId)),
    )
    .innerJoin(companies, eq(companies.id, embedLinks.companyId))
    .where(
      and(eq(embedLinks.sessionHash, sha256(token)), gt(embedLinks.sessionExpiresAt, ctx.now())),
    );
  if (!row || !row.user.isActive) throw new NotFoundError(embedMessages.sessionEnded);
  return {
    link: row.link,
    ctx: {
      ...ctx,
      auth: {
        user: row.user,
        companyName: row.companyName,
        permissions: new Set(permissionsFor(row.user.role, false)),
        tokenId: null,
        apiKeyId: null,
        impersonatorId: null,
        impersonatorTokenId: null,
      },
    },
  };
}

/** GET /api/embed/editor-session/{token}: the draft's or template's documents and signers. */
export async function getEditor(base: Ctx, token: string): Promise<EmbedEditor> {
  const { link, ctx } = await editorSession(base, token);
  const inputFields = (await companyFeatures(ctx.db, link.companyId)).has('input_fields');
  if (link.kind === 'template') {
    const template = await getTemplate(ctx, link.templateId!);
    return {
      kind: 'template',
      title: template.name,
      can_send: false,
      input_fields: inputFields,
      signers: Array.from({ length: TEMPLATE_SIGNERS }, (_, i) => ({
        position: i + 1,
        label: `Ondertekenaar ${i + 1}`,
        verifications: null,
      })),
      documents: [
        {
          id: template.id,
          name: template.name,
          config: { variables: template.variables, fields: template.fields },
        },
      ],
    };
  }
  const request = await getSignRequest(ctx, link.signRequestId!);
  return {
    kind: 'sign_request',
    title: request.subject,
    can_send: request.state_id === 1,
    input_fields: inputFields,
    signers: request.signers.map((s) => ({
      position: s.position,
      label: `${s.firstname} ${s.lastname}`.trim(),
      verifications: s.verifications.map((v) => v.type),
    })),
    documents: request.signables.map((d) => ({ id: d.id, name: d.name, config: d.config })),
  };
}

/** The stored PDF of one of the session's documents (a draft's document, or the template). */
export async function getEditorFile(base: Ctx, token: string, documentId: number) {
  const { link, ctx } = await editorSession(base, token);
  if (link.kind === 'template') {
    if (documentId !== link.templateId) throw new NotFoundError();
    return getTemplateFile(ctx, documentId);
  }
  await assertDraftDocument(ctx, link, documentId);
  return getSignableFile(ctx, documentId);
}

async function assertDraftDocument(ctx: AuthedCtx, link: EmbedLinkRow, documentId: number) {
  const request = await getSignRequest(ctx, link.signRequestId!);
  if (!request.signables.some((d) => d.id === documentId)) throw new NotFoundError();
}

/** PUT …/documents/{id}/markers: the editor saves one document's markers and input fields. */
export async function saveEditorMarkers(
  base: Ctx,
  token: string,
  documentId: number,
  markers: { variables: unknown[]; fields: unknown[] },
): Promise<{ id: number }> {
  const { link, ctx } = await editorSession(base, token);
  if (link.kind === 'template') {
    if (documentId !== link.templateId) throw new NotFoundError();
    const template = await getTemplate(ctx, documentId);
    await updateTemplate(ctx, documentId, { name: template.name, ...markers });
    return { id: documentId };
  }
  await updateSignableMarkers(ctx, link.signRequestId!, documentId, markers);
  return { id: documentId };
}

/** POST …/send: the draft is sent as the user who asked for the link would send it. */
export async function sendFromEditor(base: Ctx, token: string): Promise<{ id: number }> {
  const { link, ctx } = await editorSession(base, token);
  if (link.kind !== 'sign_request') throw new NotFoundError();
  return sendSignRequest(ctx, link.signRequestId!);
}
