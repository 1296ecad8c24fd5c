// The daily watch over approved credentials (issue 34, product rule 45, decision 0041), for the UK
// day `todayUk` (a parameter, so tests name the day):
//   - reminders: a check that expires within 30 days is e-mailed once in the 30-day window (30 to
//     8 days before) and once in the 7-day window (7 to 1 days before). A late run sends the one
//     whose window it is in, never both on one day; each e-mail's idempotency key
//     (credential-expiring-30_<id>, credential-expiring-7_<id>) makes it once for good (sent_emails).
//   - expiry: on its expiry day or after, the check becomes 'expired' with ended_at, in a
//     transaction that locks its row and finds it still approved (two workers expire it once), with
//     an audit row (no actor: the system). The database's trigger takes it off the listing.
//     Its 'credential-expired' e-mail is enqueued after the commit, and again by any later run
//     within EXPIRED_EMAIL_DAYS (the key sends it once), so a crash between the two loses nothing.
//   - no e-mail goes to a listing whose owner was anonymised (its checks still expire).
// Running it again the same day changes nothing and sends nothing more.
import type { Logger } from 'pino';
import { addDays, CREDENTIAL_AUDIT_ACTIONS, credentialName, EXPIRY_REMINDER_DAYS, type CredentialDetails, type CredentialKind } from '../../../core/credentials';
import type { SendEmailPayload } from '../../../core/jobs';
import { siteLink } from '../mail/site-link';
import { Prisma, type PrismaClient } from '../../../prisma/db';

/** How long after expiring a check's 'expired' e-mail is still (re)queued if it was not sent. */
export const EXPIRED_EMAIL_DAYS = 7;

const [FIRST_REMINDER, LAST_REMINDER] = EXPIRY_REMINDER_DAYS;

/** A listing whose owner's account was anonymised (product rule 14): no one to e-mail. */
const ANONYMISED = Prisma.sql`EXISTS (SELECT 1 FROM users u WHERE u.professional_id = p.id AND u.anonymised_at IS NOT NULL)`;

interface WatchDeps {
  prisma: PrismaClient;
  logger: Logger;
  publicUrl: string;
  sendEmail(payload: SendEmailPayload): Promise<void>;
  now?: Date;
}

interface CredentialRow {
  id: number;
  kind: string;
  details: unknown;
  expires_on: string;
  company_name: string;
  contact_name: string;
  email: string;
}

export interface WatchOutcome {
  reminded: number;
  expired: number;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Which reminder a check `daysLeft` days from its expiry is due, if any. */
export function reminderDue(daysLeft: number): 30 | 7 | null {
  if (daysLeft < 1 || daysLeft > FIRST_REMINDER) return null;
  return daysLeft <= LAST_REMINDER ? LAST_REMINDER : FIRST_REMINDER;
}

export async function watchCredentials({ prisma, logger, publicUrl, sendEmail, now = new Date() }: WatchDeps, todayUk: string): Promise<WatchOutcome> {
  const profileUrl = siteLink(publicUrl, '/profile');
  const nameOf = (row: Pick<CredentialRow, 'kind' | 'details'>) => credentialName(row.kind as CredentialKind, row.details as CredentialDetails);

  // Reminders.
  const expiring = await prisma.$queryRaw<CredentialRow[]>`
    SELECT c.id, c.kind, c.details, to_char(c.expires_on, 'YYYY-MM-DD') AS expires_on,
           p.company_name, p.contact_name, p.email
      FROM credentials c JOIN professionals p ON p.id = c.professional_id
     WHERE c.status = 'approved' AND c.expires_on IS NOT NULL
       AND c.expires_on > ${todayUk}::date AND c.expires_on <= ${addDays(todayUk, FIRST_REMINDER)}::date
       AND NOT ${ANONYMISED}
       AND NOT EXISTS (SELECT 1 FROM sent_emails s WHERE s.idempotency_key =
             'credential-expiring-' || CASE WHEN c.expires_on - ${todayUk}::date <= ${LAST_REMINDER} THEN ${LAST_REMINDER} ELSE ${FIRST_REMINDER} END || '_' || c.id)
     ORDER BY c.id`;
  let reminded = 0;
  for (const row of expiring) {
    const daysLeft = daysBetween(todayUk, row.expires_on);
    const due = reminderDue(daysLeft);
    if (due === null) continue;
    await sendEmail({
      template: 'credential-expiring',
      to: row.email,
      data: { contactName: row.contact_name, companyName: row.company_name, checkName: nameOf(row), expiresOn: row.expires_on, daysLeft, profileUrl },
      idempotencyKey: `credential-expiring-${due}_${row.id}`,
    });
    reminded += 1;
  }

  // Expiry: one transaction per credential.
  const due = await prisma.$queryRaw<{ id: number }[]>`
    SELECT id FROM credentials WHERE status = 'approved' AND expires_on IS NOT NULL AND expires_on <= ${todayUk}::date ORDER BY id`;
  let expired = 0;
  for (const { id } of due) {
    const done = await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<(CredentialRow & { status: string; professional_id: number })[]>`
        SELECT c.id, c.kind, c.details, c.status, c.professional_id, to_char(c.expires_on, 'YYYY-MM-DD') AS expires_on, p.company_name, p.contact_name, p.email
          FROM credentials c JOIN professionals p ON p.id = c.professional_id
         WHERE c.id = ${id} FOR UPDATE OF c`;
      if (!row || row.status !== 'approved' || row.expires_on > todayUk) return false;
      await tx.credential.update({ where: { id }, data: { status: 'expired', endedAt: now } });
      await tx.auditLog.create({
        data: {
          actorId: null,
          action: CREDENTIAL_AUDIT_ACTIONS.expired,
          targetType: 'credential',
          targetId: String(id),
          details: { summary: `${nameOf(row)} of ${row.company_name} expired on ${row.expires_on} and was taken off the listing (credential ${id})`, professionalId: row.professional_id, kind: row.kind, expiresOn: row.expires_on },
        },
      });
      return true;
    });
    if (done) expired += 1;
  }

  // The 'expired' e-mails: of those just expired, and any a crashed run did not queue.
  const lapsed = await prisma.$queryRaw<CredentialRow[]>`
    SELECT c.id, c.kind, c.details, to_char(c.expires_on, 'YYYY-MM-DD') AS expires_on, p.company_name, p.contact_name, p.email
      FROM credentials c JOIN professionals p ON p.id = c.professional_id
     WHERE c.status = 'expired' AND c.expires_on IS NOT NULL
       AND c.expires_on <= ${todayUk}::date AND c.expires_on > ${addDays(todayUk, -EXPIRED_EMAIL_DAYS)}::date
       AND NOT EXISTS (SELECT 1 FROM sent_emails s WHERE s.idempotency_key = 'credential-expired_' || c.id)
       AND NOT ${ANONYMISED}
     ORDER BY c.id`;
  for (const row of lapsed) {
    await sendEmail({
      template: 'credential-expired',
      to: row.email,
      data: { contactName: row.contact_name, companyName: row.company_name, checkName: nameOf(row), expiresOn: row.expires_on, profileUrl },
      idempotencyKey: `credential-expired_${row.id}`,
    });
  }
  logger.info({ todayUk, reminded, expired }, 'credentials watched');
  return { reminded, expired };
}
