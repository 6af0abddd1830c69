import { desc } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { officeTenants } from '../../db/schema/index.ts';
import { createGraphTransport } from './graph-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';
import type { MailTransport } from './transport.ts';

/**
 * MAIL_TRANSPORT=graph: Microsoft Graph with the tenant that consented last (office_tenants).
 * Otherwise SMTP when SMTP_URL is set, else none: the mails table is the outbox (/dev/mailbox).
 */
export function createMailTransport(
  config: Pick<Config, 'mailTransport' | 'smtpUrl' | 'microsoft'>,
  db: Db,
): MailTransport | null {
  if (config.mailTransport === 'graph') {
    return createGraphTransport({ microsoft: config.microsoft, tenant: () => consentedTenant(db) });
  }
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
}

export async function consentedTenant(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ tenantId: officeTenants.tenantId })
    .from(officeTenants)
    .orderBy(desc(officeTenants.id))
    .limit(1);
  return row?.tenantId ?? null;
}
