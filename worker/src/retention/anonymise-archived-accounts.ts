// Data retention (product rules 14, 29 and 41, UK GDPR), run daily: contact-form messages older than
// CONTACT_RETENTION_DAYS are deleted, requests for quotes are kept as quote-retention.ts says, and the personal data of accounts archived more than
// RETENTION_DAYS ago is anonymised, keeping only what payment records legally need. Each account
// is done in its own transaction, which locks the account and skips one already done, so a run
// that stops half-way or two runs at once leave every account either untouched or done; running
// again changes nothing more. Each run writes one audit-log row (no actor: the system) with its count.
//
// For each account:
//   - the account: name 'Deleted user', e-mail deleted-<id>@deleted.invalid, no usable password,
//     anonymisedAt set; its password-reset tokens and waiting sign-ups are deleted;
//   - its applications keep the business's name, services, region, plan and the decision, and lose
//     the contact's name, e-mail, phone, website, social links, description and postcode;
//   - its reviews stay (honest reviews are kept for other consumers) and show no name;
//   - messages it sent, and messages it sent to the site team, lose their text and subject (the
//     other side's thread stays readable); its reports of reviews stay (moderation records);
//   - its requests for quotes lose the buyer's name, e-mail, phone and description;
//   - its listing leaves the directory for good and loses the contact's details, description,
//     address and position; a listing with payments keeps its business name (invoices need it),
//     one without becomes 'Deleted listing'. Payments are kept as they are.
import type { Logger } from 'pino';
import { ANONYMISED_NAME, AUDIT_ACTIONS } from '../../../core/admin';
import { ANONYMISE_AFTER_DAYS, CONTACT_RETENTION_DAYS } from '../../../core/retention';
import type { PrismaClient } from '../../../prisma/db';
import { Prisma } from '../../../prisma/db';
import { UNUSABLE_PASSWORD_HASH } from '../../../prisma/password';
import { anonymiseQuoteRequests, quoteRetention } from './quote-retention';

export const RETENTION_DAYS = ANONYMISE_AFTER_DAYS;
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 100;

export const REMOVED_TEXT = 'This message was removed when its sender deleted their account.';
export const REMOVED_SUBJECT = 'Removed message';
export const DELETED_LISTING_NAME = 'Deleted listing';

/** An address that is no one's (RFC 2606 .invalid), unique per row. */
export function anonymisedEmail(kind: 'user' | 'professional', id: number): string {
  return kind === 'user' ? `deleted-${id}@deleted.invalid` : `deleted-professional-${id}@deleted.invalid`;
}

const SOCIAL_NONE = { linkedin: null, github: null, facebook: null, instagram: null, twitter: null, youtube: null, tiktok: null, trustpilot: null };

async function anonymiseListing(tx: Prisma.TransactionClient, professionalId: number): Promise<void> {
  const hasPayments = (await tx.payment.count({ where: { professionalId } })) > 0;
  await tx.professional.update({
    where: { id: professionalId },
    data: {
      contactName: ANONYMISED_NAME,
      email: anonymisedEmail('professional', professionalId),
      phone: null,
      website: null,
      ...SOCIAL_NONE,
      description: '',
      location: '',
      postcode: '',
      lat: null,
      lng: null,
      geocodedPostcode: null,
      geocodedAt: null,
      isApproved: false,
      // What the owner wrote of their work and clients goes with the description.
      caseStudies: [],
      ...(hasPayments ? {} : { companyName: DELETED_LISTING_NAME, slug: `deleted-listing-${professionalId}` }),
    },
  });
  // Checks name people (a certification's holder) and numbers of registers: they go, and the
  // listing's copy with them (the credentials' trigger); their evidence files are deleted by the
  // worker's next credential watch (product rule 45).
  await tx.credential.deleteMany({ where: { professionalId } });
}

