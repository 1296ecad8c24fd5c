// POST /api/contact (product rules 9 and 28): a message to the site team is stored, then e-mailed
// to ADMIN_EMAIL by the worker (its idempotency key is the message's id); without ADMIN_EMAIL it
// goes to every admin account, so a deployment that has not set it still hears from its users.
// Admins also read the stored messages on the dashboard. Messages older than the retention period
// promised by the Privacy Policy are deleted by the worker's daily retention run.
import { CONTACT_TEXTS, type ContactInput } from '../../../../core/contact';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';

export async function sendContactMessage(
  { prisma, queues, publicUrl, adminEmail, logger }: {
    prisma: PrismaClient;
    queues: Pick<Queues, 'enqueue'>;
    publicUrl: string;
    adminEmail: string | undefined;
    logger: { warn(obj: object, msg: string): void };
  },
  { input, userId }: { input: Omit<ContactInput, 'captcha'>; userId: number | null },
): Promise<{ ok: true; message: string }> {
  const stored = await prisma.contactMessage.create({
    data: { userId, name: input.name, email: input.email, subject: input.subject, message: input.message },
  });

  const recipients = adminEmail
    ? [adminEmail]
    : (await prisma.user.findMany({ where: { role: 'admin', isArchived: false }, select: { email: true }, orderBy: { id: 'asc' } })).map((u) => u.email);
  if (recipients.length === 0) logger.warn({ contactMessageId: stored.id }, 'contact message stored but not e-mailed: no ADMIN_EMAIL and no admin account');
  for (const [index, to] of recipients.entries()) {
    await queues.enqueue('sendEmail', {
      template: 'contact-message',
      to,
      data: {
        senderName: input.name,
        senderEmail: input.email,
        subject: input.subject,
        message: input.message,
        adminUrl: `${publicUrl.replace(/\/+$/, '')}/admin`,
      },
      idempotencyKey: `contact-message_${stored.id}_${index}`,
    });
  }
  return { ok: true, message: CONTACT_TEXTS.sent };
}
