// A new listing's address (/professionals/{slug}, product rule 4): its company name slugified
// (core/slug.ts), made unique with a number ('bits-and-bytes-2'). Shared by the API (an admin's
// approval that creates the listing) and the worker (a paid checkout that creates it). An
// all-digit slug would read as an id address, so such a name gets a word in front. Call it inside
// the transaction that creates the row; the unique index still guards a race between two.
import { slugify } from '../core/slug';
import type { Prisma } from './generated/client';

export const FALLBACK_SLUG = 'it-professional';

export function baseSlug(companyName: string): string {
  const base = slugify(companyName) || FALLBACK_SLUG;
  return /^\d+$/.test(base) ? `it-${base}` : base;
}

export async function uniqueSlug(db: Pick<Prisma.TransactionClient, 'professional'>, companyName: string): Promise<string> {
  const base = baseSlug(companyName);
  const taken = new Set(
    (await db.professional.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((p) => p.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
