import type { SignableDto } from '@paraaf/contract';
import type { signables } from '../../db/schema/index.ts';

export type SignableRow = typeof signables.$inferSelect;

export function toSignableDto(row: SignableRow): SignableDto {
  return {
    id: row.id,
    name: row.name,
    filename: row.filename,
    size: row.size,
    type: 1,
    state_id: row.stateId,
    options: { pages: row.pageCount, filesize: row.size, page_sizes: row.pages },
    has_acroforms: row.hasAcroforms,
    settings: row.settings,
    config: row.config,
    signed_at: row.signedAt?.toISOString() ?? null,
    file_deleted_at: row.fileDeletedAt?.toISOString() ?? null,
    signed_signable:
      row.signedStorageKey && row.signedSha256
        ? { size: row.signedSize ?? 0, sha256: row.signedSha256, pages: row.signedPageCount }
        : null,
  };
}
