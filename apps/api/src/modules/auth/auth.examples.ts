import type { Session, User } from '@paraaf/contract';

/** Realistic values for the OpenAPI document (lib/openapi): a user of a Dutch company. */
export const exampleUser: User = {
  id: 12,
  name: 'Sanne de Vries',
  email: 'sanne.devries@bakkerij-jansen.nl',
  roles: [{ name: 'admin' }],
  all_permissions: ['getSignRequests', 'createSignRequest', 'getUsers'],
  is_platform_admin: false,
  is_active: true,
  two_factor_auth: false,
  created_at: '2026-03-02T09:15:00.000Z',
  company: { id: 4, name: 'Bakkerij Jansen B.V.' },
  impersonated_by: null,
};

export const exampleSession: Session = {
  user: exampleUser,
  token: 'Jq3c9zQW1m2n7yS0b5x8V4kL6tR2pH9dF3gA1eC7uXw',
};

export const examplePassword = 'Lente-wandeling-2026';
