import { and, eq, inArray, sql } from 'drizzle-orm';
import { bulkSendMessages } from '@paraaf/contract';
import { bulkSendRows, bulkSends, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { AuthedCtx, Ctx } from '../../lib/context.ts';
import {
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  ValidationError,
} from '../../lib/errors.ts';
import { queueMail } from '../../lib/mail/outbox.ts';
import { renderLayout } from '../../lib/mail/layout.ts';
import { bookCredits, lockCompany } from '../companies/companies.repository.ts';
import { requireFeature } from '../companies/features.ts';
import {
  findBulkSend,
  rowCounts,
  sentRowsCost,
  type BulkSendRow,
} from './bulk-sends.repository.ts';
import { BULK_SEND_JOB } from './bulk-send-job-name.ts';

/** The ledger causes of a batch: unique, so none can be booked twice. */
export const reserveCause = (id: number) => `bulk-send:${id}:reserve`;
export const releaseCause = (id: number, row: number) => `bulk-send:${id}:row:${row}`;
export const returnCause = (id: number) => `bulk-send:${id}:return`;

/**
 * POST /api/bulk-sends/{id}/send: under the company's lock, the credits of every valid row are
 * reserved (the whole cost, else 402 with what is missing), the batch goes to 'sending' and its
 * job is queued, all in one transaction.
 */
export async function sendBulkSend(ctx: AuthedCtx, id: number): Promise<void> {
  await requireFeature(ctx, 'bulk_send');
  const companyId = ctx.auth.user.companyId;
  const batch = await findBulkSend(ctx.db, companyId, id);
  if (!batch) throw new NotFoundError();
  if (batch.state !== 'previewed') throw new ConflictError(bulkSendMessages.stateConflict);
  if (batch.rowsValid === 0) throw new ValidationError({}, bulkSendMessages.nothingToSend);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [started] = await tx
      .update(bulkSends)
      .set({
        state: 'sending',
        sentAt: now,
        userId: ctx.auth.user.id,
        apiKeyId: ctx.auth.apiKeyId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      })
      .where(and(eq(bulkSends.id, id), eq(bulkSends.state, 'previewed')))
      .returning();
    if (!started) throw new ConflictError(bulkSendMessages.stateConflict);
    // The company row last (db/README.md "Locks"), as every send of the company takes it.
    const { company } = (await lockCompany(tx, companyId))!;
    const cost = started.creditsCost;
    if (company.credits < cost) {
      throw new PaymentRequiredError(bulkSendMessages.notEnoughCredits(cost - company.credits));
    }
    if (cost > 0) {
      await bookCredits(
        tx,
        companyId,
        -cost,
        `Bulkverzending #${id} (gereserveerd)`,
        reserveCause(id),
      );
    }
    await tx.update(bulkSends).set({ creditsReserved: cost }).where(eq(bulkSends.id, id));
    await ctx.queue.enqueue(tx, BULK_SEND_JOB, { bulkSendId: id });
  });
}

/**
 * POST /api/bulk-sends/{id}/cancel: rows not yet sent are cancelled (a row being sent right now
 * finishes first: its lock holds this update) and their reserved credits are returned.
 */
export async function cancelBulkSend(ctx: AuthedCtx, id: number): Promise<void> {
  await requireFeature(ctx, 'bulk_send');
  const companyId = ctx.auth.user.companyId;
  const batch = await findBulkSend(ctx.db, companyId, id);
  if (!batch) throw new NotFoundError();
  await ctx.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bulkSends)
      .set({ state: 'cancelled', finishedAt: ctx.now() })
      .where(and(eq(bulkSends.id, id), inArray(bulkSends.state, ['previewed', 'sending'])))
      .returning();
    if (!cancelled) throw new ConflictError(bulkSendMessages.stateConflict);
    await tx
      .update(bulkSendRows)
      .set({ state: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.state, 'pending')));
    await returnUnsent(tx, cancelled);
  });
}

/** Gives back what the batch reserved and its sent rows did not use (once: a unique cause). */
async function returnUnsent(tx: Tx, batch: BulkSendRow): Promise<void> {
  if (batch.creditsReserved === 0) return;
  const unused = batch.creditsReserved - (await sentRowsCost(tx, batch.id));
  if (unused > 0) {
    await bookCredits(
      tx,
      batch.companyId,
      unused,
      `Bulkverzending #${batch.id} (niet verstuurd)`,
      returnCause(batch.id),
    );
  }
}

/**
 * The batch has no pending row left: 'done', the unused credits back (rows that failed), and one
 * mail to the sender. Guarded by the state, so a second run does nothing.
 */
export async function finishBulkSend(ctx: Ctx, tx: Tx, batchId: number): Promise<void> {
  const [done] = await tx
    .update(bulkSends)
    .set({ state: 'done', finishedAt: ctx.now() })
    .where(and(eq(bulkSends.id, batchId), eq(bulkSends.state, 'sending')))
    .returning();
  if (!done) return;
  await lockCompany(tx, done.companyId);
  await returnUnsent(tx, done);
  const [sender] = done.userId
    ? await tx.select().from(users).where(eq(users.id, done.userId))
    : [];
  if (!sender) return;
  const counts = await rowCounts(tx, done.id);
  const mail = renderLayout({
    subject: bulkSendMessages.doneSubject(done.templateName),
    paragraphs: [
      `Beste ${sender.name},`,
      `Je bulkverzending '${done.templateName}' (${done.filename}) is klaar: ${counts.sent} van de ${done.rowsTotal} rijen zijn verstuurd, ${counts.failed} niet.`,
    ],
    button: { label: 'Resultaat bekijken', url: `${ctx.config.appUrl}/bulkverzending/${done.id}` },
  });
  await queueMail(tx, ctx.queue, sender.email, mail, undefined, { priority: 'bulk' });
}
