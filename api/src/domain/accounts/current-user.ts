// Who is signed in: the session holds only a user id; every request that needs the user reads it
// from the database, so an archived or deleted account stops working at once.
import type { CurrentUser } from '../../../../core/auth';
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

/** The user behind a session's id, or null when missing or archived. */
export async function findCurrentUser({ prisma, userId }: { prisma: PrismaClient; userId: number }): Promise<CurrentUser | null> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: CURRENT_USER_SELECT });
  return row && !row.isArchived ? toCurrentUser(row) : null;
}
