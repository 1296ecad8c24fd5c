// The signed-in user as GET /api/auth/me returns it: the user, or null when anonymous. The shape
// is the API's contract in core/auth.ts.
import type { CurrentUser, Role } from '../../../core/auth';

export type { CurrentUser };
export type UserRole = Role;

export function isAdmin(user: CurrentUser | null | undefined): boolean {
  return user?.role === 'admin';
}

export function isProvider(user: CurrentUser | null | undefined): boolean {
  return user?.role === 'provider';
}
