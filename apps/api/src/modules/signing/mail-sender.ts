import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { departments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import type { SenderCtx } from '../sign-requests/signer-mails.ts';
import type { ResolvedSigner } from './resolve-signer.ts';

/** The name mails on the signer's side come from and call [[company]]: the request's department. */
export async function mailSenderOf(
  db: DbOrTx,
  r: Pick<ResolvedSigner, 'request' | 'company'>,
): Promise<{ fromName: string; company: string }> {
  const [department] = r.request.departmentId
    ? await db.select().from(departments).where(eq(departments.id, r.request.departmentId))
    : [];
  return {
    fromName: department?.mailName || department?.name || r.company.name,
    company: department?.name || r.company.name,
  };
}

/** The signer-side context for the sending module's mail helpers (no user acts). */
export function senderCtxOf(ctx: Ctx, r: Pick<ResolvedSigner, 'company'>): SenderCtx {
  return { ...ctx, auth: { companyName: r.company.name, user: null } };
}
