/** Roles, permissions and the role → permission map (DESIGN.md §4). */
export const roles = ['admin', 'user', 'viewer'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  user: 'Gebruiker',
  viewer: 'Inzage',
};

/** Roles an admin may give to an invited user. */
export const invitableRoles = ['user', 'viewer'] as const;

/** Sign-request abilities, shared by admin and user. */
const signingPermissions = [
  'getSignRequests',
  'getSignRequest',
  'getSignRequestStatus',
  'createSignRequest',
  'createSigner',
  'createSignable',
  'getDepartments',
  'getEmailTemplates',
  'cancelSignRequest',
  'getSignRequestCosts',
  'getSignRequestReceipt',
  'getSignableFile',
  'getVerifications',
  'updateSigner',
  'sendSignerReminder',
  'changeSignRequestViewerUser',
  'getTemplates',
  'createTemplate',
  'updateTemplate',
  'deleteTemplate',
] as const;

/** Company settings, billing and user management: admin only. */
const companyAdminPermissions = [
  'updateCompany',
  'updateDepartment',
  'updateEmailTemplate',
  'addCredits',
  'getPaymentPlans',
  'changePaymentPlan',
  'getRecurringPaymentStatus',
  'cancelPaymentPlan',
  'getInvoices',
  'getInvoice',
  'getAccessTokens',
  'getWebhooks',
  'getUsers',
  'inviteUser',
  'updateUser',
  'deleteUser',
] as const;

/** What a viewer may do: read the signed requests linked to it. */
const viewerPermissions = [
  'getMySignRequests',
  'getMySignRequest',
  'getSignRequestStatus',
  'getSignRequestReceipt',
  'getSignableFile',
] as const;

/** Platform administrators (back office). */
export const platformAdminPermissions = [
  'adminGetUsers',
  'adminLoginAsUser',
  'adminAddCreditsToCompany',
  'adminGetInvoices',
  'adminUpdateInvoice',
  'adminGetPaymentPlans',
  'adminCreatePaymentPlan',
  'adminOfficeConsent',
  'adminUpdateCompanyFeatures',
] as const;

export const allPermissions = [
  ...new Set([
    ...signingPermissions,
    ...companyAdminPermissions,
    ...viewerPermissions,
    ...platformAdminPermissions,
  ]),
];
export type Permission =
  | (typeof signingPermissions)[number]
  | (typeof companyAdminPermissions)[number]
  | (typeof viewerPermissions)[number]
  | (typeof platformAdminPermissions)[number];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: [...signingPermissions, ...companyAdminPermissions],
  user: [...signingPermissions],
  viewer: [...viewerPermissions],
};

/** Every permission a user holds: its role's, plus the back office for platform admins. */
export function permissionsFor(role: Role, isPlatformAdmin: boolean): Permission[] {
  const held = new Set<Permission>(rolePermissions[role]);
  if (isPlatformAdmin) for (const p of platformAdminPermissions) held.add(p);
  return [...held];
}

/** Company features that gate menu items and routes (plan features plus extra features). */
export const features = [
  'multiple_signers',
  'multiple_documents',
  'input_fields',
  'own_styling',
  'idin_verification',
  'wallet_verification',
  'templates',
  'email_templates',
  'api',
  'webhooks',
  'departments',
  'buy_credits',
  'users',
  'bulk_send',
  'sso',
] as const;
export type Feature = (typeof features)[number];
