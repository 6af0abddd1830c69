import type { FastifyInstance } from 'fastify';
import {
  createSignerBody,
  createSignRequestBody,
  localeCodes,
  signerActionSchema,
  signerDtoSchema,
  signRequestIdSchema,
  updateSignerBody,
  reassignSignerBody,
  inPersonBody,
  inPersonAnswer,
  viewerUserBody,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { z } from 'zod';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import { addSigner } from './add-signer.ts';
import { cancelSignRequest } from './cancel-sign-request.ts';
import { changeViewerUser } from './change-viewer-user.ts';
import { createSignRequest } from './create-sign-request.ts';
import { sendManualReminder } from './send-manual-reminder.ts';
import { sendSignRequest } from './send-sign-request.ts';
import { updateSigner } from './update-signer.ts';
import { reassignSigner } from './reassign-signer.ts';
import { signInPerson } from './sign-in-person.ts';
import { getVerifications } from './verifications.ts';
import { idParams } from '../../lib/path-params.ts';

type IdParams = { Params: { id: number } };

function bodyObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The first language of a Content-Language header that the product speaks. */
function headerLocale(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return localeCodes.find((l) => l === first);
}

/** The state-changing calls of the sending flow (the reads are in sign-requests.read.routes.ts). */
const tags: ['Ondertekeningen'] = ['Ondertekeningen'];
const signerTags: ['Ondertekenaars'] = ['Ondertekenaars'];

/** The answer of POST …/viewer-user. */
const viewerUserAnswer = z
  .object({
    id: z.int().positive(),
    viewer_user: z.object({ id: z.int().positive(), name: z.string() }).nullable(),
  })
  .meta({ examples: [{ id: 1042, viewer_user: { id: 15, name: 'Pieter Bakker' } }] });

/** The answer of GET /api/signers/{id}/verifications: the signer's audit trail. */
const verificationsAnswer = z
  .object({ data: z.object({ data: z.array(signerActionSchema) }) })
  .meta({
    examples: [
      {
        data: {
          data: [
            {
              id: 5521,
              type: 1,
              label: 'Uitnodiging verstuurd',
              comment: null,
              ip: null,
              user_agent: null,
              created_at: '2026-05-12T09:00:00.000Z',
              updated_at: '2026-05-12T09:00:00.000Z',
            },
          ],
        },
      },
    ],
  });

const exampleSignerBody = {
  firstname: 'Daan',
  lastname: 'Visser',
  email: 'daan.visser@voorbeeld.nl',
  phone: '0612345678',
  locale: 'nl',
  verifications: [1],
  reminder_after: 3,
  max_reminders: 2,
};

export function signRequestsRoutes(app: FastifyInstance, deps: Deps): void {
  app.post(
    '/api/sign-requests',
    {
      config: {
        openapi: doc({
          summary: 'Een ondertekening aanmaken (concept)',
          description:
            'Daarna: ondertekenaars toevoegen (POST …/signers), documenten uploaden ' +
            '(POST …/signables) en versturen (POST …/ready).',
          tags: ['Ondertekeningen'],
          body: createSignRequestBody,
          response: { 201: signRequestIdSchema },
          errors: [403],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSignRequest');
      const raw = bodyObject(request.body);
      const input = parseInput(createSignRequestBody, raw);
      const given =
        raw.send_documents_to_initiator !== undefined && raw.send_documents_to_initiator !== null;
      const result = await createSignRequest(ctx, {
        ...input,
        send_documents_to_initiator: given ? input.send_documents_to_initiator : undefined,
      });
      return reply.code(201).send(result);
    },
  );

  app.post<IdParams>(
    '/api/sign-requests/:id/signers',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een ondertekenaar toevoegen aan een concept',
          description:
            'Zonder `locale` krijgt de ondertekenaar de taal van de header Content-Language.',
          tags: signerTags,
          body: createSignerBody,
          response: { 201: signerDtoSchema },
          errors: [403, 404, 409],
          example: { body: exampleSignerBody },
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'createSigner');
      const raw = bodyObject(request.body);
      // Without a language of its own the signer gets the one the sender's screen asked for.
      const locale = raw.locale ?? headerLocale(request.headers['content-language']);
      const input = parseInput(createSignerBody, { ...raw, ...(locale ? { locale } : {}) });
      return reply.code(201).send(await addSigner(ctx, request.params.id, input));
    },
  );

  app.post<IdParams>(
    '/api/sign-requests/:id/ready',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Versturen: de ondertekenaars krijgen hun uitnodiging',
          description:
            'Kost credits (402 als het saldo niet genoeg is). 422 zonder ondertekenaars of documenten.',
          tags,
          response: { 200: signRequestIdSchema },
          errors: [402, 403, 404, 409, 422],
        }),
      },
    },
    (request) => sendSignRequest(authedCtx(deps, request, 'createSignRequest'), request.params.id),
  );

  app.post<IdParams>(
    '/api/sign-requests/:id/cancel',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een verstuurde ondertekening intrekken',
          tags,
          response: { 200: signRequestIdSchema },
          errors: [403, 404, 409],
        }),
      },
    },
    (request) =>
      cancelSignRequest(authedCtx(deps, request, 'cancelSignRequest'), request.params.id),
  );

  app.put<IdParams>(
    '/api/sign-requests/:id/update-signer',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een ondertekenaar wijzigen',
          description:
            'Het pad noemt de ondertekening, `signer_id` de ondertekenaar. Na het versturen ' +
            'kunnen de verificatiemethoden niet meer wijzigen.',
          tags: signerTags,
          body: updateSignerBody,
          response: { 200: signerDtoSchema },
          errors: [403, 404, 409],
          example: { body: { signer_id: 311, ...exampleSignerBody } },
        }),
      },
    },
    (request) => {
      const ctx = authedCtx(deps, request, 'updateSigner');
      return updateSigner(ctx, request.params.id, parseInput(updateSignerBody, request.body));
    },
  );

  app.put<IdParams>(
    '/api/sign-requests/:id/reassign-signer',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een ondertekenaar vervangen door een ander persoon',
          description:
            'De nieuwe persoon krijgt dezelfde stap, verificaties en velden en (als de vorige al ' +
            'uitgenodigd was) een eigen uitnodiging; de links van de vorige werken niet meer. ' +
            'Beide krijgen de audit-actie 20 (Gedelegeerd); er gaat geen extra credit af.',
          tags: signerTags,
          body: reassignSignerBody,
          response: { 200: signerDtoSchema },
          errors: [403, 404, 409],
          example: {
            body: {
              signer_id: 311,
              firstname: 'Karin',
              lastname: 'de Jong',
              email: 'karin.dejong@voorbeeld.nl',
              reason: 'Daan is met vakantie',
            },
          },
        }),
      },
    },
    (request) => {
      const ctx = authedCtx(deps, request, 'updateSigner');
      return reassignSigner(ctx, request.params.id, parseInput(reassignSignerBody, request.body));
    },
  );

  app.post<IdParams>(
    '/api/sign-requests/:id/in-person',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Op locatie tekenen: de pagina van een ondertekenaar op dit apparaat openen',
          description:
            'Na het opnieuw invoeren van het wachtwoord van de afzender: een nieuwe link voor de ' +
            'ondertekenaar die nu aan de beurt is. De audit-actie 21 legt de gebruiker en het ' +
            'apparaat vast; de ondertekenaar verifieert zich zoals ingesteld.',
          tags: signerTags,
          body: inPersonBody,
          response: { 200: inPersonAnswer },
          errors: [403, 404, 409],
          example: { body: { signer_id: 311, password: '••••••••' } },
        }),
        answerSecrets: ['url'],
      },
    },
    (request) => {
      const ctx = authedCtx(deps, request, 'updateSigner');
      return signInPerson(ctx, request.params.id, parseInput(inPersonBody, request.body));
    },
  );

  // Seed 000 §7: here the id is the signer's.
  app.put<IdParams>(
    '/api/sign-requests/:id/send-manual-reminder',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'Een herinnering sturen aan een ondertekenaar',
          description: 'Hier is `{id}` het id van de ondertekenaar (seed 000 §7).',
          tags: signerTags,
          response: { 200: signerDtoSchema },
          errors: [403, 404, 409, 422],
        }),
      },
    },
    (request) =>
      sendManualReminder(authedCtx(deps, request, 'sendSignerReminder'), request.params.id),
  );

  app.post<IdParams>(
    '/api/sign-requests/:id/viewer-user',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'De gebruiker met inzage kiezen (of `null`: niemand)',
          tags,
          body: viewerUserBody,
          response: { 200: viewerUserAnswer },
          errors: [403, 404],
          example: { body: { user_id: 15 } },
        }),
      },
    },
    (request) => {
      const ctx = authedCtx(deps, request, 'changeSignRequestViewerUser');
      const input = parseInput(viewerUserBody, request.body);
      return changeViewerUser(ctx, request.params.id, input.user_id);
    },
  );

  app.get<IdParams>(
    '/api/signers/:id/verifications',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          summary: 'De audittrail van een ondertekenaar',
          tags: signerTags,
          response: { 200: verificationsAnswer },
          errors: [403, 404],
        }),
      },
    },
    (request) => getVerifications(authedCtx(deps, request, 'getVerifications'), request.params.id),
  );
}
