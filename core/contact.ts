// /contact (product rule 9): a message to the site team, validated the same way by the page and by
// POST /api/contact, and how long such messages are kept (product rule 29).
import { z } from 'zod';
import { Captcha, Email } from './auth';
import { text } from './text';

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, subjectMin: 3, subjectMax: 150, messageMin: 10, messageMax: 5000 } as const;

export { CONTACT_RETENTION_DAYS } from './retention';

export const CONTACT_TEXTS = {
  nameShort: `Name must be at least ${CONTACT_LIMITS.nameMin} characters`,
  nameLong: `Name must be at most ${CONTACT_LIMITS.nameMax} characters`,
  subjectShort: `Please enter a subject (at least ${CONTACT_LIMITS.subjectMin} characters)`,
  subjectLong: `The subject must be at most ${CONTACT_LIMITS.subjectMax} characters`,
  messageShort: `Please write your message (at least ${CONTACT_LIMITS.messageMin} characters)`,
  messageLong: `The message must be at most ${CONTACT_LIMITS.messageMax} characters`,
  sentTitle: 'Message sent',
  sent: 'Thank you for getting in touch. We have received your message and will reply by e-mail.',
} as const;

export const ContactInput = z.object({
  name: text({ error: CONTACT_TEXTS.nameShort })
    .trim()
    .min(CONTACT_LIMITS.nameMin, CONTACT_TEXTS.nameShort)
    .max(CONTACT_LIMITS.nameMax, CONTACT_TEXTS.nameLong),
  email: Email,
  subject: text({ error: CONTACT_TEXTS.subjectShort })
    .trim()
    .min(CONTACT_LIMITS.subjectMin, CONTACT_TEXTS.subjectShort)
    .max(CONTACT_LIMITS.subjectMax, CONTACT_TEXTS.subjectLong),
  message: text({ error: CONTACT_TEXTS.messageShort })
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_TEXTS.messageShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_TEXTS.messageLong),
  captcha: Captcha,
});
export type ContactInput = z.infer<typeof ContactInput>;
