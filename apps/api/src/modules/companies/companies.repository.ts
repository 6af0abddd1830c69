import { creditBookings, creditsBooked } from '../../lib/metrics/metrics.ts';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Feature } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { companies, creditLedger, paymentPlans } from '../../db/schema/index.ts';

/**
 * SQL: the company has the feature now (its plan's features or its extra features), for
 * statements that read hidden data only while a feature is on (featuresOf's rule in SQL).
 */
export function companyHasFeature(companyId: SQLWrapper | number, feature: Feature): SQL<boolean> {
  const wanted = JSON.stringify([feature]);
  return sql<boolean>`EXISTS (SELECT 1 FROM companies c JOIN payment_plans p ON p.id = c.payment_plan_id WHERE c.id = ${companyId} AND (c.extra_features @> ${wanted}::jsonb OR p.features @> ${wanted}::jsonb))`;
}

/**
 * The company's logo token as the signer's page and mails may show it: only while the company
 * has own_styling. Without it the logo is hidden, not deleted, and comes back with the feature.
 */
export const styledLogoToken = sql<
  string | null
>`CASE WHEN ${companyHasFeature(companies.id, 'own_styling')} THEN ${companies.logoToken} END`;

/** The company's default for sending the signed documents to the initiator, as an expression. */
export function companySendsSignedDocuments(companyId: number): SQL<boolean> {
  return sql<boolean>`(SELECT ${companies.sendSignedDocumentsToEmail} FROM ${companies} WHERE ${companies.id} = ${companyId})`;
}

export async function findCompanyWithPlan(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: paymentPlans })
    .from(companies)
    .innerJoin(paymentPlans, eq(paymentPlans.id, companies.paymentPlanId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

/** Locks the company row for the rest of the transaction (user cap, credits). */
export async function lockCompany(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: paymentPlans })
    .from(companies)
    .innerJoin(paymentPlans, eq(paymentPlans.id, companies.paymentPlanId))
    .where(eq(companies.id, companyId))
    .for('no key update', { of: companies });
  return row ?? null;
}

/**
 * Changes the balance and books it in the ledger in one statement; `causeKey` is unique,
 * so the same cause can never be booked twice.
 */
export async function bookCredits(
  db: DbOrTx,
  companyId: number,
  amount: number,
  reason: string,
  causeKey: string,
): Promise<number> {
  // One statement: the balance changed and its ledger row written from the new balance.
  const result = await db.execute<{ balance: number }>(sql`
    WITH booked AS (
      UPDATE ${companies} SET ${sql.identifier(companies.credits.name)} = ${companies.credits} + ${amount}
      WHERE ${companies.id} = ${companyId}
      RETURNING ${companies.credits} AS balance
    )
    INSERT INTO ${creditLedger} (company_id, amount, balance_after, reason, cause_key)
    SELECT ${companyId}, ${amount}, balance, ${reason}, ${causeKey} FROM booked
    RETURNING balance_after AS balance`);
  const balance = Number(result.rows[0]!.balance);
  const direction = amount >= 0 ? 'added' : 'used';
  creditBookings.inc({ direction });
  creditsBooked.inc({ direction }, Math.abs(amount));
  return balance;
}

export type CompanyUpdate = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'name'
    | 'phone'
    | 'smsName'
    | 'gdprRetentionDays'
    | 'webhookUrl'
    | 'embedOrigins'
    | 'sendSignedDocumentsToEmail'
    | 'tnv'
    | 'street'
    | 'housenumber'
    | 'housenumberAddition'
    | 'postal'
    | 'city'
    | 'customFields'
    | 'logoStorageKey'
    | 'logoContentType'
    | 'logoToken'
  >
>;

export async function updateCompanyRow(db: DbOrTx, companyId: number, values: CompanyUpdate) {
  const [row] = await db
    .update(companies)
    .set(values)
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return row ?? null;
}

/** The logo behind a public token (no company scope: the token is the secret). */
export async function findLogoByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ storageKey: companies.logoStorageKey, contentType: companies.logoContentType })
    .from(companies)
    .where(eq(companies.logoToken, token))
    .limit(1);
  return row?.storageKey && row.contentType
    ? { storageKey: row.storageKey, contentType: row.contentType }
    : null;
}
