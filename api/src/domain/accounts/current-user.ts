// Who is signed in: the session holds only a user id; every request that needs the user reads it
// from the database, so an archived or deleted account stops working at once.
import type { CurrentUser, Role } from '../../../../core/auth';
import type { Prisma, PrismaClient } from '../../../../prisma/db';

export const CURRENT_USER_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  professionalId: true,
  isArchived: true,
  createdAt: true,
  totpEnabledAt: true,
  professional: { select: { slug: true } },
} satisfies Prisma.UserSelect;

type CurrentUserRow = Prisma.UserGetPayload<{ select: typeof CURRENT_USER_SELECT }>;

export function toCurrentUser(row: CurrentUserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    professionalId: row.professionalId,
    professionalSlug: row.professional?.slug ?? null,
    createdAt: row.createdAt.toISOString(),
    twoStepEnabled: row.totpEnabledAt !== null,
  };
}

/**
 * The user behind a session's id, or null when missing or archived. Asked on every signed-in
 * request: one query with the professional's slug joined in (Prisma's nested select is a second
 * query, a round trip that cost as much as the first).
 */
export async function findCurrentUser({ prisma, userId }: { prisma: PrismaClient; userId: number }): Promise<CurrentUser | null> {
  const [row] = await prisma.$queryRaw<(Omit<CurrentUserRow, 'professional' | 'role'> & { role: Role; professionalSlug: string | null })[]>`
    SELECT u.id, u.email, u.name, u.role::text AS role, u.professional_id AS "professionalId", u.is_archived AS "isArchived",
           u.created_at AS "createdAt", u.totp_enabled_at AS "totpEnabledAt", p.slug AS "professionalSlug"
    FROM users u LEFT JOIN professionals p ON p.id = u.professional_id
    WHERE u.id = ${userId}::int`;
  if (!row || row.isArchived) return null;
  const { professionalSlug, ...user } = row;
  return toCurrentUser({ ...user, professional: professionalSlug === null ? null : { slug: professionalSlug } });
}
