import { Resolver } from 'node:dns/promises';
import { and, eq } from 'drizzle-orm';
import { ssoMessages, type SsoSettings } from '@paraaf/contract';
import { ssoDomains } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError, ValidationError, isUniqueViolation } from '../../lib/errors.ts';
import { requireFeature } from '../companies/features.ts';
import { getSsoSettings, txtRecordOf } from './sso-settings.service.ts';

/** The TXT records of a name, each joined from its strings, through DNS_SERVERS when set. */
async function txtRecords(servers: string[], domain: string): Promise<string[] | null> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The name or its TXT records do not exist: simply not (yet) verified.
    if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
    return null;
  }
}

/**
 * Checks the domain's DNS TXT record `paraaf-verificatie=<token>`; found, the domain is the
 * company's for single sign-on (unless another company verified it first: 422).
 */
export async function verifySsoDomain(ctx: AuthedCtx, domain: string): Promise<SsoSettings> {
  await requireFeature(ctx, 'sso');
  const companyId = ctx.auth.user.companyId;
  const [row] = await ctx.db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.domain, domain)));
  if (!row) throw new NotFoundError(ssoMessages.domainNotFound);
  if (!row.verifiedAt) {
    const expected = txtRecordOf(row.verificationToken);
    const records = await txtRecords(ctx.config.dnsServers, domain);
    if (records === null) throw ValidationError.field('domain', ssoMessages.domainLookupFailed);
    if (!records.includes(expected))
      throw ValidationError.field('domain', ssoMessages.domainRecordMissing(expected));
    try {
      await ctx.db
        .update(ssoDomains)
        .set({ verifiedAt: new Date() })
        .where(eq(ssoDomains.id, row.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw ValidationError.field('domain', ssoMessages.domainTaken);
      throw error;
    }
  }
  return getSsoSettings(ctx);
}
