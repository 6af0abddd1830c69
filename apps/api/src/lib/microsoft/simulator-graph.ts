import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MicrosoftConfig } from '../../config/env.ts';
import { graphDefaultScope } from './consent-url.ts';
import { simulatedTenant, type MicrosoftSimulatorStore } from './simulator-store.ts';

const tokenLifetimeSeconds = 3599;
/** Graph takes requests of about 4 MB (attachments in base64 included). */
const graphRequestBytes = 4 * 1024 * 1024;
/** The simulator keeps uploads in memory: files up to 25 MB (an Exchange mail's usual cap). */
const maxUploadBytes = 25 * 1024 * 1024;

/** The bearer token of a Graph call, or a 401 in Graph's shape. */
function isAuthorised(
  store: MicrosoftSimulatorStore,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (token && store.isTokenValid(token)) return true;
  void reply.code(401).send({
    error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty or expired.' },
  });
  return false;
}

/**
 * The simulator's token endpoint and `GET graph/v1.0/organization` (the consented organisation's
 * name, read after the consent), registered on its plugin always.
 */
export function registerGraphDirectory(
  app: FastifyInstance,
  { microsoft, store }: { microsoft: MicrosoftConfig; store: MicrosoftSimulatorStore },
): void {
  app.post<{ Params: { tenant: string }; Body: Record<string, string | undefined> | null }>(
    '/login/:tenant/oauth2/v2.0/token',
    async (request, reply) => {
      const body = request.body ?? {};
      const fail = (status: number, error: string, description: string) =>
        reply.code(status).send({ error, error_description: description });
      if (request.params.tenant !== simulatedTenant.id) {
        return fail(
          400,
          'invalid_request',
          `AADSTS90002: Tenant '${request.params.tenant}' not found.`,
        );
      }
      if (body.grant_type !== 'client_credentials') {
        return fail(
          400,
          'unsupported_grant_type',
          'AADSTS70003: The app requested an unsupported grant type.',
        );
      }
      if (body.client_id !== microsoft.clientId) {
        return fail(
          400,
          'unauthorized_client',
          `AADSTS700016: Application '${body.client_id ?? ''}' was not found.`,
        );
      }
      if (body.client_secret !== microsoft.clientSecret) {
        return fail(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
      }
      if (body.scope !== graphDefaultScope) {
        return fail(
          400,
          'invalid_scope',
          'AADSTS1002012: The provided value for scope is not valid.',
        );
      }
      return {
        token_type: 'Bearer',
        expires_in: tokenLifetimeSeconds,
        ext_expires_in: tokenLifetimeSeconds,
        access_token: store.issueToken(tokenLifetimeSeconds),
      };
    },
  );

  app.get('/graph/v1.0/organization', async (request, reply) => {
    if (!isAuthorised(store, request, reply)) return reply;
    return { value: [{ id: simulatedTenant.id, displayName: simulatedTenant.name }] };
  });
}

/** Graph's mail calls (see simulator.ts), registered on its plugin when MAIL_TRANSPORT=graph. */
export function registerGraphSimulator(
  app: FastifyInstance,
  { store }: { store: MicrosoftSimulatorStore },
): void {
  const authorised = (request: FastifyRequest, reply: FastifyReply) =>
    isAuthorised(store, request, reply);

  app.post<{ Params: { sender: string }; Body: unknown }>(
    '/graph/v1.0/users/:sender/sendMail',
    { bodyLimit: graphRequestBytes },
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const problem = messageProblem(request.body);
      if (problem) return reply.code(400).send({ error: problem });
      store.receive({
        sender: request.params.sender,
        receivedAt: new Date().toISOString(),
        message: (request.body as { message: unknown }).message,
      });
      return reply.code(202).send();
    },
  );

  const draftOf = (reply: FastifyReply, sender: string, id: string) => {
    const draft = store.drafts.get(id);
    if (draft && draft.sender === sender) return draft;
    void reply.code(404).send({
      error: {
        code: 'ErrorItemNotFound',
        message: 'The specified object was not found in the store.',
      },
    });
    return null;
  };

  app.post<{ Params: { sender: string }; Body: Record<string, unknown> | null }>(
    '/graph/v1.0/users/:sender/messages',
    { bodyLimit: graphRequestBytes },
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const problem = messageProblem({ message: request.body });
      if (problem) return reply.code(400).send({ error: problem });
      const id = `AAMk${randomBytes(12).toString('base64url')}`;
      const { attachments, ...message } = request.body ?? {};
      store.addDraft(id, {
        sender: request.params.sender,
        message,
        attachments: Array.isArray(attachments) ? (attachments as Record<string, unknown>[]) : [],
      });
      return reply.code(201).send({ id, ...message });
    },
  );

  app.post<{ Params: { sender: string; messageId: string }; Body: Record<string, unknown> | null }>(
    '/graph/v1.0/users/:sender/messages/:messageId/attachments',
    { bodyLimit: graphRequestBytes },
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const draft = draftOf(reply, request.params.sender, request.params.messageId);
      if (!draft) return reply;
      const problem = messageProblem({
        message: { toRecipients: draft.message.toRecipients, attachments: [request.body] },
      });
      if (problem) return reply.code(400).send({ error: problem });
      draft.attachments.push(request.body!);
      return reply.code(201).send({ id: `att-${draft.attachments.length}` });
    },
  );

  app.post<{
    Params: { sender: string; messageId: string };
    Body: {
      AttachmentItem?: {
        attachmentType?: unknown;
        name?: unknown;
        size?: unknown;
        contentType?: unknown;
      };
    } | null;
  }>(
    '/graph/v1.0/users/:sender/messages/:messageId/attachments/createUploadSession',
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const draft = draftOf(reply, request.params.sender, request.params.messageId);
      if (!draft) return reply;
      const item = request.body?.AttachmentItem;
      const size = Number(item?.size);
      if (size > maxUploadBytes) {
        return reply.code(413).send({
          error: {
            code: 'ErrorAttachmentSizeLimitExceeded',
            message: 'The attachment is too large.',
          },
        });
      }
      if (
        item?.attachmentType !== 'file' ||
        typeof item.name !== 'string' ||
        !Number.isInteger(size) ||
        size < 1
      ) {
        return reply.code(400).send({
          error: { code: 'ErrorInvalidRequest', message: 'The AttachmentItem is not valid.' },
        });
      }
      const session = randomBytes(18).toString('base64url');
      store.addUpload(session, {
        draftId: request.params.messageId,
        name: item.name,
        contentType:
          typeof item.contentType === 'string' ? item.contentType : 'application/octet-stream',
        size,
        chunks: [],
        received: 0,
      });
      return reply.code(201).send({
        uploadUrl: `${request.protocol}://${request.host}${app.prefix}/graph/upload/${session}`,
        expirationDateTime: new Date(Date.now() + 15 * 60_000).toISOString(),
        nextExpectedRanges: ['0-'],
      });
    },
  );

  // Upload chunks are raw bytes; like Graph, at most 4 MB each (and no bearer token: the URL is it).
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: graphRequestBytes },
    (_request, body, done) => done(null, body),
  );
  app.put<{ Params: { session: string }; Body: Buffer }>(
    '/graph/upload/:session',
    async (request, reply) => {
      const upload = store.uploads.get(request.params.session);
      if (!upload) {
        return reply
          .code(404)
          .send({ error: { code: 'ItemNotFound', message: 'The upload session was not found.' } });
      }
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(
        String(request.headers['content-range'] ?? ''),
      );
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (
        !range ||
        Number(range[1]) !== upload.received ||
        Number(range[2]) - Number(range[1]) + 1 !== body.length ||
        Number(range[3]) !== upload.size
      ) {
        return reply.code(416).send({
          error: {
            code: 'InvalidRange',
            message: 'The Content-Range does not continue the upload.',
          },
        });
      }
      upload.chunks.push(body);
      upload.received += body.length;
      if (upload.received < upload.size) {
        return reply.code(200).send({ nextExpectedRanges: [`${upload.received}-`] });
      }
      store.uploads.delete(request.params.session);
      store.drafts.get(upload.draftId)?.attachments.push({
        '@odata.type': '#microsoft.graph.fileAttachment',
        name: upload.name,
        contentType: upload.contentType,
        contentBytes: Buffer.concat(upload.chunks).toString('base64'),
      });
      return reply.code(201).send();
    },
  );

  app.post<{ Params: { sender: string; messageId: string } }>(
    '/graph/v1.0/users/:sender/messages/:messageId/send',
    async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const draft = draftOf(reply, request.params.sender, request.params.messageId);
      if (!draft) return reply;
      store.drafts.delete(request.params.messageId);
      store.receive({
        sender: draft.sender,
        receivedAt: new Date().toISOString(),
        message: { ...draft.message, attachments: draft.attachments },
      });
      return reply.code(202).send();
    },
  );

  // The messages carry login links: like every simulator route, answered to this machine only
  // (lib/simulator-access.ts).
  app.get('/messages', () => {
    return { data: [...store.messages].reverse(), tokens_issued: store.tokensIssued };
  });
}

