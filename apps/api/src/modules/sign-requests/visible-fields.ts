import type { SignRequestDetail, SignRequestListItem } from '@paraaf/contract';
import type { AuthedCtx } from '../../lib/context.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { attachmentPath } from './field-attachments.ts';

/**
 * What a caller sees of a sign request follows seed 000 §6 on the server, not only in the web:
 * a field whose permission the caller lacks is left out of the answer (absent, not null), the
 * same way in the list and the detail:
 * - `state_id`/`state`: getSignRequestStatus (the status badge); the list's status filter and an
 *   order by state are refused with 403 (listQueryAllowed);
 * - `viewer_user`/`viewer_user_id`: changeSignRequestViewerUser (the 'Inzage' row);
 * - `credits_cost`: getSignRequestCosts;
 * - `signers[].actions`: getVerifications (the audit trail);
 * - `signables[].src`/`file` and `field_values[].attachment.url`: getSignableFile (preview and
 *   download).
 */
type Permissions = AuthedCtx['auth']['permissions'];

export const hidesState = (p: Permissions) => !p.has('getSignRequestStatus');
export const hidesViewerUser = (p: Permissions) => !p.has('changeSignRequestViewerUser');

/** The list's rows without the fields the caller may not see (rows as the list builds them). */
export function visibleListItems(
  p: Permissions,
  rows: SignRequestListItem[],
): SignRequestListItem[] {
  const noState = hidesState(p);
  const noViewer = hidesViewerUser(p);
  return rows.map(({ state_id, state, turn, viewer_user, ...rest }) => ({
    ...rest,
    // Whose turn it is tells the status too.
    ...(noState ? {} : { state_id, state, turn }),
    ...(noViewer ? {} : { viewer_user }),
  }));
}

/** A status filter or an order by status tells the status: 403 without getSignRequestStatus. */
export function assertListQueryAllowed(
  p: Permissions,
  query: { order: string; filters: { field: string }[] },
): void {
  if (!hidesState(p)) return;
  if (query.order.startsWith('state_id,') || query.filters.some((f) => f.field === 'state_id'))
    throw new ForbiddenError();
}

type ActionRow = {
  id: number;
  signerId: number;
  type: number;
  comment: string | null;
  createdAt: Date;
};

/** The detail as the caller may see it; `actions` is null when the caller lacks getVerifications. */
export function visibleDetail(
  ctx: Pick<AuthedCtx, 'auth' | 'config'>,
  detail: SignRequestDetail,
  actions: ActionRow[] | null,
  sessionToken: string | undefined,
): SignRequestDetail {
  const p = ctx.auth.permissions;
  const { state_id, state, credits_cost, viewer_user, viewer_user_id, ...rest } = detail;
  const withFiles = p.has('getSignableFile');
  const withToken = (url: string) =>
    sessionToken ? `${url}?${new URLSearchParams({ token: sessionToken }).toString()}` : url;
  const fileUrl = (id: number, view: boolean) => {
    const query = new URLSearchParams(view ? { view: 'true' } : {});
    if (sessionToken) query.set('token', sessionToken);
    const q = query.toString();
    return `${ctx.config.appUrl}/api/signables/${id}/file${q ? `?${q}` : ''}`;
  };
  return {
    ...rest,
    ...(hidesState(p) ? {} : { state_id, state }),
    ...(p.has('getSignRequestCosts') ? { credits_cost } : {}),
    ...(hidesViewerUser(p) ? {} : { viewer_user, viewer_user_id }),
    signers: detail.signers.map((s) =>
      actions === null
        ? s
        : {
            ...s,
            actions: actions
              .filter((a) => a.signerId === s.id)
              .map((a) => ({
                id: a.id,
                type: a.type,
                comment: a.comment,
                updated_at: a.createdAt.toISOString(),
              })),
          },
    ),
    signables: detail.signables.map((d) =>
      withFiles
        ? {
            ...d,
            src: fileUrl(d.id, true),
            file: fileUrl(d.id, false),
            field_values: d.field_values?.map((v) =>
              v.attachment
                ? {
                    ...v,
                    attachment: {
                      ...v.attachment,
                      url: withToken(
                        `${ctx.config.appUrl}${attachmentPath(detail.id, d.id, v.index)}`,
                      ),
                    },
                  }
                : v,
            ),
          }
        : d,
    ),
  };
}
