import { randomBytes } from 'node:crypto';
import {
  companyMessages,
  LOGO_MAX_BYTES,
  LOGO_MAX_PIXELS,
  updateCompanyBody,
  type Company,
  type Feature,
} from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { readImageHeader } from '../../lib/pdf/image-header.ts';
import { isWordConversionAvailable } from '../../lib/pdf/soffice.ts';
import { parseInput } from '../../lib/validate.ts';
import { decodeForm, type Upload } from '../../lib/multipart-form.ts';
import { toCompanyPlanDto, toPlanDto } from '../billing/plan-dto.ts';
import { findLatestPeriod, listCompanyPlans } from '../billing/plans.repository.ts';
import { countCompanySignRequests } from '../sign-requests/sign-requests.read.repository.ts';
import { listCompanyUsersBrief } from '../users/users.repository.ts';
import {
  findCompanyWithPlan,
  lockCompany,
  updateCompanyRow,
  type CompanyUpdate,
} from '../companies/companies.repository.ts';
import { companyFeatures, requireFieldFeature } from '../companies/features.ts';
import { logoUrl } from '../companies/logo.ts';
import { checkWebhookUrl, WebhookUrlError } from '../webhooks/ssrf.ts';
import { DEFAULT_SMS_SENDER } from '../../lib/sms/sms-sender.ts';
import { recomputePurgeDates } from '../sign-requests/retention.ts';
import { getDepartments } from '../departments/departments.service.ts';

export async function getCompany(ctx: AuthedCtx): Promise<Company> {
  const companyId = ctx.auth.user.companyId;
  const row = await findCompanyWithPlan(ctx.db, companyId);
  if (!row) throw new NotFoundError();
  const { company, plan } = row;
  const features = [...new Set<Feature>([...plan.features, ...company.extraFeatures])];
  const [history, period, users, signRequestCount, departments, wordConversion] = await Promise.all(
    [
      listCompanyPlans(ctx.db, companyId),
      findLatestPeriod(ctx.db, companyId),
      listCompanyUsersBrief(ctx.db, companyId),
      countCompanySignRequests(ctx.db, companyId),
      getDepartments(ctx),
      isWordConversionAvailable(ctx.config.soffice),
    ],
  );
  const current = [...history].reverse().find((h) => h.row.planId === plan.id);
  return {
    id: company.id,
    name: company.name,
    phone: company.phone,
    credits: company.credits,
    max_signers: company.maxSigners,
    features,
    current_payment_plan: toPlanDto(plan, current?.row.validFrom ?? null),
    payment_plans: history.map((h) => toCompanyPlanDto(h.row, h.plan)),
    next_payment_date: plan.type === 'prepaid' ? null : (period?.endsOn ?? null),
    departments: departments.data,
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email })),
    users_count: users.length,
    sign_requests: signRequestCount,
    address: {
      tnv: company.tnv,
      street: company.street,
      housenumber: company.housenumber,
      housenumber_addition: company.housenumberAddition,
      postal: company.postal,
      city: company.city,
    },
    // What SMS messages show as sender until the company chooses its own (never empty).
    sms_name: company.smsName ?? DEFAULT_SMS_SENDER,
    webhook_url: company.webhookUrl,
    send_signed_documents_to_email: company.sendSignedDocumentsToEmail,
    gdpr_retention_days: company.gdprRetentionDays,
    custom_fields: company.customFields,
    // Without own_styling the logo is hidden (kept, and shown again after an upgrade).
    logo_url: features.includes('own_styling') ? logoUrl(company.logoToken) : null,
    logo: features.includes('own_styling') ? logoUrl(company.logoToken) : null,
    word_conversion: wordConversion,
    embed_origins: company.embedOrigins,
  };
}

function checkLogo(bytes: Buffer) {
  if (bytes.length > LOGO_MAX_BYTES)
    throw ValidationError.field('logo', companyMessages.logoTooLarge);
  // Read from the header only: the logo is stored as uploaded and never decoded here.
  const image = readImageHeader(bytes);
  if (!image) throw ValidationError.field('logo', companyMessages.logoType);
  if (
    image.width < 1 ||
    image.height < 1 ||
    image.width > LOGO_MAX_PIXELS ||
    image.height > LOGO_MAX_PIXELS
  ) {
    throw ValidationError.field('logo', companyMessages.logoDimensions);
  }
  return { ...image, contentType: image.kind === 'png' ? 'image/png' : 'image/jpeg' } as const;
}

