import {
  PAYMENTS_PER_PAGE,
  type Paginated,
  type PaymentListQuery,
  type PaymentReturn,
  type PaymentRow as PaymentRowDto,
  type PaymentState,
} from '@paraaf/contract';
import type { AuthedCtx, Ctx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { PaymentProviderError } from '../../lib/payments/payment-provider.ts';
import { paginated } from '../../lib/pagination.ts';
import {
  findPaymentByReturnToken,
  listCompanyPayments,
  type PaymentRow,
} from './payments.repository.ts';
import { syncPayment } from './process-payment.ts';

/** Our row's status as the contract names it: a row still being created is open. */
function stateOf(row: PaymentRow): PaymentState {
  return row.status === 'creating' ? 'open' : (row.status as PaymentState);
}

export function toPaymentRowDto(row: PaymentRow): PaymentRowDto {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    description: row.description,
    amount: row.amountCents / 100,
    status: stateOf(row),
    kind: row.kind,
  };
}

/** GET /api/payments: the company's payments, newest first, 10 a page. */
export async function listPayments(
  ctx: AuthedCtx,
  query: PaymentListQuery,
): Promise<Paginated<PaymentRowDto>> {
  const limit = PAYMENTS_PER_PAGE;
  const { rows, total } = await listCompanyPayments(ctx.db, ctx.auth.user.companyId, {
    limit,
    offset: (query.page - 1) * limit,
  });
  return paginated(rows.map(toPaymentRowDto), total, { page: query.page, limit });
}

const RETURN_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const undecided = new Set(['creating', 'open', 'pending', 'authorized']);

/**
 * GET /api/payments/return/{token} (no session: the checkout sends the browser back here). A
 * payment still undecided on our side is asked at the provider once (its webhook may be late)
 * and processed as the webhook would; the provider unreachable leaves it as it is.
 */
export async function paymentReturn(ctx: Ctx, token: string): Promise<PaymentReturn> {
  if (!RETURN_TOKEN.test(token)) throw new NotFoundError();
  let row = await findPaymentByReturnToken(ctx.db, token);
  if (!row) throw new NotFoundError();
  if (row.providerId && (undecided.has(row.status) || row.processedAt === null)) {
    try {
      row = (await syncPayment(ctx, row.providerId, ctx.now())) ?? row;
    } catch (error) {
      if (!(error instanceof PaymentProviderError) && !isUnavailable(error)) throw error;
    }
  }
  return {
    status: stateOf(row),
    kind: row.kind,
    credits: row.credits,
    description: row.description,
  };
}

function isUnavailable(error: unknown): boolean {
  return (error as { statusCode?: number } | null)?.statusCode === 503;
}
