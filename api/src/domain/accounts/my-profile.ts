// A provider's own professional profile (My Profile, spec section 6): read and edit. A changed
// postcode re-enqueues geocode-professional after the update has committed (docs/architecture.md, Jobs); the
// stored coordinates stay until the worker replaces them.
import type { MyProfile, MyProfileUpdate } from '../../../../core/my-profile';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { PUBLIC_PROFESSIONAL_SELECT, toListItem } from '../directory/professional-row';

/** The public fields (one list, core/directory.ts) and what only the owner sees. */
const MY_PROFILE_SELECT = {
  ...PUBLIC_PROFESSIONAL_SELECT,
  youtube: true,
  tiktok: true,
  isApproved: true,
  subscriptionStatus: true,
  subscriptionType: true,
  currentPeriodEnd: true,
} satisfies Prisma.ProfessionalSelect;

type MyProfileRow = Prisma.ProfessionalGetPayload<{ select: typeof MY_PROFILE_SELECT }>;

export function toMyProfile({ youtube, tiktok, isApproved, subscriptionStatus, subscriptionType, currentPeriodEnd, ...row }: MyProfileRow): MyProfile {
  return {
    ...toListItem(row),
    // The owner's own position, as stored (the public one is rounded).
    lat: row.lat,
    lng: row.lng,
    youtube,
    tiktok,
    isApproved,
    subscriptionStatus,
    subscriptionType,
    currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null,
  };
}

async function ownProfessionalId(prisma: PrismaClient, userId: number): Promise<number> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { professionalId: true } });
  if (user?.professionalId == null) throw new AppError('not_found', 'You have no professional profile yet.');
  return user.professionalId;
}

export async function getMyProfile({ prisma, userId }: { prisma: PrismaClient; userId: number }): Promise<MyProfile> {
  const professionalId = await ownProfessionalId(prisma, userId);
  const row = await prisma.professional.findUnique({ where: { id: professionalId }, select: MY_PROFILE_SELECT });
  if (!row) throw new AppError('not_found', 'You have no professional profile yet.');
  return toMyProfile(row);
}

export async function updateMyProfile({
  prisma,
  queues,
  userId,
  update,
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  userId: number;
  update: MyProfileUpdate;
}): Promise<MyProfile> {
  const professionalId = await ownProfessionalId(prisma, userId);
  const { before, after } = await prisma.$transaction(async (tx) => {
    const previous = await tx.professional.findUnique({ where: { id: professionalId }, select: { postcode: true } });
    if (!previous) throw new AppError('not_found', 'You have no professional profile yet.');
    const updated = await tx.professional.update({ where: { id: professionalId }, data: update, select: MY_PROFILE_SELECT });
    return { before: previous, after: updated };
  });
  if (before.postcode !== after.postcode) {
    await queues.enqueue('geocodeProfessional', { professionalId, postcode: after.postcode });
  }
  return toMyProfile(after);
}
