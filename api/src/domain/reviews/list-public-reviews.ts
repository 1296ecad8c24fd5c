// GET /api/reviews?professionalId=: the published reviews of a live professional, newest first.
// An unknown or unlisted professional has no public reviews: the answer is an empty array (not a
// 404), so the profile page can ask for reviews without first knowing the professional exists.
import { ANONYMISED_NAME } from '../../../../core/admin';
import type { ReviewItem } from '../../../../core/directory';
import type { PrismaClient } from '../../../../prisma/db';
import { LISTED, PUBLISHED_REVIEW } from '../directory/directory-filters';

interface ReviewRow {
  id: number;
  professional_id: number;
  rating: number;
  title: string;
  comment: string;
  created_at: Date;
  project_type: string | null;
  would_recommend: boolean;
  is_verified: boolean;
  author_name: string;
  reply: string | null;
  replied_at: Date | null;
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

export async function listPublicReviews(
  { prisma }: { prisma: PrismaClient },
  { professionalId }: { professionalId: number },
): Promise<ReviewItem[]> {
  const rows = await prisma.$queryRaw<ReviewRow[]>`
    SELECT r.id, r.professional_id, r.rating, r.title, r.comment, r.created_at, r.project_type,
      r.would_recommend, r.is_verified, u.name AS author_name, r.reply, r.replied_at
    FROM reviews r
    JOIN professionals p ON p.id = r.professional_id
    JOIN users u ON u.id = r.user_id
    WHERE r.professional_id = ${professionalId}::int AND ${PUBLISHED_REVIEW} AND ${LISTED}
    ORDER BY r.created_at DESC, r.id DESC`;
  return rows.map((r) => ({
    id: r.id,
    professionalId: r.professional_id,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    createdAt: new Date(r.created_at).toISOString(),
    projectType: r.project_type,
    wouldRecommend: r.would_recommend,
    isVerified: r.is_verified,
    authorName: authorDisplayName(r.author_name),
    reply: r.reply,
    repliedAt: r.replied_at ? new Date(r.replied_at).toISOString() : null,
  }));
}
