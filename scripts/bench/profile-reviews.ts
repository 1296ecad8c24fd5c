// The reviews behind the figures of the profile the bench's Lighthouse part measures. The bench's
// seed gives each professional a rating and a review count without review rows (100,000 listings'
// worth would be millions), which a real profile never has: its page compares the header's figures
// with the breakdown counted from the reviews and, finding them apart, asks again for the figures
// it waits for, three times (reviews-section.tsx). The measured profile gets as many reviews as its
// count says, with ratings whose mean is its rating, and its figures are then set from them by the
// worker's own recalculation, so the page measured is one a visitor could meet.
import type { PrismaClient } from '../../prisma/db';
import { recalculateRating } from '../../worker/src/jobs/recalculate-rating';

const TITLES = ['Sorted our office network', 'Quick and clear', 'Fixed what two others could not', 'Good value', 'Would use again'];
const COMMENTS = [
  'Came on site the same week, found the fault in the switch cabinet and labelled everything as they went.',
  'Explained the options without jargon and stuck to the quote. The new backups have run every night since.',
  'Moved our e-mail to a new provider over a weekend; nobody in the office noticed anything on Monday.',
  'Answered the phone when our server went down and had us working again within the hour.',
];

/** Gives the professional `slug` the reviews its stored figures stand for; returns how many it has. */
export async function seedProfileReviews(prisma: PrismaClient, slug: string): Promise<number> {
  const [professional] = await prisma.$queryRaw<{ id: number; rating: string; review_count: number }[]>`
    SELECT id, rating::text, review_count FROM professionals WHERE slug = ${slug}`;
  if (!professional) throw new Error(`no professional ${slug} to give reviews to`);
  const count = professional.review_count;
  const rating = Number(professional.rating);
  const low = Math.max(1, Math.min(5, Math.floor(rating)));
  const highs = Math.round((rating - low) * count);
  // One statement for the reviewers, one for their reviews: review i is rated low + 1 for the
  // first `highs`, low after, and dated two days apart back from 1 November 2026.
  await prisma.$executeRaw`
    INSERT INTO users (email, password_hash, name, role, updated_at)
    SELECT 'bench-reviewer-' || i || '@bench.invalid', 'bench: no sign-in', 'Reviewer ' || (i + 1), 'customer', now()
    FROM generate_series(0, ${count}::int - 1) AS i
    ON CONFLICT (email) DO NOTHING`;
  await prisma.$executeRaw`
    INSERT INTO reviews (user_id, professional_id, rating, title, comment, would_recommend, is_verified, created_at, updated_at)
    SELECT u.id, ${professional.id}::int, r.stars, (${TITLES}::text[])[1 + r.i % ${TITLES.length}::int],
      (${COMMENTS}::text[])[1 + r.i % ${COMMENTS.length}::int], r.stars >= 4, r.i % 3 = 0,
      timestamptz '2026-11-01 00:00:00+00' - make_interval(days => 2 * r.i), now()
    FROM (SELECT i, CASE WHEN i < ${highs}::int THEN least(5, ${low}::int + 1) ELSE ${low}::int END AS stars
          FROM generate_series(0, ${count}::int - 1) AS i) r
    JOIN users u ON u.email = 'bench-reviewer-' || r.i || '@bench.invalid'
    ON CONFLICT (user_id, professional_id) DO NOTHING`;
  await recalculateRating({ prisma }, { professionalId: professional.id });
  return count;
}
