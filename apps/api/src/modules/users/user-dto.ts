import { permissionsFor, type User } from '@paraaf/contract';
import type { UserRow } from '../../lib/context.ts';

/** Picks the public fields of a user: never the password hash. */
export function toUserDto(
  user: UserRow,
  company: { id: number; name: string },
  impersonatedBy: number | null = null,
): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: [{ name: user.role }],
    all_permissions: permissionsFor(user.role, user.isPlatformAdmin),
    is_platform_admin: user.isPlatformAdmin,
    is_active: user.isActive,
    two_factor_auth: user.twoFactorAuth,
    created_at: user.createdAt.toISOString(),
    company,
    impersonated_by: impersonatedBy,
  };
}
