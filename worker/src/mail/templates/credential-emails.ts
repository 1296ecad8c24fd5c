// The e-mails of credentials (issue 34, product rule 45): an admin's decision on a check, and the
// expiry watch of the worker's daily run (reminders 30 and 7 days before, and the day it lapses).
// Listed in templates.ts with the others.
import { z } from 'zod';
import { formatUkDate } from '../../../../core/uk-date';
import { renderEmail, type RenderedEmail } from './layout';

const name = z.string().min(1).max(200);
const url = z.url();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** 'Professional indemnity insurance', 'Vendor certification: Microsoft Azure Administrator (Sam Jones)'. */
const checkName = z.string().min(1).max(400);

export const CredentialApprovedData = z.object({ contactName: name, companyName: name, checkName, expiresOn: isoDate.nullable().optional(), profileUrl: url });
export function credentialApprovedEmail(d: z.infer<typeof CredentialApprovedData>): RenderedEmail {
  return renderEmail({
    subject: `Checked: ${d.checkName}`,
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `We have checked the ${d.checkName} you sent for ${d.companyName}, and its badge now shows on your profile with the date we checked it.` },
      ...(d.expiresOn
        ? [{ paragraph: `It stays until ${formatUkDate(`${d.expiresOn}T12:00:00Z`)}, when it expires. We will remind you 30 and 7 days before; send the renewal from your profile to keep the badge.` }]
        : []),
      { button: { label: 'View your profile', url: d.profileUrl } },
    ],
  });
}

export const CredentialRejectedData = z.object({ contactName: name, companyName: name, checkName, reason: z.string().min(1).max(20_000), profileUrl: url });
export function credentialRejectedEmail(d: z.infer<typeof CredentialRejectedData>): RenderedEmail {
  return renderEmail({
    subject: `We could not check your ${d.checkName}`,
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `Thank you for sending the ${d.checkName} of ${d.companyName}. We are unable to approve it, for this reason:` },
      { quote: d.reason },
      { paragraph: 'You are welcome to send it again with what is missing, from your profile:' },
      { button: { label: 'Open my profile', url: d.profileUrl } },
    ],
  });
}

export const CredentialExpiringData = z.object({ contactName: name, companyName: name, checkName, expiresOn: isoDate, daysLeft: z.number().int().min(1).max(60), profileUrl: url });
export function credentialExpiringEmail(d: z.infer<typeof CredentialExpiringData>): RenderedEmail {
  const day = formatUkDate(`${d.expiresOn}T12:00:00Z`);
  return renderEmail({
    subject: `Your ${d.checkName} expires on ${day}`,
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `The ${d.checkName} we checked for ${d.companyName} expires on ${day}, in ${d.daysLeft} ${d.daysLeft === 1 ? 'day' : 'days'}. Its badge comes off your profile that day.` },
      { paragraph: 'To keep it, send the renewal (the new expiry date and certificate) from your profile; we check it as before.' },
      { button: { label: 'Send the renewal', url: d.profileUrl } },
    ],
  });
}

export const CredentialExpiredData = z.object({ contactName: name, companyName: name, checkName, expiresOn: isoDate, profileUrl: url });
export function credentialExpiredEmail(d: z.infer<typeof CredentialExpiredData>): RenderedEmail {
  return renderEmail({
    subject: `Your ${d.checkName} has expired`,
    greeting: `Hello ${d.contactName},`,
    blocks: [
      { paragraph: `The ${d.checkName} we checked for ${d.companyName} expired on ${formatUkDate(`${d.expiresOn}T12:00:00Z`)}, so its badge is no longer on your profile.` },
      { paragraph: 'Send the renewal from your profile and we will check it again:' },
      { button: { label: 'Open my profile', url: d.profileUrl } },
    ],
  });
}
