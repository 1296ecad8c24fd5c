// The signed-in user as GET /api/auth/me returns it: the user, or null when anonymous.
// TODO(issue 4): the accounts issue owns this response; move the type to core/ with the endpoint.
export type UserRole = 'customer' | 'provider' | 'admin';

export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  professionalId?: number | null;
  createdAt?: string;
}

export function isAdmin(user: CurrentUser | null | undefined): boolean {
  return user?.role === 'admin';
}
