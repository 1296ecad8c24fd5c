// What the 'Contact {companyName}' form, a reply in a thread and marking a thread read or unread
// may send (product rules 8 and 27), validated the same way by the forms and the API, with the
// messages of core/messages.ts. Apart from it so that a profile page loads no zod.
import { z } from 'zod';
import { Captcha } from './auth';
import { MESSAGE_LIMITS, MESSAGE_TEXTS, MESSAGES_PAGE_SIZE } from './messages';
import { text } from './text';

const Subject = text({ error: MESSAGE_TEXTS.subjectShort })
  .trim()
  .min(MESSAGE_LIMITS.subjectMin, MESSAGE_TEXTS.subjectShort)
  .max(MESSAGE_LIMITS.subjectMax, MESSAGE_TEXTS.subjectLong);
const Content = text({ error: MESSAGE_TEXTS.contentShort })
  .trim()
  .min(MESSAGE_LIMITS.contentMin, MESSAGE_TEXTS.contentShort)
  .max(MESSAGE_LIMITS.contentMax, MESSAGE_TEXTS.contentLong);

/** POST /api/professionals/{id}/messages: the first message of a thread. */
export const NewMessageInput = z.object({ subject: Subject, content: Content, captcha: Captcha });
export type NewMessageInput = z.infer<typeof NewMessageInput>;

/** POST /api/messages/threads/{id}/replies: either party's next message. */
export const ThreadReplyInput = z.object({
  content: text({ error: MESSAGE_TEXTS.replyShort })
    .trim()
    .min(MESSAGE_LIMITS.replyMin, MESSAGE_TEXTS.replyShort)
    .max(MESSAGE_LIMITS.contentMax, MESSAGE_TEXTS.contentLong),
});
export type ThreadReplyInput = z.infer<typeof ThreadReplyInput>;

/** POST /api/messages/threads/{id}/read: mark what the other party sent read (default) or unread again. */
export const MarkThreadInput = z.object({ read: z.boolean({ error: 'read must be true or false' }).default(true) }).default({ read: true });
export type MarkThreadInput = z.infer<typeof MarkThreadInput>;

export const ThreadListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuery>;

