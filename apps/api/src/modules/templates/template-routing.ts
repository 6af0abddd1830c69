import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TemplateSignerRouting } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { signers, signRequests } from '../../db/schema/index.ts';

/** Signature (5) and paraaf (6): an approver or a cc puts neither. */
const MARKS = [5, 6];

/**
 * A template added to a draft gives its step, role and cc mail to the draft's signer n (its
 * placeholder 'Ondertekenaar n'), as the wizard does when a template is picked; a signer the
 * caller already gave a step, role or cc mail keeps those. An approver or a cc loses a signature
 * or paraaf check (at least the e-mail code stays). Only while the request is a draft.
 */
export async function applyTemplateRouting(
  db: DbOrTx,
  companyId: number,
  signRequestId: number,
  routing: readonly TemplateSignerRouting[],
): Promise<void> {
  const wanted = routing.filter(
    (r) => r.role !== 'signer' || r.routing_order !== 1 || r.notify_on_send,
  );
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: signers.id, position: signers.position, verifications: signers.verifications })
    .from(signers)
    .where(
      and(
        eq(signers.signRequestId, signRequestId),
        eq(signers.companyId, companyId),
        inArray(
          signers.position,
          wanted.map((r) => r.signer),
        ),
      ),
    );
  for (const row of rows) {
    const r = wanted.find((x) => x.signer === row.position)!;
    const kept =
      r.role === 'signer' ? row.verifications : row.verifications.filter((v) => !MARKS.includes(v));
    await db
      .update(signers)
      .set({
        routingOrder: r.routing_order,
        role: r.role,
        notifyOnSend: r.role === 'cc' && (r.notify_on_send ?? false),
        verifications: r.role === 'cc' ? [1] : kept.length > 0 ? kept : [1],
      })
      .where(
        and(
          eq(signers.id, row.id),
          // Left at the defaults by the caller, and the request still a draft.
          eq(signers.routingOrder, 1),
          eq(signers.role, 'signer'),
          eq(signers.notifyOnSend, false),
          sql`EXISTS (SELECT 1 FROM ${signRequests} WHERE ${signRequests.id} = ${signRequestId} AND ${signRequests.stateId} = 1)`,
        ),
      );
  }
}
