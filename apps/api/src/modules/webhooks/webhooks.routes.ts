import type { FastifyInstance } from 'fastify';
import { webhookRequestListQuery, type WebhookSecret } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
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
  app.get('/api/webhooks/secret', async (request): Promise<WebhookSecret> => {
    const ctx = authedCtx(deps, request, 'getWebhooks');
    await requireFeature(ctx, 'webhooks');
    return { secret: await webhookSecretOf(ctx.db, ctx.auth.user.companyId) };
  });

  app.post('/api/webhooks/secret/rotate', async (request): Promise<WebhookSecret> => {
    const ctx = authedCtx(deps, request, 'getWebhooks');
    await requireFeature(ctx, 'webhooks');
    return { secret: await rotateWebhookSecret(ctx.db, ctx.auth.user.companyId) };
  });

  app.get('/api/webhook-requests', (request) =>
    listWebhookRequests(
      authedCtx(deps, request, 'getWebhooks'),
      parseInput(webhookRequestListQuery, request.query),
    ),
  );

  app.post<IdRoute>(
    '/api/webhook-requests/:id/resend',
    { schema: { params: idParams } },
    (request) => requestWebhookResend(authedCtx(deps, request, 'getWebhooks'), request.params.id),
  );
}
