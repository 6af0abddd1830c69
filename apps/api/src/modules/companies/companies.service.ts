import type { Company, Department, Feature, PaymentPlan } from '@paraaf/contract';
import type { paymentPlans } from '../../db/schema/index.ts';
import type { AuthedCtx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { countCompanyUsers } from '../users/users.repository.ts';
import { findCompanyWithPlan, listDepartments } from './companies.repository.ts';

const euros = (cents: number) => cents / 100;

export function toPlanDto(plan: typeof paymentPlans.$inferSelect): PaymentPlan {
  return {
    id: plan.id,
    name: plan.name,
    type: plan.type,
    features: plan.features,
    users: plan.usersCap,
    sms_credits_price: plan.smsCreditsPrice,
    sms_euros_price: euros(plan.smsEurosPriceCents),
    idin_credits_price: plan.idinCreditsPrice,
    idin_euros_price: euros(plan.idinEurosPriceCents),
    price_per_credit: euros(plan.pricePerCreditCents),
  };
}

export async function getDepartments(ctx: AuthedCtx): Promise<{ data: Department[] }> {
  const rows = await listDepartments(ctx.db, ctx.auth.user.companyId);
  return {
    data: rows.map((d) => ({
      id: d.id,
      name: d.name,
      mail_name: d.mailName,
      mail_from: d.mailFrom,
    })),
  };
}

export async function getCompany(ctx: AuthedCtx): Promise<Company> {
  const companyId = ctx.auth.user.companyId;
  const row = await findCompanyWithPlan(ctx.db, companyId);
  if (!row) throw new NotFoundError();
  const { company, plan } = row;
  const features = [...new Set<Feature>([...plan.features, ...company.extraFeatures])];
  return {
    id: company.id,
    name: company.name,
    phone: company.phone,
    credits: company.credits,
    max_signers: company.maxSigners,
    features,
    current_payment_plan: toPlanDto(plan),
    departments: (await getDepartments(ctx)).data,
    users_count: await countCompanyUsers(ctx.db, companyId),
  };
}
