// The two lists of threads on /profile, newest activity first, a page at a time:
//   inbox  the threads sent to the provider's listing (GET /api/messages/inbox)
//   sent   the threads the user started ('My messages', GET /api/messages/sent)
// Each with what the viewer has not read of the other party's messages, the newest message's
// start, the total and how many threads have something unread.
import type { ThreadSummary } from '../../../../core/messages';
import type { ThreadListQuery } from '../../../../core/message-inputs';
import { Prisma, type PrismaClient } from '../../../../prisma/db';

interface ThreadRow {
  id: number;
  subject: string;
  created_at: Date;
  professional_id: number;
  slug: string;
  company_name: string;
  sender_name: string;
  message_count: number;
  unread_count: number;
  last_at: Date;
  last_content: string;
  last_by_sender: boolean;
  total: number;
  unread_threads: number;
}

const PREVIEW_LENGTH = 140;

export interface ThreadList {
  items: ThreadSummary[];
  total: number;
  /** Threads with at least one unread message for the viewer. */
  unreadThreads: number;
}

export async function listThreads(
  { prisma }: { prisma: PrismaClient },
  { box, userId, professionalId, query }: { box: 'inbox' | 'sent'; userId: number; professionalId: number | null; query: ThreadListQuery },
): Promise<ThreadList> {
  if (box === 'inbox' && professionalId === null) return { items: [], total: 0, unreadThreads: 0 };
  const whose = box === 'inbox' ? Prisma.sql`t.professional_id = ${professionalId}::int` : Prisma.sql`t.from_user_id = ${userId}::int`;
  // What the viewer is sent: the sender's messages in the inbox, the professional's in 'My messages'.
  const incoming = box === 'inbox' ? Prisma.sql`m.from_user_id = t.from_user_id` : Prisma.sql`m.from_user_id <> t.from_user_id`;
  const rows = await prisma.$queryRaw<ThreadRow[]>`
    SELECT t.id, t.subject, t.created_at, p.id AS professional_id, p.slug, p.company_name, u.name AS sender_name,
      s.message_count, s.unread_count, s.last_at, last.content AS last_content,
      (last.from_user_id = t.from_user_id) AS last_by_sender,
      (count(*) OVER ())::int AS total,
      (count(*) FILTER (WHERE s.unread_count > 0) OVER ())::int AS unread_threads
    FROM messages t
    JOIN professionals p ON p.id = t.professional_id
    JOIN users u ON u.id = t.from_user_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS message_count,
        (count(*) FILTER (WHERE ${incoming} AND NOT m.is_read))::int AS unread_count,
        max(m.created_at) AS last_at
      FROM messages m WHERE m.id = t.id OR m.thread_id = t.id
    ) s
    CROSS JOIN LATERAL (
      SELECT m.content, m.from_user_id FROM messages m
      WHERE m.id = t.id OR m.thread_id = t.id
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) last
    WHERE t.thread_id IS NULL AND ${whose}
    ORDER BY s.last_at DESC, t.id DESC
    LIMIT ${query.limit}::int OFFSET ${query.offset}::int`;
  const items = rows.map((row): ThreadSummary => {
    const isLastFromViewer = box === 'sent' ? row.last_by_sender : !row.last_by_sender;
    return {
      id: row.id,
      subject: row.subject,
      professional: { id: row.professional_id, slug: row.slug, companyName: row.company_name },
      counterpartName: box === 'inbox' ? row.sender_name : row.company_name,
      unreadCount: row.unread_count,
      messageCount: row.message_count,
      lastMessageAt: new Date(row.last_at).toISOString(),
      lastMessagePreview: preview(row.last_content),
      isLastFromViewer,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
  const totals = rows[0] ?? (query.offset > 0 ? await countThreads(prisma, whose, incoming) : { total: 0, unread_threads: 0 });
  return { items, total: totals.total, unreadThreads: totals.unread_threads };
}

function preview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : flat;
}

/** The totals when the page asked for lies past the end. */
async function countThreads(prisma: PrismaClient, whose: Prisma.Sql, incoming: Prisma.Sql) {
  const [row] = await prisma.$queryRaw<{ total: number; unread_threads: number }[]>`
    SELECT count(*)::int AS total,
      (count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM messages m WHERE (m.id = t.id OR m.thread_id = t.id) AND ${incoming} AND NOT m.is_read
      )))::int AS unread_threads
    FROM messages t WHERE t.thread_id IS NULL AND ${whose}`;
  return row ?? { total: 0, unread_threads: 0 };
}
