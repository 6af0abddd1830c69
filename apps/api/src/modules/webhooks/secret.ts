import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookSecrets } from '../../db/schema/index.ts';

/** Standard Webhooks' secret form: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The company's signing secret, made at first need (two first needs at once agree on one). */
export async function webhookSecretOf(db: DbOrTx, companyId: number): Promise<string> {
  await db
    .insert(webhookSecrets)
    .values({ companyId, secret: newWebhookSecret() })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: webhookSecrets.secret })
    .from(webhookSecrets)
    .where(eq(webhookSecrets.companyId, companyId));
  return row!.secret;
}

/** A new secret at once: every attempt from now on is signed with it. */
export async function rotateWebhookSecret(db: DbOrTx, companyId: number): Promise<string> {
  const secret = newWebhookSecret();
  await db
    .insert(webhookSecrets)
    .values({ companyId, secret })
    .onConflictDoUpdate({
      target: webhookSecrets.companyId,
      set: { secret, createdAt: sql`now()` },
    });
  return secret;
}