/**
 * POST /api/company (multipart): the settings, a new logo or `delete_logo`. A new logo gets a
 * new random token, so the old URL answers 404 from then on; the old file is removed after commit.
 */
export async function updateCompany(ctx: AuthedCtx, upload: Upload): Promise<Company> {
  const companyId = ctx.auth.user.companyId;
  const input = parseInput(updateCompanyBody, decodeForm(upload.fields));
  const logo = upload.file && upload.file.bytes.length > 0 ? upload.file.bytes : null;
  if (logo) await requireFieldFeature(ctx, 'own_styling', 'logo');
  const image = logo ? checkLogo(logo) : null;
  if (input.webhook_url) await assertWebhookUrlAllowed(ctx, input.webhook_url);
  // Embedding is part of the API: a list is refused without it, an empty one is harmless.
  if (input.embed_origins?.length) await requireFieldFeature(ctx, 'api', 'embed_origins');

  let newKey: string | null = null;
  if (logo && image) {
    newKey = `companies/${companyId}/logo/${randomBytes(16).toString('hex')}`;
    await ctx.storage.put(newKey, logo);
  }
  let oldKey: string | null = null;
  const retention = input.gdpr_retention_days;
  const current = retention === undefined ? null : await findCompanyWithPlan(ctx.db, companyId);
  try {
    await ctx.db.transaction(async (tx) => {
      // A new retention period moves the purge date of every request not yet purged; the
      // request rows before the company row (db/README.md "Locks").
      if (retention !== undefined && current?.company.gdprRetentionDays !== retention)
        await recomputePurgeDates(tx, companyId, retention);
      const row = await lockCompany(tx, companyId);
      if (!row) throw new NotFoundError();
      const features = new Set<Feature>([...row.plan.features, ...row.company.extraFeatures]);
      const values: CompanyUpdate = {
        name: input.name,
        phone: input.phone,
        smsName: input.sms_name,
        sendSignedDocumentsToEmail: input.send_signed_documents_to_email,
        tnv: input.address.tnv,
        street: input.address.street,
        housenumber: input.address.housenumber,
        housenumberAddition: input.address.housenumber_addition,
        postal: input.address.postal,
        city: input.address.city,
        customFields: input.custom_fields,
      };
      if (retention !== undefined) values.gdprRetentionDays = retention;
      if (features.has('webhooks')) values.webhookUrl = input.webhook_url;
      if (input.embed_origins !== undefined) values.embedOrigins = input.embed_origins;
      if (newKey && image) {
        values.logoStorageKey = newKey;
        values.logoContentType = image.contentType;
        values.logoToken = randomBytes(24).toString('base64url');
      } else if (input.delete_logo) {
        values.logoStorageKey = null;
        values.logoContentType = null;
        values.logoToken = null;
      }
      if ((newKey || input.delete_logo) && row.company.logoStorageKey) {
        oldKey = row.company.logoStorageKey;
      }
      await updateCompanyRow(tx, companyId, values);
    });
  } catch (error) {
    if (newKey) await ctx.storage.delete(newKey).catch(() => undefined);
    throw error;
  }
  // A file left behind is harmless; a row pointing at a missing file is not.
  if (oldKey) await ctx.storage.delete(oldKey).catch(() => undefined);
  return getCompany(ctx);
}

/**
 * A webhook URL is saved only when the SSRF guard accepts it (modules/webhooks/ssrf.ts): a 422
 * on `webhook_url` with the Dutch reason. Checked only where the URL would be stored (the
 * webhooks feature), before the transaction: it may ask DNS.
 */
async function assertWebhookUrlAllowed(ctx: AuthedCtx, url: string): Promise<void> {
  if (!(await companyFeatures(ctx.db, ctx.auth.user.companyId)).has('webhooks')) return;
  try {
    await checkWebhookUrl(url, { allowLoopback: ctx.config.webhooks.allowLoopback });
  } catch (error) {
    if (error instanceof WebhookUrlError) throw ValidationError.field('webhook_url', error.message);
    throw error;
  }
}
