import type {
  BulkListQuery,
  BulkRowDto,
  BulkSendDto,
  BulkSendDetailDto,
  Paginated,
} from '@paraaf/contract';
import { bulkSendMessages } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { paginated } from '../../lib/pagination.ts';
import { requireFeature } from '../companies/features.ts';
import { findTemplate } from '../templates/templates.repository.ts';
import { toBulkSendDto } from './bulk-send-dto.ts';
import * as repo from './bulk-sends.repository.ts';
import { exampleCsv, resultCsv } from './csv-files.ts';
import { templateShape } from './template-columns.ts';

async function loadBatch(ctx: AuthedCtx, id: number) {
  await requireFeature(ctx, 'bulk_send');
  const batch = await repo.findBulkSend(ctx.db, ctx.auth.user.companyId, id);
  if (!batch) throw new NotFoundError();
  return batch;
}

/** GET /api/bulk-sends/{id}: the batch, its progress and the preview's errors. */
export async function getBulkSend(ctx: AuthedCtx, id: number): Promise<BulkSendDetailDto> {
  const batch = await loadBatch(ctx, id);
  return {
    ...toBulkSendDto(batch, await repo.rowCounts(ctx.db, id)),
    errors: batch.errors,
    columns: batch.columns,
  };
}

/** GET /api/bulk-sends: the company's batches, newest first. */
export async function listBulkSends(
  ctx: AuthedCtx,
  query: BulkListQuery,
): Promise<Paginated<BulkSendDto>> {
  await requireFeature(ctx, 'bulk_send');
  const { rows, total } = await repo.findBulkSendPage(ctx.db, ctx.auth.user.companyId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const data = await Promise.all(
    rows.map(async (b) => toBulkSendDto(b, await repo.rowCounts(ctx.db, b.id))),
  );
  return paginated(data, total, query);
}

/** GET /api/bulk-sends/{id}/rows: what became of each row. */
export async function listBulkRows(
  ctx: AuthedCtx,
  id: number,
  query: BulkListQuery,
): Promise<Paginated<BulkRowDto>> {
  await loadBatch(ctx, id);
  const { rows, total } = await repo.findRowPage(ctx.db, id, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const data = rows.map((r) => ({
    row: r.rowNumber,
    state: r.state,
    sign_request_id: r.signRequestId,
    error: r.error,
  }));
  return paginated(data, total, query);
}

/** GET /api/bulk-sends/{id}/result: the result CSV. */
export async function bulkResultCsv(ctx: AuthedCtx, id: number) {
  const batch = await loadBatch(ctx, id);
  return {
    filename: `bulkverzending-${id}-resultaat.csv`,
    csv: resultCsv(batch.columns, await repo.findAllRows(ctx.db, id)),
  };
}

/** GET /api/bulk-sends/example?template_id=: the example file of a template. */
export async function bulkExampleCsv(ctx: AuthedCtx, templateId: number) {
  await requireFeature(ctx, 'bulk_send');
  const template = await findTemplate(ctx.db, ctx.auth.user.companyId, templateId);
  if (!template) throw new NotFoundError(bulkSendMessages.templateNotFound);
  return {
    filename: `voorbeeld-${template.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.csv`,
    csv: exampleCsv(templateShape(template.config, template.signerRouting)),
  };
}
