import {
  BULK_PREVIEW_ROWS,
  bulkSendMessages,
  createBulkSendForm,
  signingMessages,
  type BulkPreviewRow,
  type BulkRowError,
  type BulkSendPreviewDto,
} from '@paraaf/contract';
import { bulkSendRows, bulkSends } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { decodeForm, requireFile, type Upload } from '../../lib/multipart-form.ts';
import { parseInput } from '../../lib/validate.ts';
import { costOf } from '../billing/credit-cost.ts';
import { findCompanyWithPlan } from '../companies/companies.repository.ts';
import { featuresOf, requireFeature } from '../companies/features.ts';
import { findTemplate } from '../templates/templates.repository.ts';
import { toBulkSendDto } from './bulk-send-dto.ts';
import { readSheet } from './read-sheet.ts';
import {
  duplicateKey,
  rowInput,
  type BatchDefaults,
  type RowInput,
  type RowRules,
} from './row-input.ts';
import { matchHeader, templateShape } from './template-columns.ts';

const WEEK_MS = 7 * 24 * 3600_000;
const INSERT_CHUNK = 1000;

/** The subject and message a batch sends when neither the form nor a row gives one. */
export function defaultTexts(company: string) {
  return {
    subject: `Verzoek tot ondertekening van ${company}`,
    message: `Beste [[firstname]],\n\n${company} vraagt je om documenten digitaal te ondertekenen.\n\n[[link]]\n\nMet vriendelijke groet,\n${company}`,
  };
}

/**
 * POST /api/bulk-sends: reads the file, matches its columns to the template, checks every row as
 * the wizard checks a request and its signers, flags repeated rows, and stores the batch
 * ('previewed') with its rows. Nothing is charged or sent yet.
 */
export async function previewBulkSend(ctx: AuthedCtx, upload: Upload): Promise<BulkSendPreviewDto> {
  await requireFeature(ctx, 'bulk_send');
  const companyId = ctx.auth.user.companyId;
  const form = parseInput(createBulkSendForm, decodeForm(upload.fields));
  const template = await findTemplate(ctx.db, companyId, form.template_id);
  if (!template) throw new NotFoundError(bulkSendMessages.templateNotFound);
  // An empty file part is an empty file here, not a missing one.
  if (upload.file?.bytes.length === 0)
    throw ValidationError.field('file', bulkSendMessages.fileEmpty);
  const file = requireFile(upload);
  const now = ctx.now();
  const expiresAt = form.expires_at ?? new Date(now.getTime() + WEEK_MS);
  if (expiresAt.getTime() <= now.getTime()) {
    throw ValidationError.field('expires_at', signingMessages.expiresAfterNow);
  }
  const sheet = await readSheet(file.bytes, file.filename || 'bestand.csv');
  const shape = templateShape(template.config, template.signerRouting);
  // The plan as it is now: what a row may ask (iDIN) and what each row costs.
  const { company, plan } = (await findCompanyWithPlan(ctx.db, companyId))!;
  const features = featuresOf(company, plan);
  const rules: RowRules = {
    canUseIdin: features.has('idin_verification'),
    canUseWallet: features.has('wallet_verification'),
  };
  const columns = matchHeader(sheet.header, shape);
  const texts = defaultTexts(ctx.auth.companyName);
  const defaults: BatchDefaults = {
    subject: form.subject ?? texts.subject,
    message: form.message ?? texts.message,
    expiresAt,
    isSync: form.is_sync,
  };

  const errors: BulkRowError[] = [];
  const preview: BulkPreviewRow[] = [];
  const firstRowOf = new Map<string, number>();
  const rows = sheet.rows.map((cellsList, i) => {
    const rowNumber = i + 1;
    const cells: Record<string, string> = {};
    columns.forEach((name, c) => (cells[name] = cellsList[c] ?? ''));
    const checked = rowInput(cells, shape, defaults, rules);
    const rowErrors = checked.errors.map((e) => ({ row: rowNumber, ...e }));
    if (checked.input) {
      const key = duplicateKey(checked.input);
      const earlier = firstRowOf.get(key);
      if (earlier !== undefined) {
        rowErrors.push({
          row: rowNumber,
          column: 'signer1_email',
          message: bulkSendMessages.duplicateRow(earlier),
        });
      } else firstRowOf.set(key, rowNumber);
    }
    errors.push(...rowErrors);
    const valid = rowErrors.length === 0;
    if (valid && preview.length < BULK_PREVIEW_ROWS) {
      preview.push(previewOf(rowNumber, checked.input!));
    }
    // A credit per signer plus the plan's SMS and iDIN prices, reserved and released per row.
    const creditsCost = valid ? costOf(checked.input!.signers, plan) : 0;
    return { rowNumber, cells, valid, creditsCost, error: rowErrors[0]?.message ?? null };
  });
  const rowsValid = rows.filter((r) => r.valid).length;

  const batch = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(bulkSends)
      .values({
        companyId,
        userId: ctx.auth.user.id,
        apiKeyId: ctx.auth.apiKeyId,
        templateId: template.id,
        templateName: template.name,
        filename: file.filename || 'bestand.csv',
        subject: defaults.subject,
        message: defaults.message,
        expiresAt,
        isSync: form.is_sync,
        rowsTotal: rows.length,
        rowsValid,
        signersPerRow: shape.signers,
        creditsCost: rows.reduce((sum, r) => sum + r.creditsCost, 0),
        errors,
        columns,
      })
      .returning();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(bulkSendRows).values(
        rows.slice(i, i + INSERT_CHUNK).map((r) => ({
          bulkSendId: inserted!.id,
          companyId,
          rowNumber: r.rowNumber,
          cells: r.cells,
          state: r.valid ? ('pending' as const) : ('invalid' as const),
          error: r.error,
          creditsCost: r.creditsCost,
        })),
      );
    }
    return inserted!;
  });
  return {
    ...toBulkSendDto(batch, { sent: 0, failed: rows.length - rowsValid }),
    errors,
    preview,
    columns,
  };
}

function previewOf(row: number, input: RowInput): BulkPreviewRow {
  return {
    row,
    subject: input.request.subject,
    signers: input.signers.map((s) => ({
      firstname: s.firstname,
      lastname: s.lastname,
      email: s.email,
      phone: s.phone ?? null,
      locale: s.locale,
    })),
    values: input.textValues,
  };
}
