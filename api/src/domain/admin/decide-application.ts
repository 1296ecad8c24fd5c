// POST /api/admin/applications/{id}/approve and /reject (spec section 4): an admin decides an
// application that is pending (paid, or an update that needs no payment) or pending_payment
// (unpaid). Each decision is one transaction that locks the application's row first, so a double
// click or two admins at once decide once: the second finds it decided and gets 409. Its e-mail
// and other work are enqueued after the commit, once per application (deterministic job ids).
//   approve → the listing is created from the application (unique slug) or updated from it (a
//             live provider's update), and approved; the account becomes a provider with it; the
//             listing is live when its subscription is active (product rule 26: an unpaid one
//             goes live once paid, and the e-mail says how); "approved" e-mail; geocoding.
//   reject  → the reason is stored; the worker's settle-rejected-application refunds a new
//             applicant's payment and e-mails the reason (worker/src/billing/settle-rejected-application.ts).
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { ADMIN_MESSAGES, AUDIT_ACTIONS, DECIDABLE_STATUSES, type AdminApplication } from '../../../../core/admin';
import type { CurrentUser } from '../../../../core/auth';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { findOrMakeApplicantAccount } from '../../../../prisma/applicant-account';
import { listingFieldsFromApplication } from '../../../../prisma/listing-fields';
import { uniqueSlug } from '../../../../prisma/unique-slug';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { recordAudit } from './audit-log';
import { APPLICATION_INCLUDE, toAdminApplication } from './admin-applications';

export const APPLICATION_NOT_FOUND = 'Application not found';

type Tx = Prisma.TransactionClient;
type ApplicationRecord = Prisma.ApplicationGetPayload<object>;

/** The application, locked for this transaction, if an admin may still decide it. */
async function lockDecidable(tx: Tx, applicationId: number): Promise<ApplicationRecord> {
  await tx.$queryRaw`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`;
  const application = await tx.application.findUnique({ where: { id: applicationId } });
  if (!application) throw new AppError('not_found', APPLICATION_NOT_FOUND);
  if (!DECIDABLE_STATUSES.includes(application.status)) throw new AppError('conflict', ADMIN_MESSAGES.applicationDecided);
  return application;
}


export interface ApprovalOutcome {
  application: AdminApplication;
  /** Approved and its subscription active: in the directory now. */
  isLive: boolean;
}

export async function approveApplication({
  prisma,
  queues,
  stripe,
  logger,
  admin,
  applicationId,
  publicUrl,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  stripe: () => Promise<Stripe>;
  logger: Logger;
  admin: CurrentUser;
  applicationId: number;
  publicUrl: string;
  now?: Date;
}): Promise<ApprovalOutcome> {
  const done = await withListingConflicts(() =>
    prisma.$transaction(async (tx) => {
      const application = await lockDecidable(tx, applicationId);
      const user = await findOrMakeApplicantAccount(tx, application);
      const existingId = application.professionalId ?? user.professionalId;
      const fields = listingFieldsFromApplication(application);
      const professional = existingId
        ? await tx.professional.update({
            where: { id: existingId },
            data: { ...fields, isApproved: true },
            select: { id: true, slug: true, postcode: true, approvedAt: true, subscriptionStatus: true },
          })
        : await tx.professional.create({
            data: { ...fields, slug: await uniqueSlug(tx, application.companyName), subscriptionType: application.plan, isApproved: true, approvedAt: now },
            select: { id: true, slug: true, postcode: true, approvedAt: true, subscriptionStatus: true },
          });
      // First approval only: an update of a live listing keeps the date it first went live.
      if (professional.approvedAt === null) await tx.professional.update({ where: { id: professional.id }, data: { approvedAt: now } });
      await tx.user.update({
        where: { id: user.id },
        data: { professionalId: professional.id, ...(user.role === 'customer' ? { role: 'provider' } : {}) },
      });
      const decided = await tx.application.update({
        where: { id: application.id },
        data: { status: 'approved', userId: user.id, professionalId: professional.id, reviewedById: admin.id, reviewedAt: now },
        include: APPLICATION_INCLUDE,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: AUDIT_ACTIONS.approve,
        targetType: 'application',
        targetId: application.id,
        details: {
          summary: `Approved ${application.companyName} (application ${application.id})`,
          professionalId: professional.id,
          wasPaid: application.paidAt !== null,
        },
      });
      return { application, decided, professional };
    }),
  );

  const { application, decided, professional } = done;
  const isLive = professional.subscriptionStatus === 'active';
  const site = publicUrl.replace(/\/+$/, '');
  // After the commit: one e-mail per application (its key), and the listing's map position.
  await queues.enqueue('sendEmail', {
    template: 'application-approved',
    to: application.email,
    data: {
      contactName: application.contactName,
      companyName: application.companyName,
      profileUrl: `${site}/professionals/${professional.slug}`,
      ...(isLive ? {} : { paymentUrl: paymentUrlFor(site, professional, application.plan) }),
    },
    idempotencyKey: `application-approved_${application.id}`,
  });
  await queues.enqueue('geocodeProfessional', { professionalId: professional.id, postcode: professional.postcode });
  // An unpaid application is paid for at /subscribe from now on: its checkout must not be paid too.
  if (application.status === 'pending_payment' && application.checkoutSessionId) {
    await expireOpenCheckout({ stripe, logger, sessionId: application.checkoutSessionId });
  }
  return { application: toAdminApplication(decided), isLive };
}

