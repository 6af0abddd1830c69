import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signerLinks } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * Records a link token that is about to be mailed to a signer, beside the earlier ones: a
 * reminder never kills the invitation's link, which most signers click.
 */
export async function recordSignerLink(
  tx: DbOrTx,
  signerId: number,
  token: string,
  now: Date,
): Promise<void> {
  await tx.insert(signerLinks).values({ tokenHash: sha256(token), signerId, createdAt: now });
}

/**
 * Retires every live link of a signer: after its e-mail address changed, the mails sent to the
 * old address must no longer open the request.
 */
export async function retireSignerLinks(tx: DbOrTx, signerId: number, now: Date): Promise<void> {
  await tx
    .update(signerLinks)
    .set({ retiredAt: now })
    .where(and(eq(signerLinks.signerId, signerId), isNull(signerLinks.retiredAt)));
}
