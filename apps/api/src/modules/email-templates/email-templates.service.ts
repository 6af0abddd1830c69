import { and, eq } from 'drizzle-orm';
import type { EmailTemplateDto } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { companyHasFeature } from '../companies/companies.repository.ts';
import {
  defaultEmailTemplate,
  defaultEmailTemplates,
  emailTemplateMeta,
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
  const effectiveLocale = emailTemplateMeta[name].locales.some((l) => l === locale) ? locale : 'nl';
  const [own] = await db
    .select({ subject: emailTemplates.subject, template: emailTemplates.template })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.companyId, companyId),
        eq(emailTemplates.name, name),
        eq(emailTemplates.locale, effectiveLocale),
        companyHasFeature(companyId, 'email_templates'),
      ),
    )
    .limit(1);
  return own ?? defaultEmailTemplate(name, effectiveLocale);
}
