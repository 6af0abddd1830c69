import type { ApiClient } from './signing-flow.mjs';

export interface Queryable {
  query<R = any>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}
export function prepareCompany(db: Queryable, companyId: number, credits: number): Promise<number>;
export function uploadTemplate(client: ApiClient, token: string): Promise<number>;
export function bulkCsv(rows: number, domain: string): Buffer;
export function previewBatch(
  client: ApiClient,
  token: string,
  templateId: number,
  csv: Buffer,
): Promise<{ id: number; rows_total: number; rows_valid: number; credits_cost: number }>;
