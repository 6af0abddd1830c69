import type { Ctx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findLogoByToken } from './companies.repository.ts';

/** The public address of a logo; relative, the signer's page is on the same origin. */
export function logoUrl(token: string | null): string | null {
  return token ? `/api/logos/${token}` : null;
}

/** Logo tokens are 32 base64url characters; anything else is not found. */
const LOGO_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** GET /api/logos/{token}: the logo, without a session (signer's page, mails). */
export async function getLogo(
  ctx: Ctx,
  token: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!LOGO_TOKEN.test(token)) throw new NotFoundError();
  const logo = await findLogoByToken(ctx.db, token);
  if (!logo) throw new NotFoundError();
  const bytes = await ctx.storage.get(logo.storageKey).catch(() => null);
  if (!bytes) throw new NotFoundError();
  return { bytes, contentType: logo.contentType };
}
