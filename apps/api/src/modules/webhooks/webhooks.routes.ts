import type { FastifyInstance } from 'fastify';
import {
  webhookRequestListQuery,
  webhookRequestPageSchema,
  webhookResendSchema,
  webhookSecretSchema,
  type WebhookSecret,
} from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { idParams } from '../../lib/path-params.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireFeature } from '../companies/features.ts';
import { rotateWebhookSecret, webhookSecretOf } from './secret.ts';
import { listWebhookRequests, requestWebhookResend } from './webhook-requests.ts';

type IdRoute = { Params: { id: number } };

/**
 * Webhooks (issue 16, feature webhooks): the signing secret and the messages sent. Company
 * admins only (getWebhooks); an API key never holds it, so a key cannot read the secret.
 */
export function webhooksRoutes(app: FastifyInstance, deps: Deps): void {
  const tags: ['Webhooks'] = ['Webhooks'];
  const secretDoc = (summary: string, description: string) => ({
    config: {
      openapi: doc({
        auth: 'session',
        summary,
        description,
        tags,
        response: { 200: webhookSecretSchema },
        errors: [403],
      }),
      answerSecrets: ['secret'],
    },
  });

  app.get(
    '/api/webhooks/secret',
    secretDoc(
      'Het ondertekeningsgeheim van de webhooks',
      'Standard Webhooks: `whsec_` + base64. Elk bericht draagt webhook-id, webhook-timestamp en webhook-signature (`v1,` + base64 HMAC-SHA256 van `id.timestamp.body`). Alleen beheerders; een API-sleutel kan het niet lezen.',
    ),
    async (request): Promise<WebhookSecret> => {
      const ctx = authedCtx(deps, request, 'getWebhooks');
      await requireFeature(ctx, 'webhooks');
      return { secret: await webhookSecretOf(ctx.db, ctx.auth.user.companyId) };
    },
  );

  app.post(
    '/api/webhooks/secret/rotate',
    secretDoc(
      'Een nieuw ondertekeningsgeheim',
      'Het nieuwe geheim geldt direct, ook voor berichten die nog opnieuw worden geprobeerd.',
    ),
    async (request): Promise<WebhookSecret> => {
      const ctx = authedCtx(deps, request, 'getWebhooks');
      await requireFeature(ctx, 'webhooks');
      return { secret: await rotateWebhookSecret(ctx.db, ctx.auth.user.companyId) };
    },
  );

  app.get(
    '/api/webhook-requests',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'De verstuurde webhook berichten, met hun pogingen',
          description:
            'Gebeurtenissen: sign_request.sent, signer.opened, signer.verified, signer.signed, signer.declined, sign_request.signed, sign_request.declined, sign_request.expired, sign_request.cancelled. Herhaald na 5 s, 5 min, 30 min, 2 uur, 5 uur, 10 uur en 10 uur.',
          tags,
          query: webhookRequestListQuery,
          response: { 200: webhookRequestPageSchema },
          errors: [403],
        }),
      },
    },
    (request) =>
      listWebhookRequests(
        authedCtx(deps, request, 'getWebhooks'),
        parseInput(webhookRequestListQuery, request.query),
      ),
  );

  app.post<IdRoute>(
    '/api/webhook-requests/:id/resend',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een webhook bericht opnieuw versturen',
          description: 'Eén nieuwe poging met hetzelfde webhook-id, kort na dit antwoord.',
          tags,
          response: { 200: webhookResendSchema },
          errors: [403, 404],
        }),
      },
    },
    (request) => requestWebhookResend(authedCtx(deps, request, 'getWebhooks'), request.params.id),
  );
}
