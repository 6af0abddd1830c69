// Type only: a value import of the contract would pull zod into the entry chunk that every page
// loads first, before the entry's zod-without-eval setting runs.
import type { EMBED_IDIN_RETURN_PATH } from '@paraaf/contract';

/** The contract's path; the type makes the two equal. */
const embedIdinReturnPath: typeof EMBED_IDIN_RETURN_PATH = '/insluiten/idin-terug';

/** Every path of the web app, in one place (seed 000 §2, seed 001 §2). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  newSigning: '/nieuwe-ondertekening',
  bulkSend: '/bulkverzending',
  bulkSendBatch: (id: number | string) => `/bulkverzending/${encodeURIComponent(String(id))}`,
  signing: (id: number | string) => `/ondertekening/${encodeURIComponent(String(id))}`,
  passwordReminder: '/wachtwoord-vergeten',
  passwordReset: (token: string) => `/wachtwoord-instellen/${encodeURIComponent(token)}`,
  activate: (token: string) => `/activeren/${encodeURIComponent(token)}`,
  sign: (token: string) => `/ondertekenen/${encodeURIComponent(token)}`,
  /** The accessibility statement, public, linked from the signer's page. */
  accessibility: '/toegankelijkheid',
  accountSettings: '/instellingen/account',
  passwordChange: '/instellingen/account/wachtwoord-veranderen',
  companySettings: '/instellingen/bedrijf',
  credits: '/instellingen/credits',
  creditsBought: '/instellingen/credits/gekocht',
  invoices: '/instellingen/facturen',
  emailTemplates: '/instellingen/emailtemplates',
  api: '/instellingen/api',
  webhooks: '/instellingen/webhooks',
  users: '/instellingen/gebruikers',
  templates: '/templates',
  contact: '/contact',
  allUsers: '/all-users',
  allInvoices: '/all-invoices',
  allPaymentPlans: '/all-payment-plans',
  /** Microsoft's admin consent returns here (the API's lib/microsoft/consent-url.ts). */
  officeConsent: '/office365-toestemming',
} as const;

/** Route patterns for the router (the same paths with their parameters). */
export const routePatterns = {
  signing: '/ondertekening/:id',
  bulkSendBatch: '/bulkverzending/:id',
  passwordReset: '/wachtwoord-instellen/:token',
  activate: '/activeren/:token',
  sign: '/ondertekenen/:token',
  /** The signer's page and the marker editor inside another site's frame (single-use links). */
  embedSign: '/insluiten/ondertekenen/:token',
  embedEditor: '/insluiten/voorbereiden/:token',
  /** The bank's window of an embedded signer's page comes back here, and closes. */
  embedIdinReturn: embedIdinReturnPath,
} as const;

export const externalLinks = {
  home: 'https://paraaf.nl',
  faq: 'https://paraaf.nl/faq',
  terms: 'https://paraaf.nl/voorwaarden',
} as const;