/**
 * Closes a checkout that is still open. Best effort: the approval has happened, and a checkout paid
 * anyway is reconciled onto the approved listing by the worker (its subscription names the application).
 */
async function expireOpenCheckout({ stripe, logger, sessionId }: { stripe: () => Promise<Stripe>; logger: Logger; sessionId: string }): Promise<void> {
  try {
    const client = await stripe();
    const session = await client.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') await client.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire_${sessionId}` });
  } catch (err) {
    logger.warn({ err, sessionId }, 'could not expire the checkout of an approved unpaid application');
  }
}

/**
 * Where an approved listing that is not live yet gets paid for (product rule 26): a renewal that
 * failed is put right from My Profile's billing; a listing without a subscription starts one at
 * the specification's /subscribe page.
 */
function paymentUrlFor(site: string, professional: { id: number; subscriptionStatus: string }, plan: string): string {
  if (professional.subscriptionStatus === 'past_due') return `${site}/profile`;
  return `${site}/subscribe?professionalId=${professional.id}&type=${plan}`;
}

export async function rejectApplication({
  prisma,
  queues,
  admin,
  applicationId,
  reason,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  admin: CurrentUser;
  applicationId: number;
  reason: string;
  now?: Date;
}): Promise<AdminApplication> {
  const decided = await prisma.$transaction(async (tx) => {
    const application = await lockDecidable(tx, applicationId);
    const row = await tx.application.update({
      where: { id: application.id },
      data: { status: 'rejected', rejectionReason: reason, reviewedById: admin.id, reviewedAt: now },
      include: APPLICATION_INCLUDE,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: AUDIT_ACTIONS.reject,
      targetType: 'application',
      targetId: application.id,
      details: { summary: `Rejected ${application.companyName} (application ${application.id}): ${reason}`, reason, wasPaid: application.paidAt !== null },
    });
    return row;
  });
  // After the commit: the refund (when one is due) and the e-mail with the reason, once.
  await queues.enqueue('settleRejectedApplication', { applicationId: decided.id });
  return toAdminApplication(decided);
}

/** The application's e-mail address already belongs to another listing (a unique column): 409. */
async function withListingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const target = JSON.stringify(err.meta ?? {});
      if (target.includes('email')) {
        throw new AppError('conflict', 'Another listing or account already uses this application’s e-mail address.', { cause: err });
      }
      throw new AppError('conflict', 'The listing could not be saved (its address was taken at the same moment). Please try again.', { cause: err });
    }
    throw err;
  }
}