function messageProblem(body: unknown): { code: string; message: string } | null {
  const message = (body as { message?: Record<string, unknown> } | null)?.message;
  if (!message || typeof message !== 'object') {
    return { code: 'ErrorInvalidRequest', message: 'The message is missing.' };
  }
  const recipients = message.toRecipients;
  const isAddress = (r: unknown) =>
    typeof (r as { emailAddress?: { address?: unknown } })?.emailAddress?.address === 'string' &&
    /^[^@\s]+@[^@\s]+$/.test((r as { emailAddress: { address: string } }).emailAddress.address);
  if (!Array.isArray(recipients) || recipients.length === 0 || !recipients.every(isAddress)) {
    return { code: 'ErrorInvalidRecipients', message: 'At least one recipient is not valid.' };
  }
  const headers = message.internetMessageHeaders;
  if (
    Array.isArray(headers) &&
    headers.some((h) => !/^x-/i.test(String((h as { name?: unknown })?.name)))
  ) {
    return {
      code: 'InvalidInternetMessageHeader',
      message: 'The internet message header name should start with x- or X-.',
    };
  }
  const attachments = message.attachments;
  if (
    Array.isArray(attachments) &&
    attachments.some(
      (a) =>
        (a as Record<string, unknown>)?.['@odata.type'] !== '#microsoft.graph.fileAttachment' ||
        typeof (a as Record<string, unknown>).contentBytes !== 'string' ||
        typeof (a as Record<string, unknown>).name !== 'string',
    )
  ) {
    return { code: 'ErrorInvalidRequest', message: 'An attachment is not a valid fileAttachment.' };
  }
  return null;
}
