import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ssoConfigs, ssoDomains } from '../../db/schema/index.ts';
import { createToken } from '../../lib/crypto.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;

export async function findSsoConfig(db: DbOrTx, companyId: number): Promise<SsoConfigRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.companyId, companyId));
  return row ?? null;
}

export async function saveSsoConfig(
  db: DbOrTx,
  companyId: number,
  values: Partial<Omit<SsoConfigRow, 'companyId' | 'updatedAt'>>,
): Promise<SsoConfigRow> {
  const [row] = await db
    .insert(ssoConfigs)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: ssoConfigs.companyId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function findCompanyDomains(db: DbOrTx, companyId: number): Promise<SsoDomainRow[]> {
  return db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.companyId, companyId))
    .orderBy(ssoDomains.domain);
}

/** The company's list of domains becomes `domains`: kept rows keep their token and verification. */
export async function replaceCompanyDomains(
  db: DbOrTx,
  companyId: number,
  domains: string[],
): Promise<void> {
  const wanted = [...new Set(domains)];
  await db
    .delete(ssoDomains)
    .where(
      wanted.length
        ? and(eq(ssoDomains.companyId, companyId), notInArray(ssoDomains.domain, wanted))
        : eq(ssoDomains.companyId, companyId),
    );
  if (!wanted.length) return;
  await db
    .insert(ssoDomains)
    .values(
      wanted.map((domain) => ({
        companyId,
        domain,
        verificationToken: createToken().slice(0, 24),
      })),
    )
    .onConflictDoNothing();
}

/** Domains in `domains` already verified by another company than `companyId`. */
export async function domainsVerifiedElsewhere(
  db: DbOrTx,
  companyId: number,
  domains: string[],
): Promise<string[]> {
  if (!domains.length) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain, companyId: ssoDomains.companyId })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), isNotNull(ssoDomains.verifiedAt)));
  return rows.filter((r) => r.companyId !== companyId).map((r) => r.domain);
}

/** The company that verified this e-mail domain, with its single sign-on settings. */
export async function findVerifiedDomain(
  db: DbOrTx,
  domain: string,
): Promise<{ domain: SsoDomainRow; config: SsoConfigRow } | null> {
  const [row] = await db
    .select({ domain: ssoDomains, config: ssoConfigs })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.companyId, ssoDomains.companyId))
    .where(and(eq(ssoDomains.domain, domain.toLowerCase()), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row ?? null;
}

/** The part after the last `@`, lower case. */
export function domainOfEmail(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
