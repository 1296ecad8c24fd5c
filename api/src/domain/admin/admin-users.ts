// The dashboard's people lists: GET /api/admin/users (accounts in use, filtered by role),
// /api/admin/archived-users (deleted accounts, newest first, anonymised ones included) and
// /api/admin/professionals (every listing, filtered by its state). Search is case-insensitive on
// names and e-mail addresses (and a listing's region).
import type {
  AdminArchivedUsersQuery,
  AdminProfessional,
  AdminProfessionalsQuery,
  AdminUser,
  AdminUsersQuery,
} from '../../../../core/admin';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import { searchCondition } from './admin-applications';

const USER_SELECT = {
  id: true,
  name: true,
  email: true,
  role: true,
  createdAt: true,
  isArchived: true,
  archivedAt: true,
  anonymisedAt: true,
  professional: { select: { id: true, slug: true, companyName: true } },
  totpEnabledAt: true,
} satisfies Prisma.UserSelect;

type UserRow = Prisma.UserGetPayload<{ select: typeof USER_SELECT }>;

function toAdminUser({ totpEnabledAt, ...row }: UserRow): AdminUser {
  return {
    ...row,
    twoStepEnabled: totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
  };
}

type Page<T> = { items: T[]; total: number };

async function pageOfUsers(prisma: PrismaClient, where: Prisma.UserWhereInput, orderBy: Prisma.UserOrderByWithRelationInput[], limit: number, offset: number): Promise<Page<AdminUser>> {
  const [rows, total] = await Promise.all([
    prisma.user.findMany({ where, select: USER_SELECT, orderBy, take: limit, skip: offset }),
    prisma.user.count({ where }),
  ]);
  return { items: rows.map(toAdminUser), total };
}

/** Accounts in use (archived ones have their own list), newest first. */
export function listUsers({ prisma, query }: { prisma: PrismaClient; query: AdminUsersQuery }): Promise<Page<AdminUser>> {
  const where: Prisma.UserWhereInput = {
    isArchived: false,
    ...(query.role === 'all' ? {} : { role: query.role }),
    ...searchCondition(query.search, ['name', 'email'] as const),
  };
  return pageOfUsers(prisma, where, [{ createdAt: 'desc' }, { id: 'desc' }], query.limit, query.offset);
}

/** Deleted (archived) accounts, most recently archived first. */
export function listArchivedUsers({ prisma, query }: { prisma: PrismaClient; query: AdminArchivedUsersQuery }): Promise<Page<AdminUser>> {
  const where: Prisma.UserWhereInput = { isArchived: true, ...searchCondition(query.search, ['name', 'email'] as const) };
  return pageOfUsers(prisma, where, [{ archivedAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }], query.limit, query.offset);
}

const PROFESSIONAL_SELECT = {
  id: true,
  slug: true,
  companyName: true,
  contactName: true,
  email: true,
  region: true,
  services: true,
  rating: true,
  reviewCount: true,
  isApproved: true,
  subscriptionStatus: true,
  subscriptionType: true,
  currentPeriodEnd: true,
  createdAt: true,
} satisfies Prisma.ProfessionalSelect;

const PROFESSIONAL_STATES: Record<AdminProfessionalsQuery['status'], Prisma.ProfessionalWhereInput> = {
  all: {},
  // The directory's rule (LISTED): approved with an active subscription.
  live: { isApproved: true, subscriptionStatus: 'active' },
  'awaiting-approval': { isApproved: false },
  'past-due': { subscriptionStatus: 'past_due' },
  cancelled: { subscriptionStatus: 'cancelled' },
};

/** Every listing (live or not), newest first. */
export async function listProfessionals({ prisma, query }: { prisma: PrismaClient; query: AdminProfessionalsQuery }): Promise<Page<AdminProfessional>> {
  const where: Prisma.ProfessionalWhereInput = {
    ...PROFESSIONAL_STATES[query.status],
    ...searchCondition(query.search, ['companyName', 'contactName', 'email', 'region'] as const),
  };
  const [rows, total] = await Promise.all([
    prisma.professional.findMany({ where, select: PROFESSIONAL_SELECT, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: query.limit, skip: query.offset }),
    prisma.professional.count({ where }),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      ...row,
      rating: Number(row.rating),
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
