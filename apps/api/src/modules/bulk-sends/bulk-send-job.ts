import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { rolePermissions, type Permission } from '@paraaf/contract';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { bulkSends, companies, users } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/queue/queue.ts';
import type { AuthedCtx, Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { bookCredits, findCompanyWithPlan } from '../companies/companies.repository.ts';
import { featuresOf } from '../companies/features.ts';
import type { LoadedTemplate } from '../templates/signable-from-template.ts';
import { findTemplate } from '../templates/templates.repository.ts';
import {
  hasPendingRows,
  lockPendingRows,
  markRowFailed,
  markRowsSent,
  type BulkSendRow,
  type BulkSendRowRow,
} from './bulk-sends.repository.ts';
import { BULK_SEND_JOB } from './bulk-send-job-name.ts';
import { rowInput, type RowInput, type RowRules } from './row-input.ts';
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
    template: LoadedTemplate;
    bulkSend: { id: number; row: number };
    beforeCharge: (tx: Tx) => Promise<void>;
  },
) => Promise<{ id: number; charge: (tx: Tx) => Promise<void> }>;

export interface BulkSendDeps extends Deps {
  sendFromTemplate: SendFromTemplate;
}

/**
 * Rows per transaction. A chunk commits (or vanishes) as a whole, so a kill leaves each of its
 * rows sent or pending; one commit per chunk instead of per row is much of the speed.
 */
export const BULK_CHUNK_ROWS = 25;
/**
 * Chunks sent at once on PostgreSQL (the pool has 10 connections; the API keeps the rest). Each
 * makes its requests in parallel with the others and charges them at its end, under the
 * company's row lock, which it holds from its first charge to its commit (db/README.md "Locks").
 */
const PG_LANES = 3;
const templateGone = 'Het template bestaat niet meer';

/**
 * Sends a batch in chunks of rows. Each chunk is one transaction: its rows locked while still
 * pending (`SKIP LOCKED`: the other lanes take the next ones); each row's request made and its
 * signers invited (`sendFromTemplate`: the same rules, audit and invitation mails as the
 * wizard's); then each request charged (its reserved credits released, its own charge, its
 * webhook message) and the rows marked sent with their requests' ids. A run killed at any moment
 * leaves every row either sent with all of that or pending with none of it; the retry (or the
 * next run) takes the pending ones, so each row is sent exactly once (also held by the unique
 * batch+row key on sign_requests). A row the request's rules refuse (say the expiry passed
 * meanwhile) undoes its chunk, whose rows then go one per transaction, each in a savepoint, so
 * that row alone fails with the Dutch reason. Creation is not throttled: the invitations go at
 * `bulk` mail priority, behind every other company's mails.
 */
