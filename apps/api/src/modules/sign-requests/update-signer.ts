import { and, eq, inArray } from 'drizzle-orm';
import {
  markerMessages,
  parseGeneratedValue,
  signingMessages,
  unfilledMarkerKind,
  type SignerDto,
  type updateSignerBody,
} from '@paraaf/contract';
import type { z } from 'zod';
import { signers, signRequests } from '../../db/schema/index.ts';
import { actorOf, type AuthedCtx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { toSignerDto, type SignerRow } from './signer-dto.ts';
import { checkIdin, checkWallet, signerColumns } from './signer-input.ts';
import {
  findCompanySigner,
  findSignableConfigs,
  insertSignerAction,
  lockSignRequest,
} from './sign-requests.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import { retireSignerLinks } from './signer-links.ts';
import { NOTIFICATION_FAILED } from './notification-failed.ts';

type Input = z.output<typeof updateSignerBody>;

/**
 * Signer states in which the sender may still correct a signer (2: verified, not yet approved;
 * 40: the address bounced).
 */
const EDITABLE_SIGNER_STATES = [1, 2, 3, 40];
/** Request states in which signers may be corrected (40: no signer could be reached). */
const EDITABLE_REQUEST_STATES = [1, 3, NOTIFICATION_FAILED];

function sameSet(a: number[], b: number[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

function changedFields(before: SignerRow, input: Input, idinServices: string[]): string[] {
  const changed: string[] = [];
  if (before.firstname !== input.firstname || before.lastname !== input.lastname)
    changed.push('naam');
  if (before.email !== input.email) changed.push('e-mailadres');
  if ((before.phone ?? null) !== (input.phone ?? null)) changed.push('telefoonnummer');
  if (before.locale !== input.locale) changed.push('taal');
  if (!sameSet(before.verifications, input.verifications)) changed.push('verificatiemethoden');
  if (before.idinServices.join() !== idinServices.join()) changed.push('iDIN-gegevens');
  if (
    before.reminderAfter !== input.reminder_after ||
    before.maxReminders !== input.max_reminders
  ) {
    changed.push('herinneringen');
  }
  return changed;
}

/**
 * A draft's signer keeps the methods its signature or paraph markers need: without them the
 * marker would stay empty (the upload refuses such a marker for the same reason).
 */
async function assertMarkersFilled(
  db: DbOrTx,
  signRequestId: number,
  position: number,
  verifications: number[],
): Promise<void> {
  for (const config of await findSignableConfigs(db, signRequestId)) {
    for (const raw of config.variables ?? []) {
      const v = raw as { type?: unknown; value?: unknown } | null;
      const ref =
        v?.type === 'generated' && typeof v.value === 'string'
          ? parseGeneratedValue(v.value)
          : null;
      const unfilled =
        ref?.signer === position ? unfilledMarkerKind(ref.kind, verifications) : null;
      if (unfilled) {
        throw ValidationError.field('verifications', markerMessages.neededByMarker[unfilled]);
      }
    }
  }
}

/**
 * PUT /api/sign-requests/{id}/update-signer. A changed address is not mailed automatically
 * (seed 000 §2); its old link is revoked at once (the old address had it), and a manual
 * reminder, allowed immediately, sends a new link to the new address.
 */
export async function updateSigner(
  ctx: AuthedCtx,
  signRequestId: number,
  input: Input,
): Promise<SignerDto> {
  const companyId = ctx.auth.user.companyId;
  return ctx.db.transaction(async (tx) => {
    // Locked so that a parallel send or cancel cannot slip between the check and the change.
    const request = await lockSignRequest(tx, companyId, signRequestId);
    if (!request) throw new NotFoundError();
    const signer = await findCompanySigner(tx, companyId, input.signer_id);
    if (!signer || signer.signRequestId !== request.id) throw new NotFoundError();
    if (
      !EDITABLE_REQUEST_STATES.includes(request.stateId) ||
      !EDITABLE_SIGNER_STATES.includes(signer.stateId)
    ) {
      throw new ConflictError(signingMessages.stateConflict);
    }
    // The credits were charged for the methods chosen at sending; they are fixed from then on.
    if (request.stateId !== 1 && !sameSet(signer.verifications, input.verifications)) {
      throw ValidationError.field('verifications', signingMessages.verificationsLocked);
    }
    // The steps were laid out when the request was sent; a step or role changes only in a draft.
    if (request.stateId !== 1) {
      if (input.routing_order !== undefined && input.routing_order !== signer.routingOrder) {
        throw ValidationError.field('routing_order', signingMessages.routingLocked);
      }
      if (input.role !== undefined && input.role !== signer.role) {
        throw ValidationError.field('role', signingMessages.routingLocked);
      }
    }
    if (request.stateId === 1 && !sameSet(signer.verifications, input.verifications)) {
      await assertMarkersFilled(tx, request.id, signer.position, input.verifications);
    }
    const idinServices = await checkIdin(tx, companyId, input.verifications, input.idin_services);
    const walletAttributes = await checkWallet(
      tx,
      companyId,
      input.verifications,
      input.wallet_attributes,
    );
    const emailChanged = signer.email !== input.email;
    const changed = changedFields(signer, input, idinServices);
    const now = ctx.now();
    const [row] = await tx
      .update(signers)
      .set({
        ...signerColumns(input, idinServices, walletAttributes),
        updatedAt: now,
        ...(emailChanged
          ? {
              tokenHash: null,
              // A bounced signer with a new address is waiting again (for its reminder); a
              // verified one verified the old address, so it is invited (3) again.
              ...([2, 40].includes(signer.stateId) ? { stateId: signer.invitedAt ? 3 : 1 } : {}),
            }
          : {}),
      })
      .where(and(eq(signers.id, signer.id), inArray(signers.stateId, EDITABLE_SIGNER_STATES)))
      .returning();
    if (!row) throw new ConflictError(signingMessages.stateConflict);
    // A signer reachable again puts a request that no one could act on back in progress.
    if (request.stateId === NOTIFICATION_FAILED && row.stateId === 3) {
      await tx
        .update(signRequests)
        .set({ stateId: 3, updatedAt: now })
        .where(and(eq(signRequests.id, request.id), eq(signRequests.stateId, NOTIFICATION_FAILED)));
    }
    if (emailChanged) await retireSignerLinks(tx, signer.id, now);
    await insertSignerAction(tx, {
      signerId: signer.id,
      signRequestId: request.id,
      companyId,
      type: 19,
      comment: changed.length > 0 ? `Gewijzigd: ${changed.join(', ')}` : null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      ...actorOf(ctx),
    });
    return toSignerDto(row);
  });
}
