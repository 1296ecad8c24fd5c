// GET /api/admin/applications: applications for the dashboard, as core/admin.ts's AdminApplication.
// By default the ones waiting for a decision (pending and pending_payment), oldest first, as a
// review queue; any other status newest first. Search matches company, contact and e-mail.
import { DECIDABLE_STATUSES, type AdminApplication, type AdminApplicationsQuery } from '../../../../core/admin';
import { LISTING_FIELDS, readListingFields } from '../../../../core/listing-fields';
import { formatPounds } from '../../../../core/plans';
import type { Prisma, PrismaClient } from '../../../../prisma/db';

export const APPLICATION_INCLUDE = {
  professional: { select: { id: true, slug: true, isApproved: true } },
  reviewedBy: { select: { name: true } },
} satisfies Prisma.ApplicationInclude;

export type ApplicationRow = Prisma.ApplicationGetPayload<{ include: typeof APPLICATION_INCLUDE }>;

/** As the directory shows a rate: 'From £45/hour', 'From £380/day', 'Project based', or null. */
export function rateText(row: Pick<ApplicationRow, 'ratePence' | 'rateType' | 'isProjectBased'>): string | null {
  if (row.isProjectBased) return 'Project based';
  if (row.ratePence === null) return null;
  return `From ${formatPounds(row.ratePence)}/${row.rateType === 'daily' ? 'day' : 'hour'}`;
}

export function toAdminApplication(row: ApplicationRow): AdminApplication {
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    website: row.website,
    description: row.description,
    services: row.services,
    location: row.location,
    region: row.region,
    postcode: row.postcode,
    rate: rateText(row),
    ...readListingFields(row, LISTING_FIELDS),
    plan: row.plan,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    professional: row.professional,
    rejectionReason: row.rejectionReason,
    reviewedBy: row.reviewedBy?.name ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Case-insensitive "contains" on each of `fields`, or no condition without a search. */
export function searchCondition<F extends string>(search: string | undefined, fields: readonly F[]): { OR: Record<F, { contains: string; mode: 'insensitive' }>[] } | object {
  if (!search) return {};
  return { OR: fields.map((field) => ({ [field]: { contains: search, mode: 'insensitive' } })) };
}

export async function listApplications({
  prisma,
  query,
}: {
  prisma: PrismaClient;
  query: AdminApplicationsQuery;
}): Promise<{ items: AdminApplication[]; total: number }> {
  const status: Prisma.ApplicationWhereInput =
    query.status === 'all' ? {} : query.status === 'open' ? { status: { in: [...DECIDABLE_STATUSES] } } : { status: query.status };
  const where: Prisma.ApplicationWhereInput = { ...status, ...searchCondition(query.search, ['companyName', 'contactName', 'email'] as const) };
  const order: Prisma.SortOrder = query.status === 'open' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    prisma.application.findMany({
      where,
      include: APPLICATION_INCLUDE,
      orderBy: [{ createdAt: order }, { id: order }],
      take: query.limit,
      skip: query.offset,
    }),
    prisma.application.count({ where }),
  ]);
  return { items: rows.map(toAdminApplication), total };
}
