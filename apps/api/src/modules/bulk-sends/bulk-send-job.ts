import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { rolePermissions, type Permission } from '@paraaf/contract';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { bulkSendRows, bulkSends, companies, users } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/queue/queue.ts';
import type { AuthedCtx, Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { bookCredits } from '../companies/companies.repository.ts';
import { findTemplate } from '../templates/templates.repository.ts';
import { findPendingRows, lockPendingRow, type BulkSendRow } from './bulk-sends.repository.ts';
import { BULK_SEND_JOB } from './bulk-send-job-name.ts';
import { rowInput, type RowInput } from './row-input.ts';
import { finishBulkSend, releaseCause } from './send-bulk-send.ts';
import { templateShape, type TemplateShape } from './template-columns.ts';

/**
 * How a row becomes a sent request: sign-requests' `sendFromTemplate`, handed in at start by
 * jobs/workers.ts (this module and sign-requests share a layer and do not import each other).
 */
export type SendFromTemplate = (
  ctx: AuthedCtx,
  tx: Tx,
  input: RowInput & {
    templateId: number;
    bulkSend: { id: number; row: number };
    beforeCharge: (tx: Tx) => Promise<void>;
  },
) => Promise<{ id: number }>;

export interface BulkSendDeps extends Deps {
  sendFromTemplate: SendFromTemplate;
}

/** Rows read per round, and the most rows a batch sends per second (its invitations with it). */
const ROUND = 20;
export const BULK_ROWS_PER_SECOND = 100;
/** Rows sent at once on PostgreSQL (the pool has 10 connections; the API keeps the rest). */
const PG_LANES = 4;
const templateGone = 'Het template bestaat niet meer';

/**
 * Sends a batch row by row. Each row is one transaction: the row locked while still pending,
 * its reserved credits released, the request made and sent (`sendFromTemplate`: its own charge,
 * audit, invitation mails and webhook message), the row marked sent with the request's id. A run
 * killed at any moment leaves every row either sent with all of that or pending with none of
 * it; the retry (or the next run) takes the pending ones, so each row is sent exactly once (also
 * held by the unique batch+row key on sign_requests).
 */
export const bulkSendJob: JobDefinition<z.ZodObject<{ bulkSendId: z.ZodNumber }>, BulkSendDeps> = {
  name: BULK_SEND_JOB,
  concurrency: 1,
  keyOf: (data) => `bulk-send:${(data as { bulkSendId: number }).bulkSendId}`,
  keyPolicy: 'stately',
  retryLimit: 50,
  schema: z.object({ bulkSendId: z.number().int() }),
  async handle(deps, { bulkSendId }) {
    const started = Date.now();
    const [batch] = await deps.db.select().from(bulkSends).where(eq(bulkSends.id, bulkSendId));
    if (!batch || batch.state !== 'sending') return;
    const ctx = await senderCtx(deps, batch);
    const template = batch.templateId
      ? await findTemplate(deps.db, batch.companyId, batch.templateId)
      : null;
    const shape = template ? templateShape(template.config) : null;
    const lanes = deps.config.databaseUrl ? PG_LANES : 1;
    let sentThisRun = 0;
    for (;;) {
      const rows = await findPendingRows(deps.db, bulkSendId, ROUND);
      if (rows.length === 0) {
        await deps.db.transaction((tx) => finishBulkSend(ctx, tx, bulkSendId));
        return;
      }
      // Rows in `lanes` parallel transactions: each row its own, the company row locked only
      // for each charge. PGlite has one connection, so one lane there.
      let next = 0;
      const lane = async () => {
        while (next < rows.length) {
          const row = rows[next++]!;
          await sendRow(deps, ctx, batch, shape, row.id);
          sentThisRun += 1;
          // The throttle: a large batch queues its invitations no faster than this.
          const ahead = (sentThisRun / BULK_ROWS_PER_SECOND) * 1000 - (Date.now() - started);
          if (ahead > 0) await sleep(ahead);
        }
      };
      // Every lane ends before a failure is reported, so no row runs on after its job failed.
      const settled = await Promise.allSettled(Array.from({ length: lanes }, lane));
      const failure = settled.find((r) => r.status === 'rejected');
      if (failure) throw failure.reason;
    }
  },
};

async function sendRow(
  deps: BulkSendDeps,
  ctx: AuthedCtx,
  batch: BulkSendRow,
  shape: TemplateShape | null,
  rowId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPendingRow(tx, rowId);
    if (!row) return; // sent (or cancelled) meanwhile
    const fail = (error: string) =>
      tx
        .update(bulkSendRows)
        .set({ state: 'failed', error, updatedAt: sql`now()` })
        .where(eq(bulkSendRows.id, row.id));
    if (!shape || !batch.templateId) return fail(templateGone);
    const checked = rowInput(row.cells, shape, {
      subject: batch.subject ?? '',
      message: batch.message ?? '',
      expiresAt: batch.expiresAt ?? new Date(0),
      isSync: batch.isSync,
    });
    if (!checked.input) return fail(checked.errors[0]?.message ?? templateGone);
    const input = checked.input;
    try {
      // A savepoint: a refusal (say the expiry passed meanwhile) undoes this row's request only.
      const { id } = await tx.transaction((sp) =>
        deps.sendFromTemplate(ctx, sp, {
          ...input,
          templateId: batch.templateId!,
          bulkSend: { id: batch.id, row: row.rowNumber },
          // The reservation made at send start pays this row: released just before the charge
          // (so the company row is locked only at the end of the row's transaction).
          beforeCharge: async (chargeTx) => {
            await bookCredits(
              chargeTx,
              batch.companyId,
              batch.signersPerRow,
              `Bulkverzending #${batch.id}, rij ${row.rowNumber}`,
              releaseCause(batch.id, row.rowNumber),
            );
          },
        }),
      );
      await tx
        .update(bulkSendRows)
        .set({ state: 'sent', signRequestId: id, error: null, updatedAt: sql`now()` })
        .where(eq(bulkSendRows.id, row.id));
    } catch (error) {
      // A Dutch refusal of the request's own rules fails this row; anything else (the database
      // gone, a crash) rolls the row back to pending for the retry.
      if (error instanceof AppError && error.statusCode < 500) return fail(error.message);
      throw error;
    }
  });
}

/** The sender as the requests' audit rows and mails name them: the user who pressed send. */
async function senderCtx(deps: BulkSendDeps, batch: BulkSendRow): Promise<AuthedCtx> {
  const [found] = await deps.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, batch.userId ?? 0));
  if (!found) throw new Error(`bulk send ${batch.id}: its sender is gone`);
  return {
    ...deps,
    ip: batch.ip ?? '',
    userAgent: batch.userAgent ?? '',
    now: () => new Date(),
    auth: {
      user: found.user,
      companyName: found.companyName,
      permissions: new Set<Permission>(rolePermissions[found.user.role]),
      tokenId: null,
      apiKeyId: batch.apiKeyId,
      impersonatorId: null,
      impersonatorTokenId: null,
    },
  };
}

/**
 * At worker start: a job for every batch still sending (a no-op where one is live), so a batch
 * whose job ran out of retries while no worker was up goes on.
 */
export async function requeueBulkSends(deps: Deps): Promise<void> {
  const sending = await deps.db
    .select({ id: bulkSends.id })
    .from(bulkSends)
    .where(eq(bulkSends.state, 'sending'));
  for (const { id } of sending) await deps.queue.enqueueLater(BULK_SEND_JOB, { bulkSendId: id }, 0);
}
