// GET /api/reviews?professionalId=: the visible reviews of a live professional (published, not
// hidden: product rule 7), newest first or by rating, a page at a time with the total. An unknown
// or unlisted professional has no public reviews: the answer is empty (not a 404), so the profile
// page can ask for reviews without first knowing the professional exists.
import { ANONYMISED_NAME } from '../../../../core/admin';
import type { ReviewItem } from '../../../../core/directory';
import type { ReviewSort } from '../../../../core/reviews';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { LISTED, PUBLISHED_REVIEW } from '../directory/directory-sql';

interface ReviewRow {
  id: number;
  professional_id: number;
  rating: number;
  title: string;
  comment: string;
  created_at: Date;
  edited_at: Date | null;
  project_type: string | null;
  would_recommend: boolean;
  is_verified: boolean;
  found_through_quote: boolean;
  author_name: string;
  reply: string | null;
  replied_at: Date | null;
  total: number;
}

/** 'Sam Taylor' → 'Sam T.'; a single name stays as it is; an anonymised author shows no name (product rule 14). */
export function authorDisplayName(name: string): string {
  if (name === ANONYMISED_NAME) return name;
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Anonymous';
  const first = parts[0]!;
  if (parts.length === 1) return first;
  return `${first} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

/** Every order ends on the id, so pages never overlap or skip. */
const ORDER_BY: Record<ReviewSort, Prisma.Sql> = {
  newest: Prisma.sql`r.created_at DESC, r.id DESC`,
  highest: Prisma.sql`r.rating DESC, r.created_at DESC, r.id DESC`,
  lowest: Prisma.sql`r.rating ASC, r.created_at DESC, r.id DESC`,
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export async function listPublicReviews(
  { prisma }: { prisma: PrismaClient },
  { professionalId, sort = 'newest', limit = 100, offset = 0 }: { professionalId: number; sort?: ReviewSort; limit?: number; offset?: number },
): Promise<{ items: ReviewItem[]; total: number }> {
  const rows = await prisma.$queryRaw<ReviewRow[]>`
    SELECT r.id, r.professional_id, r.rating, r.title, r.comment, r.created_at, r.edited_at, r.project_type,
      r.would_recommend, r.is_verified, r.found_through_quote, u.name AS author_name, r.reply, r.replied_at,
      (count(*) OVER ())::int AS total
    FROM reviews r
    JOIN professionals p ON p.id = r.professional_id
    JOIN users u ON u.id = r.user_id
    WHERE r.professional_id = ${professionalId}::int AND ${PUBLISHED_REVIEW} AND ${LISTED}
    ORDER BY ${ORDER_BY[sort]}
    LIMIT ${limit}::int OFFSET ${offset}::int`;
  const total = rows[0]?.total ?? (offset > 0 ? await countPublicReviews({ prisma }, { professionalId }) : 0);
  const items = rows.map((r) => ({
    id: r.id,
    professionalId: r.professional_id,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    createdAt: new Date(r.created_at).toISOString(),
    projectType: r.project_type,
    wouldRecommend: r.would_recommend,
    isVerified: r.is_verified,
    foundThroughQuote: r.found_through_quote,
    authorName: authorDisplayName(r.author_name),
    editedAt: iso(r.edited_at),
    reply: r.reply,
    repliedAt: iso(r.replied_at),
  }));
  return { items, total };
}

async function countPublicReviews({ prisma }: { prisma: PrismaClient }, { professionalId }: { professionalId: number }): Promise<number> {
  const rows = await prisma.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM reviews r JOIN professionals p ON p.id = r.professional_id
    WHERE r.professional_id = ${professionalId}::int AND ${PUBLISHED_REVIEW} AND ${LISTED}`;
  return rows[0]?.total ?? 0;
}
