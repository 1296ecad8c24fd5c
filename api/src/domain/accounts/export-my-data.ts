// "Download my data" (product rule 14, UK GDPR): everything held about one user as plain JSON:
// the account (never the password hash, the two-step secret or the recovery codes' hashes: they are
// credentials, not data about the person; when two-step verification was turned on is included),
// their professional listing, applications, reviews written and reviews reported, messages sent
// and received, messages to the site team (/contact), and the listing's payments.
import type { PrismaClient } from '../../../../prisma/db';

export async function exportMyData({ prisma, userId, now = new Date() }: { prisma: PrismaClient; userId: number; now?: Date }) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    omit: { passwordHash: true, totpSecret: true, totpLastStep: true, recoveryCodes: true },
  });
  const professional =
    user.professionalId === null
      ? null
      : await prisma.professional.findUnique({
          where: { id: user.professionalId },
          include: { payments: { orderBy: { paidAt: 'asc' } } },
        });
  const [applications, reviews, reviewReports, messagesSent, messagesReceived, contactMessages] = await Promise.all([
    prisma.application.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    prisma.review.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    prisma.reviewReport.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    prisma.message.findMany({ where: { fromUserId: userId }, orderBy: { createdAt: 'asc' } }),
    prisma.message.findMany({ where: { toUserId: userId }, orderBy: { createdAt: 'asc' } }),
    prisma.contactMessage.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
  ]);
  const { payments = [], ...listing } = professional ?? {};
  return {
    exportedAt: now.toISOString(),
    account: user,
    professional: professional ? { ...listing, rating: Number(professional.rating) } : null,
    applications,
    reviews,
    reviewReports,
    messagesSent,
    messagesReceived,
    contactMessages,
    payments,
  };
}
