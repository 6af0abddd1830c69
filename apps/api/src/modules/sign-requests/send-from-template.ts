import type { createSignerBody, createSignRequestBody } from '@paraaf/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import {
  createSignableFromTemplate,
  type LoadedTemplate,
} from '../templates/signable-from-template.ts';
import { addSigner } from './add-signer.ts';
import { createSignRequest } from './create-sign-request.ts';
import { startSending, type PendingCharge } from './send-sign-request.ts';

export interface TemplateSendInput {
  request: z.output<typeof createSignRequestBody>;
  /** In order: signer n fills the template's 'Ondertekenaar n'. */
  signers: z.output<typeof createSignerBody>[];
  templateId: number;
  /** The template and its PDF as the caller read them once for all its requests. */
  template?: LoadedTemplate;
  /** Text markers filled by label (signable-from-template.ts `textMarkerLabel`). */
  textValues: Record<string, string>;
  /** The bulk send row the request is made for: unique, so a row becomes one request. */
  bulkSend: { id: number; row: number };
  /** Runs in the charge, just before it (bulk send: its reserved credits released). */
  beforeCharge?: (tx: Tx) => Promise<void>;
}

/**
 * A request made and sent in one go inside the caller's transaction `tx`, through the very use
 * cases the wizard calls one by one (draft, signers, the template as its document, ready): the
 * same checks, audit rows, mails, webhook message and credit charge. The caller runs the
 * returned `charge` in the same transaction (after its other requests, so the company row is
 * locked only for the charges at the end). The whole request commits or vanishes with the
 * caller's work: a caller that goes on after a refusal runs this in a savepoint of its own.
 * Invitations are queued at `bulk` mail priority.
 */
export async function sendFromTemplate(
  ctx: AuthedCtx,
  tx: Tx,
  input: TemplateSendInput,
): Promise<{ id: number } & PendingCharge> {
  const inTx: AuthedCtx = { ...ctx, db: withoutSavepoints(tx) };
  const { id } = await createSignRequest(inTx, input.request, input.bulkSend);
  for (const signer of input.signers) await addSigner(inTx, id, signer);
  await createSignableFromTemplate(inTx, id, {
    template_id: input.templateId,
    name: null,
    textValues: input.textValues,
    ...(input.template ? { loaded: input.template } : {}),
  });
  const { charge } = await startSending(tx, inTx, id, {
    invitationPriority: 'bulk',
    ...(input.beforeCharge ? { beforeCharge: input.beforeCharge } : {}),
  });
  return { id, charge };
}

/**
 * `tx` whose `transaction(fn)` runs `fn` in `tx` itself. The use cases open a transaction each,
 * which inside `tx` would be a savepoint: two statements more per step, and nothing to gain, as
 * a refusal anywhere undoes the whole request anyway.
 */
function withoutSavepoints(tx: Tx): Tx {
  const flat = Object.create(tx, {
    transaction: { value: <T>(fn: (inner: Tx) => Promise<T>) => fn(flat) },
  }) as Tx;
  return flat;
}
