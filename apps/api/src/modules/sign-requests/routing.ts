import { and, eq, inArray, sql } from 'drizzle-orm';
import { actingRoles } from '@paraaf/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { signers } from '../../db/schema/index.ts';
import type { SignerRow } from './signer-dto.ts';

/**
 * The steps of a request. Every signer has a `routing_order` (its step); signers of one step act
 * in parallel and the next step is invited once every one of them is done. A cc never acts and a
 * signer who handed over (delegation) is replaced by the new one, so neither is waited on.
 */
type Routed = Pick<SignerRow, 'routingOrder' | 'role' | 'stateId' | 'delegatedToSignerId'>;

/** Signer states of someone who is done acting (5 signed). */
const DONE = 5;

/** Whether the request waits on this signer: a signer or approver who did not hand over. */
export function isActing(s: Pick<Routed, 'role' | 'delegatedToSignerId'>): boolean {
  return actingRoles.includes(s.role) && s.delegatedToSignerId === null;
}

/** The step that acts now: the lowest step with an acting signer not yet done (null: all done). */
export function currentStep(all: readonly Routed[]): number | null {
  let step: number | null = null;
  for (const s of all) {
    if (!isActing(s) || s.stateId === DONE) continue;
    if (step === null || s.routingOrder < step) step = s.routingOrder;
  }
  return step;
}

/** Whether it is this signer's turn: no acting signer of an earlier step is still to act. */
export function isSignersTurn(all: readonly Routed[], signer: Routed): boolean {
  const step = currentStep(all);
  return step === null || signer.routingOrder <= step;
}

/** The acting signers of the first step: those invited when the request is sent. */
export function firstStepSigners<T extends Routed>(all: readonly T[]): T[] {
  const step = currentStep(all);
  return all.filter((s) => isActing(s) && s.routingOrder === step);
}

/**
 * At sending, a request in sequence (is_sync) becomes one step per signer in position order, so
 * everything after reads only `routing_order`.
 */
export async function layOutSequence(tx: DbOrTx, signRequestId: number): Promise<void> {
  await tx
    .update(signers)
    .set({ routingOrder: sql`${signers.position}` })
    .where(eq(signers.signRequestId, signRequestId));
}

/**
 * Claims the signers of `step` still waiting for their invitation (1 → 3), in one conditional
 * UPDATE: of two transactions that both find a step complete only one gets the rows, so each is
 * invited exactly once. The caller mails the rows returned (inviteSigner).
 */
export async function claimStep(tx: Tx, signRequestId: number, step: number): Promise<SignerRow[]> {
  return tx
    .update(signers)
    .set({ stateId: 3 })
    .where(
      and(
        eq(signers.signRequestId, signRequestId),
        eq(signers.routingOrder, step),
        inArray(signers.role, [...actingRoles]),
        sql`${signers.delegatedToSignerId} IS NULL`,
        eq(signers.stateId, 1),
      ),
    )
    .returning();
}
