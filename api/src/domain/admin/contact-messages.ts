// The team's inbox on the dashboard: messages sent through /contact (product rule 9; stored by the
// contact route), listed open or handled, and marked handled by an admin (audited once; marking
// an already handled message again changes nothing).
import { AUDIT_ACTIONS, type AdminContactMessage } from '../../../../core/admin';
import type { CurrentUser } from '../../../../core/auth';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';
import { searchCondition } from './admin-applications';
import { recordAudit } from './audit-log';

export const CONTACT_MESSAGE_NOT_FOUND = 'Message not found';

type ContactRow = Prisma.ContactMessageGetPayload<object>;

function toAdminContactMessage(row: ContactRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const HANDLED_FILTERS: Record<'all' | 'open' | 'handled', Prisma.ContactMessageWhereInput> = {
  all: {},
  open: { handledAt: null },
  handled: { handledAt: { not: null } },
};

export async function listContactMessages({
  prisma,
  query,
}: {
  prisma: PrismaClient;
  query: { handled: 'all' | 'open' | 'handled'; search?: string | undefined; limit: number; offset: number };
}): Promise<{ items: AdminContactMessage[]; total: number }> {
  const where: Prisma.ContactMessageWhereInput = {
    ...HANDLED_FILTERS[query.handled],
    ...searchCondition(query.search, ['name', 'email', 'subject'] as const),
  };
  const [rows, total] = await Promise.all([
    prisma.contactMessage.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: query.limit, skip: query.offset }),
    prisma.contactMessage.count({ where }),
  ]);
  return { items: rows.map(toAdminContactMessage), total };
}

export async function markContactMessageHandled({
  prisma,
  admin,
  messageId,
  now = new Date(),
}: {
  prisma: PrismaClient;
  admin: CurrentUser;
  messageId: number;
  now?: Date;
}): Promise<AdminContactMessage> {
  const row = await prisma.$transaction(async (tx) => {
    const marked = await tx.contactMessage.updateMany({ where: { id: messageId, handledAt: null }, data: { handledAt: now } });
    const message = await tx.contactMessage.findUnique({ where: { id: messageId } });
    if (!message) throw new AppError('not_found', CONTACT_MESSAGE_NOT_FOUND);
    if (marked.count === 1) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: AUDIT_ACTIONS.contactHandled,
        targetType: 'contact-message',
        targetId: message.id,
        details: { summary: `Marked the message "${message.subject}" from ${message.name} as handled` },
      });
    }
    return message;
  });
  return toAdminContactMessage(row);
}
