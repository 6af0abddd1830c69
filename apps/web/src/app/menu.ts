import type { Company, Feature, Permission, User } from '@paraaf/contract';
import { externalLinks, paths } from '../config/paths';

/**
 * The side menu in the order of seed 000 §2. An item shows when its screen exists, the user holds
 * one of its permissions and the company has its feature. A screen built later flips `exists`.
 */
export interface MenuItem {
  label: string;
  /** An app path, or a full URL when `external`. */
  to: string;
  external?: boolean;
  /** Any one of these is enough. */
  permission?: Permission | readonly Permission[];
  feature?: Feature;
  /** The credits item is hidden for companies billed by invoice. */
  hiddenForInvoicePlan?: boolean;
  exists: boolean;
  /** Starts a group (a divider above it). */
  group?: 'account' | 'admin' | 'help';
  /** Not a screen but an action: the Office 365 admin consent goes to Microsoft. */
  action?: 'office-consent';
}

export const sideMenu: readonly MenuItem[] = [
  {
    label: 'Nieuwe ondertekening',
    to: paths.newSigning,
    permission: 'createSignRequest',
    exists: true,
  },
  {
    label: 'Bulkverzending',
    to: paths.bulkSend,
    permission: 'createSignRequest',
    feature: 'bulk_send',
    exists: true,
  },
  {
    label: 'Ondertekeningen',
    to: paths.home,
    permission: ['getSignRequests', 'getMySignRequests'],
    exists: true,
  },
  {
    label: 'Templates',
    to: paths.templates,
    permission: 'getTemplates',
    feature: 'templates',
    exists: true,
  },
  {
    label: 'Bedrijfsinstellingen',
    to: paths.companySettings,
    permission: 'updateCompany',
    exists: true,
    group: 'account',
  },
  { label: 'Account instellingen', to: paths.accountSettings, exists: true, group: 'account' },
  {
    label: 'E-mailtemplates',
    to: paths.emailTemplates,
    // Company admins edit the templates (seed 001 §1); everyone else only uses them.
    permission: 'updateEmailTemplate',
    feature: 'email_templates',
    exists: true,
  },
  {
    label: 'API sleutels',
    to: paths.api,
    permission: 'getAccessTokens',
    feature: 'api',
    exists: true,
  },
  {
    label: 'Webhook berichten',
    to: paths.webhooks,
    permission: 'getWebhooks',
    feature: 'webhooks',
    exists: true,
  },
  { label: 'Gebruikers', to: paths.users, permission: 'getUsers', exists: true },
  {
    label: 'Credits & Abonnementen',
    to: paths.credits,
    permission: 'getPaymentPlans',
    hiddenForInvoicePlan: true,
    exists: true,
  },
  { label: 'Facturen', to: paths.invoices, permission: 'getInvoices', exists: true },
  {
    label: 'Alle gebruikers',
    to: paths.allUsers,
    permission: 'adminGetUsers',
    exists: true,
    group: 'admin',
  },
  { label: 'Alle facturen', to: paths.allInvoices, permission: 'adminGetInvoices', exists: true },
  {
    label: 'Aangepaste abonnementen',
    to: paths.allPaymentPlans,
    permission: 'adminGetPaymentPlans',
    exists: true,
  },
  {
    label: 'Office365 toestemming',
    to: paths.officeConsent,
    permission: 'adminOfficeConsent',
    action: 'office-consent',
    exists: true,
  },
  { label: 'FAQ', to: externalLinks.faq, external: true, exists: true, group: 'help' },
  { label: 'Contact & support', to: paths.contact, exists: true },
  { label: 'Algemene voorwaarden', to: externalLinks.terms, external: true, exists: true },
];

export function isMenuItemVisible(item: MenuItem, user: User, company: Company | undefined) {
  if (!item.exists) return false;
  if (item.permission !== undefined) {
    const any: readonly Permission[] =
      typeof item.permission === 'string' ? [item.permission] : item.permission;
    if (!any.some((p) => user.all_permissions.includes(p))) return false;
  }
  if (item.feature && !company?.features.includes(item.feature)) return false;
  if (item.hiddenForInvoicePlan && company?.current_payment_plan.price.type === 'invoice')
    return false;
  return true;
}

export function visibleMenu(user: User, company: Company | undefined) {
  return sideMenu.filter((item) => isMenuItemVisible(item, user, company));
}