/** One account, in one transaction; false when another run got there first. */
async function anonymiseAccount(prisma: PrismaClient, userId: number, now: Date): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, professionalId: true, anonymisedAt: true } });
    if (!user || user.anonymisedAt !== null) return false;
    const email = anonymisedEmail('user', userId);
    const ownAddress = user.email;

    await tx.user.update({ where: { id: userId }, data: { name: ANONYMISED_NAME, email, passwordHash: UNUSABLE_PASSWORD_HASH, anonymisedAt: now } });
    await tx.passwordResetToken.deleteMany({ where: { userId } });
    await tx.pendingRegistration.deleteMany({ where: { email: ownAddress } });
    await tx.application.updateMany({
      where: { OR: [{ userId }, { email: ownAddress }] },
      data: {
        contactName: ANONYMISED_NAME,
        email,
        phone: null,
        website: null,
        ...SOCIAL_NONE,
        socialLinks: [],
        description: '',
        postcode: '',
      },
    });
    await tx.message.updateMany({ where: { fromUserId: userId }, data: { subject: REMOVED_SUBJECT, content: REMOVED_TEXT } });
    await tx.contactMessage.updateMany({
      where: { OR: [{ userId }, { email: ownAddress }] },
      data: { name: ANONYMISED_NAME, email, subject: REMOVED_SUBJECT, message: REMOVED_TEXT },
    });
    await anonymiseQuoteRequests(tx, Prisma.sql`(user_id = ${userId} OR buyer_email = ${ownAddress})`, now);
    if (user.professionalId !== null) await anonymiseListing(tx, user.professionalId);
    return true;
  });
}

export async function anonymiseArchivedAccounts({
  prisma,
  logger,
  now = new Date(),
}: {
  prisma: PrismaClient;
  logger: Logger;
  now?: Date;
}): Promise<{ count: number; userIds: number[]; contactMessagesDeleted: number; quoteRequests: Awaited<ReturnType<typeof quoteRetention>> }> {
  const quoteRequests = await quoteRetention(prisma, now);
  const { count: contactMessagesDeleted } = await prisma.contactMessage.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - CONTACT_RETENTION_DAYS * DAY_MS) } },
  });
  const archivedBefore = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  const done: number[] = [];
  let afterId = 0;
  for (;;) {
    const batch = await prisma.user.findMany({
      where: { isArchived: true, anonymisedAt: null, archivedAt: { lt: archivedBefore }, id: { gt: afterId } },
      orderBy: { id: 'asc' },
      take: BATCH,
      select: { id: true },
    });
    if (batch.length === 0) break;
    for (const { id } of batch) {
      if (await anonymiseAccount(prisma, id, now)) done.push(id);
      afterId = id;
    }
  }
  await prisma.$transaction(async (tx) => {
    await tx.auditLog.create({
      data: {
        actorId: null,
        action: AUDIT_ACTIONS.retention,
        targetType: 'user',
        targetId: null,
        details: {
          summary:
            `Anonymised ${done.length} account${done.length === 1 ? '' : 's'} archived more than ${RETENTION_DAYS} days ago` +
            (contactMessagesDeleted > 0 ? `; deleted ${contactMessagesDeleted} contact message${contactMessagesDeleted === 1 ? '' : 's'} older than ${CONTACT_RETENTION_DAYS} days` : '') +
            quoteRetentionText(quoteRequests),
          count: done.length,
          contactMessagesDeleted,
          quoteRequests,
          userIds: done,
        },
      },
    });
    // Reviews show their author's name: the directory's cached answers must forget the old names
    // (the channel of migration 20261122053000_directory_change_notify; listings notify by themselves).
    if (done.length > 0) await tx.$executeRaw`NOTIFY itc_directory_changed, 'users'`;
  });
  if (done.length > 0) logger.info({ count: done.length }, 'archived accounts anonymised');
  return { count: done.length, userIds: done, contactMessagesDeleted, quoteRequests };
}

function quoteRetentionText({ unsentDeleted, closed, anonymised }: Awaited<ReturnType<typeof quoteRetention>>): string {
  const parts = [
    unsentDeleted > 0 ? `deleted ${unsentDeleted} request${unsentDeleted === 1 ? '' : 's'} for quotes never sent` : '',
    closed > 0 ? `closed ${closed} request${closed === 1 ? '' : 's'} for quotes` : '',
    anonymised > 0 ? `removed the buyer's details from ${anonymised} closed request${anonymised === 1 ? '' : 's'} for quotes` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `; ${parts.join('; ')}` : '';
}
