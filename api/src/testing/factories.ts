// Test factories (docs/architecture.md, Tests): unique, valid rows with sensible defaults, so no test depends on
// an empty database. A professional is live (approved, active) unless told otherwise.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../../prisma/db';

let sequence = 0;
function unique(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence.toString(36)}${randomBytes(3).toString('hex')}`;
}

export interface ProfessionalFactoryInput {
  companyName?: string;
  slug?: string;
  contactName?: string;
  description?: string;
  services?: string[];
  location?: string;
  region?: string;
  postcode?: string;
  lat?: number | null;
  lng?: number | null;
  /** Pence per rateType; hourly_rate_pence is derived (daily ÷ 8). */
  ratePence?: number | null;
  rateType?: 'hourly' | 'daily' | null;
  isProjectBased?: boolean;
  rating?: number;
  reviewCount?: number;
  isApproved?: boolean;
  subscriptionStatus?: 'inactive' | 'active' | 'past_due' | 'cancelled';
  createdAt?: Date;
  workMode?: 'on_site' | 'remote' | 'both' | null;
  travelMiles?: number;
}

export async function createProfessional(prisma: PrismaClient, input: ProfessionalFactoryInput = {}) {
  const tag = unique();
  const ratePence = input.isProjectBased ? null : input.ratePence === undefined ? 5000 : input.ratePence;
  const rateType = ratePence === null ? null : (input.rateType ?? 'hourly');
  const hourlyRatePence = ratePence === null ? null : rateType === 'daily' ? Math.round(ratePence / 8) : ratePence;
  return prisma.professional.create({
    data: {
      slug: input.slug ?? `pro-${tag}`,
      companyName: input.companyName ?? `Company ${tag}`,
      contactName: input.contactName ?? 'Alex Example',
      email: `pro-${tag}@example.test`,
      description: input.description ?? 'Friendly IT help for small businesses.',
      services: input.services ?? ['IT Support'],
      location: input.location ?? 'Manchester',
      region: input.region ?? 'Manchester',
      postcode: input.postcode ?? 'M1 1AE',
      lat: input.lat === undefined ? 53.4794 : input.lat,
      lng: input.lng === undefined ? -2.2453 : input.lng,
      ratePence,
      rateType,
      hourlyRatePence,
      isProjectBased: input.isProjectBased ?? false,
      rating: input.rating ?? 0,
      reviewCount: input.reviewCount ?? 0,
      isApproved: input.isApproved ?? true,
      subscriptionStatus: input.subscriptionStatus ?? 'active',
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...(input.workMode !== undefined ? { workMode: input.workMode } : {}),
      ...(input.travelMiles !== undefined ? { travelMiles: String(input.travelMiles) } : {}),
    },
  });
}

export async function createUser(prisma: PrismaClient, input: { name?: string } = {}) {
  const tag = unique();
  return prisma.user.create({
    data: { email: `user-${tag}@example.test`, passwordHash: 'x', name: input.name ?? 'Sam Taylor' },
  });
}

export async function createReview(
  prisma: PrismaClient,
  input: {
    professionalId: number;
    rating: number;
    userName?: string;
    wouldRecommend?: boolean;
    isPublic?: boolean;
    hiddenAt?: Date | null;
    createdAt?: Date;
    title?: string;
  },
) {
  const user = await createUser(prisma, { name: input.userName ?? 'Sam Taylor' });
  return prisma.review.create({
    data: {
      userId: user.id,
      professionalId: input.professionalId,
      rating: input.rating,
      title: input.title ?? 'Great work',
      comment: 'Sorted our network quickly.',
      wouldRecommend: input.wouldRecommend ?? true,
      isPublic: input.isPublic ?? true,
      hiddenAt: input.hiddenAt ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    },
  });
}
