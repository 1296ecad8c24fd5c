// Messages between a signed-in user and a professional (product rules 8 and 27): the limits and
// messages the forms and the API share, the shapes of the inbox, 'My messages' and a thread, and
// how the profile words a professional's typical reply time. Zod-free, so a profile page loads
// no zod; what the forms send is validated by core/message-inputs.ts.

export const MESSAGE_LIMITS = {
  subjectMin: 3,
  subjectMax: 150,
  contentMin: 10,
  contentMax: 5000,
  replyMin: 1,
} as const;

/** The typical reply time is shown once a professional has answered this many threads (product rule 28). */
export const REPLY_TIME_MIN_THREADS = 5;

export const MESSAGES_PAGE_SIZE = 20;

export const MESSAGE_TEXTS = {
  subjectShort: `Please enter a subject (at least ${MESSAGE_LIMITS.subjectMin} characters)`,
  subjectLong: `The subject must be at most ${MESSAGE_LIMITS.subjectMax} characters`,
  contentShort: `Please write your message (at least ${MESSAGE_LIMITS.contentMin} characters)`,
  contentLong: `The message must be at most ${MESSAGE_LIMITS.contentMax} characters`,
  replyShort: 'Please write your reply',
  ownListing: 'You cannot send a message to your own listing.',
  professionalNotFound: 'Professional not found',
  threadNotFound: 'Conversation not found',
  sent: 'Your message has been sent. You will find the reply in My messages on your profile, and we will e-mail you when it arrives.',
  replySent: 'Your reply has been sent.',
} as const;

/** Header of GET /api/messages/inbox and /sent: threads with something unread (beside X-Total-Count). */
export const UNREAD_THREADS_HEADER = 'X-Unread-Count';

export interface ThreadProfessional {
  id: number;
  slug: string;
  companyName: string;
}

/** One thread in the inbox or in 'My messages', newest activity first. */
export interface ThreadSummary {
  id: number;
  subject: string;
  professional: ThreadProfessional;
  /** Who the viewer talks to: the sender's name in the inbox, the company name in 'My messages'. */
  counterpartName: string;
  /** Messages the other party sent that the viewer has not read. */
  unreadCount: number;
  messageCount: number;
  lastMessageAt: string;
  /** The start of the newest message, as text. */
  lastMessagePreview: string;
  /** Whether the viewer wrote the newest message (the list says 'You: …'). */
  isLastFromViewer: boolean;
  createdAt: string;
}

export interface ThreadMessage {
  id: number;
  /** Written by the viewer. */
  isFromViewer: boolean;
  authorName: string;
  content: string;
  createdAt: string;
  /** Read by its recipient. */
  isRead: boolean;
}

/** GET /api/messages/threads/{id}: the whole thread, only for its two parties. */
export interface ThreadDetail {
  id: number;
  subject: string;
  professional: ThreadProfessional;
  /** The name of the user who started the thread. */
  senderName: string;
  /** Which party the viewer is. */
  viewerRole: 'sender' | 'professional';
  messages: ThreadMessage[];
  createdAt: string;
}

/** The answer to starting a thread or replying: the thread as it now is. */
export interface ThreadWriteResult {
  thread: ThreadDetail;
  message: string;
}

/**
 * How the profile words a median first-reply time (product rule 28): 'within an hour',
 * 'within 3 hours', 'within 2 days'. Rounded up: a promise, not a boast.
 */
export function replyTimeText(minutes: number): string {
  if (minutes <= 60) return 'within an hour';
  if (minutes <= 24 * 60) {
    const hours = Math.ceil(minutes / 60);
    return `within ${hours} hours`;
  }
  return `within ${Math.ceil(minutes / (24 * 60))} days`;
}
