import type { TemplateDto } from '@paraaf/contract';
import type { templates } from '../../db/schema/index.ts';

export type TemplateRow = typeof templates.$inferSelect;

export function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    variables: row.config.variables ?? [],
    fields: row.config.fields ?? [],
    page_count: row.pageCount,
    pages: row.pages,
    has_acroforms: row.hasAcroforms,
    size: row.size,
    signer_routing: row.signerRouting,
  };
}
