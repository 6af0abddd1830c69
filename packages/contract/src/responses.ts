import type { CompanyPaymentPlan, PaymentPlan } from './billing.ts';
import type { CompanyAddress } from './company.ts';
import type { Feature, Permission, Role } from './permissions.ts';

/** Shapes the API answers with; the web app reads these. */
export interface Paginated<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export interface Department {
  id: number;
  name: string;
  mail_name: string;
  mail_from: string | null;
}

export interface Company {
  id: number;
  name: string;
  phone: string | null;
  credits: number;
  max_signers: number;
  /** Plan features plus the company's extra features: what it may use now. */
  features: Feature[];
  current_payment_plan: PaymentPlan;
  /** Plan history and schedule, oldest first (seed 001 §3). */
  payment_plans: CompanyPaymentPlan[];
  /** End of the current period of a month or invoice plan ('YYYY-MM-DD'); null on prepaid plans. */
  next_payment_date: string | null;
  departments: Department[];
  users: { id: number; name: string; email: string }[];
  users_count: number;
  /** Number of sign requests of the company (seed 001 §3 'sign_requests (count)'). */
  sign_requests: number;
  address: CompanyAddress;
  sms_name: string | null;
  webhook_url: string | null;
  send_signed_documents_to_email: boolean;
  custom_fields: { name: string; description: string | null; required: boolean }[];
  /** Served without a session; null when the company has no logo. */
  logo_url: string | null;
  logo: string | null;
}

export interface User {
  id: number;
  name: string;
  email: string;
  roles: { name: Role }[];
  all_permissions: Permission[];
  is_platform_admin: boolean;
  is_active: boolean;
  two_factor_auth: boolean;
  created_at: string;
  company: { id: number; name: string };
  impersonated_by: number | null;
}

export interface Session {
  user: User;
  token: string;
}

export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}
