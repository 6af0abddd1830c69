import type { BulkSendDto } from '@paraaf/contract';
import type { BulkSendRow } from './bulk-sends.repository.ts';

export function toBulkSendDto(
  row: BulkSendRow,
  counts: { sent: number; failed: number },
): BulkSendDto {
  return {
    id: row.id,
    template_id: row.templateId,
    template_name: row.templateName,
    filename: row.filename,
    state: row.state,
    rows_total: row.rowsTotal,
    rows_valid: row.rowsValid,
    rows_sent: counts.sent,
    rows_failed: counts.failed,
    credits_cost: row.creditsCost,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
