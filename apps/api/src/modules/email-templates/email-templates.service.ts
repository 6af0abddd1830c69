import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  emailTemplateLocales,
  messages,
  type EmailTemplateDto,
  type Locale,
  type SaveEmailTemplateInput,
} from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, emailTemplates } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isBlankHtml, sanitizeTemplateHtml } from '../../lib/mail/sanitize-template.ts';
import { companyHasFeature } from '../companies/companies.repository.ts';
import {
  defaultEmailTemplate,
  defaultEmailTemplates,
  type DefaultEmailTemplate,
  type EmailTemplateName,
} from './defaults.ts';

function toDto(t: DefaultEmailTemplate, id: number | null = null): EmailTemplateDto {
  return {
    id,
    name: t.name,
    label: t.label,
    locale: t.locale,
    subject: t.subject,
    template: t.template,
    merge_fields: [...t.merge_fields],
  };
}

/** GET /api/email-templates/default */
export function getDefaultEmailTemplates(): { data: EmailTemplateDto[] } {
  return { data: defaultEmailTemplates.map((t) => toDto(t)) };
}

/**
 * GET /api/email-templates: the company's own versions laid over the defaults. The own versions
 * are the email_templates feature: without it (a downgrade) they are hidden, not deleted.
 */
export async function getEmailTemplates(ctx: AuthedCtx): Promise<{ data: EmailTemplateDto[] }> {
  const companyId = ctx.auth.user.companyId;
  const own = await ctx.db
    .select()
    .from(emailTemplates)
    .where(
      and(eq(emailTemplates.companyId, companyId), companyHasFeature(companyId, 'email_templates')),
    );
  const data = defaultEmailTemplates.map((d) => {
    const row = own.find((o) => o.name === d.name && o.locale === d.locale);
    return toDto(row ? { ...d, subject: row.subject, template: row.template } : d, row?.id ?? null);
  });
  return { data };
}

export interface ResolvedTemplate {
  subject: string;
  template: string;
}

/**
 * The text of one mail for one recipient: the request's own override for that locale (the
 * invitation only), else the company's version (while it has the email_templates feature),
 * else the product default.
 */
export async function resolveEmailTemplate(
  db: DbOrTx,
  companyId: number,
  name: EmailTemplateName,
  locale: string,
  override?: ResolvedTemplate,
): Promise<ResolvedTemplate> {
  if (override) return override;
  const [row] = await db
    .select({ own: ownEmailTemplate(companyId, name, locale) })
    .from(companies)
    .where(eq(companies.id, companyId));
  return chooseEmailTemplate(name, locale, undefined, row?.own ?? null);
}

/** The language a template is looked up in: the recipient's when the template has it, else Dutch. */
function templateLocale(name: EmailTemplateName, locale: string): string {
  return emailTemplateLocales[name].some((l) => l === locale) ? locale : 'nl';
}

/**
 * The company's own version of a template as an expression (null without one, or without the
 * email_templates feature), for a statement that reads other things too; chooseEmailTemplate
 * then picks the text as resolveEmailTemplate does.
 */
export function ownEmailTemplate(
  companyId: number,
  name: EmailTemplateName,
  locale: string,
): SQL<ResolvedTemplate | null> {
  return sql<ResolvedTemplate | null>`(SELECT json_build_object('subject', ${emailTemplates.subject}, 'template', ${emailTemplates.template}) FROM ${emailTemplates} WHERE ${emailTemplates.companyId} = ${companyId} AND ${emailTemplates.name} = ${name} AND ${emailTemplates.locale} = ${templateLocale(name, locale)} AND ${companyHasFeature(companyId, 'email_templates')} LIMIT 1)`;
}

/** The override, else the company's own version (ownEmailTemplate), else the product default. */
export function chooseEmailTemplate(
  name: EmailTemplateName,
  locale: string,
  override: ResolvedTemplate | undefined,
  own: ResolvedTemplate | null,
): ResolvedTemplate {
  return override ?? own ?? defaultEmailTemplate(name, templateLocale(name, locale));
}

/**
 * A template's HTML as it may be stored: through the one sanitizer; a body that is empty once
 * the unsafe parts are gone is a 422 on `template` like an empty one.
 */
export function cleanTemplate(template: string, field = 'template'): string {
  const clean = sanitizeTemplateHtml(template);
  if (isBlankHtml(clean)) throw ValidationError.field(field, messages.required);
  return clean;
}

/**
 * POST /api/email-templates: saves the company's version of one mail in one language (one row
 * per name and locale). An `id` must be that row, else 404 (another company's id included).
 */
export async function saveEmailTemplate(
  ctx: AuthedCtx,
  input: SaveEmailTemplateInput,
): Promise<EmailTemplateDto> {
  const companyId = ctx.auth.user.companyId;
  const values = { subject: input.subject, template: cleanTemplate(input.template) };
  const row = await ctx.db.transaction(async (tx) => {
    if (input.id != null) {
      const [existing] = await tx
        .select({ id: emailTemplates.id })
        .from(emailTemplates)
        .where(
          and(
            eq(emailTemplates.id, input.id),
            eq(emailTemplates.companyId, companyId),
            eq(emailTemplates.name, input.name),
            eq(emailTemplates.locale, input.locale),
          ),
        );
      if (!existing) throw new NotFoundError();
    }
    const [saved] = await tx
      .insert(emailTemplates)
      .values({ companyId, name: input.name, locale: input.locale, ...values })
      .onConflictDoUpdate({
        target: [emailTemplates.companyId, emailTemplates.name, emailTemplates.locale],
        set: { ...values, updatedAt: ctx.now() },
      })
      .returning();
    return saved!;
  });
  return toDto({ ...defaultEmailTemplate(input.name, input.locale), ...values }, row.id);
}

/** DELETE /api/email-templates/{name}/{locale}: the company's version goes; the default is back. */
export async function resetEmailTemplate(
  ctx: AuthedCtx,
  name: EmailTemplateName,
  locale: Locale,
): Promise<EmailTemplateDto> {
  if (!emailTemplateLocales[name].includes(locale)) throw new NotFoundError();
  await ctx.db
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.companyId, ctx.auth.user.companyId),
        eq(emailTemplates.name, name),
        eq(emailTemplates.locale, locale),
      ),
    );
  return toDto(defaultEmailTemplate(name, locale));
}

/**
 * A request's own invitation texts per language (the wizard's choice), through the same
 * sanitizer before they are stored.
 */
export function cleanTemplateOverrides(
  perLocale: Partial<Record<string, ResolvedTemplate>> | undefined,
): Record<string, ResolvedTemplate> {
  const out: Record<string, ResolvedTemplate> = {};
  for (const [locale, t] of Object.entries(perLocale ?? {})) {
    if (!t) continue;
    out[locale] = {
      subject: t.subject,
      template: cleanTemplate(t.template, `email_templates.${locale}.template`),
    };
  }
  return out;
}