export const bulkSendJob: JobDefinition<z.ZodObject<{ bulkSendId: z.ZodNumber }>, BulkSendDeps> = {
  name: BULK_SEND_JOB,
  concurrency: 1,
  keyOf: (data) => `bulk-send:${(data as { bulkSendId: number }).bulkSendId}`,
  keyPolicy: 'stately',
  retryLimit: 50,
  schema: z.object({ bulkSendId: z.number().int() }),
  async handle(deps, { bulkSendId }) {
    const [batch] = await deps.db.select().from(bulkSends).where(eq(bulkSends.id, bulkSendId));
    if (!batch || batch.state !== 'sending') return;
    const ctx = await senderCtx(deps, batch);
    // The template read once per run: its markers shape every row, its PDF is every row's document.
    const template = batch.templateId
      ? await findTemplate(deps.db, batch.companyId, batch.templateId)
      : null;
    // The plan as it is now: what a row may ask (iDIN), checked again as at the preview.
    const { company, plan } = (await findCompanyWithPlan(deps.db, batch.companyId))!;
    const features = featuresOf(company, plan);
    const rules: RowRules = {
      canUseIdin: features.has('idin_verification'),
      canUseWallet: features.has('wallet_verification'),
    };
    const source: BatchSource | null = template
      ? {
          rules,
          shape: templateShape(template.config, template.signerRouting),
          template: { row: template, pdf: await deps.storage.get(template.storageKey) },
        }
      : null;
    const lanes = deps.config.databaseUrl ? PG_LANES : 1;
    // Rows still to send one per transaction after a refusal undid a chunk.
    let isolatedRows = 0;
    for (;;) {
      let failed = false;
      const lane = async () => {
        while (!failed) {
          const isolated = isolatedRows > 0;
          if (isolated) isolatedRows -= 1;
          const chunk = (tx: Tx) => sendChunk(deps, ctx, tx, batch, source, isolated);
          try {
            if (!(await deps.db.transaction(chunk))) return;
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      };
      // Every lane ends before a failure is reported, so no chunk runs on after its job failed.
      const settled = await Promise.allSettled(Array.from({ length: lanes }, lane));
      const failure = settled.find((r) => r.status === 'rejected');
      if (failure) {
        if (!(failure.reason instanceof RowRefused)) throw failure.reason;
        isolatedRows = BULK_CHUNK_ROWS * lanes;
        continue;
      }
      // Rows a cancel held while the lanes skipped them: cancelled now, or still to send.
      if (!(await hasPendingRows(deps.db, bulkSendId))) break;
      await sleep(100);
    }
    await deps.db.transaction((tx) => finishBulkSend(ctx, tx, bulkSendId));
  },
};

interface BatchSource {
  rules: RowRules;
  shape: TemplateShape;
  template: LoadedTemplate;
}

/** A row of a chunk refused by the request's rules: the chunk is undone and sent row by row. */
class RowRefused extends Error {}

const isRefusal = (error: unknown) => error instanceof AppError && error.statusCode < 500;

/**
 * One chunk of pending rows sent in `tx` (isolated: one row, in a savepoint, a refusal failing
 * it); false when none was left.
 */
async function sendChunk(
  deps: BulkSendDeps,
  ctx: AuthedCtx,
  tx: Tx,
  batch: BulkSendRow,
  source: BatchSource | null,
  isolated: boolean,
): Promise<boolean> {
  const rows = await lockPendingRows(tx, batch.id, isolated ? 1 : BULK_CHUNK_ROWS);
  const sent: { rowId: number; signRequestId: number; charge: Charge }[] = [];
  for (const row of rows) {
    const checked = source ? checkRow(batch, source, row) : { error: templateGone };
    if ('error' in checked) {
      await markRowFailed(tx, row.id, checked.error);
      continue;
    }
    const send = (sendTx: Tx) => sendRow(deps, ctx, sendTx, batch, source!, row, checked.input);
    if (!isolated) {
      try {
        const { id, charge } = await send(tx);
        sent.push({ rowId: row.id, signRequestId: id, charge });
      } catch (error) {
        if (isRefusal(error)) throw new RowRefused();
        throw error;
      }
      continue;
    }
    try {
      // A savepoint: a refusal undoes this row's request (and charge) only.
      const id = await tx.transaction(async (sp) => {
        const made = await send(sp);
        await made.charge(sp);
        return made.id;
      });
      sent.push({ rowId: row.id, signRequestId: id, charge: null });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await markRowFailed(tx, row.id, (error as AppError).message);
    }
  }
  // The charges last: the company row is locked from the first of them to the commit only.
  for (const { charge } of sent) {
    try {
      await charge?.(tx);
    } catch (error) {
      if (isRefusal(error)) throw new RowRefused();
      throw error;
    }
  }
  await markRowsSent(tx, sent);
  return rows.length > 0;
}

type Charge = ((tx: Tx) => Promise<void>) | null;

/** The row as the request it becomes, checked again as at the preview. */
function checkRow(
  batch: BulkSendRow,
  source: BatchSource,
  row: BulkSendRowRow,
): { input: RowInput } | { error: string } {
  if (!batch.templateId) return { error: templateGone };
  const defaults = {
    subject: batch.subject ?? '',
    message: batch.message ?? '',
    expiresAt: batch.expiresAt ?? new Date(0),
    isSync: batch.isSync,
  };
  const checked = rowInput(row.cells, source.shape, defaults, source.rules);
  return checked.input
    ? { input: checked.input }
    : { error: checked.errors[0]?.message ?? templateGone };
}

/** One row's request made and its signers invited in `tx`; its charge still to run. */
function sendRow(
  deps: BulkSendDeps,
  ctx: AuthedCtx,
  tx: Tx,
  batch: BulkSendRow,
  source: BatchSource,
  row: BulkSendRowRow,
  input: RowInput,
) {
  return deps.sendFromTemplate(ctx, tx, {
    ...input,
    templateId: batch.templateId!,
    template: source.template,
    bulkSend: { id: batch.id, row: row.rowNumber },
    // The reservation made at send start pays this row: released just before the charge.
    beforeCharge: async (chargeTx) => {
      await bookCredits(
        chargeTx,
        batch.companyId,
        row.creditsCost,
        `Bulkverzending #${batch.id}, rij ${row.rowNumber}`,
        releaseCause(batch.id, row.rowNumber),
      );
    },
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
