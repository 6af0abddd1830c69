import type { DbOrTx } from '../../db/client.ts';
import { domainOfEmail, findVerifiedDomain } from './sso-settings.repository.ts';

/**
 * Whether this user may still log in with a password: not when the company that verified the
 * address's domain enforces single sign-on, except its one break-glass admin (who keeps a way in
 * when the identity provider is down or misconfigured).
 */
export async function isPasswordLoginRefused(
  db: DbOrTx,
  user: { id: number; email: string },
): Promise<boolean> {
  const found = await findVerifiedDomain(db, domainOfEmail(user.email));
  if (!found || !found.config.enforce) return false;
  return found.config.breakGlassUserId !== user.id;
}
