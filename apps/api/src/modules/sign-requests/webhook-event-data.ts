import { eq } from 'drizzle-orm';
import { rolePermissions, type Permission, type WebhookEventType } from '@paraaf/contract';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { signers, signRequests } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { toSignRequestDetail } from './sign-request-dto.ts';
import { findSignRequestActions, findSignRequestParts } from './sign-requests.read.repository.ts';
import { toSignerDto } from './signer-dto.ts';
import { visibleDetail } from './visible-fields.ts';

/**
 * What an integration may see is what an API key sees: the 'user' role's view of a request
 * (visible-fields.ts), document URLs without any token (a key sends its own bearer header).
 */
const integrationPermissions: ReadonlySet<Permission> = new Set(rolePermissions.user);

/**
 * The `data` of an event, read in the transaction of the change: the sign request as
 * GET /api/sign-requests/{id} returns it (plus `receipt_url` once signed), or for signer events
 * the signer as the API returns it with its `sign_request_id`. Never a link token: the DTOs
 * pick their fields and the signer's links live in another table.
 */
export async function webhookEventData(
  tx: DbOrTx,
  config: Config,
  type: WebhookEventType,
  signRequestId: number,
  signerId: number | undefined,
): Promise<Record<string, unknown>> {
  if (type.startsWith('signer.')) {
    const [signer] = await tx.select().from(signers).where(eq(signers.id, signerId!));
    if (!signer) throw new Error(`webhook event ${type}: signer ${signerId} not found`);
    return { ...toSignerDto(signer), sign_request_id: signRequestId };
  }
  const [request] = await tx.select().from(signRequests).where(eq(signRequests.id, signRequestId));
  if (!request) throw new Error(`webhook event ${type}: sign request ${signRequestId} not found`);
  // One after the other: a transaction is one connection.
  const parts = await findSignRequestParts(tx, request);
  const actions = await findSignRequestActions(tx, request);
  const viewer = { auth: { permissions: integrationPermissions } as AuthedCtx['auth'], config };
  const detail = visibleDetail(viewer, toSignRequestDetail(request, parts), actions, undefined);
  return {
    ...detail,
    ...(request.stateId === 5
      ? { receipt_url: `${config.appUrl}/api/sign-requests/${request.id}/receipt/download` }
      : {}),
  };
}
