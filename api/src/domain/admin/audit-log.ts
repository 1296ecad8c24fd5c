// The audit log (issue 11): every admin action (approve, reject, maintenance on/off, access-code
// change, contact message handled, hiding content) and each data-retention run, with who, what and
// when. A row is written in the same transaction as the change it records, so neither exists
// without the other. The sentence people read is made when the action happens (details.summary).
import type { AuditDetails, AuditEntry } from '../../../../core/admin';
import type { Prisma, PrismaClient } from '../../../../prisma/db';

export interface AuditRecord {
  /** The admin who acted; null for the system (the retention job). */
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string | number | null;
  details: AuditDetails;
}

export async function recordAudit(db: Pick<Prisma.TransactionClient, 'auditLog'>, record: AuditRecord): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: record.actorId,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId === null ? null : String(record.targetId),
      details: record.details as Prisma.InputJsonObject,
    },
  });
}

/** A row written without a summary (by older code): its action and target in words. */
function fallbackSummary(action: string, targetType: string, targetId: string | null): string {
  return `${action} ${targetType}${targetId === null ? '' : ` ${targetId}`}`;
}

function summaryOf(details: Prisma.JsonValue, action: string, targetType: string, targetId: string | null): string {
  const summary = typeof details === 'object' && details !== null && !Array.isArray(details) ? details.summary : undefined;
  return typeof summary === 'string' && summary.trim() ? summary : fallbackSummary(action, targetType, targetId);
}

/** GET /api/admin/audit-log: newest first. */
export async function listAuditLog({
  prisma,
  limit,
  offset,
}: {
  prisma: PrismaClient;
  limit: number;
  offset: number;
}): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, total] = await Promise.all([
    prisma.auditLog.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      skip: offset,
      include: { actor: { select: { name: true } } },
    }),
    prisma.auditLog.count(),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      actor: row.actor?.name ?? null,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      summary: summaryOf(row.details, row.action, row.targetType, row.targetId),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
